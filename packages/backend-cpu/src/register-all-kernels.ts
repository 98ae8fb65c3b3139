import { registerKernel, type KernelConfig, type KernelName } from '@tensoreval/core';
import { boxIouConfig } from './kernels/BoxIou';
import { confusionCountsConfig } from './kernels/ConfusionCounts';
import { pairwiseCosineConfig } from './kernels/PairwiseCosine';
import { topKConfig } from './kernels/TopK';

// One line per kernel file in ./kernels.
const kernelConfigs: ReadonlyArray<KernelConfig<KernelName>> = [
  boxIouConfig,
  confusionCountsConfig,
  pairwiseCosineConfig,
  topKConfig,
] as ReadonlyArray<KernelConfig<KernelName>>;

for (const config of kernelConfigs) registerKernel(config);
