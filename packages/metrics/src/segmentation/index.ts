import '../default-backend';

export type { SegmentationBatch, SegmentationMasks } from './segmentation-batch';
export { ValorSemanticSegmentation } from './valor-segmentation.metric';
export { ValorSemanticSegmentationResult } from './valor-segmentation-result';
