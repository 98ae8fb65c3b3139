/**
 * Clipped n-gram matching shared by nltk BLEU and SacreBLEU: for one hypothesis and its references,
 * `matched[n-1] = Σ_g min(count_hyp(g), max_r count_r(g))` and `total[n-1]` = number of hypothesis
 * n-grams. Tokens are mapped to small integers first, so an n-gram is keyed by one number
 * (`Σ id_k · base^k`) whenever `base^n` stays below 2^53, and by a joined string otherwise.
 */

/**
 * Maps the tokens of one segment (hypothesis + references) to dense ids 0..size-1. `reset()` lets
 * a caller reuse one instance (and its Map) across segments.
 */
export class TokenIds {
  private readonly ids = new Map<string, number>();

  /** Encodes a token list; new tokens get the next id. */
  encode(tokens: readonly string[]): Int32Array {
    const out = new Int32Array(tokens.length);
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i] as string;
      let id = this.ids.get(t);
      if (id === undefined) {
        id = this.ids.size;
        this.ids.set(t, id);
      }
      out[i] = id;
    }
    return out;
  }

  reset(): this {
    this.ids.clear();
    return this;
  }

  get size(): number {
    return this.ids.size;
  }
}

const MAX_EXACT = 2 ** 53;

function ngramKey(ids: Int32Array, start: number, n: number, base: number, numeric: boolean): number | string {
  if (numeric) {
    let key = 0;
    for (let k = 0; k < n; k++) key = key * base + (ids[start + k] as number);
    return key;
  }
  let key = String(ids[start]);
  for (let k = 1; k < n; k++) key += `,${ids[start + k] as number}`;
  return key;
}

/**
 * Fills `matched[order-1]` and `total[order-1]` for orders 1..maxOrder (added to what is there, so
 * corpus statistics accumulate in place). `base` is the vocabulary size of the ids.
 */
export function accumulateNgramMatches(
  hyp: Int32Array,
  refs: readonly Int32Array[],
  maxOrder: number,
  base: number,
  matched: Float64Array,
  total: Float64Array,
): void {
  if (maxOrder >= 1 && hyp.length > 0) {
    matched[0] = (matched[0] as number) + unigramMatches(hyp, refs, base);
    total[0] = (total[0] as number) + hyp.length;
  }
  const b = Math.max(base, 2);
  for (let n = 2; n <= maxOrder; n++) {
    const count = hyp.length - n + 1;
    if (count <= 0) continue;
    const numeric = b ** n < MAX_EXACT;
    const slotOf = scratch.slots;
    slotOf.clear();
    const hypCount = scratchInts(0, count);
    for (let i = 0; i < count; i++) {
      const key = ngramKey(hyp, i, n, b, numeric);
      let slot = slotOf.get(key);
      if (slot === undefined) {
        slot = slotOf.size;
        slotOf.set(key, slot);
      }
      hypCount[slot] = (hypCount[slot] as number) + 1;
    }
    const slots = slotOf.size;
    const maxRef = scratchInts(1, slots);
    const refCount = scratchInts(2, slots);
    for (const ref of refs) {
      const refNgrams = ref.length - n + 1;
      if (refNgrams <= 0) continue;
      refCount.fill(0);
      for (let i = 0; i < refNgrams; i++) {
        const slot = slotOf.get(ngramKey(ref, i, n, b, numeric));
        if (slot !== undefined) refCount[slot] = (refCount[slot] as number) + 1;
      }
      for (let s = 0; s < slots; s++) if ((refCount[s] as number) > (maxRef[s] as number)) maxRef[s] = refCount[s] as number;
    }
    let clipped = 0;
    for (let s = 0; s < slots; s++) clipped += Math.min(hypCount[s] as number, maxRef[s] as number);
    matched[n - 1] = (matched[n - 1] as number) + clipped;
    total[n - 1] = (total[n - 1] as number) + count;
  }
}

/** Unigrams index straight into per-id counters: no hashing. */
function unigramMatches(hyp: Int32Array, refs: readonly Int32Array[], base: number): number {
  const hypCount = scratchInts(0, base);
  const maxRef = scratchInts(1, base);
  const refCount = scratchInts(2, base);
  for (let i = 0; i < hyp.length; i++) hypCount[hyp[i] as number] = (hypCount[hyp[i] as number] as number) + 1;
  for (const ref of refs) {
    for (let i = 0; i < ref.length; i++) refCount[ref[i] as number] = (refCount[ref[i] as number] as number) + 1;
    for (let i = 0; i < ref.length; i++) {
      const id = ref[i] as number;
      if ((refCount[id] as number) > (maxRef[id] as number)) maxRef[id] = refCount[id] as number;
    }
    for (let i = 0; i < ref.length; i++) refCount[ref[i] as number] = 0;
  }
  let clipped = 0;
  for (let i = 0; i < hyp.length; i++) {
    const id = hyp[i] as number;
    const c = hypCount[id] as number;
    if (c > 0) {
      clipped += Math.min(c, maxRef[id] as number);
      hypCount[id] = 0; // count each distinct unigram once
    }
  }
  return clipped;
}

/** Reusable scratch (these functions are synchronous, so one set per process is safe). */
const scratch: { slots: Map<number | string, number>; ints: Int32Array[] } = { slots: new Map(), ints: [new Int32Array(256), new Int32Array(256), new Int32Array(256)] };

/** A zeroed Int32Array view of length n from scratch buffer `which`. */
function scratchInts(which: number, n: number): Int32Array {
  let buffer: Int32Array = scratch.ints[which] as Int32Array;
  if (buffer.length < n) {
    buffer = new Int32Array(Math.max(n, buffer.length * 2));
    scratch.ints[which] = buffer;
  }
  const view = buffer.subarray(0, n);
  view.fill(0);
  return view;
}

/** The reference length closest to `hypLen`; ties go to the shorter one (nltk and SacreBLEU agree). */
export function closestRefLength(refLengths: ArrayLike<number>, hypLen: number): number {
  let best = refLengths[0] as number;
  let bestDiff = Math.abs(best - hypLen);
  for (let i = 1; i < refLengths.length; i++) {
    const len = refLengths[i] as number;
    const diff = Math.abs(len - hypLen);
    if (diff < bestDiff || (diff === bestDiff && len < best)) {
      best = len;
      bestDiff = diff;
    }
  }
  return best;
}
