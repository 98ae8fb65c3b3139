// Byte codes of the JSON grammar the cut needs.
const QUOTE = 34, BACKSLASH = 92, OPEN_BRACKET = 91, CLOSE_BRACKET = 93, OPEN_BRACE = 123, CLOSE_BRACE = 125, COMMA = 44;

/**
 * Where to cut the bytes of a JSON array into at most `parts` ranges of whole elements, of about
 * equal size: the offsets of the top-level commas that separate them, each the first at or after
 * k·length/parts. One pass up to the last cut, aware of strings (escapes included) and nesting, so
 * a bracket or comma inside a string never cuts. Fewer cuts where the array has fewer elements.
 * The caller still checks each range (the scanner reads it as whole records), so text that is not
 * a JSON array only costs the cut.
 */
export function recordCuts(bytes: Uint8Array, parts: number): number[] {
  const cuts: number[] = [];
  const n = bytes.length;
  let target = Math.floor(n / parts);
  let depth = 0;
  for (let i = 0; i < n && cuts.length < parts - 1; i++) {
    const c = bytes[i] as number;
    if (c === QUOTE) {
      // to the closing quote: a backslash escapes the byte after it
      for (i++; i < n; i++) {
        const d = bytes[i] as number;
        if (d === BACKSLASH) i++;
        else if (d === QUOTE) break;
      }
    } else if (c === OPEN_BRACKET || c === OPEN_BRACE) depth++;
    else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) depth--;
    else if (c === COMMA && depth === 1 && i >= target) {
      cuts.push(i);
      target = Math.floor(((cuts.length + 1) * n) / parts);
    }
  }
  return cuts;
}

/** One range of {@link recordCuts}: bytes [start, end), and whether the array's '[' or ']' lie outside it. */
export interface RecordRange {
  start: number;
  end: number;
  /** false for the first range (it holds the '['), true for the others */
  open: boolean;
  /** false for the last range (it holds the ']'), true for the others */
  close: boolean;
}

/** The ranges between the cuts (the commas themselves belong to none). */
export function recordRanges(length: number, cuts: readonly number[]): RecordRange[] {
  const bounds = [-1, ...cuts, length];
  return cuts.concat(length).map((end, k) => ({ start: (bounds[k] as number) + 1, end, open: k > 0, close: k < cuts.length }));
}

/**
 * The text of a range as a JSON array of its elements: its bytes decoded as UTF-8 (as the whole file
 * is), with '[' before and ']' after where the file's own lie outside it. `prefix` is the number
 * of characters added before, and `length` the decoded range's own length.
 */
export function rangeText(bytes: Uint8Array, range: RecordRange): { text: string; prefix: number; length: number } {
  const own = Buffer.from(bytes.buffer, bytes.byteOffset + range.start, range.end - range.start).toString('utf8');
  const text = `${range.open ? '[' : ''}${own}${range.close ? ']' : ''}`;
  return { text, prefix: range.open ? 1 : 0, length: own.length };
}
