import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { autoPriorities } from '../../packages/tensoreval/src/kernels-api/auto-priorities';
import { autoTableModule, deriveAutoTable, deriveAutoTables, LEAD_OVER_CPU, type BucketResult } from './auto-table';

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

  it('keys the tables by the device each backend ran on; a software adapter\'s rows make no table', () => {
    const on = (r: BucketResult, device: BucketResult['device']): BucketResult => ({ ...r, device });
    const rows = [
      row('PairwiseCosine', 100, 'cpu', 10),
      on(row('PairwiseCosine', 100, 'onnx', 1), 'cpu'),
      on(row('PairwiseCosine', 100, 'tfjs', 0.5), 'software'),
    ];
    const cpuOnly = deriveAutoTables(rows);
    expect(cpuOnly).toEqual({ cpu: { PairwiseCosine: [{ upTo: Infinity, order: ['onnx', 'cpu'] }] } });
    const withGpu = deriveAutoTables([...rows, on(row('PairwiseCosine', 100, 'gpujs', 2), 'gpu')]);
    expect(withGpu.gpu).toEqual({ PairwiseCosine: [{ upTo: Infinity, order: ['gpujs', 'cpu'] }] });
    expect(withGpu.cpu).toEqual(cpuOnly.cpu);
  });

  it('writes a module whose tables survive the round trip, Infinity included', () => {
    const table = deriveAutoTables([row('BoxIou', 4, 'cpu', 1), row('BoxIou', 4, 'onnx', 0.1)]);
    const source = autoTableModule(table, 'test-machine', '2026-01-01', { BoxIou: 'pairs' });
    expect(source).toContain('"upTo": Infinity');
    const body = source.slice(source.lastIndexOf('  tables: ') + 10, source.lastIndexOf('};'));
    // eslint-disable-next-line no-new-func
    expect(new Function(`return ${body.trim().replace(/,$/, '')}`)()).toEqual(table);
  });

  it('the committed auto tables are the ones derived from the committed results files of the runs they name', () => {
    const dir = join(__dirname, '../results');
    const runs = readdirSync(dir)
      .filter((f) => f.includes('-backends-') && f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as { date: string; rows: BucketResult[] });
    const derivedFrom = (date: string) => {
      const run = runs.find((r) => r.date === date);
      expect(run, `a results file dated ${date}`).toBeDefined();
      // run.ts leaves the ort-gemm reference rows out of the table
      return deriveAutoTables((run?.rows ?? []).filter((r) => r.backend !== 'ort-gemm'));
    };
    const kernelRuns: Record<string, { date: string }> = autoPriorities.kernelRuns;
    const own = derivedFrom(autoPriorities.date);
    for (const kind of Object.keys(autoPriorities.tables) as Array<keyof typeof autoPriorities.tables>) {
      for (const [kernel, rules] of Object.entries(autoPriorities.tables[kind] ?? {})) {
        // a kernel re-measured alone (`--only`) names its run; the rest come from the tables' own run
        const from = kernelRuns[kernel] ? derivedFrom(kernelRuns[kernel].date) : own;
        expect(rules, `${kind}/${kernel}`).toEqual(from[kind]?.[kernel as keyof (typeof from)['cpu']]);
      }
    }
  });
});
