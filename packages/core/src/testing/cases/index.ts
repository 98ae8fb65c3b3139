import type { KernelName } from '../../kernel-names';
import type { KernelCases } from '../kernel-case';
import { boxIouCases } from './BoxIou.cases';
import { rleEncodeCases } from './RleEncode.cases';
import { rleDecodeCases } from './RleDecode.cases';
import { rleAreaCases } from './RleArea.cases';
import { rleToBboxCases } from './RleToBbox.cases';
import { rleMergeCases } from './RleMerge.cases';
import { rleIouCases } from './RleIou.cases';
import { polygonToRleCases } from './PolygonToRle.cases';
import { bitmaskIntersectionsCases } from './BitmaskIntersections.cases';
import { precisionRecallSweepCases } from './PrecisionRecallSweep.cases';
import { interpolatedApCases } from './InterpolatedAp.cases';
import { rocAucCases } from './RocAuc.cases';
import { confusionCountsCases } from './ConfusionCounts.cases';
import { pairwiseCosineCases } from './PairwiseCosine.cases';
import { topKCases } from './TopK.cases';
import { cosineTopKCases } from './CosineTopK.cases';
import { matchDetectionsCases } from './MatchDetections.cases';
import { matchBoxDetectionsCases } from './MatchBoxDetections.cases';
import { greedyCosineMatchCases } from './GreedyCosineMatch.cases';
import { keypointOksCases } from './KeypointOks.cases';
import { rleBoundaryCases } from './RleBoundary.cases';

/** Conformance cases per kernel. Every kernel in KERNEL_NAMES has an entry. */
export const conformanceCases: { [K in KernelName]: KernelCases<K> } = {
  BoxIou: boxIouCases,
  RleEncode: rleEncodeCases,
  RleDecode: rleDecodeCases,
  RleArea: rleAreaCases,
  RleToBbox: rleToBboxCases,
  RleMerge: rleMergeCases,
  RleIou: rleIouCases,
  PolygonToRle: polygonToRleCases,
  BitmaskIntersections: bitmaskIntersectionsCases,
  PrecisionRecallSweep: precisionRecallSweepCases,
  InterpolatedAp: interpolatedApCases,
  RocAuc: rocAucCases,
  ConfusionCounts: confusionCountsCases,
  PairwiseCosine: pairwiseCosineCases,
  TopK: topKCases,
  CosineTopK: cosineTopKCases,
  MatchDetections: matchDetectionsCases,
  MatchBoxDetections: matchBoxDetectionsCases,
  GreedyCosineMatch: greedyCosineMatchCases,
  KeypointOks: keypointOksCases,
  RleBoundary: rleBoundaryCases,
};
