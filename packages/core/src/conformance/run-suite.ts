import { getKernel } from '../kernel-registry';
import { KERNEL_NAMES, type KernelName } from '../kernel-names';
import { conformanceCases } from '../testing/cases/index';
import type { KernelCase } from '../testing/kernel-case';
import { loadTolerances, type ToleranceTable } from '../testing/tolerances';
import { disableCpuHandoff } from './engine-only';
import { runConformanceCase } from './run-case';

/** One case's outcome; `ms` is the kernel call alone (inputs and the reference are built outside it). */
export interface ConformanceResult {
  kernel: KernelName;
  case: string;
  pass: boolean;
  ms: number;
  error?: string;
}

/**
 * Runs every conformance case of every kernel the backend registers (no cpu handoff, so the
 * engine itself answers) and reports pass/fail with timings: what `tensoreval doctor` prints.
 * The backend must already be initialised.
 */
export async function runConformance(backendName: string, table: ToleranceTable = loadTolerances()): Promise<ConformanceResult[]> {
  const results: ConformanceResult[] = [];
  const restore = disableCpuHandoff(backendName);
  try {
    for (const kernel of KERNEL_NAMES) {
      if (!getKernel(kernel, backendName)) continue;
      for (const c of conformanceCases[kernel] as ReadonlyArray<KernelCase<KernelName>>) {
        try {
          const ms = await runConformanceCase(backendName, kernel, c, table);
          results.push({ kernel, case: c.name, pass: true, ms });
        } catch (error) {
          results.push({ kernel, case: c.name, pass: false, ms: Number.NaN, error: error instanceof Error ? error.message : String(error) });
        }
      }
    }
  } finally {
    restore();
  }
  return results;
}
