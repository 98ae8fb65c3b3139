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
 * Backend (`evaluate(request, { backend })`, `tensoreval evaluate --backend`): 'auto' (default),
 * 'cpu', 'onnx', 'wasm', 'tfjs' or 'gpujs' picks where the IoU kernels of the Valor paths run; the output is
 * identical to cpu's, number for number.
 * - object detection, `semantics: 'valor'`: boxes through BoxIou on the backend. A float32 backend's
 *   IoUs go through the exactness guard (`guardBoxIou`): every pair whose comparison Valor makes
 *   could differ from float64 (against the request's `iou_thresholds`, all calls together, or
 *   Valor's defaults for a call without them; against the pairing cut 1e-9; against another
 *   candidate of the same prediction or of a prediction with an equal score) is recomputed in
 *   float64. Bitmasks through BitmaskIntersections on the backend (exact integer counts on every
 *   backend). Polygons always use exact polygon clipping on the host.
 * - semantic segmentation: the pixel confusion counts through BitmaskIntersections on the backend.
 * - on cpu: COCO semantics (`semantics: 'coco'`), the `bbox_iou` / `polygon_iou` / `bitmask_iou`
 *   methods (their IoU values are the output) and the other tasks.
 * `auto` follows the measured table (kernels-api/auto-priorities.ts), which today keeps BoxIou and
 * BitmaskIntersections on cpu at every size. An explicit backend that cannot load is an error (TE-301)
 * naming what is missing and how to install it, also for polygon data.
 *
 * @packageDocumentation
 */

export { TASKS } from './tasks';
export { validateRequest } from './validate-request';
export type { EvaluateOptions, MetricCall, MetricRequest, MetricResponse, TaskHandler } from './types';
