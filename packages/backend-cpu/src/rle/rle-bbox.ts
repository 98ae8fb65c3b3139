/**
 * Tight xywh box of one RLE into out[o..o+4), pycocotools rleToBbox exactly (uint32 positions), the
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
  // column x of position t, tracked incrementally (runs rarely span two columns) so that a
  // division is needed only for long jumps or a step back
  let x = 0, base = 0;
  for (let j = 0; j < m; j++) {
    cc += counts[start + j];
    let t = cc - (j & 1);
    if (t < 0) t += 4294967296; // uint32 wrap of 0 - 1, as in C (empty leading runs)
    if (t - base >= h) {
      if (t - base < 2 * h) {
        x++;
        base += h;
      } else {
        x = Math.floor(t / h); // exact: t < 2^32
        base = x * h;
      }
    } else if (t < base) {
      x = Math.floor(t / h);
      base = x * h;
    }
    const y = t - base;
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
  out[o + 2] = xe - xs + 1;
  out[o + 3] = ye - ys + 1;
}

/** Foreground pixel count of one RLE: the sum of its odd-indexed runs (pycocotools rleArea). */
export function rleAreaOf(counts: Uint32Array, start: number, end: number): number {
  let a = 0;
  for (let j = start + 1; j < end; j += 2) a += counts[j];
  return a;
}
