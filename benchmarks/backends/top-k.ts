import { cosineTopK, type KernelBackend } from 'tensoreval';
import { lcg } from '../data';

export interface TopKRow {
  backend: string;
  queries: number;
  corpus: number;
  dim: number;
  k: number;
  ms: number;
  /** time for all 100k queries, scaled linearly from the measured query count (cost is linear in it) */
  fullMs: number;
  gflops: number;
  /** share of the subset's top-1 indices equal to cpu's */
  top1AgreementWithCpu?: number;
}

const N = 100_000;
const DIM = 384;
const K = 10;
/**
 * Queries actually run against the full 100k corpus. All 100k would take minutes even on onnx on
 * 2 shared cores (7.7 TFLOP), so each engine runs a slice and the time is scaled linearly: onnx
 * 10,000 queries by default, wasm 1,000, the slower engines 100 (override: TENSOREVAL_TOPK_QUERIES=onnx:100000,cpu:1000).
 */
function queriesFor(backend: string): number {
  const custom = new Map((process.env.TENSOREVAL_TOPK_QUERIES ?? '').split(',').filter(Boolean).map((kv) => kv.split(':') as [string, string]));
  const n = Number(custom.get(backend) ?? (backend === 'onnx' ? 10_000 : backend === 'wasm' ? 1_000 : 100));
  return Math.min(N, Math.max(1, Math.floor(n)));
}
/** Queries whose top-1 is compared with cpu's. */
const CHECKED = 100;

function embeddings(rows: number, seed: number): Float32Array {
  const r = lcg(seed);
  return Float32Array.from({ length: rows * DIM }, () => r() * 2 - 1);
}

/**
 * cosineTopK on 100k queries × 100k corpus × 384 through the public API (onnx: fused Gemm + TopK
 * per tile). Each engine runs the first `queriesFor(backend)` queries against the full corpus; the
 * output states the measured count and the linear scaling to 100k.
 */
export async function runTopKBenchmark(ready: string[], print: (line: string) => void): Promise<TopKRow[]> {
  const corpus = embeddings(N, 51);
  const queries = embeddings(N, 52);
  const rows: TopKRow[] = [];
  let cpuTop1: Int32Array | undefined;
  const order = ['cpu', 'onnx', 'wasm', 'tfjs', 'gpujs'].filter((b) => ready.includes(b));
  for (const backend of order) {
    const nq = queriesFor(backend);
    const start = performance.now();
    const out = await cosineTopK(queries.subarray(0, nq * DIM), corpus, DIM, K, { backend: backend as KernelBackend, validate: false });
    const ms = performance.now() - start;
    const checked = Math.min(CHECKED, nq);
    const top1 = Int32Array.from({ length: checked }, (_, q) => out.indices[q * K] as number);
    if (backend === 'cpu') cpuTop1 = top1;
    const agreement = cpuTop1 ? top1.reduce((s, v, q) => s + (v === cpuTop1?.[q] ? 1 : 0), 0) / Math.min(checked, cpuTop1.length) : undefined;
    const fullMs = (ms * N) / nq;
    const row: TopKRow = { backend, queries: nq, corpus: N, dim: DIM, k: K, ms, fullMs, gflops: (2 * nq * N * DIM) / (ms * 1e6), top1AgreementWithCpu: agreement };
    rows.push(row);
    print(
      `cosineTopK 100k×100k×384 k=${K} ${backend.padEnd(6)} ${nq === N ? 'all 100k queries' : `${nq} queries (scaled ×${N / nq})`}: ` +
        `${(ms / 1000).toFixed(1)} s → ${(fullMs / 1000).toFixed(1)} s for 100k, ${row.gflops.toFixed(1)} GFLOP/s${agreement === undefined ? '' : `, top-1 = cpu on ${(agreement * 100).toFixed(1)} %`}`,
    );
  }
  return rows;
}
