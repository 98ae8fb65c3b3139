import { backendsReport, type BackendsReport } from '../backends-report';
import { parseArgs } from './args';
import type { CommandSpec } from './command-spec';

/** `tensoreval backends`: every flag, with what it does (printed by `tensoreval backends --help`). */
export const backendsSpec: CommandSpec = {
  name: 'backends',
  synopsis: '[--json]',
  summary: 'Lists every backend: available or not (and why), its engine, the device it computes on under TENSOREVAL_DEVICE, and the kernels it registers; and the WebGPU adapter found.',
  flags: {
    json: { help: 'print the report as JSON ({ requestedDevice, webgpu, backends: [{ name, available, engine, device, error, kernels }] }) instead of text.' },
  },
  notes: `The environment variable TENSOREVAL_DEVICE=auto|gpu|webgpu|cuda|cpu picks the device class of every
accelerated backend (default auto; see docs/gpu.md).

Example:
  TENSOREVAL_DEVICE=webgpu tensoreval backends`,
};

/** `tensoreval backends` (see {@link backendsSpec}): every backend's availability, engine, device and kernels. */
export async function backendsCommand(argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv, backendsSpec);
  const report = await backendsReport();
  process.stdout.write(args.flags.has('json') ? `${JSON.stringify(report, null, 2)}\n` : formatReport(report));
  return 0;
}

function formatReport(report: BackendsReport): string {
  const lines = [`TENSOREVAL_DEVICE=${report.requestedDevice}`];
  const w = report.webgpu;
  lines.push(`WebGPU adapter: ${w.found ? `${w.adapter} (type ${w.type}${w.type === 'cpu' ? ', software: used only with TENSOREVAL_DEVICE=webgpu' : ''})` : `none (${w.reason})`}`);
  for (const b of report.backends) {
    lines.push('');
    lines.push(`${b.name}: ${b.available ? 'available' : 'unavailable'}, engine ${b.engine}`);
    if (b.device) lines.push(`  device:  ${b.device.api}, ${b.device.adapter} (type ${b.device.type})`);
    if (b.error) lines.push(`  why:     ${b.error}`);
    lines.push(`  kernels: ${b.kernels.join(', ') || '(none)'}`);
  }
  return `${lines.join('\n')}\n`;
}
