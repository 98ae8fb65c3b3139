import type { MetricCall, MetricRequest, MetricResponse } from './types';

/** Valor keyword parameters of a call → the library's camelCase options (only those present). */
export function callOptions(call: MetricCall, names: Readonly<Record<string, string>>): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const [valorName, optionName] of Object.entries(names)) {
    if (call[valorName] !== undefined) options[optionName] = call[valorName];
  }
  return options;
}

/** Runs each call (already validated against the task's method table) and keys its output by id. */
export function runCalls(request: MetricRequest, run: (call: MetricCall) => unknown): MetricResponse {
  const out: MetricResponse = {};
  for (const call of request.metrics) out[call.id] = run(call);
  return out;
}
