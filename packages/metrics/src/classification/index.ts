import '../default-backend';

export type { ExamplePageOptions } from './example-pages';
export { LabelIndex } from './label-index';
export type { MetricRecord, MetricRecordsByType } from './metric-record';
export { ValorClassification, type ClassificationBatch } from './valor-classification.metric';
export { ValorClassificationResult, type ClassificationExampleOptions, type ClassificationThresholdOptions } from './valor-classification-result';
