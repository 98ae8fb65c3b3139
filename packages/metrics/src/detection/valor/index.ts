export type { AnnotationType, BitmaskGeometry, BoxGeometry, DetectionBatch, DetectionGeometry, PolygonGeometry, PolygonRings } from './detection-batch';
export { ValorObjectDetection } from './valor-detection.metric';
export { DEFAULT_IOU_THRESHOLDS, ValorObjectDetectionResult, type DetectionExampleOptions, type DetectionTideOptions, type DetectionThresholdOptions } from './valor-detection-result';
export type { IouBlockOptions } from './iou-blocks';
export { cocoSemanticsPrecisionRecall, cocoSemanticsState, cocoSemanticsRecords } from './coco-semantics';
export { joinCocoSemanticsStates } from './coco-semantics-state';
export { valorPairIou } from './pair-iou';
export { ringCrossing } from './ring-crossing';
