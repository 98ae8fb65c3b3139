import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { initBackend, runKernel } from '@tensoreval/core';
import { configureWasmBackend, pairwiseCosineWasm, wasmBackend } from '@tensoreval/backend-wasm';

const root = join(import.meta.dirname, '..', '..', '..');

describe('wasm worker threads', () => {
  const exitsAlone = (extra: string[]) => {
    const script = join(import.meta.dirname, 'fixtures', 'exit-without-dispose.ts');
    const run = spawnSync(process.execPath, ['--import', 'tsx', script, ...extra], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    expect(run.error, 'the process did not exit on its own').toBeUndefined();
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    return run.stdout;
  };

  it('an idle pool does not keep the process alive after a call (no dispose needed to exit)', () => {
    expect(exitsAlone([])).toBe('diag 1.00000\n');
  });

  it('a pool that never ran a call does not keep the process alive either', () => {
    expect(exitsAlone(['--init-only'])).toBe('ready\n');
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

  it('a GPU device class is refused with TE-303 instead of computing on the CPU', () => {
    wasmBackend.dispose();
    for (const device of ['gpu', 'webgpu', 'cuda'] as const) {
      configureWasmBackend({ device });
      expect(() => wasmBackend.init()).toThrow(new RegExp(`^Backend 'wasm' computes on the CPU; TENSOREVAL_DEVICE=${device} asks for a GPU\\. See errors/TE-303\\.md$`));
    }
    configureWasmBackend({ device: 'cpu' });
    wasmBackend.init();
    expect(wasmBackend.describe?.()).toMatchObject({ engine: 'webassembly-simd' });
    wasmBackend.dispose();
    configureWasmBackend({});
  });

  it('inputs past the 4 GiB a WebAssembly memory holds fail with one TE-304 line before any work', async () => {
    wasmBackend.init(); // disposed by the tests above; the registry still counts it initialised
    // only the lengths are read before the size check, so no 5 GB of rows are needed to test it
    const rows = { length: 640_000 * 1024 } as unknown as Float32Array;
    await expect(pairwiseCosineWasm(rows, rows, 1024)).rejects.toThrow(
      /^Backend 'wasm' cannot run PairwiseCosine: its inputs and outputs need 5\.1 GiB, more than the 4 GiB a WebAssembly memory holds; use the onnx or cpu backend\. See errors\/TE-304\.md$/);
    // the engine is still usable afterwards
    expect(Array.from(await pairwiseCosineWasm(Float32Array.of(1, 0), Float32Array.of(0, 2), 2))).toEqual([0]);
    wasmBackend.dispose();
  });
});
