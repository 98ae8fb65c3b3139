import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { autoPriorities } from '../../packages/tensoreval/src/kernels-api/auto-priorities';
import { autoTableModule, deriveAutoTable, LEAD_OVER_CPU, type BucketResult } from './auto-table';

const row = (kernel: BucketResult['kernel'], size: number, backend: string, medianMs: number, ok = true, minMs = medianMs): BucketResult => ({ kernel, size, backend, medianMs, minMs, ok });

describe('deriveAutoTable', () => {
  it('ranks backends per size bucket, keeps cpu first unless beaten by the lead, and drops mismatches', () => {
    const table = deriveAutoTable([
      row('PairwiseCosine', 100, 'cpu', 1), row('PairwiseCosine', 100, 'onnx', 0.9), row('PairwiseCosine', 100, 'tfjs', 5),
      row('PairwiseCosine', 10_000, 'cpu', 100), row('PairwiseCosine', 10_000, 'onnx', 4), row('PairwiseCosine', 10_000, 'tfjs', 20),
      row('PairwiseCosine', 10_000, 'gpujs', 1, false),
      // a noisy cpu median: gpujs leads on the median but not on the minimum, so it stays behind cpu
      row('BoxIou', 100, 'cpu', 0.7, true, 0.14), row('BoxIou', 100, 'gpujs', 0.3, true, 0.27),
    ]);
    expect(table.BoxIou).toEqual([{ upTo: Infinity, order: ['cpu'] }]);
    expect(table.PairwiseCosine).toEqual([
      { upTo: 1000, order: ['cpu'] },
      { upTo: Infinity, order: ['onnx', 'tfjs', 'cpu'] },
    ]);
    expect(0.9 * LEAD_OVER_CPU).toBeGreaterThan(1); // why onnx stays behind cpu in the small bucket
  });

  it('writes a module whose table survives the round trip, Infinity included', () => {
    const table = deriveAutoTable([row('BoxIou', 4, 'cpu', 1), row('BoxIou', 4, 'onnx', 0.1)]);
    const source = autoTableModule(table, 'test-machine', '2026-01-01', { BoxIou: 'pairs' });
    expect(source).toContain('"upTo": Infinity');
    const body = source.slice(source.lastIndexOf('  table: ') + 9, source.lastIndexOf('};'));
    // eslint-disable-next-line no-new-func
    expect(new Function(`return ${body.trim().replace(/,$/, '')}`)()).toEqual(table);
  });

  it('the committed auto table is the one derived from the committed results files of the runs it names', () => {
    const dir = join(__dirname, '../results');
    const runs = readdirSync(dir)
      .filter((f) => f.includes('-backends-') && f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as { date: string; rows: BucketResult[] });
    const kernelRuns: Record<string, { date: string }> = autoPriorities.kernelRuns;
    for (const kernel of Object.keys(autoPriorities.table) as Array<keyof typeof autoPriorities.table>) {
      // a kernel re-measured alone (`--only`) names its run; the rest come from the table's own run
      const date = kernelRuns[kernel]?.date ?? autoPriorities.date;
      const run = runs.find((r) => r.date === date);
      expect(run, `a results file dated ${date} (${kernel})`).toBeDefined();
      // run.ts leaves the ort-gemm reference rows out of the table
      expect(deriveAutoTable((run?.rows ?? []).filter((r) => r.backend !== 'ort-gemm'))[kernel], kernel).toEqual(autoPriorities.table[kernel]);
    }
  });
});
