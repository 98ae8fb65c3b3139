import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluateJudged, isErrorRecord, ScriptedJudgeClient, type JudgedDatum, type JudgeSemantics } from '../src/judge';

// Runs every case of every *.json in test-data/reference/judge through the scripted judge: the
// replies are handed out in call order, and the record must carry the reference's value or error.

const DIR = join(__dirname, '../../../test-data/reference/judge');

interface JudgeCase {
  metric: string;
  input: Record<string, unknown>;
  judge_responses: string[];
  params?: Record<string, unknown>;
  expected: { value?: number | Record<string, unknown>; error?: string; message_prefix?: string };
  judge_calls_used?: number;
  note?: string;
}

/** Maps a case's input (valor-lite argument names) onto a datum. */
function toDatum(input: Record<string, unknown>): JudgedDatum {
  const str = (k: string) => (typeof input[k] === 'string' ? (input[k] as string) : undefined);
  const list = (k: string) => (Array.isArray(input[k]) ? (input[k] as string[]) : undefined);
  const datum: JudgedDatum = {};
  const query = str('query');
  const response = str('response') ?? str('summary');
  const text = str('text');
  const context = list('context') ?? list('predicted_context');
  const groundtruths = list('groundtruths') ?? list('groundtruth_context');
  if (query !== undefined) datum.query = query;
  if (response !== undefined) datum.response = response;
  if (text !== undefined) datum.text = text;
  if (context !== undefined) datum.context = context;
  if (groundtruths !== undefined) datum.groundtruths = groundtruths;
  return datum;
}

/** Python's json writes NaN / Infinity bare; read them as numbers (outside strings only). */
function readPythonJson(text: string): unknown {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (inString) {
      out += ch;
      if (ch === '\\') out += text[++i] ?? '';
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    const token = /^(-?Infinity|NaN)/.exec(text.slice(i, i + 9));
    if (token) {
      out += `"__python_float__${token[1]}"`;
      i += (token[1] as string).length - 1;
      continue;
    }
    out += ch;
  }
  return JSON.parse(out, (_k, v: unknown) => (typeof v === 'string' && v.startsWith('__python_float__') ? Number(v.slice(16)) : v));
}

const files = readdirSync(DIR).filter((f) => f.endsWith('.json')).sort();

describe('judged metrics reproduce the reference on scripted judge replies', () => {
  it('finds fixture files', () => expect(files.length).toBeGreaterThan(0));
  for (const file of files) {
    const cases = (readPythonJson(readFileSync(join(DIR, file), 'utf8')) as { cases: JudgeCase[] }).cases;
    describe(file, () => {
      cases.forEach((c, i) => {
        it(`#${i} ${c.metric}: ${c.note ?? ''}`, async () => {
          const { retries, semantics, system_prompt: systemPrompt, ...metricOptions } = c.params ?? {};
          const client = new ScriptedJudgeClient(c.judge_responses, 'scripted-judge');
          const { results, summary } = await evaluateJudged({
            client,
            datums: [toDatum(c.input)],
            metrics: [{ name: c.metric, semantics: semantics as JudgeSemantics | undefined, options: metricOptions }],
            retries: typeof retries === 'number' ? retries : 0,
            ...(typeof systemPrompt === 'string' ? { systemPrompt } : {}),
          });
          const record = results[c.metric]?.[0];
          expect(record).toBeDefined();
          if (!record) return;
          if (c.expected.error !== undefined) {
            expect(isErrorRecord(record), JSON.stringify(record)).toBe(true);
            expect(record.value).toMatchObject({ type: c.expected.error });
            expect((record.value as { message: string }).message.startsWith(c.expected.message_prefix ?? '')).toBe(true);
            expect(summary.errors).toBe(1);
          } else {
            expect(isErrorRecord(record), JSON.stringify(record)).toBe(false);
            if (typeof c.expected.value === 'number' && Number.isNaN(c.expected.value)) expect(record.value).toBeNaN();
            else expect(record.value).toEqual(c.expected.value);
            expect(summary.errors).toBe(0);
          }
          expect(record.parameters).toEqual({ evaluator: 'scripted-judge', retries: typeof retries === 'number' ? retries : 0 });
          if (c.judge_calls_used !== undefined) expect(client.used).toBe(c.judge_calls_used);
        });
      });
    });
  }
});
