import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { webGpuLane } from '@tensoreval/core/testing';
import { describe, expect, it } from 'vitest';
import { isDawnLimitWarning } from '../src/cli/dawn-warnings';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const lane = await webGpuLane();

function cli(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'packages/tensoreval/src/cli.ts', ...args],
      { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, TENSOREVAL_DEVICE: '', ...env } }, (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      });
  });
}

const WGSL_KERNELS = ['InterpolatedAp', 'MatchBoxDetections', 'MatchDetections', 'PrecisionRecallSweep', 'RocAuc'] as const;

interface Report {
  requestedDevice: string;
  backends: Array<{ name: string; available: boolean; engine: string; device?: { api: string; adapter: string; type: string }; kernels: string[] }>;
}

describe('tensoreval backends', () => {
  it('--json lists every backend with availability, engine, device and kernels; auto never computes on a software adapter', async () => {
    const r = await cli(['backends', '--json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as Report;
    expect(report.requestedDevice).toBe('auto');
    expect(report.backends.map((b) => b.name)).toEqual(['cpu', 'onnx', 'wasm', 'tfjs', 'gpujs']);
    const cpu = report.backends[0];
    expect(cpu).toMatchObject({ available: true, device: { api: 'cpu', type: 'cpu' } });
    expect(cpu?.kernels).toContain('PrecisionRecallSweep');
    // tfjs lists its WGSL sweeps only when it runs on webgpu (auto never takes a software adapter).
    const tfjs = report.backends.find((b) => b.name === 'tfjs');
    if (tfjs?.available && tfjs.device?.api !== 'webgpu') for (const k of WGSL_KERNELS) expect(tfjs.kernels).not.toContain(k);
    for (const b of report.backends) {
      expect(typeof b.engine).toBe('string');
      if (b.device?.api === 'webgpu') expect(b.device.type).not.toBe('cpu');
      if (b.available) expect(['webgpu', 'cuda', 'cpu', 'wasm']).toContain(b.device?.api);
    }
  });

  it('rejects an unknown TENSOREVAL_DEVICE with one TE-101 line', async () => {
    const r = await cli(['backends'], { TENSOREVAL_DEVICE: 'vulkan' });
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(/^tensoreval: error TE-101: The 'TENSOREVAL_DEVICE' option of the environment must be one of auto, gpu, webgpu, cuda, cpu\. Got "vulkan" instead\. See errors\/TE-101\.md$/);
  });

  it.skipIf(!lane.run)('TENSOREVAL_DEVICE=webgpu puts the engines on the adapter and keeps Dawn\'s limit warnings out', async () => {
    expect(lane.failure).toBeUndefined();
    const r = await cli(['backends', '--json'], { TENSOREVAL_DEVICE: 'webgpu' });
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as Report;
    for (const name of ['onnx', 'tfjs', 'gpujs']) {
      expect(report.backends.find((b) => b.name === name)?.device?.api, name).toBe('webgpu');
    }
    expect(report.backends.find((b) => b.name === 'tfjs')?.kernels).toEqual(expect.arrayContaining([...WGSL_KERNELS]));
    expect(r.stderr).not.toMatch(/artificially reduced/);
  });

  it('recognises exactly the two Dawn limit warnings', () => {
    expect(isDawnLimitWarning('Warning: maxDynamicUniformBuffersPerPipelineLayout artificially reduced from 1000000 to 16 to fit dynamic offset allocation limit.')).toBe(true);
    expect(isDawnLimitWarning('Warning: maxDynamicStorageBuffersPerPipelineLayout artificially reduced from 1000000 to 16 to fit dynamic offset allocation limit.')).toBe(true);
    expect(isDawnLimitWarning('Warning: something else')).toBe(false);
  });
});

describe('tensoreval doctor', () => {
  it('runs the conformance cases on the chosen backend and prints pass/fail with timings', async () => {
    const r = await cli(['doctor', '--backend', 'cpu']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^TENSOREVAL_DEVICE=auto\n\ncpu: cpu, .+ \(type cpu\)\n/);
    expect(r.stdout).toMatch(/ {2}pass +\d+\.\d\d ms {2}BoxIou: /);
    const [, passed, total] = /(\d+)\/(\d+) cases pass/.exec(r.stdout) ?? [];
    expect(Number(total)).toBeGreaterThan(50);
    expect(passed).toBe(total);
  });

  it('fails with TE-301 for an explicit backend that cannot run on the requested device', async () => {
    const r = await cli(['doctor', '--backend', 'gpujs'], { TENSOREVAL_DEVICE: 'cuda' });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/TE-301: Backend 'gpujs' requested by tensoreval doctor is not available: .*cannot run on CUDA/);
  });
});
