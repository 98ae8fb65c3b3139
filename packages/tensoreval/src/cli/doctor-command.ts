import { BackendUnavailableError, initBackend, listBackends, requestedDevice } from '@tensoreval/core';
import '@tensoreval/backend-cpu';
import { runConformance } from '@tensoreval/core/conformance';
import { deviceOf } from '../backends-report';
import { BACKENDS, loadBackendPackage } from '../kernels-api/backend-loading';
import { backendFlag, parseArgs } from './args';
import type { CommandSpec } from './command-spec';

/** `tensoreval doctor`: every flag, with what it does (printed by `tensoreval doctor --help`). */
export const doctorSpec: CommandSpec = {
  name: 'doctor',
  synopsis: '[--backend NAME]',
  summary: 'Runs the kernel conformance cases (the reference values every backend must reproduce) on a backend under the current TENSOREVAL_DEVICE and prints pass/fail with the kernel time of each case. Exits 1 when any case fails: the check that a device gives the right numbers.',
  flags: {
    backend: { value: BACKENDS.join('|'), help: "the backend to check (default 'auto': every backend that is available; unavailable ones are listed with the reason). A named backend that cannot load is an error (TE-301)." },
  },
  notes: `Example:
  TENSOREVAL_DEVICE=webgpu tensoreval doctor --backend onnx`,
};

/**
 * `tensoreval doctor` (see {@link doctorSpec}): runs the kernel conformance cases on the backend (every
 * available one when omitted) under the current TENSOREVAL_DEVICE, and prints pass/fail with the
 * kernel time of each case. Exit code 1 when any case fails: the check that a GPU gives the right numbers.
 */
export async function doctorCommand(argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv, doctorSpec);
  const chosen = backendFlag(args, 'tensoreval doctor');
  const names = chosen === 'auto' ? BACKENDS.filter((b) => b !== 'auto') : [chosen];
  process.stdout.write(`TENSOREVAL_DEVICE=${requestedDevice()}\n`);
  let failed = 0;
  for (const name of names) {
    const loadError = await loadBackendPackage(name);
    if (loadError !== undefined || !(await initBackend(name))) {
      const why = loadError instanceof Error ? loadError.message : listBackends().find((b) => b.name === name)?.error ?? 'unavailable';
      if (chosen !== 'auto') throw new BackendUnavailableError('TE-301', `Backend '${name}' requested by tensoreval doctor is not available: ${why}`);
      process.stdout.write(`\n${name}: unavailable (${why})\n`);
      continue;
    }
    const device = deviceOf(name);
    process.stdout.write(`\n${name}: ${device.api}, ${device.adapter} (type ${device.type})\n`);
    const results = await runConformance(name);
    for (const r of results) {
      const time = r.pass ? `${r.ms.toFixed(2).padStart(9)} ms` : ' '.repeat(12);
      process.stdout.write(`  ${r.pass ? 'pass' : 'FAIL'} ${time}  ${r.kernel}: ${r.case}\n`);
      if (r.error) process.stdout.write(`       ${r.error.split('\n')[0]}\n`);
    }
    const bad = results.filter((r) => !r.pass).length;
    failed += bad;
    process.stdout.write(`  ${results.length - bad}/${results.length} cases pass\n`);
  }
  return failed > 0 ? 1 : 0;
}
