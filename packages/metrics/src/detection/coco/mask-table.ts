import { decodeRleStringInto, invalidInput, InvalidInputError, isCoordinate, MAX_COORDINATE, runKernelSync, type BackendHint, type RleBatch } from '@tensoreval/core';
import type { CocoSegmentation } from './coco-json';

const FN = 'evaluateCoco';
/** Largest image whose masks are RLE-encoded: every run length must fit in a uint32. */
const MAX_RLE_PIXELS = 2 ** 32 - 1;
const COMPRESSED = 0, UNCOMPRESSED = 1, POLYGONS = 2;

/** Image size of each record, for polygons (pycocotools annToRLE reads it from the GT image). */
export interface MaskSizes {
  heights: Int32Array;
  widths: Int32Array;
}

/** A Uint32Array that grows by doubling: decoded counts are appended without sizing for the worst case. */
class CountsBuffer {
  data: Uint32Array;
  length = 0;
  /** whether `data` is still the memory the constructor's `alloc` gave (it is replaced when it grows) */
  private allocated: boolean;
  /** `capacity` exactly when `alloc` gives the memory (shared memory is not padded), else at least 1024 */
  constructor(capacity: number, alloc?: (bytes: number) => ArrayBufferLike) {
    this.data = alloc ? new Uint32Array(alloc(4 * capacity)) : new Uint32Array(Math.max(capacity, 1024));
    this.allocated = alloc !== undefined;
  }
  reserve(extra: number): void {
    if (this.length + extra <= this.data.length) return;
    const next = new Uint32Array(Math.max(2 * this.data.length, this.length + extra));
    next.set(this.data.subarray(0, this.length));
    this.data = next;
    this.allocated = false;
  }
  /**
   * The counts appended; with `alloc` (the constructor's), in its memory at exactly their length: the
   * buffer itself when it was filled, else a trimmed copy (compressed strings decode to fewer counts
   * than their characters, which sized it).
   */
  take(alloc?: (bytes: number) => ArrayBufferLike): Uint32Array {
    if (alloc === undefined) return this.data.subarray(0, this.length);
    if (this.allocated && this.length === this.data.length) return this.data;
    const out = new Uint32Array(alloc(4 * this.length));
    out.set(this.data.subarray(0, this.length));
    return out;
  }
}

/**
 * Converts the segmentation of each record in `rows` (all records when omitted), in that order, to one
 * RLE, as pycocotools `annToRLE`: polygons are rasterised with PolygonToRle and their parts merged
 * (union) with RleMerge; an uncompressed RLE keeps its counts; a compressed string is decoded. A record
 * without segmentation uses `fallbackBoxes` (xywh) as the polygon [x1,y1, x1,y2, x2,y2, x2,y1], as
 * loadRes does for box results. `sizes` is indexed by record. Errors name the file and the record.
 * `alloc`, when given, gives the memory of the returned batch's arrays (shared, for masks that threads read).
 */
export function segmentationsToRle(segs: ReadonlyArray<CocoSegmentation | undefined>, sizes: MaskSizes, fallbackBoxes: Float64Array | undefined, source: string, backend?: BackendHint, rows?: Int32Array, alloc?: (bytes: number) => ArrayBufferLike): RleBatch {
  const n = rows ? rows.length : segs.length;
  const recordOf = (q: number) => (rows ? (rows[q] as number) : q);
  const kind = new Uint8Array(n);
  let polyCoords = 0, polyCount = 0, capacity = 0;
  for (let q = 0; q < n; q++) {
    const i = recordOf(q);
    const s = segs[i];
    if (s === undefined) {
      if (fallbackBoxes === undefined) throw invalidInput(FN, { argument: source, index: i }, 'have a `segmentation`', 'none', 'TE-204');
      kind[q] = POLYGONS;
      polyCoords += 8;
      polyCount++;
    } else if (Array.isArray(s)) {
      kind[q] = POLYGONS;
      // pycocotools frPyObjects: a first entry of exactly 4 numbers makes every entry an xywh box,
      // rasterised as its 4-corner polygon (8 coordinates); see rasterisePolygons.
      const asBoxes = Array.isArray(s[0]) && s[0].length === 4;
      for (let p = 0; p < s.length; p++) {
        const poly = s[p];
        if (!Array.isArray(poly)) throw invalidInput(FN, { argument: source, index: i }, 'have polygons as arrays of numbers x0, y0, x1, y1, ...', JSON.stringify(poly)?.slice(0, 60) ?? 'undefined', 'TE-206');
        if (asBoxes && poly.length !== 4) {
          throw invalidInput(FN, { argument: source, index: i }, 'have boxes [x, y, w, h] of 4 numbers in every entry of its `segmentation` (a first entry of 4 numbers is read as a box, as pycocotools does)', `${poly.length} numbers in entry ${p}`, 'TE-206');
        }
        polyCoords += asBoxes ? 8 : poly.length;
      }
      polyCount += s.length;
    } else if (s !== null && typeof s === 'object' && Array.isArray(s.size)) {
      if (typeof s.counts === 'string') kind[q] = COMPRESSED;
      else if (Array.isArray(s.counts)) kind[q] = UNCOMPRESSED;
      else {
        throw invalidInput(FN, { argument: source, index: i }, 'have an RLE `counts` that is a string or a list of integers', typeof s.counts, 'TE-206');
      }
    } else {
      throw invalidInput(FN, { argument: source, index: i }, 'have a `segmentation` that is a list of polygons or an RLE {size, counts}', JSON.stringify(s)?.slice(0, 60) ?? 'undefined', 'TE-206');
    }
  }
  const merged = polyCount > 0 ? rasterisePolygons(segs, kind, recordOf, sizes, fallbackBoxes, polyCoords, polyCount, source, backend) : undefined;
  // A compressed string decodes to at most one count per character: size the buffer once.
  for (let q = 0; q < n; q++) if (kind[q] !== POLYGONS) capacity += ((segs[recordOf(q)] as { counts: string | number[] }).counts).length;
  const buf = new CountsBuffer(capacity + (merged ? (merged.offsets[merged.offsets.length - 1] as number) : 0), alloc);
  const i32 = (k: number) => (alloc ? new Int32Array(alloc(4 * k)) : new Int32Array(k));
  const offsets = i32(n + 1), heights = i32(n), widths = i32(n);
  let mi = 0;
  for (let q = 0; q < n; q++) {
    const i = recordOf(q);
    const k = kind[q];
    if (k === POLYGONS) {
      const m = merged as RleBatch;
      const a = m.offsets[mi] as number, b = m.offsets[mi + 1] as number;
      buf.reserve(b - a);
      buf.data.set(m.counts.subarray(a, b), buf.length);
      buf.length += b - a;
      heights[q] = m.heights[mi] as number;
      widths[q] = m.widths[mi] as number;
      mi++;
    } else {
      const s = segs[i] as { size: number[]; counts: string | number[] };
      const h = s.size[0], w = s.size[1];
      if (s.size.length !== 2 || !Number.isInteger(h) || !Number.isInteger(w) || (h as number) < 0 || (w as number) < 0) {
        throw invalidInput(FN, { argument: source, index: i }, 'have an RLE `size` [height, width] of non-negative integers', JSON.stringify(s.size), 'TE-206');
      }
      const start = buf.length;
      buf.reserve(s.counts.length);
      if (k === COMPRESSED) {
        buf.length += decodeRleStringInto(s.counts as string, buf.data, start, `${source}[${i}].segmentation.counts`, FN);
      } else {
        const list = s.counts as number[];
        const data = buf.data;
        for (let c = 0; c < list.length; c++) {
          const v = list[c];
          if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 0xffffffff) {
            throw invalidInput(FN, { argument: source, index: i }, 'have RLE counts that are non-negative integers', `${JSON.stringify(v)} at position ${c}`, 'TE-206');
          }
          data[start + c] = v;
        }
        buf.length += list.length;
      }
      let total = 0;
      const data = buf.data;
      for (let c = start, end = buf.length; c < end; c++) total += data[c] as number;
      if (total !== (h as number) * (w as number)) {
        throw invalidInput(FN, { argument: source, index: i }, `have RLE counts summing to height × width (${h} × ${w})`, `a sum of ${total}`, 'TE-206');
      }
      heights[q] = h as number;
      widths[q] = w as number;
    }
    offsets[q + 1] = buf.length;
  }
  return { counts: buf.take(alloc), offsets, heights, widths };
}

function rasterisePolygons(segs: ReadonlyArray<CocoSegmentation | undefined>, kind: Uint8Array, recordOf: (q: number) => number, sizes: MaskSizes, boxes: Float64Array | undefined, nCoords: number, nPolys: number, source: string, backend?: BackendHint): RleBatch {
  const coords = new Float64Array(nCoords);
  const polygonOffsets = new Int32Array(nPolys + 1);
  const heights = new Int32Array(nPolys), widths = new Int32Array(nPolys);
  const groups: number[] = [0];
  const recordOfPolygon = new Int32Array(nPolys);
  let c = 0, p = 0;
  for (let q = 0; q < kind.length; q++) {
    if (kind[q] !== POLYGONS) continue;
    const i = recordOf(q);
    const h = sizes.heights[i] as number, w = sizes.widths[i] as number;
    if (!(h > 0) || !(w > 0)) throw invalidInput(FN, { argument: source, index: i }, 'refer to an image with positive `height` and `width` (needed to rasterise polygons)', `${h} × ${w}`, 'TE-204');
    // run lengths are 32-bit (as pycocotools' uint): a larger image would wrap them into a wrong mask
    if (h * w > MAX_RLE_PIXELS) throw invalidInput(FN, { argument: source, index: i }, `refer to an image of at most ${MAX_RLE_PIXELS} pixels (RLE run lengths are 32-bit)`, `${h} × ${w}`, 'TE-207');
    const s = segs[i];
    const polys: ArrayLike<ArrayLike<number>> = s === undefined ? [boxPolygon(boxes as Float64Array, i)] : (s as number[][]);
    if (polys.length === 0 || (polys[0] as ArrayLike<number>).length < 4) {
      throw invalidInput(FN, { argument: source, index: i }, 'have at least one polygon with 3 or more points', JSON.stringify(s), 'TE-206');
    }
    // pycocotools frPyObjects reads a list whose first entry has exactly 4 numbers as xywh boxes.
    const asBoxes = s !== undefined && (polys[0] as ArrayLike<number>).length === 4;
    for (let q = 0; q < polys.length; q++) {
      const poly = asBoxes ? boxPolygon(Float64Array.from(polys[q] as ArrayLike<number>), 0) : (polys[q] as ArrayLike<number>);
      for (let j = 0; j < poly.length; j++) {
        const v = poly[j];
        if (!isCoordinate(v)) throw invalidInput(FN, { argument: source, index: i }, `have finite polygon coordinates within ±${MAX_COORDINATE}`, `${JSON.stringify(v)} in polygon ${q} at position ${j}`, 'TE-206');
        coords[c++] = v;
      }
      heights[p] = h;
      widths[p] = w;
      recordOfPolygon[p] = i;
      polygonOffsets[++p] = c;
    }
    groups.push(p);
  }
  let rles: RleBatch;
  try {
    rles = runKernelSync('PolygonToRle', { coords, polygonOffsets, heights, widths }, {}, { backend });
  } catch (error) {
    // the rasteriser names its own polygon index; the user needs the file and the record
    if (!(error instanceof InvalidInputError) || typeof error.index !== 'number') throw error;
    const i = recordOfPolygon[error.index] as number;
    throw invalidInput(FN, { argument: source, index: i }, 'have polygon coordinates near the image (far-away points make the rasterised outline too long)', JSON.stringify(segs[i])?.slice(0, 80) ?? 'undefined', 'TE-206');
  }
  return runKernelSync('RleMerge', { rles, groupOffsets: Int32Array.from(groups) }, { intersect: false }, { backend });
}

function boxPolygon(b: Float64Array, i: number): number[] {
  const x1 = b[4 * i] as number, y1 = b[4 * i + 1] as number;
  const x2 = x1 + (b[4 * i + 2] as number), y2 = y1 + (b[4 * i + 3] as number);
  return [x1, y1, x1, y2, x2, y2, x2, y1];
}

/** The RLEs of `rows`, in that order, as one batch (the input of a ragged RleIou call). */
export function gatherRles(batch: RleBatch, rows: Int32Array): RleBatch {
  const n = rows.length;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const r = rows[i] as number;
    total += (batch.offsets[r + 1] as number) - (batch.offsets[r] as number);
  }
  const counts = new Uint32Array(total), offsets = new Int32Array(n + 1), heights = new Int32Array(n), widths = new Int32Array(n);
  let end = 0;
  for (let i = 0; i < n; i++) {
    const r = rows[i] as number;
    const a = batch.offsets[r] as number, b = batch.offsets[r + 1] as number;
    counts.set(batch.counts.subarray(a, b), end);
    end += b - a;
    offsets[i + 1] = end;
    heights[i] = batch.heights[r] as number;
    widths[i] = batch.widths[r] as number;
  }
  return { counts, offsets, heights, widths };
}
