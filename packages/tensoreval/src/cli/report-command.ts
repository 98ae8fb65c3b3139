import { readFile } from 'node:fs/promises';
import { describeValue, invalidInput, invalidOption } from '@tensoreval/core';
import type { ReportRun } from '@tensoreval/report';
import { runName, writeReport } from '../report/write-report';
import { checkWritable } from './write-output';
import { flagString, parseArgs } from './args';

const CMD = 'tensoreval report';

/** A JSON file the report reads: a RESULT.json or a request (TE-209 when unreadable or not JSON). */
async function readJson(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw invalidInput(CMD, path, 'be a readable file', (error as Error).message, 'TE-209');
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw invalidInput(CMD, path, 'contain valid JSON', (error as Error).message, 'TE-209');
  }
}

/** Per run, the file named for it in a comma-separated flag: one file for every run, or one per run. */
function filesPerRun(args: ReturnType<typeof parseArgs>, flag: string): string[] {
  const files = flagString(args, flag)?.split(',').filter((s) => s !== '') ?? [];
  if (files.length > 1 && files.length !== args.positional.length) throw invalidOption(CMD, `--${flag}`, `one file for every run or one per run (${args.positional.length})`, files.join(','), 'TE-103');
  return files;
}

/** A `tensoreval evaluate --judge-log` file: the judge's counts and the verdict text behind every record. */
async function readJudgeLog(path: string): Promise<Pick<ReportRun, 'judgeSummary' | 'judgeVerdicts'>> {
  const log = await readJson(path);
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

/**
 * `tensoreval report RUN.json [RUN2.json ...] --out FILE.html [--request REQ.json[,...]] [--judge-log LOG.json[,...]] [--title T]`:
 * the HTML report of saved runs (`--out` files of `coco` or `evaluate`); two or more runs of the same
 * kind are compared against the first. `--request` names the request of each `evaluate` run (one for
 * all, or one per run), to show judged records next to their datums; `--judge-log` likewise names the
 * `evaluate --judge-log` file of each judged run (verdicts, token and cost totals). Returns the exit code.
 */
export async function reportCommand(argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv, 'report', { values: ['out', 'request', 'judge-log', 'title'], booleans: [] });
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
    const result = await readJson(path);
    if (typeof result !== 'object' || result === null || Array.isArray(result)) throw invalidInput(CMD, path, 'be a RESULT.json object of `tensoreval coco` or `tensoreval evaluate`', Array.isArray(result) ? 'an array' : String(result), 'TE-204');
    const coco = isCoco(result as Record<string, unknown>);
    if (kind !== undefined && coco !== kind) throw invalidInput(CMD, path, `be a ${kind ? 'COCO' : 'evaluate'} result like ${args.positional[0]} (runs compared must be of one kind)`, `a${coco ? ' COCO' : 'n evaluate'} result`, 'TE-204');
    kind = coco;
    const requestPath = requests.length === 1 ? requests[0] : requests[i];
    const judgeLogPath = judgeLogs.length === 1 ? judgeLogs[0] : judgeLogs[i];
    runs.push({
      name: runName(path),
      result,
      ...(requestPath !== undefined && !coco ? { request: await readJson(requestPath) } : {}),
      ...(judgeLogPath !== undefined && !coco ? await readJudgeLog(judgeLogPath) : {}),
    });
  }
  const title = flagString(args, 'title');
  await writeReport(out, runs, title !== undefined ? { title } : {}, '--out');
  return 0;
}
