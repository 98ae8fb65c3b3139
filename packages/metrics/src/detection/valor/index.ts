export type { AnnotationType, BitmaskGeometry, BoxGeometry, DetectionBatch, DetectionGeometry, PolygonGeometry, PolygonRings } from './detection-batch';
export { ValorObjectDetection } from './valor-detection.metric';
export { DEFAULT_IOU_THRESHOLDS, ValorObjectDetectionResult, type DetectionExampleOptions, type DetectionTideOptions, type DetectionThresholdOptions } from './valor-detection-result';
export type { IouBlockOptions } from './iou-blocks';
export { cocoSemanticsPrecisionRecall } from './coco-semantics';
export { valorPairIou } from './pair-iou';
export { ringCrossing } from './ring-crossing';
