import { registerKernel, type KernelConfig, type KernelName } from '@tensoreval/core';
import { bitmaskIntersectionsConfig } from './kernels/BitmaskIntersections';
import { boxIouConfig } from './kernels/BoxIou';
import { polygonToRleConfig } from './kernels/PolygonToRle';
import { rleAreaConfig } from './kernels/RleArea';
import { rleDecodeConfig } from './kernels/RleDecode';
import { rleEncodeConfig } from './kernels/RleEncode';
import { rleIouConfig } from './kernels/RleIou';
import { rleMergeConfig } from './kernels/RleMerge';
import { rleToBboxConfig } from './kernels/RleToBbox';
import { confusionCountsConfig } from './kernels/ConfusionCounts';
import { cosineTopKConfig } from './kernels/CosineTopK';
import { matchDetectionsConfig } from './kernels/MatchDetections';
import { matchBoxDetectionsConfig } from './kernels/MatchBoxDetections';
import { interpolatedApConfig } from './kernels/InterpolatedAp';
import { pairwiseCosineConfig } from './kernels/PairwiseCosine';
import { precisionRecallSweepConfig } from './kernels/PrecisionRecallSweep';
import { rocAucConfig } from './kernels/RocAuc';
import { topKConfig } from './kernels/TopK';
import { greedyCosineMatchConfig } from './kernels/GreedyCosineMatch';
import { keypointOksConfig } from './kernels/KeypointOks';
import { rleBoundaryConfig } from './kernels/RleBoundary';

// One line per kernel file in ./kernels.
const kernelConfigs: ReadonlyArray<KernelConfig<KernelName>> = [
  bitmaskIntersectionsConfig,
  boxIouConfig,
  polygonToRleConfig,
  rleAreaConfig,
  rleDecodeConfig,
  rleEncodeConfig,
  rleIouConfig,
  rleMergeConfig,
  rleToBboxConfig,
  confusionCountsConfig,
  cosineTopKConfig,
  matchDetectionsConfig,
  matchBoxDetectionsConfig,
  interpolatedApConfig,
  pairwiseCosineConfig,
  precisionRecallSweepConfig,
  rocAucConfig,
  topKConfig,
  greedyCosineMatchConfig,
  keypointOksConfig,
  rleBoundaryConfig,
] as ReadonlyArray<KernelConfig<KernelName>>;

for (const config of kernelConfigs) registerKernel(config);
