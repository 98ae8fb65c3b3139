/**
 * Clipped n-gram matching shared by nltk BLEU, SacreBLEU and ROUGE-N: for one hypothesis and its
 * references, `matched[n-1] = Σ_g min(count_hyp(g), max_r count_r(g))` and `total[n-1]` = number of
 * hypothesis n-grams. Tokens are mapped to small integer ids first.
 */

/**
 * Token strings → process-wide ids. Looking a string up in a long-lived Map is several times
 * cheaper than filling a fresh Map per segment, so the Map persists (bounded: it is emptied at a
 * segment boundary once it holds more than GLOBAL_LIMIT tokens; `epoch` tells users to drop ids).
 */
const GLOBAL_LIMIT = 262_144;
const globalIds = new Map<string, number>();
let epoch = 0;

/**
 * Maps the tokens of one segment (hypothesis + references) to dense ids 0..size-1. Call `reset()`
 * before each segment; one instance is reused across segments (scoring is synchronous).
 */
export class TokenIds {
  /** per global id: the segment stamp when it last got a local id, and that local id */
  private stamp = new Int32Array(1024);
  private local = new Int32Array(1024);
  private segment = 1; // stamps start at 0, so no id looks assigned before the first segment
  private seenEpoch = epoch;
  private count = 0;

  /** Encodes a token list; tokens new to this segment get the next id. */
  encode(tokens: readonly string[]): Int32Array {
    const out = new Int32Array(tokens.length);
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i] as string;
      let g = globalIds.get(t);
      if (g === undefined) {
        g = globalIds.size;
        globalIds.set(t, g);
      }
      if (g >= this.stamp.length) this.grow(g + 1);
      if (this.stamp[g] !== this.segment) {
        this.stamp[g] = this.segment;
        this.local[g] = this.count++;
      }
      out[i] = this.local[g] as number;
    }
    return out;
  }

  /** Starts a new segment (ids restart at 0). */
  reset(): this {
    if (globalIds.size > GLOBAL_LIMIT) {
      globalIds.clear();
      epoch++;
    }
    if (this.seenEpoch !== epoch || this.segment === 0x7fffffff) {
      this.stamp.fill(0);
      this.segment = 0;
      this.seenEpoch = epoch;
    }
    this.segment++;
    this.count = 0;
    return this;
  }

  /** Number of distinct tokens in the current segment. */
  get size(): number {
    return this.count;
  }

  private grow(n: number): void {
    let capacity = this.stamp.length;
    while (capacity < n) capacity *= 2;
    const stamp = new Int32Array(capacity);
    stamp.set(this.stamp);
    const local = new Int32Array(capacity);
    local.set(this.local);
    this.stamp = stamp;
    this.local = local;
  }
}

/**
 * Fills `matched[order-1]` and `total[order-1]` for orders 1..maxOrder (added to what is there, so
 * corpus statistics accumulate in place). `base` is the vocabulary size of the ids.
 *
 * Order-n n-grams get dense ids level by level: id_n(i) = intern(id_{n-1}(i) · base + token(i+n-1)),
 * so every key is a small integer (no string keys, whatever the order) and counting indexes typed
 * arrays directly.
 */
export function accumulateNgramMatches(
  hyp: Int32Array,
  refs: readonly Int32Array[],
  maxOrder: number,
  base: number,
  matched: Float64Array,
  total: Float64Array,
): void {
  if (maxOrder < 1 || hyp.length === 0) return;
  matched[0] = (matched[0] as number) + clippedMatches(hyp, refs, base);
  total[0] = (total[0] as number) + hyp.length;
  let prevHyp = hyp;
  let prevRefs = refs;
  for (let n = 2; n <= maxOrder; n++) {
    const count = hyp.length - n + 1;
    if (count <= 0) break;
    let expected = count;
    for (const ref of refs) expected += Math.max(0, ref.length - n + 1);
    interner.reset(expected);
    const nextHyp = extend(prevHyp, hyp, n, base);
    const nextRefs = refs.map((ref, r) => extend(prevRefs[r] as Int32Array, ref, n, base));
    matched[n - 1] = (matched[n - 1] as number) + clippedMatches(nextHyp, nextRefs, interner.size);
    total[n - 1] = (total[n - 1] as number) + count;
    prevHyp = nextHyp;
    prevRefs = nextRefs;
  }
}

/** Order-n ids of `tokens` from its order-(n-1) ids. */
function extend(prev: Int32Array, tokens: Int32Array, n: number, base: number): Int32Array {
  const count = Math.max(0, tokens.length - n + 1);
  const out = new Int32Array(count);
  for (let i = 0; i < count; i++) out[i] = interner.intern((prev[i] as number) * base + (tokens[i + n - 1] as number));
  return out;
}

/** Σ over distinct hypothesis ids of min(hyp count, max reference count); ids are < `size`. */
function clippedMatches(hyp: Int32Array, refs: readonly Int32Array[], size: number): number {
  const hypCount = scratchInts(0, size);
  const maxRef = scratchInts(1, size);
  const refCount = scratchInts(2, size);
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
      hypCount[id] = 0; // count each distinct id once
    }
  }
  return clipped;
}

/**
 * Open-addressing hash map from a non-negative integer key (< 2^53) to a dense id 0..size-1,
 * reused across calls (scoring is synchronous).
 */
class KeyInterner {
  private keys = new Float64Array(64);
  private ids = new Int32Array(64).fill(-1);
  private mask = 63;
  size = 0;

  reset(expected: number): void {
    let capacity = 64;
    while (capacity < expected * 2) capacity *= 2;
    if (this.keys.length < capacity) {
      this.keys = new Float64Array(capacity);
      this.ids = new Int32Array(capacity);
    }
    this.ids.fill(-1, 0, capacity);
    this.mask = capacity - 1;
    this.size = 0;
  }

  intern(key: number): number {
    const low = key >>> 0;
    const high = (key / 4294967296) >>> 0;
    let h = Math.imul(low ^ Math.imul(high, 0x27d4eb2d), 0x9e3779b1);
    h = (h ^ (h >>> 15)) & this.mask;
    for (;;) {
      const id = this.ids[h] as number;
      if (id < 0) {
        this.keys[h] = key;
        this.ids[h] = this.size;
        return this.size++;
      }
      if (this.keys[h] === key) return id;
      h = (h + 1) & this.mask;
    }
  }
}

const interner = new KeyInterner();

/** Reusable zeroed counters (synchronous use only). */
const scratch: { ints: Int32Array[] } = { ints: [new Int32Array(256), new Int32Array(256), new Int32Array(256)] };

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
