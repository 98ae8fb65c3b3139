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
  let xs = w, ys = h, xe = 0, ye = 0, cc = 0, x = 0;
  // pairs of (first pixel, last pixel) of each run of ones; the column is tracked from the previous
  // position, so a division is needed only for long jumps or a step back
  for (let j = start, end2 = start + m; j < end2; j += 2) {
    cc += counts[j];
    x = columnOf(cc, h, x);
    const xp = x;
    let y = cc - x * h;
    if (x < xs) xs = x;
    if (x > xe) xe = x;
    if (y < ys) ys = y;
    if (y > ye) ye = y;
    cc += counts[j + 1];
    let t = cc - 1;
    if (t < 0) t += 4294967296; // uint32 wrap of 0 - 1, as in C (empty leading runs)
    x = columnOf(t, h, x);
    y = t - x * h;
    if (xp < x) {
      // the run crosses into a later column: full height
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

/** Column of position t (< 2^32) given the column x of the previous position; exact. */
function columnOf(t: number, h: number, x: number): number {
  const base = x * h;
  if (t - base >= h) return t - base < 2 * h ? x + 1 : Math.floor(t / h);
  return t < base ? Math.floor(t / h) : x;
}

/** Foreground pixel count of one RLE: the sum of its odd-indexed runs (pycocotools rleArea). */
export function rleAreaOf(counts: Uint32Array, start: number, end: number): number {
  let a = 0;
  for (let j = start + 1; j < end; j += 2) a += counts[j];
  return a;
}
