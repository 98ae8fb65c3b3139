import { registerKernel, type KernelConfig, type KernelName } from '@tensoreval/core';
import { confusionCountsConfig } from './kernels/ConfusionCounts';

// One line per kernel file in ./kernels.
const kernelConfigs: ReadonlyArray<KernelConfig<KernelName>> = [
  confusionCountsConfig,
] as ReadonlyArray<KernelConfig<KernelName>>;

for (const config of kernelConfigs) registerKernel(config);
