import '../default-backend';

export type { ExamplePageOptions } from '../valor/example-pages';
export { LabelIndex } from '../valor/label-index';
export type { MetricRecord, MetricRecordsByType } from '../valor/metric-record';
export { ValorClassification, type ClassificationBatch } from './valor-classification.metric';
export { ValorClassificationResult, type ClassificationExampleOptions, type ClassificationThresholdOptions } from './valor-classification-result';
