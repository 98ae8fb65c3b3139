/**
 * The metric request (DESIGN.md "Metric request"): `{ task, semantics, data, metrics: [{ id, method,
 * ...parameters }] }`, parameters under Valor's keyword names (`score_thresholds`, `iou_thresholds`,
 * `hardmax`, `limit`, `offset`). Each method takes only its own parameters; any other is an error
 * naming the method and the parameter (TE-102), and a parameter of the wrong type or range is the
 * standard option error naming the metric id (TE-101).
 *
 * Pagination: `limit` (an integer ≥ 1; default no limit) and `offset` (an integer ≥ 0; default 0)
 * are taken by `examples` and `confusion_matrix_with_examples` only (classification, and object
 * detection with `semantics: 'valor'`). Without them the output is exactly Valor's.
 * - `examples` returns one record per datum (object detection: per datum with annotations, as
 *   Valor) and threshold, datums in request order. `offset` skips that many datum records and
 *   `limit` keeps at most that many, for every score / IoU threshold alike: the records of each
 *   threshold for the same kept datums are returned.
 * - `confusion_matrix_with_examples`: `offset` skips that many examples at the start of each list of
 *   examples (each matrix cell, each `unmatched_ground_truths` / `unmatched_predictions` label) and
 *   `limit` keeps at most that many, in the order the unpaginated output lists them. The counts are
 *   not paginated: they always count every example.
 *
 * ```json
 * { "id": "page2", "method": "examples", "score_thresholds": [0.5], "offset": 100, "limit": 100 }
 * ```
 *
 * @packageDocumentation
 */

export { TASKS } from './tasks';
export { validateRequest } from './validate-request';
export type { EvaluateOptions, MetricCall, MetricRequest, MetricResponse, TaskHandler } from './types';
