import '../default-backend';

export * from './types';
export { JudgeResponseError, JudgedMetricError, JudgeTransportError } from './errors';
export { extractJson, extractJsonValor, extractJsonDeepEval, extractJsonRagas, firstSignedInteger, type JsonExtractionRule } from './json-extraction';
export * from './scripted-client';
export * from './openai-client';
export * from './response-cache';
export * from './usage-meter';
export { DEFAULT_JUDGE_SYSTEM_PROMPT, type JudgeContext } from './judge-context';
export type { JudgedDatum } from './judged-datum';
export * from './judged-record';
export * from './judged-metric';
export { JUDGED_METRICS, resolveJudgedMetric } from './judged-metric-registry';
export * from './evaluate-judged';
export { encodeJudgedRun, decodeJudgedRun, mergeJudgedRuns, type JudgedRunShard } from './judged-run-state';
export * from './judge-metric';
export { byopRates, fillByopTemplate, parseByopVerdict, BYOP_CHECK_TEMPLATES, BYOP_PLACEHOLDERS } from './h2o/byop';
