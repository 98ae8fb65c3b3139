// Pure implementations shared with the accelerated backends (CPU handoff below a size threshold).
export { boxIouImpl } from './kernels/BoxIou';
export { confusionCountsImpl } from './kernels/ConfusionCounts';
export { pairwiseCosineImpl } from './kernels/PairwiseCosine';
export { topKImpl } from './kernels/TopK';
