/** A COCO run: the RESULT.json `tensoreval coco --out` writes (DESIGN.md), with its `curves` block. */
export interface CocoRun {
  iouType: string;
  stats: number[];
  perCategory: Array<{ categoryId: number | string; name: string; AP: number; AP50: number; AP75: number; AR100: number }>;
  params: { iouThrs: number[]; maxDets: number[]; areaRngLbl: string[] };
  counts?: Record<string, number>;
  classF1?: {
    scoreThreshold: number;
    iouThr: number;
    perCategory: Array<{ categoryId: number | string; positives: number; tp: number; fp: number; bestThreshold: number | null; bestF1: number; bestPrecision: number; bestRecall: number }>;
  };
  /** the TIDE error breakdown (`tensoreval coco --tide` / `--report`), when the run has one */
  tide?: TideRun;
  curves?: {
    recThrs: number[];
    areaRngLbl: string[];
    perCategory: Array<{ categoryId: number | string; pr50: number[]; pr75: number[]; prMean: number[]; score50: number[]; apBySize: number[]; f1?: { score: number[]; precision: number[]; recall: number[] } }>;
  };
}

/** RESULT.json `tide`, or the value of a Valor detection `TIDE` record: the ΔAP each TIDE error type would recover (metrics detection/tide). */
export interface TideRun {
  posThreshold: number;
  bgThreshold: number;
  /** COCO runs only: the lane's area range and maxDets (Valor's matching has neither) */
  areaRng?: string;
  maxDets?: number;
  ap: number;
  errors: Record<string, { count: number; fixedAP: number; deltaAP: number }>;
  special: Record<string, { fixedAP: number; deltaAP: number }>;
}

/** A metric record in Valor's shape. */
export interface MetricRecord { type: string; value: unknown; parameters?: Record<string, unknown> }

/** One run to report: a COCO RESULT.json or an `evaluate` result (`{"<id>": output}`). */
export interface ReportRun {
  /** shown in headings and comparison columns (e.g. the file name) */
  name: string;
  /** the parsed RESULT.json */
  result: unknown;
  /** the metric request of an `evaluate` run, when known: pairs judged records with their datums */
  request?: unknown;
  /** token and cost totals of a judged run (`JudgedRunSummary`), when known */
  judgeSummary?: { records: number; errors: number; usage: { calls: number; cachedCalls?: number; promptTokens: number; completionTokens: number; costUsd: number | null } };
  /** the judge's verdict text behind each judged record (`JudgedVerdicts`: per metric id, per datum), when known */
  judgeVerdicts?: Record<string, ReadonlyArray<string | null>>;
}

/** Whether a parsed result is a COCO RESULT.json. */
export function isCocoRun(result: unknown): result is CocoRun {
  const r = result as CocoRun | null;
  return typeof r === 'object' && r !== null && Array.isArray(r.stats) && Array.isArray(r.perCategory) && typeof r.iouType === 'string';
}
