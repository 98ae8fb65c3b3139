import { DryRunJudgeClient, type ChatMessage, type JudgedRunSummary } from '@tensoreval/metrics/judge';
import type { JudgeOverrides, TextGenerationRunOptions } from '../request/text-generation';
import { flagString, type ParsedArgs } from './args';
import type { FlagSpec } from './command-spec';

/** `evaluate` flags for judged (text_generation) requests. */
export const JUDGE_FLAGS: Readonly<Record<string, FlagSpec>> = {
  'judge-base-url': { value: 'URL', help: "base URL of the OpenAI-compatible judge endpoint (overrides the request's models block), e.g. http://localhost:11434/v1." },
  'judge-model': { value: 'NAME', help: 'judge model name (overrides the request).' },
  'judge-api-key-env': { value: 'VAR', help: 'name of the environment variable holding the judge API key (keys are never read from files or printed).' },
  'dry-run': { help: 'print the judge prompts on stdout instead of calling the judge.' },
};

/** One line of counts for stderr: records, Error records, calls, cached calls, tokens and cost. */
export function formatJudgeSummary(s: JudgedRunSummary): string {
  const perMetric = Object.entries(s.errorsByMetric).map(([id, n]) => `${id}: ${n}`).join(', ');
  const cost = s.usage.costUsd === null ? '' : `, ~$${s.usage.costUsd.toFixed(4)}`;
  return `judge: ${s.records} records, ${s.errors} errors${perMetric ? ` (${perMetric})` : ''}, ${s.usage.calls} calls (${s.usage.cachedCalls} cached, ${s.usage.failedCalls} failed), ${s.usage.attempts} requests sent (${s.usage.retries} retries), ${s.usage.promptTokens} prompt + ${s.usage.completionTokens} completion tokens${cost}`;
}

function formatPrompt(n: number, messages: readonly ChatMessage[]): string {
  return `--- judge call ${n} ---\n${messages.map((m) => `[${m.role}]\n${m.content}`).join('\n')}\n`;
}

/**
 * The run options a judged request gets from the command line: endpoint and model overrides, the
 * key from the environment (never from a file, never printed), the summary line on stderr, and with
 * --dry-run a judge that prints prompts instead. (Progress over datums × metrics comes through the
 * command's own `onProgress`.)
 */
export function judgeRunOptions(args: ParsedArgs, quiet: boolean, out: { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream } = process): { options: TextGenerationRunOptions; dryRun: boolean } {
  const overrides: JudgeOverrides = {};
  const baseURL = flagString(args, 'judge-base-url');
  const model = flagString(args, 'judge-model');
  const keyEnv = flagString(args, 'judge-api-key-env');
  if (baseURL !== undefined) overrides.baseURL = baseURL;
  if (model !== undefined) overrides.model = model;
  if (keyEnv !== undefined && process.env[keyEnv] !== undefined) overrides.apiKey = process.env[keyEnv];
  const options: TextGenerationRunOptions = {
    judgeOverrides: overrides,
    onSummary: (summary) => {
      if (!quiet) out.stderr.write(`${formatJudgeSummary(summary)}\n`);
    },
  };
  const dryRun = args.flags.get('dry-run') === true;
  if (dryRun) {
    let n = 0;
    options.judgeClient = new DryRunJudgeClient(model ?? 'dry-run', (messages) => out.stdout.write(formatPrompt(++n, messages)));
  }
  return { options, dryRun };
}
