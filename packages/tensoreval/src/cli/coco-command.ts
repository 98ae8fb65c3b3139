import { invalidOption } from '@tensoreval/core';
import type { CocoEvaluation } from '@tensoreval/metrics/detection';
import { cocoBackend, evaluateCoco, type EvaluateCocoOptions } from '../evaluate-coco';
import { flagString, parseArgs } from './args';
import { familyOptions } from './coco-family-flags';
import type { CommandSpec } from './command-spec';
import { checkWritable, STDOUT, writeOutput, writeStdout } from './write-output';
import { cocoCurves } from '../report/coco-curves';
import { runName, writeReport } from '../report/write-report';
import { createStageReport } from './stage-report';
import { numberFlag, numberListFlag } from './number-flags';
import { SHARDING_FLAGS, shardingFlags } from './queue-flags';
import { withSignalCleanup } from './queue-signals';

const CMD = 'tensoreval coco';
const IOU_TYPES = ['bbox', 'segm', 'keypoints', 'boundary'] as const;

/** `tensoreval coco`: every flag, with what it does (printed by `tensoreval coco --help`). */
export const cocoSpec: CommandSpec = {
  name: 'coco',
  synopsis: '--gt GT.json --dt DT.json [flags]',
  summary: "Evaluates COCO-format detections with the reference's exact numbers: pycocotools 2.0.11 (bbox, segm, keypoints), boundary-iou-api (boundary) or lvis-api LVISEval (--lvis). Prints the reference's summary (stdout) and writes RESULT.json with --out. Files may be gzip-compressed (.json.gz).",
  flags: {
    gt: { value: 'GT.json', help: 'COCO instances groundtruth file (the file pycocotools COCO() reads). Required.' },
    dt: { value: 'DT.json', help: 'COCO results list (the file COCO.loadRes() reads); large files are read by streaming. Required.' },
    'iou-type': { value: 'bbox|segm|keypoints|boundary', help: "what to match: 'bbox' boxes (default), 'segm' masks (polygons or RLE), 'keypoints' (OKS), 'boundary' (min of mask and boundary IoU)." },
    'kpt-sigmas': { value: 's1,...,sK', help: "keypoints: per-keypoint OKS sigmas (default COCO's 17; any K, e.g. CrowdPose's 14)." },
    'dilation-ratio': { value: 'R', help: 'boundary: band width as a fraction of the image diagonal (default 0.02).' },
    lvis: { help: 'LVIS federated evaluation (with --iou-type bbox|segm): 300 detections per image, neg_category_ids / not_exhaustive_category_ids, APr/APc/APf; 13 stats.' },
    'max-dets': { value: 'N,N,N', help: 'maxDets, comma-separated (default 1,10,100; keypoints 20; LVIS 300).' },
    'iou-thrs': { value: 'T,...', help: 'IoU thresholds, comma-separated (default 0.5:0.05:0.95, as np.linspace in pycocotools).' },
    'rec-thrs': { value: 'R,...', help: 'recall thresholds, comma-separated (default 0:0.01:1, 101 points).' },
    'area-rng': { value: 'RANGES', help: 'area ranges as [label=]lo:hi, comma-separated (default all=0:1e10,small=0:1024,medium=1024:9216,large=9216:1e10).' },
    'img-ids': { value: 'ID,...', help: 'evaluate only these image ids (default: every GT image).' },
    'use-cats': { value: '0|1', help: '1 (default) evaluates per category; 0 pools all categories, as params.useCats = 0.' },
    out: { value: 'FILE', help: `write RESULT.json (iouType, stats, statNames, perCategory, extended, params, counts, curves) to FILE; '${STDOUT}' writes it to stdout and moves the summary to stderr.` },
    'pr-arrays': { value: 'FILE', help: `write the full precision [T,R,K,A,M], recall and scores arrays as JSON to FILE ('${STDOUT}' for stdout).` },
    'score-threshold': { value: 'S', help: 'also print and write per-category precision, recall and F1 of detections with score >= S, and the F1-optimal score per category.' },
    'f1-iou': { value: 'T', help: 'IoU threshold of the --score-threshold extras; one of the IoU thresholds (default 0.5).' },
    'numpy-summation': { value: 'blocked|whole', help: "how summary means are summed: 'blocked' = numpy 1.x pairwise sums over 8192-element blocks (default, what pycocotools gives with numpy 1.x), 'whole' = numpy 2.x." },
    backend: { value: 'auto|cpu|tfjs', help: "'auto' and 'cpu' run the float64 cpu reference (what 'auto' picks). 'tfjs' (bbox, one worker) runs the IoU, its exactness guard and the matching on tfjs (on tfjs-backend-webgpu without a host round trip), with the cpu numbers bit for bit. Naming another backend is an error (TE-101), never a silent cpu run." },
    tide: { help: 'also compute the TIDE error breakdown (RESULT.json `tide`: the AP50 each error type would recover); --report computes it too.' },
    report: { value: 'FILE.html', help: 'write a self-contained HTML report (summary, per-category table, PR and F1 curves); runs the F1 sweep at score >= 0 when --score-threshold is absent.' },
    ...SHARDING_FLAGS,
    quiet: { help: 'no stage lines on stderr (warnings about skipped records are still printed).' },
  },
  notes: `Stages (shown on stderr with their times when it is a terminal): reading files, loading, masks, per-image
evaluation, accumulation, summary. The COCO path runs on the float64 cpu reference backend; --backend
tfjs moves the bbox IoU and matching stage to tfjs, with the same numbers.

Example:
  tensoreval coco --gt instances_val2017.json --dt detections.json --iou-type segm --out result.json`,
};

/** Stage names as pycocotools prints them ('read' is the CLI's own: reading the files). */
const STAGE_NAMES = {
  read: 'Reading GT and results files',
  load: 'Loading and preparing annotations and results',
  masks: 'Preparing IoU inputs (boxes or masks)',
  evaluate: 'Running per image evaluation',
  accumulate: 'Accumulating evaluation results',
  summarize: 'Summarizing',
} as const;

/** `--area-rng all=0:1e10,small=0:1024` (labels optional): ranges and labels. */
function areaRanges(text: string): { areaRng: Array<[number, number]>; areaRngLbl: string[] | undefined } {
  const areaRng: Array<[number, number]> = [];
  const labels: string[] = [];
  for (const part of text.split(',')) {
    const m = /^\s*(?:([\w-]+)=)?([^:]+):(.+)$/.exec(part);
    const lo = m ? Number(m[2]) : NaN, hi = m ? Number(m[3]) : NaN;
    if (!m || Number.isNaN(lo) || Number.isNaN(hi)) throw invalidOption(CMD, '--area-rng', 'a comma-separated list of [label=]lo:hi ranges, e.g. all=0:1e10,small=0:1024', text);
    areaRng.push([lo, hi]);
    if (m[1] !== undefined) labels.push(m[1]);
  }
  if (labels.length !== 0 && labels.length !== areaRng.length) throw invalidOption(CMD, '--area-rng', 'labelled on every range or on none', text);
  return { areaRng, areaRngLbl: labels.length ? labels : undefined };
}

/** Options of `tensoreval coco` from its flags. */
function cocoOptions(args: ReturnType<typeof parseArgs>): EvaluateCocoOptions {
  const opts: EvaluateCocoOptions = {};
  const iouType = flagString(args, 'iou-type');
  if (iouType !== undefined) {
    if (!(IOU_TYPES as readonly string[]).includes(iouType)) throw invalidOption(CMD, '--iou-type', "'bbox', 'segm', 'keypoints' or 'boundary'", iouType);
    opts.iouType = iouType as EvaluateCocoOptions['iouType'];
  }
  Object.assign(opts, familyOptions(args, opts.iouType, CMD));
  const maxDets = numberListFlag(args, 'max-dets', CMD);
  if (maxDets !== undefined) opts.maxDets = maxDets;
  const iouThrs = numberListFlag(args, 'iou-thrs', CMD);
  if (iouThrs !== undefined) opts.iouThrs = iouThrs;
  const recThrs = numberListFlag(args, 'rec-thrs', CMD);
  if (recThrs !== undefined) opts.recThrs = recThrs;
  const area = flagString(args, 'area-rng');
  if (area !== undefined) Object.assign(opts, areaRanges(area));
  const imgIds = flagString(args, 'img-ids');
  if (imgIds !== undefined) {
    const ids = imgIds.split(',').map((s) => s.trim()).filter((s) => s !== '');
    // `--img-ids ,` would silently evaluate no image at all
    if (ids.length === 0) throw invalidOption(CMD, '--img-ids', 'a comma-separated list of at least one image id', imgIds);
    opts.imgIds = ids.map((s) => (/^-?\d+(\.\d+)?$/.test(s) ? Number(s) : s));
  }
  const useCats = flagString(args, 'use-cats');
  if (useCats !== undefined) {
    if (!['0', '1', 'true', 'false'].includes(useCats)) throw invalidOption(CMD, '--use-cats', '0, 1, true or false', useCats);
    opts.useCats = useCats === '1' || useCats === 'true';
  }
  const thr = numberFlag(args, 'score-threshold', CMD);
  if (thr !== undefined) opts.scoreThreshold = thr;
  const f1Iou = numberFlag(args, 'f1-iou', CMD);
  if (f1Iou !== undefined) opts.f1IouThr = f1Iou;
  const summation = flagString(args, 'numpy-summation');
  if (summation !== undefined) {
    // 'blocked' = numpy 1.x (8192-element buffers, the default); 'whole' = numpy 2.x single pairwise pass
    if (summation !== 'blocked' && summation !== 'whole') throw invalidOption(CMD, '--numpy-summation', "'blocked' (numpy 1.x) or 'whole' (numpy 2.x)", summation);
    opts.summation = summation;
  }
  const backend = flagString(args, 'backend');
  if (backend !== undefined) opts.backend = cocoBackend(backend, CMD, '--backend');
  return opts;
}

/** RESULT.json: iouType, stats, perCategory, params (DESIGN.md), plus counts and the optional F1 extras. */
export function cocoResultJson(r: CocoEvaluation): Record<string, unknown> {
  const p = r.params;
  const out: Record<string, unknown> = {
    iouType: r.iouType,
    ...(r.lvis ? { lvis: true } : {}),
    stats: r.stats,
    statNames: r.statNames,
    extended: r.extended,
    perCategory: r.perCategory,
    params: {
      iouType: p.iouType, imgIds: p.imgIds ?? null, iouThrs: Array.from(p.iouThrs), recThrs: Array.from(p.recThrs),
      maxDets: p.maxDets, areaRng: p.areaRng, areaRngLbl: p.areaRngLbl, useCats: p.useCats,
      ...(p.iouType === 'keypoints' ? { kptOksSigmas: Array.from(p.kptOksSigmas) } : {}),
      ...(p.iouType === 'boundary' ? { dilationRatio: p.dilationRatio } : {}),
    },
    counts: r.counts,
    // what `tensoreval report` draws: PR and F1-vs-score curves, AP by size (report/coco-curves.ts)
    curves: cocoCurves(r),
  };
  // only when asked (--tide, --report): the TIDE error breakdown (metrics detection/tide/README.md)
  if (r.tide) out.tide = r.tide;
  // the sweeps go to curves.perCategory[].f1, thinned (cocoCurves)
  if (r.classF1) out.classF1 = { ...r.classF1, perCategory: r.classF1.perCategory.map(({ curve: _curve, ...row }) => row) };
  return out;
}

/** The full accumulate arrays (C order) with their axes, for --pr-arrays. */
export function cocoArraysJson(r: CocoEvaluation): Record<string, unknown> {
  const { shape, precision, recall, scores } = r.arrays;
  return {
    layout: { precision: 'T,R,K,A,M', recall: 'T,K,A,M', scores: 'T,R,K,A,M', order: 'C (row-major)' },
    shape,
    iouThrs: Array.from(r.params.iouThrs), recThrs: Array.from(r.params.recThrs),
    categoryIds: r.perCategory.map((c) => c.categoryId), areaRngLbl: r.params.areaRngLbl, maxDets: r.params.maxDets,
    precision: Array.from(precision), recall: Array.from(recall), scores: Array.from(scores),
  };
}

/** `tensoreval coco` (see {@link cocoSpec}): prints the summary, writes RESULT.json with --out. Returns the exit code. */
export async function cocoCommand(argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv, cocoSpec);
  const gt = flagString(args, 'gt');
  const dt = flagString(args, 'dt');
  if (gt === undefined) throw invalidOption(CMD, '--gt', 'the path of a COCO instances GT file', undefined);
  if (dt === undefined) throw invalidOption(CMD, '--dt', 'the path of a COCO results file', undefined);
  const options = cocoOptions(args);
  const { workers, queue } = shardingFlags(args, CMD);
  if (workers !== undefined) options.workers = workers;
  const out = flagString(args, 'out');
  const arrays = flagString(args, 'pr-arrays');
  // before the work: an unwritable output fails now rather than after minutes of evaluation
  if (out !== undefined) await checkWritable(out, '--out', CMD);
  if (arrays !== undefined) await checkWritable(arrays, '--pr-arrays', CMD);
  const report = flagString(args, 'report');
  if (report !== undefined) await checkWritable(report, '--report', CMD);
  const printF1 = options.scoreThreshold !== undefined;
  // the report's per-category GT / detection counts and exact F1-optimal scores come from the F1 sweep
  if (report !== undefined && !printF1) options.scoreThreshold = 0;
  if (out === STDOUT && arrays === STDOUT) throw invalidOption(CMD, '--pr-arrays', `a file when --out is '${STDOUT}' (one of them can use stdout)`, arrays, 'TE-103');
  if (report !== undefined || args.flags.has('tide')) options.tide = true;
  const quiet = args.flags.has('quiet');
  // stdout carries the JSON when --out/--pr-arrays is '-', so the human-readable text goes to stderr
  const text = out === STDOUT || arrays === STDOUT ? process.stderr : process.stdout;
  const stages = createStageReport(STAGE_NAMES, !quiet);
  // TENSOREVAL_TIMING=1 prints each stage's start (wall and process CPU seconds) on stderr, for profiling.
  const timing = process.env.TENSOREVAL_TIMING ? (label: string) => process.stderr.write(`[wall ${process.uptime().toFixed(3)}s cpu ${(process.cpuUsage().user / 1e6).toFixed(3)}s] ${label}\n`) : undefined;
  const onStage = (stage: Parameters<NonNullable<EvaluateCocoOptions['onStage']>>[0]) => {
    timing?.(stage);
    stages.enter(stage);
  };
  stages.enter('read');
  const result = queue === undefined
    ? await evaluateCoco(gt, dt, { ...options, onStage })
    : await withSignalCleanup(async (signal) => (await import('../queue/queue-run')).evaluateCocoOnQueue(gt, dt, { ...options, onStage }, {
      ...queue,
      signal,
      onShard: (done, total) => { if (!quiet) process.stderr.write(`tensoreval coco: ${done}/${total} shards done\n`); },
    }));
  timing?.('done');
  stages.finish();
  // the summary is human-readable text: on stdout (EPIPE-tolerant), or stderr when stdout carries JSON
  const say = (line: string): Promise<void> => (text === process.stdout ? writeStdout(line) : Promise.resolve(void text.write(line)));
  await say(`${result.summaryText}\n`);
  const c = result.counts;
  if (c.skippedUnknownCategory > 0) process.stderr.write(`tensoreval: skipped ${c.skippedUnknownCategory} detection(s) of ${dt} whose category_id is not a GT category (counted in RESULT.json counts.skippedUnknownCategory)\n`);
  const resultJson = cocoResultJson(result);
  if (out !== undefined) await writeOutput(out, `${JSON.stringify(resultJson, null, 1)}\n`, '--out', 'coco');
  if (arrays !== undefined) await writeOutput(arrays, `${JSON.stringify(cocoArraysJson(result))}\n`, '--pr-arrays', 'coco-pr-arrays');
  if (report !== undefined) await writeReport(report, [{ name: runName(dt), result: resultJson }]);
  if (result.classF1 && printF1) {
    const rows = result.classF1.perCategory.map((r) => `  ${String(r.categoryId).padStart(6)} ${r.name.padEnd(20).slice(0, 20)} P=${r.precision.toFixed(3)} R=${r.recall.toFixed(3)} F1=${r.f1.toFixed(3)}  best F1=${r.bestF1.toFixed(3)} @ score>=${r.bestThreshold === null ? '-' : r.bestThreshold.toFixed(4)}`);
    await say(`Per-category at score >= ${result.classF1.scoreThreshold}, IoU=${result.classF1.iouThr}, area=all:\n${rows.join('\n')}\n`);
  }
  return 0;
}
