export { TASKS } from './tasks';
export { validateRequest } from './validate-request';
export type { EvaluateOptions, MetricCall, MetricRequest, MetricResponse, TaskHandler } from './types';
