import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { initBackend, runKernel } from '@tensoreval/core';
import { pairwiseCosineWasm, wasmBackend } from '@tensoreval/backend-wasm';

const root = join(import.meta.dirname, '..', '..', '..');

describe('wasm worker threads', () => {
  it('an idle pool does not keep the process alive (no dispose needed to exit)', () => {
    const script = join(import.meta.dirname, 'fixtures', 'exit-without-dispose.ts');
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    expect(run.error, 'the process did not exit on its own').toBeUndefined();
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('diag 1.00000\n');
    expect(run.status).toBe(0);
  });

  it('dispose ends the threads; a later init starts a working pool again', async () => {
    expect(await initBackend('wasm')).toBe(true);
    const a = Float32Array.of(3, 4, 0, 0, 0, 0);
    wasmBackend.dispose();
    await expect(pairwiseCosineWasm(a, a, 2)).rejects.toThrow(/TE-303/);
    wasmBackend.init();
    expect(Array.from(await pairwiseCosineWasm(a, a, 2))).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0]);
    const { scores } = await runKernel('PairwiseCosine', { a, b: a }, { dim: 2 }, { backend: 'wasm' });
    expect(scores[0]).toBe(1);
    wasmBackend.dispose();
  });
});
