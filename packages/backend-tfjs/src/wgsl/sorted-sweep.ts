import type { FloatArray } from '@tensoreval/core';
import { tfjs } from '../base';
import { readBack } from '../tensors';
import { flagPrefixSums } from './flag-prefix-sums';
import { downloadWords, uploadWords } from './program';
import { radixArgsort } from './radix-sort';
import { descendingScoreKeys } from './sort-keys';

/** The device's largest storage buffer binding in bytes (tfjs asks for the adapter's limit; 128 MiB is WebGPU's default). */
export function maxBindingBytes(): number {
  const backend = tfjs().backend() as unknown as { device?: { limits?: { maxStorageBufferBindingSize?: number } } };
  return backend.device?.limits?.maxStorageBufferBindingSize ?? 2 ** 27;
}

/**
 * Prefix sums of one chunk of flag rows: lane L = bit * chunkRows + r (row firstRow + r) at
 * L * n + p (see flagPrefixSums).
 */
export type FlagChunkSink = (prefix: Uint32Array, firstRow: number, chunkRows: number) => void;

/**
 * Sorts each segment by descending score (stable) and sums packed 0/1 flags along that order,
 * both on the GPU in integers; the host builds the keys and reads the order and the sums back.
 * Flag rows go in chunks whose buffers fit one storage binding of the device (`maxBytes`);
 * each chunk's sums are handed to `sink` before the next is computed. Returns the order.
 */
export async function sortedSweep(
  scores: FloatArray, flags: Int32Array, rows: number, bits: number, offsets: Int32Array, sink: FlagChunkSink, maxBytes = maxBindingBytes(),
): Promise<Int32Array> {
  const n = scores.length;
  const keys = descendingScoreKeys(scores, offsets);
  const rowBytes = 4 * n;
  if ((keys.rows + 1) * rowBytes > maxBytes || bits * rowBytes > maxBytes) {
    throw new Error(`${n} scores need GPU buffers of ${(keys.rows + 1) * rowBytes} bytes, over this device's storage binding limit of ${maxBytes} bytes; use the cpu backend`);
  }
  const order = radixArgsort(keys, n);
  const chunkRows = Math.max(1, Math.floor(maxBytes / (bits * rowBytes)));
  try {
    for (let first = 0; first < rows; first += chunkRows) {
      const count = Math.min(chunkRows, rows - first);
      const flagWords = uploadWords(flags.subarray(first * n, (first + count) * n));
      const sums = flagPrefixSums(order, flagWords, n, count, bits);
      flagWords.dispose();
      sink(new Uint32Array((await downloadWords(sums)).buffer), first, count);
    }
    return (await readBack(order)) as Int32Array;
  } finally {
    order.dispose();
  }
}

/**
 * Per-segment running counts of one lane from the flat prefix: the prefix at p minus the prefix
 * just before the segment starts, in u32 (exact), written as float64 into `out[outBase + p]`.
 */
export function segmentCounts(prefix: Uint32Array, lane: number, n: number, offsets: Int32Array, out: Float64Array, outBase: number): void {
  const base = lane * n;
  for (let s = 0; s + 1 < offsets.length; s++) {
    const start = offsets[s] as number;
    const end = offsets[s + 1] as number;
    const before = base + start === 0 ? 0 : (prefix[base + start - 1] as number);
    for (let p = start; p < end; p++) out[outBase + p] = ((prefix[base + p] as number) - before) >>> 0;
  }
}
