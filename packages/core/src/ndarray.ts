import { invalidInput } from './errors';
import type { TypedArray } from './kernel-names';

/** A typed array with a shape, used only at API boundaries (kernels take plain typed arrays). */
export interface NDArray<T extends TypedArray = TypedArray> {
  data: T;
  shape: number[];
}

/**
 * Converts user input (typed array, nested arrays, NDArray) to a flat Float64Array plus shape,
 * naming the argument and function on failure (after tfjs convertToTensor(x, 'x', 'fn')).
 */
export function toFloat64NDArray(x: unknown, argument: string, fnName: string): NDArray<Float64Array> {
  if (x instanceof Float64Array) return { data: x, shape: [x.length] };
  if (ArrayBuffer.isView(x) && !(x instanceof DataView)) {
    const src = x as unknown as ArrayLike<number>;
    return { data: Float64Array.from(src), shape: [src.length] };
  }
  if (typeof x === 'object' && x !== null && 'data' in x && 'shape' in x) {
    const nd = x as NDArray;
    return { data: nd.data instanceof Float64Array ? nd.data : Float64Array.from(nd.data as ArrayLike<number>), shape: [...nd.shape] };
  }
  if (Array.isArray(x)) {
    if (x.length > 0 && Array.isArray(x[0])) {
      const cols = (x[0] as unknown[]).length;
      const out = new Float64Array(x.length * cols);
      for (let i = 0; i < x.length; i++) {
        const row = x[i] as unknown[];
        if (!Array.isArray(row) || row.length !== cols) {
          throw invalidInput(fnName, { argument, index: i }, `be a rectangular array with ${cols} columns per row`, `a row of length ${Array.isArray(row) ? row.length : typeof row}`, 'TE-207');
        }
        for (let j = 0; j < cols; j++) out[i * cols + j] = Number(row[j]);
      }
      return { data: out, shape: [x.length, cols] };
    }
    return { data: Float64Array.from(x as number[], Number), shape: [x.length] };
  }
  throw invalidInput(fnName, argument, 'be a typed array, an array of numbers or an NDArray', typeof x, 'TE-207');
}
