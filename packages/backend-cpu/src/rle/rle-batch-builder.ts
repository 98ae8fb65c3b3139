import type { RleBatch } from '@tensoreval/core';

/**
 * Appends RLEs of unknown length into one growing RleBatch (struct-of-arrays), for kernels whose output
 * size is known only after the work: encode, merge, polygon rasterisation.
 */
export class RleBatchBuilder {
  private counts: Uint32Array;
  private used = 0;
  readonly offsets: Int32Array;
  readonly heights: Int32Array;
  readonly widths: Int32Array;
  private masks = 0;

  constructor(maskCount: number, countsCapacity: number) {
    this.counts = new Uint32Array(Math.max(16, countsCapacity));
    this.offsets = new Int32Array(maskCount + 1);
    this.heights = new Int32Array(maskCount);
    this.widths = new Int32Array(maskCount);
  }

  /** Makes room for `extra` more counts and returns the buffer to write them into at `this.length`. */
  reserve(extra: number): Uint32Array {
    if (this.used + extra > this.counts.length) {
      const grown = new Uint32Array(Math.max(this.used + extra, 2 * this.counts.length));
      grown.set(this.counts.subarray(0, this.used));
      this.counts = grown;
    }
    return this.counts;
  }

  get length(): number {
    return this.used;
  }

  /** Closes the current mask after `countsWritten` counts were written at `this.length`. */
  endMask(height: number, width: number, countsWritten: number): void {
    this.used += countsWritten;
    this.heights[this.masks] = height;
    this.widths[this.masks] = width;
    this.offsets[++this.masks] = this.used;
  }

  /** Appends a copy of `src[start..end)` as one mask. */
  pushCopy(src: Uint32Array, start: number, end: number, height: number, width: number): void {
    this.reserve(end - start).set(src.subarray(start, end), this.used);
    this.endMask(height, width, end - start);
  }

  finish(): RleBatch {
    // a view when the buffer is mostly used (no copy), a trimmed copy otherwise
    const counts = this.used >= 0.75 * this.counts.length ? this.counts.subarray(0, this.used) : this.counts.slice(0, this.used);
    return { counts, offsets: this.offsets, heights: this.heights, widths: this.widths };
  }
}
