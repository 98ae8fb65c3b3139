import { configureTfjsBackend, tfjsBackend } from '@tensoreval/backend-tfjs';
import { getKernel, initBackend, resolveBackend, runKernel } from '@tensoreval/core';
import { describe, expect, it } from 'vitest';
import { WEBGPU_ONLY } from './skips';

// Off webgpu the WGSL kernels must not be listed for tfjs: the registry runs cpu's and
// `tensoreval backends` reports only what tfjs computes.
configureTfjsBackend({ prefer: ['cpu'] });

describe('WGSL kernels off tfjs-backend-webgpu', () => {
  it('are not registered on the cpu tfjs backend, and re-register nothing on dispose', async () => {
    expect(await initBackend('tfjs')).toBe(true);
    expect(tfjsBackend.describe?.().tfjsBackend).toBe('cpu');
    for (const k of WEBGPU_ONLY) expect(getKernel(k, 'tfjs'), k).toBeUndefined();
    expect(getKernel('BoxIou', 'tfjs')).toBeDefined();
    tfjsBackend.dispose?.();
    for (const k of WEBGPU_ONLY) expect(getKernel(k, 'tfjs'), k).toBeUndefined();
  });

  it('a sweep asked of tfjs then cpu runs on cpu', async () => {
    expect((await resolveBackend('RocAuc', ['tfjs', 'cpu'])).backend.name).toBe('cpu');
    const out = await runKernel('RocAuc', { scores: Float64Array.of(0.1, 0.4, 0.35, 0.8), labels: Uint8Array.of(0, 0, 1, 1) }, {}, { backend: ['tfjs', 'cpu'] });
    expect(out.auc[0]).toBe(0.75);
  });
});
