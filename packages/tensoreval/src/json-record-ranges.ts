// Byte codes of the record boundary `},{` (JSON whitespace may surround the comma) and of the array brackets.
const OPEN_BRACE = 123, CLOSE_BRACE = 125, OPEN_BRACKET = 91, CLOSE_BRACKET = 93, COMMA = 44, SPACE = 32, TAB = 9, LF = 10, CR = 13;

function isSpace(c: number | undefined): boolean {
  return c === SPACE || c === LF || c === CR || c === TAB;
}

/**
 * Where to cut the bytes of a JSON array of objects into at most `parts` ranges of about equal
 * size: for each k, the first comma at or after k·length/parts that has `}` before it and `{` after
 * it (whitespace aside). Each cut looks only at the bytes near it, so the cuts cost nothing against
 * the scan they split.
 *
 * Such a comma separates two records wherever the records are the regular ones the results scanner
 * takes, since a record's own values (numbers, a box, an RLE object followed by another key) hold
 * no `},{`. A cut that lands elsewhere (inside a string, or between objects nested in another key's
 * value) is never silently wrong: the range after it then starts inside a record, which the scanner
 * cannot read as whole records (it would meet a character that is not a key, an empty object, or
 * text after the array's end), so it declines and the run reads the file as one pass does.
 */
export function recordCuts(bytes: Uint8Array, parts: number): number[] {
  const cuts: number[] = [];
  const n = bytes.length;
  for (let k = 1; k < parts; k++) {
    const from = Math.max(Math.floor((k * n) / parts), (cuts[cuts.length - 1] ?? -1) + 1);
    for (let i = bytes.indexOf(COMMA, from); i >= 0; i = bytes.indexOf(COMMA, i + 1)) {
      let before = i - 1, after = i + 1;
      while (isSpace(bytes[before])) before--;
      while (isSpace(bytes[after])) after++;
      if (bytes[before] === CLOSE_BRACE && bytes[after] === OPEN_BRACE) {
        cuts.push(i);
        break;
      }
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
  const own = range.end - range.start;
  const prefix = range.open ? 1 : 0;
  // brackets and bytes decoded as one buffer: a concatenated string would be a rope, which the
  // scanner's charCodeAt / startsWith read far more slowly than a flat string
  const joined = Buffer.allocUnsafe(prefix + own + (range.close ? 1 : 0));
  if (range.open) joined[0] = OPEN_BRACKET;
  joined.set(bytes.subarray(range.start, range.end), prefix);
  if (range.close) joined[prefix + own] = CLOSE_BRACKET;
  const text = joined.toString('utf8');
  return { text, prefix, length: text.length - prefix - (range.close ? 1 : 0) };
}
