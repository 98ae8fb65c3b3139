import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoopbackChatServer } from '../../metrics/test/judge-loopback-server';
import { runCli } from '../src/cli/run-cli';
import { captureWrites } from './capture-stdio';

// A judged request end to end from the command line against a chat-completions server on loopback.

const KEY_ENV = 'TENSOREVAL_TEST_JUDGE_KEY';
const VERDICTS = '{"verdicts": [{"analysis": "a", "verdict": "yes"}, {"analysis": "b", "verdict": "no"}]}';

let server: LoopbackChatServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  delete process.env[KEY_ENV];
  vi.restoreAllMocks();
});

function writeRequest(dir: string): string {
  const file = join(dir, 'request.json');
  writeFileSync(file, JSON.stringify({
    task: 'text_generation',
    judge: { model: 'model-from-file', endpoint: 'http://127.0.0.1:9/unused', max_retries: 0 },
    data: { datums: [{ uid: 'd1', query: 'q', response: 'r', context: ['c1', 'c2'] }, { uid: 'd2', query: 'q', response: 'r2', context: ['c'] }] },
    metrics: [{ id: 'hal', method: 'hallucination' }],
  }));
  return file;
}

describe('tensoreval evaluate with a judge', () => {
  it('runs against the endpoint and model given by flags, key from the environment', async () => {
    server = await LoopbackChatServer.start([{ reply: VERDICTS }, { reply: 'no json at all' }]);
    const dir = mkdtempSync(join(tmpdir(), 'judge-cli-'));
    const out = join(dir, 'result.json');
    process.env[KEY_ENV] = 'sk-loopback-secret';
    const code = await runCli(['evaluate', writeRequest(dir), '--out', out, '--quiet', '--judge-base-url', server.baseURL, '--judge-model', 'loop-model', '--judge-api-key-env', KEY_ENV]);
    expect(code).toBe(0);
    const text = readFileSync(out, 'utf8');
    const result = JSON.parse(text) as { hal: { type: string; value: unknown }[] };
    expect(result.hal[0]).toEqual({ type: 'Hallucination', value: 0.5, parameters: { evaluator: 'loop-model', retries: 0 } });
    expect(result.hal[1]).toMatchObject({ type: 'Error', value: { type: 'InvalidLLMResponseError' } });
    expect(server.requests.map((r) => r.body.model)).toEqual(['loop-model', 'loop-model']);
    expect(server.requests[0]?.authorization).toBe('Bearer sk-loopback-secret');
    expect(text).not.toContain('sk-loopback-secret');
  });

  it('the summary line counts calls, requests sent and retries apart', async () => {
    server = await LoopbackChatServer.start([{ status: 503 }, { reply: VERDICTS }, { reply: '{"verdicts": [{"analysis": "c", "verdict": "no"}]}' }]);
    const dir = mkdtempSync(join(tmpdir(), 'judge-cli-'));
    const stderr = captureWrites(process.stderr);
    let code: number;
    try {
      const file = writeRequest(dir);
      const request = JSON.parse(readFileSync(file, 'utf8')) as { judge: Record<string, unknown> };
      writeFileSync(file, JSON.stringify({ ...request, judge: { ...request.judge, max_retries: 1, max_concurrency: 1 } }));
      code = await runCli(['evaluate', file, '--out', join(dir, 'r.json'), '--judge-base-url', server.baseURL]);
    } finally {
      stderr.restore();
    }
    expect(code).toBe(0);
    expect(stderr.text()).toMatch(/judge: 2 records, 0 errors, 2 calls \(0 cached, 0 failed\), 3 requests sent \(1 retries\)/);
  });

  it('--dry-run prints the prompts and calls nothing', async () => {
    server = await LoopbackChatServer.start([]);
    const dir = mkdtempSync(join(tmpdir(), 'judge-cli-'));
    const stdout = captureWrites(process.stdout);
    let code: number;
    try {
      code = await runCli(['evaluate', writeRequest(dir), '--quiet', '--dry-run', '--judge-base-url', server.baseURL]);
    } finally {
      stdout.restore();
    }
    expect(code).toBe(0);
    const text = stdout.text();
    expect(text).toContain('--- judge call 1 ---');
    expect(text).toContain('[system]\nYou are a helpful assistant.');
    expect(text).toContain('c1');
    expect(server.requests).toHaveLength(0);
  });
});
