import { describeValue, invalidInput, invalidOption } from '@tensoreval/core';
import type { ReportRun } from '@tensoreval/report';
import { runName, writeReport } from '../report/write-report';
import { readJsonInput } from '../read-json';
import { checkWritable } from './write-output';
import { flagString, parseArgs } from './args';
import type { CommandSpec } from './command-spec';

const CMD = 'tensoreval report';

/** Per run, the file named for it in a comma-separated flag: one file for every run, or one per run. */
function filesPerRun(args: ReturnType<typeof parseArgs>, flag: string): string[] {
  const files = flagString(args, flag)?.split(',').filter((s) => s !== '') ?? [];
  if (files.length > 1 && files.length !== args.positional.length) throw invalidOption(CMD, `--${flag}`, `one file for every run or one per run (${args.positional.length})`, files.join(','), 'TE-103');
  return files;
}

/** A `tensoreval evaluate --judge-log` file: the judge's counts and the verdict text behind every record. */
async function readJudgeLog(path: string): Promise<Pick<ReportRun, 'judgeSummary' | 'judgeVerdicts'>> {
  const log = await readJsonInput(CMD, path);
  const o = (typeof log === 'object' && log !== null && !Array.isArray(log) ? log : undefined) as { summary?: unknown; verdicts?: unknown } | undefined;
  const verdicts = o?.verdicts;
  if (o === undefined || typeof verdicts !== 'object' || verdicts === null || Array.isArray(verdicts) || Object.values(verdicts).some((v) => !Array.isArray(v) || v.some((t) => t !== null && typeof t !== 'string'))) {
    throw invalidInput(CMD, path, 'be a `tensoreval evaluate --judge-log` file ({"summary", "verdicts": {"<id>": [text or null per datum]}})', describeValue(log), 'TE-204');
  }
  return { judgeVerdicts: verdicts as NonNullable<ReportRun['judgeVerdicts']>, ...(typeof o.summary === 'object' && o.summary !== null ? { judgeSummary: o.summary as NonNullable<ReportRun['judgeSummary']> } : {}) };
}

/** Whether a parsed RESULT.json is a COCO one (`tensoreval coco --out`) rather than an `evaluate` one. */
function isCoco(result: Record<string, unknown>): boolean {
  return Array.isArray(result.stats) && Array.isArray(result.perCategory) && typeof result.iouType === 'string';
}

/** `tensoreval report`: every flag, with what it does (printed by `tensoreval report --help`). */
export const reportSpec: CommandSpec = {
  name: 'report',
  synopsis: 'RUN.json [RUN2.json ...] --out FILE.html [flags]',
  summary: 'Writes a self-contained HTML report (charts, tables, errors) of saved runs: the --out files of `tensoreval coco` or `tensoreval evaluate`. Two or more runs of the same kind are compared against the first. Files may be gzip-compressed.',
  args: { 'RUN.json': 'a RESULT.json of `tensoreval coco --out` or `tensoreval evaluate --out`; all runs of one kind' },
  flags: {
    out: { value: 'FILE.html', help: 'the HTML file to write. Required.' },
    request: { value: 'REQ.json[,REQ2.json...]', help: 'the request of each evaluate run (one file for all runs, or one per run in order), to show judged records next to their datums.' },
    'judge-log': { value: 'LOG.json[,LOG2.json...]', help: 'the `tensoreval evaluate --judge-log` file of each judged run (one file for all runs, or one per run in order): the judge\'s verdicts behind every record and its token and cost totals.' },
    title: { value: 'TEXT', help: "the page title (default 'tensoreval report: ' and the run names)." },
  },
  notes: `Example:
  tensoreval report baseline.json candidate.json --out compare.html --title "v1 vs v2"`,
};

/**
 * `tensoreval report` (see {@link reportSpec}): the HTML report of saved runs (`--out` files of `coco` or
 * `evaluate`); two or more runs of the same
 * kind are compared against the first. `--request` names the request of each `evaluate` run (one for
 * all, or one per run), to show judged records next to their datums; `--judge-log` likewise names the
 * `evaluate --judge-log` file of each judged run (verdicts, token and cost totals). Returns the exit code.
 */
export async function reportCommand(argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv, reportSpec);
  const out = flagString(args, 'out');
  if (args.positional.length === 0) throw invalidOption(CMD, 'RUN', 'one or more RESULT.json files', undefined);
  if (out === undefined) throw invalidOption(CMD, '--out', 'the path of the HTML file to write', undefined);
  await checkWritable(out, '--out', CMD);
  const requests = filesPerRun(args, 'request');
  const judgeLogs = filesPerRun(args, 'judge-log');
  const runs: ReportRun[] = [];
  let kind: boolean | undefined;
  for (let i = 0; i < args.positional.length; i++) {
    const path = args.positional[i] as string;
    const result = await readJsonInput(CMD, path);
    if (typeof result !== 'object' || result === null || Array.isArray(result)) throw invalidInput(CMD, path, 'be a RESULT.json object of `tensoreval coco` or `tensoreval evaluate`', Array.isArray(result) ? 'an array' : String(result), 'TE-204');
    const coco = isCoco(result as Record<string, unknown>);
    if (kind !== undefined && coco !== kind) throw invalidInput(CMD, path, `be a ${kind ? 'COCO' : 'evaluate'} result like ${args.positional[0]} (runs compared must be of one kind)`, `a${coco ? ' COCO' : 'n evaluate'} result`, 'TE-204');
    kind = coco;
    const requestPath = requests.length === 1 ? requests[0] : requests[i];
    const judgeLogPath = judgeLogs.length === 1 ? judgeLogs[0] : judgeLogs[i];
    runs.push({
      name: runName(path),
      result,
      ...(requestPath !== undefined && !coco ? { request: await readJsonInput(CMD, requestPath) } : {}),
      ...(judgeLogPath !== undefined && !coco ? await readJudgeLog(judgeLogPath) : {}),
    });
  }
  const title = flagString(args, 'title');
  await writeReport(out, runs, title !== undefined ? { title } : {}, '--out');
  return 0;
}
