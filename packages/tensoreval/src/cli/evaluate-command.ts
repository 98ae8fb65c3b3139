import { dirname } from 'node:path';
import { bareMessage, invalidOption, TensorEvalError } from '@tensoreval/core';
import { evaluate } from '../evaluate';
import { BACKENDS } from '../kernels-api/backend-loading';
import { backendFlag, flagString, parseArgs } from './args';
import type { CommandSpec } from './command-spec';
import { createProgress } from './progress';
import { SHARDING_FLAGS, shardingFlags } from './queue-flags';
import { withSignalCleanup } from './queue-signals';
import { JUDGE_FLAGS, judgeRunOptions } from './judge-flags';
import { checkWritable, STDOUT, writeOutput } from './write-output';
import { runName, writeReport } from '../report/write-report';
import { readJsonInput, STDIN } from '../read-json';
import type { JudgedRunSummary, JudgedVerdicts } from '@tensoreval/metrics/judge';

const CMD = 'tensoreval evaluate';

/** `tensoreval evaluate`: every flag, with what it does (printed by `tensoreval evaluate --help`). */
export const evaluateSpec: CommandSpec = {
  name: 'evaluate',
  synopsis: 'REQUEST.json [flags]',
  summary: 'Runs a metric request (task, data in the Valor data model, metrics with Valor parameter names) and writes {"<id>": output}.',
  args: { 'REQUEST.json': `the metric request file, plain or gzip ('${STDIN}' reads it from stdin)` },
  flags: {
    out: { value: 'FILE', help: `write the result JSON to FILE (default, or '${STDOUT}': stdout).` },
    backend: { value: BACKENDS.join('|'), help: "where the Valor detection and segmentation IoU kernels run (default 'auto'); the output is identical to cpu. An explicitly named backend that cannot load is an error." },
    report: { value: 'FILE.html', help: 'write a self-contained HTML report of the run (charts, tables, errors, judge token and cost totals, judge verdicts).' },
    'judge-log': { value: 'FILE', help: 'for a judged (text_generation) run: write {"summary", "verdicts"} to FILE — the judge counts, tokens and cost, and the judge\'s verdict text behind every record — so `tensoreval report RUN.json --judge-log FILE` shows them later.' },
    ...SHARDING_FLAGS,
    quiet: { help: 'no progress bar or judge summary on stderr.' },
    ...JUDGE_FLAGS,
  },
  notes: `Example:
  tensoreval evaluate request.json --out result.json`,
};

/** Prefixes an error about the request's content with the file it came from (one line, same code). */
function inFile(error: unknown, file: string): unknown {
  if (!(error instanceof TensorEvalError)) return error;
  return new TensorEvalError(error.code, `${file}: ${bareMessage(error)}`, { cause: error });
}

/**
 * `tensoreval evaluate` (see {@link evaluateSpec}): runs the metric request and writes
 * `{"<id>": output}` to --out (stdout by default). Returns the exit code.
 * `--workers N` evaluates N datum shards in N threads and merges them exactly (see `evaluate`);
 * `--queue redis://HOST:PORT [--shards K] [--shard-dir DIR]` sends K datum shards to `tensoreval
 * worker` processes instead (see queue/README.md).
 */
export async function evaluateCommand(argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv, evaluateSpec);
  const [file, ...extra] = args.positional;
  if (file === undefined) throw invalidOption(CMD, 'REQUEST', 'the path of a metric request JSON file', undefined);
  if (extra.length > 0) throw invalidOption(CMD, 'arguments', 'one REQUEST file', args.positional.join(' '), 'TE-102');
  const backend = backendFlag(args, CMD);
  const out = flagString(args, 'out');
  // before any work (and any paid judge call): an unwritable --out fails now, not after the run
  if (out !== undefined) await checkWritable(out, '--out', CMD);
  const reportFile = flagString(args, 'report');
  if (reportFile !== undefined) await checkWritable(reportFile, '--report', CMD);
  const judgeLog = flagString(args, 'judge-log');
  if (judgeLog !== undefined) await checkWritable(judgeLog, '--judge-log', CMD);
  const { workers, queue } = shardingFlags(args, CMD);
  const request = await readJsonInput(CMD, file, { stdin: true });
  const task = (request as { task?: unknown } | null)?.task;
  if (judgeLog !== undefined && task !== 'text_generation') throw invalidOption(CMD, '--judge-log', 'given only with a judged (task text_generation) request', String(task), 'TE-103');
  const progress = createProgress('evaluate', 1, !args.flags.has('quiet'));
  const judge = judgeRunOptions(args, args.flags.has('quiet'));
  let result: Record<string, unknown>;
  let judgeSummary: JudgedRunSummary | undefined;
  let judgeVerdicts: JudgedVerdicts | undefined;
  judge.options.onVerdicts = (v) => {
    judgeVerdicts = v;
  };
  const onSummary = judge.options.onSummary;
  // the report shows the judge's token and cost totals
  judge.options.onSummary = (s: JudgedRunSummary) => {
    judgeSummary = s;
    onSummary?.(s);
  };
  try {
    const options = { ...judge.options, backend, modelsBaseDir: dirname(file), ...(workers === undefined ? {} : { workers }), onProgress: (done: number, total: number) => progress.tick(total > 0 ? done / total : 1) };
    result = queue === undefined
      ? await evaluate(request, options)
      : await withSignalCleanup(async (signal) => (await import('../queue/queue-evaluate')).evaluateOnQueue(request, options, {
        ...queue,
        signal,
        onShard: (done, total) => { if (!args.flags.has('quiet')) process.stderr.write(`${CMD}: ${done}/${total} shards done\n`); },
      }));
  } catch (error) {
    throw inFile(error, file);
  }
  progress.finish();
  if (judge.dryRun) return 0; // the prompts were the output
  const json = `${JSON.stringify(result)}\n`;
  await writeOutput(out ?? STDOUT, json, '--out', 'evaluate');
  if (judgeLog !== undefined) {
    await writeOutput(judgeLog, `${JSON.stringify({ summary: judgeSummary ?? null, verdicts: judgeVerdicts ?? {} })}\n`, '--judge-log', 'evaluate');
  }
  if (reportFile !== undefined) await writeReport(reportFile, [{ name: runName(file), result, request, ...(judgeSummary ? { judgeSummary } : {}), ...(judgeVerdicts ? { judgeVerdicts } : {}) }]);
  return 0;
}
