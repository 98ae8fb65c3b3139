import '../default-backend';

export * from './types';
export * from './errors';
export * from './json-extraction';
export * from './scripted-client';
export * from './usage-meter';
export * from './judge-context';
export * from './judged-datum';
export * from './judged-record';
export * from './judged-metric';
export { JUDGED_METRICS, resolveJudgedMetric } from './judged-metric-registry';
export * from './evaluate-judged';
export * from './valor/metrics';
export * from './openai-client';
export * from './response-cache';
