// Pure implementations shared with the accelerated backends (CPU handoff below a size threshold).
export { confusionCountsImpl } from './kernels/ConfusionCounts';
export { pairwiseCosineImpl } from './kernels/PairwiseCosine';
export { topKImpl } from './kernels/TopK';
