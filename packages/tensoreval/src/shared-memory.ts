/**
 * Typed arrays in SharedArrayBuffers, so that handing them to worker threads copies nothing: the
 * structured clone of a shared array is a handle, where that of an ordinary one copies its whole
 * buffer (all of it, for a view over part of a larger buffer).
 */

type Typed = Int32Array | Uint32Array | Uint8Array | Float64Array;

/** The allocator the metrics functions take (`alloc`), for arrays that threads read or fill. */
export const sharedAlloc = (bytes: number): SharedArrayBuffer => new SharedArrayBuffer(bytes);

/** A copy of `a` in a SharedArrayBuffer of exactly its length (`a` itself when it is already shared). */
export function shared<T extends Typed>(a: T): T {
  if (a.buffer instanceof SharedArrayBuffer) return a;
  // a Buffer is copied as the Uint8Array it is (Buffer's own constructor is deprecated)
  const Ctor = Buffer.isBuffer(a) ? Uint8Array : a.constructor;
  const out = new (Ctor as new (buffer: SharedArrayBuffer) => T)(new SharedArrayBuffer(a.byteLength));
  out.set(a as never);
  return out;
}

/** `o` with each of its own typed-array fields replaced by {@link shared} (a shallow copy; other fields as they are). */
export function withSharedArrays<O extends object>(o: O): O {
  const out = { ...o } as Record<string, unknown>;
  for (const [k, v] of Object.entries(out)) {
    if (ArrayBuffer.isView(v) && !(v instanceof DataView)) out[k] = shared(v as Typed);
  }
  return out as O;
}
