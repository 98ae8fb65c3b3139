/**
 * @tensoreval/core/testing — the kernel conformance suite. A backend package runs it with:
 *
 *   import '@tensoreval/backend-xyz';
 *   import { describeKernelConformance } from '@tensoreval/core/testing';
 *   describeKernelConformance('xyz', { skip: { RocAuc: 'sorts stay on cpu' } });
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initBackend } from '../backend-registry';
import { runConformanceCase } from '../conformance/run-case';
import { KERNEL_NAMES, type KernelName } from '../kernel-names';
import { listKernels } from '../kernel-registry';
import { conformanceCases } from './cases/index';
import type { KernelCase } from './kernel-case';
import { loadTolerances, type ToleranceTable } from './tolerances';

export * from './assert-close';
export * from './ci';
export * from './kernel-case';
export * from './random';
export * from './tolerances';
export { conformanceCases } from './cases/index';
export * from './webgpu-lane';

export interface ConformanceOptions {
  /** kernels this backend does not implement, each with the reason */
  skip?: Partial<Record<KernelName, string>>;
  tolerances?: ToleranceTable;
  /** run every case on the engine itself: cpuHandoffBelow is 0 while the suite runs (the GPU lanes) */
  noCpuHandoff?: boolean;
}

export function describeKernelConformance(backendName: string, options: ConformanceOptions = {}): void {
  const table = options.tolerances ?? loadTolerances();
  describe(`kernel conformance: ${backendName}`, () => {
    if (options.noCpuHandoff) {
      const saved = new Map<string, number | undefined>();
      beforeAll(() => {
        for (const c of listKernels(backendName)) { saved.set(c.kernelName, c.cpuHandoffBelow); c.cpuHandoffBelow = 0; }
      });
      afterAll(() => {
        for (const c of listKernels(backendName)) c.cpuHandoffBelow = saved.get(c.kernelName);
      });
    }
    it('initialises', async () => {
      const ok = await initBackend(backendName);
      expect(ok, `backend '${backendName}' failed to initialise`).toBe(true);
    });
    for (const kernelName of KERNEL_NAMES) {
      const reason = options.skip?.[kernelName];
      const cases = conformanceCases[kernelName] as ReadonlyArray<KernelCase<KernelName>>;
      describe(kernelName, () => {
        if (reason !== undefined) {
          it.skip(`skipped: ${reason}`, () => {});
          return;
        }
        it('has conformance cases', () => {
          expect(cases.length, `no conformance cases for ${kernelName}`).toBeGreaterThan(0);
        });
        for (const c of cases) {
          it(c.name, async () => {
            await runConformanceCase(backendName, kernelName, c, table);
          });
        }
      });
    }
  });
}
