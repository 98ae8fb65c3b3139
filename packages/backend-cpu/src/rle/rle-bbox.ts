/**
 * Tight xywh box of one RLE into out[o..o+4), pycocotools rleToBbox exactly: uint32 arithmetic, the
 * trailing zero run ignored, an RLE with fewer than two runs giving [0, 0, 0, 0], and a run of ones
 * that spans a column boundary widening the box to the full height.
 */
export function rleBboxInto(counts: Uint32Array, start: number, end: number, h: number, w: number, out: Float64Array, o: number): void {
  const m = (end - start) & ~1;
  if (m === 0 || h === 0) {
    out[o] = out[o + 1] = out[o + 2] = out[o + 3] = 0;
    return;
  }
  let xs = w, ys = h, xe = 0, ye = 0, cc = 0, xp = 0;
  for (let j = 0; j < m; j++) {
    cc = (cc + counts[start + j]) >>> 0;
    const t = (cc - (j & 1)) >>> 0;
    // float division is exact here (t < 2^32) and much cheaper than two integer divisions
    const x = Math.floor(t / h);
    const y = t - x * h;
    if ((j & 1) === 0) xp = x;
    else if (xp < x) {
      ys = 0;
      ye = h - 1;
    }
    if (x < xs) xs = x;
    if (x > xe) xe = x;
    if (y < ys) ys = y;
    if (y > ye) ye = y;
  }
  out[o] = xs;
  out[o + 1] = ys;
  out[o + 2] = ((xe - xs) >>> 0) + 1;
  out[o + 3] = ((ye - ys) >>> 0) + 1;
}

/** Foreground pixel count of one RLE: the sum of its odd-indexed runs (pycocotools rleArea). */
export function rleAreaOf(counts: Uint32Array, start: number, end: number): number {
  let a = 0;
  for (let j = start + 1; j < end; j += 2) a += counts[j];
  return a;
}
