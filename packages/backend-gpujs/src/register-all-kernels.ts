import { registerKernel, type KernelConfig, type KernelName } from '@tensoreval/core';
import { bitmaskIntersectionsConfig } from './kernels/BitmaskIntersections';
import { boxIouConfig } from './kernels/BoxIou';
import { pairwiseCosineConfig } from './kernels/PairwiseCosine';
import { polygonToRleConfig } from './kernels/PolygonToRle';
import { rleDecodeConfig } from './kernels/RleDecode';
import { rleIouConfig } from './kernels/RleIou';

// One line per kernel file in ./kernels.
const kernelConfigs: ReadonlyArray<KernelConfig<KernelName>> = [
  bitmaskIntersectionsConfig,
  boxIouConfig,
  pairwiseCosineConfig,
  polygonToRleConfig,
  rleDecodeConfig,
  rleIouConfig,
] as ReadonlyArray<KernelConfig<KernelName>>;

for (const config of kernelConfigs) registerKernel(config);
