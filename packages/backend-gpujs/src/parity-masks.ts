import { gpujsKernel, runGpujs } from './base';
import { EXACT_INDEX } from './tiles';

/*
 * Per-pixel mask fill shared by PolygonToRle and RleDecode. A mask is described by toggle positions
 * (run boundaries of an RLE, boundary points of a polygon): pixel p is set exactly when an odd number
 * of toggles are <= p. Each gpu.js thread fills 24 consecutive pixels: one binary search for the
 * toggles before its first pixel, then a walk, packing the 24 bits into one float32 (exact integers
 * below 2^24), which cuts the readback 24-fold. Several masks share a dispatch: their toggles are
 * shifted by the mask's first pixel, and a mask with an odd number of toggles gets a closing one at
 * its end, so the parity is even again where the next mask starts.
 */

/** Most pixels in one dispatch: thread indices, toggles and their count stay exact in float32. */
export const MAX_DISPATCH_PIXELS = EXACT_INDEX - 1;

/** Beyond every pixel index; ends the toggle list so the kernel never reads an empty argument. */
const SENTINEL = 2 * EXACT_INDEX;

/** Pixels per thread, packed as the bits of one float32. */
const BITS = 24;

// Toggles are strictly increasing (at most one per pixel) and end with SENTINEL; 25 halvings cover any
// count below 2^25. Pixels at or past `pixels` (the last thread's tail) stay 0.
const SOURCE = `function (toggles, n, pixels) {
  const p0 = this.thread.x * 24;
  let lo = 0;
  let hi = n;
  for (let it = 0; it < 25; it++) {
    if (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      if (toggles[mid] < p0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
  }
  let k = lo;
  let word = 0;
  let bit = 1;
  for (let i = 0; i < 24; i++) {
    const p = p0 + i;
    if (toggles[k] <= p) {
      k += 1;
    }
    if (k - 2 * Math.floor(k / 2) > 0.5 && p < pixels) {
      word += bit;
    }
    bit *= 2;
  }
  return word;
}`;

/** Writes a mask's toggle positions, in non-decreasing order, through `add`. */
export type ToggleWriter = (mask: number, add: (position: number) => void) => void;

/** One dispatch's result: masks `ids` (in the order given), mask k's pixels at bits[starts[k] .. starts[k+1]). */
export type ChunkSink = (ids: Int32Array, starts: Int32Array, bits: Uint8Array) => void;

/**
 * Fills the masks `ids` (each of 0 .. `limit` pixels; one of 0 takes no place) on the GPU, in dispatches of at most `limit`
 * pixels, handing each dispatch's 0/1 pixels to `sink`.
 */
export async function parityMasks(ids: Int32Array, pixelsOf: (mask: number) => number, writeToggles: ToggleWriter, sink: ChunkSink, limit = MAX_DISPATCH_PIXELS): Promise<void> {
  const kernel = gpujsKernel('ToggleParity', SOURCE);
  let toggles = new Float32Array(1024);
  let nt = 0;
  let base = 0;
  let pixels = 0;
  const starts = new Int32Array(ids.length + 1);
  let first = 0;
  // toggles stay strictly increasing: a repeated position cancels the previous one (same parity)
  const add = (position: number): void => {
    if (position >= pixels) return;
    const at = base + position;
    if (nt > 0 && toggles[nt - 1] === at) {
      nt--;
      return;
    }
    if (nt + 2 >= toggles.length) {
      const grown = new Float32Array(2 * toggles.length);
      grown.set(toggles.subarray(0, nt));
      toggles = grown;
    }
    toggles[nt++] = at;
  };
  const flush = async (end: number): Promise<void> => {
    if (base === 0) return;
    toggles[nt] = SENTINEL;
    const words = await runGpujs(kernel, Math.ceil(base / BITS), [toggles.subarray(0, nt + 1), nt, base]);
    const bits = new Uint8Array(base);
    for (let t = 0, p = 0; p < base; t++) {
      const word = words[t];
      for (let i = 0; i < BITS && p < base; i++, p++) bits[p] = (word >>> i) & 1;
    }
    // starts are relative to the dispatch (base restarts at 0 after each flush)
    sink(ids.subarray(first, end), starts.slice(first, end + 1), bits);
    first = end;
    nt = 0;
    base = 0;
  };
  for (let k = 0; k < ids.length; k++) {
    pixels = pixelsOf(ids[k]);
    if (base + pixels > limit) await flush(k);
    starts[k] = base;
    writeToggles(ids[k], add);
    if (nt & 1) toggles[nt++] = base + pixels;
    base += pixels;
    starts[k + 1] = base;
  }
  await flush(ids.length);
}
