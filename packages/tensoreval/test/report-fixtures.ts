import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LoopbackChatServer } from '../../metrics/test/judge-loopback-server';
import { runCli } from '../src/cli/run-cli';
import { caseToRequest, listValorCases } from './valor-cases';
import { captureWrites } from './capture-stdio';

// The reports the report tests look at, made once per test file through the CLI: the bundled COCO
// subset (and a second run of it for the comparison), one Valor case per task (enumerated from
// test-data/reference/valor at run time) and a judged run against a scripted chat server.

export const COCO_DIR = fileURLToPath(new URL('../../../test-data/reference/coco/cocoapi_val2014_100/', import.meta.url));
export const COCO_GT = `${COCO_DIR}instances_val2014_100.json`;
export const COCO_DT = `${COCO_DIR}instances_val2014_fakebbox100_results.json`;

/** Valor reference cases reported, one per task: the first case of each prefix whose name has 'random'. */
const VALOR_PREFIXES = { cls: 'classification', od: 'object_detection', seg: 'semantic_segmentation' } as const;

export interface MadeReports {
  dir: string;
  coco: { json: string; html: string };
  compare: { html: string };
  valor: Record<keyof typeof VALOR_PREFIXES, { json: string; html: string; file: string }>;
  judged: { json: string; html: string; request: string; log: string };
}

const VERDICTS = (yes: number, no: number) => JSON.stringify({ verdicts: [...Array(yes).fill({ analysis: 'ok', verdict: 'yes' }), ...Array(no).fill({ analysis: 'contradicts', verdict: 'no' })] });

/** Runs the CLI quietly (stdout muted: the COCO summary and JSON are not the subject). */
async function cli(argv: string[]): Promise<void> {
  const stdout = captureWrites(process.stdout);
  try {
    const code = await runCli(argv);
    if (code !== 0) throw new Error(`tensoreval ${argv.join(' ')} exited ${code}`);
  } finally {
    stdout.restore();
  }
}

/** Makes every report under a fresh temporary folder. */
export async function makeReports(): Promise<MadeReports> {
  const dir = mkdtempSync(join(tmpdir(), 'te-report-'));
  const coco = { json: join(dir, 'baseline.json'), html: join(dir, 'coco.html') };
  await cli(['coco', '--gt', COCO_GT, '--dt', COCO_DT, '--out', coco.json, '--report', coco.html, '--quiet']);
  // a second "model": every third detection dropped
  const dets = (JSON.parse(readFileSync(COCO_DT, 'utf8')) as unknown[]).filter((_, i) => i % 3 !== 2);
  const dt2 = join(dir, 'pruned-dt.json');
  writeFileSync(dt2, JSON.stringify(dets));
  const json2 = join(dir, 'pruned.json');
  await cli(['coco', '--gt', COCO_GT, '--dt', dt2, '--out', json2, '--quiet']);
  const compare = { html: join(dir, 'compare.html') };
  await cli(['report', coco.json, json2, '--out', compare.html]);

  const cases = listValorCases();
  const valor = {} as MadeReports['valor'];
  for (const [prefix, task] of Object.entries(VALOR_PREFIXES) as Array<[keyof typeof VALOR_PREFIXES, string]>) {
    const c = cases.find((x) => x.file.startsWith(`${prefix}_random`) && x.task === task);
    if (!c) throw new Error(`no ${prefix}_random* Valor case in test-data/reference/valor`);
    const request = join(dir, `${prefix}-request.json`);
    const req = caseToRequest(c) as { metrics: Array<Record<string, unknown>> };
    // the detection run also asks for TIDE's error breakdown on Valor's matching
    if (prefix === 'od') req.metrics.push({ id: 'errors', method: 'tide' });
    writeFileSync(request, JSON.stringify(req));
    const out = { json: join(dir, `${prefix}.json`), html: join(dir, `${prefix}.html`), file: c.file };
    await cli(['evaluate', request, '--out', out.json, '--report', out.html, '--quiet']);
    valor[prefix] = out;
  }

  const server = await LoopbackChatServer.start([{ reply: VERDICTS(1, 1) }, { reply: VERDICTS(2, 0) }, { reply: 'no json at all' }, { reply: VERDICTS(0, 2) }]);
  try {
    const request = join(dir, 'judged-request.json');
    writeFileSync(request, JSON.stringify({
      task: 'text_generation',
      judge: { model: 'scripted', endpoint: server.baseURL, max_retries: 0, max_concurrency: 1, pricing: { prompt_per_million: 2.5, completion_per_million: 10 } },
      data: { datums: ['boils at 100C', 'Paris is the capital', 'the sky is green', 'cats are reptiles'].map((response, i) => ({ uid: `q${i}`, query: `question ${i}?`, response, context: ['c1', 'c2'] })) },
      metrics: [{ id: 'hal', method: 'hallucination' }],
    }));
    const judged = { json: join(dir, 'judged.json'), html: join(dir, 'judged.html'), request, log: join(dir, 'judged-log.json') };
    await cli(['evaluate', request, '--out', judged.json, '--report', judged.html, '--judge-log', judged.log, '--quiet']);
    return { dir, coco, compare, valor, judged };
  } finally {
    await server.close();
  }
}
