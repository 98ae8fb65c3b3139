// Pure implementations shared with the accelerated backends (CPU handoff below a size threshold).
export { bitmaskIntersectionsImpl } from './kernels/BitmaskIntersections';
export { boxIouImpl } from './kernels/BoxIou';
export { polygonToRleImpl } from './kernels/PolygonToRle';
export { rleAreaImpl } from './kernels/RleArea';
export { rleDecodeImpl } from './kernels/RleDecode';
export { rleEncodeImpl } from './kernels/RleEncode';
export { rleIouImpl } from './kernels/RleIou';
export { rleMergeImpl } from './kernels/RleMerge';
export { rleToBboxImpl } from './kernels/RleToBbox';
export { rleAreaOf, rleBboxInto } from './rle/rle-bbox';
export { PolygonScratch, polygonBoundaryPositions, rasterisePolygon } from './rle/polygon-raster';
export { RleBatchBuilder } from './rle/rle-batch-builder';
export { confusionCountsImpl } from './kernels/ConfusionCounts';
export { matchDetectionsImpl } from './kernels/MatchDetections';
export { matchBoxDetectionsImpl } from './kernels/MatchBoxDetections';
export {
  cocoPrecision, cocoRecallIndex, cocoRecallThresholds, cocoSummary, interpolatedApImpl, interpolatedApOutputs, VALOR_BINS, valorBin, valorEnvelope,
  valorPrecision, valorRecall,
} from './kernels/InterpolatedAp';
export { pairwiseCosineImpl } from './kernels/PairwiseCosine';
export { precisionRecallSweepImpl } from './kernels/PrecisionRecallSweep';
export { rocAucFromPoints, rocAucImpl } from './kernels/RocAuc';
export { longestSegment, segmentsOrWhole } from './sort/segments';
export { RadixArgsort } from './sort/radix-argsort';
export { topKImpl } from './kernels/TopK';
export { binaryMasksImpl, bitmaskBlocksImpl, boxesXyxyF32Impl, boxIouBlocksImpl, maskAreasImpl, raggedPairRowsImpl } from './host-prep';
export { pairBlockOffsets } from './rle/pair-offsets';
export { greedyCosineMatchImpl } from './kernels/GreedyCosineMatch';
