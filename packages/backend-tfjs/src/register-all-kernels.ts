import { getKernel, registerKernel, unregisterKernel, type KernelConfig, type KernelName } from '@tensoreval/core';
import { onTfjsActivation } from './base';
import { bitmaskIntersectionsConfig } from './kernels/BitmaskIntersections';
import { boxIouConfig } from './kernels/BoxIou';
import { confusionCountsConfig } from './kernels/ConfusionCounts';
import { cosineTopKConfig } from './kernels/CosineTopK';
import { interpolatedApConfig } from './kernels/InterpolatedAp';
import { matchBoxDetectionsConfig } from './kernels/MatchBoxDetections';
import { matchDetectionsConfig } from './kernels/MatchDetections';
import { pairwiseCosineConfig } from './kernels/PairwiseCosine';
import { precisionRecallSweepConfig } from './kernels/PrecisionRecallSweep';
import { rocAucConfig } from './kernels/RocAuc';

// One line per kernel file in ./kernels.
const kernelConfigs: ReadonlyArray<KernelConfig<KernelName>> = [
  bitmaskIntersectionsConfig,
  boxIouConfig,
  confusionCountsConfig,
  cosineTopKConfig,
  pairwiseCosineConfig,
] as ReadonlyArray<KernelConfig<KernelName>>;

// Kernels written in WGSL (./wgsl): they exist only while the active tfjs backend is webgpu; on
// tensorflow, wasm or cpu they are unregistered and the registry runs the cpu backend's instead.
const webgpuKernelConfigs: ReadonlyArray<KernelConfig<KernelName>> = [
  interpolatedApConfig,
  matchBoxDetectionsConfig,
  matchDetectionsConfig,
  precisionRecallSweepConfig,
  rocAucConfig,
] as ReadonlyArray<KernelConfig<KernelName>>;

for (const config of kernelConfigs) registerKernel(config);

onTfjsActivation((tfjsBackendName) => {
  for (const config of webgpuKernelConfigs) {
    const registered = getKernel(config.kernelName, config.backendName) !== undefined;
    if (tfjsBackendName === 'webgpu' && !registered) registerKernel(config);
    if (tfjsBackendName !== 'webgpu' && registered) unregisterKernel(config.kernelName, config.backendName);
  }
});
