import { registerKernel, type KernelConfig, type KernelName } from '@tensoreval/core';
import { bitmaskIntersectionsConfig } from './kernels/BitmaskIntersections';
import { boxIouConfig } from './kernels/BoxIou';
import { confusionCountsConfig } from './kernels/ConfusionCounts';
import { cosineTopKConfig } from './kernels/CosineTopK';
import { pairwiseCosineConfig } from './kernels/PairwiseCosine';

// One line per kernel file in ./kernels.
const kernelConfigs: ReadonlyArray<KernelConfig<KernelName>> = [
  bitmaskIntersectionsConfig,
  boxIouConfig,
  confusionCountsConfig,
  cosineTopKConfig,
  pairwiseCosineConfig,
] as ReadonlyArray<KernelConfig<KernelName>>;

for (const config of kernelConfigs) registerKernel(config);
