import { probeWebGpuAdapter, type WebGpuProbe } from '../device/webgpu-adapter';
import { inCi } from './ci';

/**
 * Whether this test run takes the software-GPU lane: the WebGPU paths of the engines run when an
 * adapter answers (lavapipe in CI, any GPU elsewhere). In CI ({@link inCi}) a missing adapter is a
 * failure, since the lane exists to prove the GPU paths; on a user's machine the lane skips.
 */
export interface WebGpuLane {
  probe: WebGpuProbe;
  /** run the lane's tests */
  run: boolean;
  /** the first test must fail with this reason (CI without an adapter) */
  failure?: string;
}

export async function webGpuLane(env: NodeJS.ProcessEnv = process.env): Promise<WebGpuLane> {
  const probe = await probeWebGpuAdapter();
  if (probe.found) return { probe, run: true };
  if (inCi(env)) return { probe, run: true, failure: `the software-GPU lane found no WebGPU adapter in CI: ${probe.reason}` };
  return { probe, run: false };
}
