export type { AnnotationType, BitmaskGeometry, BoxGeometry, DetectionBatch, DetectionGeometry, PolygonGeometry, PolygonRings } from './detection-batch';
export { ValorObjectDetection } from './valor-detection.metric';
export { ValorObjectDetectionResult, type DetectionExampleOptions, type DetectionThresholdOptions } from './valor-detection-result';
export { cocoSemanticsPrecisionRecall } from './coco-semantics';
export { valorPairIou } from './pair-iou';
