import { registerKernel, type KernelConfig, type KernelName } from '@tensoreval/core';
import { cosineTopKConfig } from './kernels/CosineTopK';
import { pairwiseCosineConfig } from './kernels/PairwiseCosine';

// One line per kernel file in ./kernels.
const kernelConfigs: ReadonlyArray<KernelConfig<KernelName>> = [
  cosineTopKConfig,
  pairwiseCosineConfig,
] as ReadonlyArray<KernelConfig<KernelName>>;

for (const config of kernelConfigs) registerKernel(config);
