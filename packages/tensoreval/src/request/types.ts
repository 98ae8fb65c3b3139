import type { TaskSchema } from './schema/task-schema';

/** The metric request: the facade's unit of work (DESIGN.md "Metric request"). */
export interface MetricRequest {
  task: string;
  /** 'coco' (default for object_detection) or 'valor' */
  semantics?: 'coco' | 'valor';
  data: unknown;
  metrics: MetricCall[];
  /** text_generation: the judge endpoint and model (see request/text-generation.ts) */
  judge?: unknown;
  /** text / text_generation: named local model directories or log-prob endpoints (see request/model-blocks.ts) */
  models?: unknown;
  /** embedding, text_generation: the embedding provider (see request/embeddings-block.ts) */
  embeddings?: unknown;
  /** other blocks a task declares in its schema */
  [block: string]: unknown;
}

/** One call: an id for the output, Valor's method name and its keyword parameters. */
export interface MetricCall {
  id: string;
  method: string;
  [parameter: string]: unknown;
}

/** `{ "<id>": <output> }`, in the order of the request's metrics. */
export type MetricResponse = Record<string, unknown>;

/** Runs every call of a request for one task. */
export interface TaskHandler {
  /**
   * The task's request schema (data, blocks, methods with parameter schemas). Without one, the
   * schema is built from `methods` and the shared parameter schemas (schema/known-parameters.ts).
   */
  schema?: TaskSchema;
  /** methods this task accepts, each with its parameter names */
  methods: Readonly<Record<string, readonly string[]>>;
  /**
   * Which call outputs get run-level Aggregate records (request/aggregates.ts): 'by-uid' = records
   * with a `datum_uid` parameter, 'all' = every record is one datum's; absent = none (run-level tasks).
   */
  aggregates?: 'by-uid' | 'all';
  /** default semantics when the request names none */
  defaultSemantics: 'coco' | 'valor';
  /** semantics this task supports */
  semantics: readonly ('coco' | 'valor')[];
  run(request: MetricRequest, options: EvaluateOptions): Promise<MetricResponse>;
  /** present on tasks whose datums can be evaluated in shards (threads, queue jobs) and merged exactly */
  shards?: ShardedTask;
}

/**
 * A task evaluated by datum shards: each shard's datums become a serialised evaluator state, and the
 * states, loaded and merged in datum order, answer the calls exactly as one pass would.
 */
export interface ShardedTask {
  /** the keys `data` and each datum may hold (checked over the whole request before the split; absent: any) */
  datumKeys?: { data: ReadonlySet<string>; datum: ReadonlySet<string> };
  /**
   * whether this request's calls are answered from the evaluator (else it runs in one pass); throws
   * on an option sharding cannot honour
   */
  accepts(request: MetricRequest, options: EvaluateOptions): boolean;
  /** the state of `request.data`'s datums; errors number them from `base` (their index in the whole request) */
  state(request: MetricRequest, options: EvaluateOptions, base: number): Promise<Uint8Array>;
  /** why the task splits across threads only, never queue jobs (absent: both) */
  localOnly?: string;
  /** the response from the shards' states, in datum order */
  finish(request: MetricRequest, options: EvaluateOptions, states: readonly Uint8Array[]): Promise<MetricResponse>;
}

export interface EvaluateOptions {
  /**
   * 'auto' (default) | 'cpu' | 'onnx' | 'wasm' | 'tfjs' | 'gpujs': where the Valor object-detection and
   * semantic-segmentation IoU kernels run, with output identical to cpu (see ./index.ts). An
   * explicit backend that cannot load is an error naming how to install it.
   */
  backend?: string;
  /** called after each metric call with (calls done, total calls) */
  onProgress?: (done: number, total: number) => void;
  /** where relative `models.*.dir` paths start (the CLI passes the request file's folder; default the working directory) */
  modelsBaseDir?: string;
  /**
   * Threads that evaluate datum shards (default 1). Classification, semantic segmentation, object
   * detection (both semantics), embedding, retrieval and text_generation (judged) split
   * their datums into this many contiguous shards and merge the shards' states exactly: the output
   * is identical for every value. Other requests take only 1. Sharded object detection computes
   * IoUs on cpu (float64), as `backend: 'cpu'`; each judged shard builds the request's judge (its
   * `max_concurrency` holds per thread).
   */
  workers?: number;
}
