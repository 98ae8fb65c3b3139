/**
 * A cursor over JSON text for the results scanner: whitespace, numbers, plain strings, separators and
 * skipping any value, each answering false (or BAD) on text it does not accept rather than throwing,
 * so that the caller can hand the file to JSON.parse. Methods copy `pos` into a local for their loops
 * and store it back once (V8 keeps locals in registers).
 */

// Character codes of the JSON grammar.
const TAB = 9, NEWLINE = 10, RETURN = 13, SPACE = 32;
const PLUS = 43, COMMA = 44, MINUS = 45, DOT = 46, DIGIT_0 = 48, DIGIT_9 = 57, COLON = 58;
const UPPER_E = 69, LOWER_E = 101, BACKSLASH = 92;
export const QUOTE = 34, OPEN_BRACKET = 91, CLOSE_BRACKET = 93, OPEN_BRACE = 123, CLOSE_BRACE = 125;

/** What follows a value: a comma, the closing bracket or brace asked for, or anything else. */
export const enum Separator { Comma, Closed, Bad }

const POW10 = Array.from({ length: 23 }, (_, k) => 10 ** k); // exact doubles up to 1e22
const TWO_POW_53 = 9007199254740992;

/** A JSON string's body up to and including its closing quote, when it has no escape or control character. */
const PLAIN_STRING_BODY = /[^"\\\x00-\x1f]*"/y;

export class JsonCursor {
  pos = 0;
  /** The value of the last number read. */
  num = 0;
  /** Where the last string read with {@link readStringBody} starts and ends (its closing quote). */
  stringStart = 0;
  stringEnd = 0;
  /** Whether that string holds escaped backslashes ('\\'). */
  stringEscaped = false;

  constructor(readonly text: string) {}

  get atEnd(): boolean {
    return this.pos >= this.text.length;
  }

  /** The character code at the cursor (NaN past the end). */
  peek(): number {
    return this.text.charCodeAt(this.pos);
  }

  /** Steps over `code` if it is next; false otherwise. */
  take(code: number): boolean {
    if (this.text.charCodeAt(this.pos) !== code) return false;
    this.pos++;
    return true;
  }

  /** Steps over `word` (e.g. a key with its closing quote) if it is next; false otherwise. */
  takeWord(word: string): boolean {
    if (!this.text.startsWith(word, this.pos)) return false;
    this.pos += word.length;
    return true;
  }

  skipWhitespace(): void {
    const t = this.text;
    let p = this.pos;
    for (let c = t.charCodeAt(p); c === SPACE || c === NEWLINE || c === RETURN || c === TAB; c = t.charCodeAt(++p));
    this.pos = p;
  }

  /** After whitespace, ':' and the whitespace after it; false if there is no colon. */
  colon(): boolean {
    this.skipWhitespace();
    if (this.text.charCodeAt(this.pos) !== COLON) return false;
    this.pos++;
    this.skipWhitespace();
    return true;
  }

  /** After a value: a comma (more follows), the closing `close`, or anything else (malformed). */
  separator(close: number): Separator {
    this.skipWhitespace();
    const c = this.text.charCodeAt(this.pos++);
    return c === close ? Separator.Closed : c === COMMA ? Separator.Comma : Separator.Bad;
  }

  /**
   * Reads a JSON number into `num`; false if there is none. A decimal literal whose digits form an
   * integer below 2^53 with at most 22 after the point is exact as mantissa / 10^k (Clinger's fast
   * path: both exact, one correctly rounded division); others go through Number().
   */
  readNumber(): boolean {
    const t = this.text;
    const start = this.pos;
    let p = start;
    let neg = false;
    if (t.charCodeAt(p) === MINUS) { neg = true; p++; }
    let mant = 0, frac = 0, c = t.charCodeAt(p);
    if (c < DIGIT_0 || c > DIGIT_9) return false;
    for (; c >= DIGIT_0 && c <= DIGIT_9; c = t.charCodeAt(++p)) mant = mant * 10 + (c - DIGIT_0);
    if (c === DOT) {
      c = t.charCodeAt(++p);
      if (c < DIGIT_0 || c > DIGIT_9) return false;
      for (; c >= DIGIT_0 && c <= DIGIT_9; c = t.charCodeAt(++p)) { mant = mant * 10 + (c - DIGIT_0); frac++; }
    }
    // While the digits' integer stays below 2^53 every partial value is exact; once it reaches 2^53
    // the rounded mant is >= 2^53 too (rounding is monotonic), so the test cannot pass wrongly.
    if (c === LOWER_E || c === UPPER_E || !(mant < TWO_POW_53) || frac > 22) {
      if (c === LOWER_E || c === UPPER_E) {
        c = t.charCodeAt(++p);
        if (c === PLUS || c === MINUS) c = t.charCodeAt(++p);
        if (c < DIGIT_0 || c > DIGIT_9) return false;
        for (; c >= DIGIT_0 && c <= DIGIT_9; c = t.charCodeAt(++p));
      }
      this.pos = p;
      this.num = Number(t.slice(start, p));
      return Number.isFinite(this.num);
    }
    this.pos = p;
    const v = frac === 0 ? mant : mant / (POW10[frac] as number);
    this.num = neg ? -v : v;
    return true;
  }

  /**
   * Reads a string body (the cursor just past its opening quote) whose only escapes are '\\', as in
   * COCO's RLE strings, setting stringStart / stringEnd / stringEscaped; false on anything else.
   */
  readStringBody(): boolean {
    const t = this.text;
    const re = PLAIN_STRING_BODY;
    re.lastIndex = this.pos;
    if (re.test(t)) {
      this.stringStart = this.pos;
      this.stringEnd = re.lastIndex - 1;
      this.stringEscaped = false;
      this.pos = re.lastIndex;
      return true;
    }
    const len = t.length;
    let p = this.pos;
    for (; p < len; p++) {
      const c = t.charCodeAt(p);
      if (c === QUOTE) break;
      if (c < SPACE) return false;
      if (c === BACKSLASH) {
        if (t.charCodeAt(p + 1) !== BACKSLASH) return false;
        p++;
      }
    }
    if (p >= len) return false;
    this.stringStart = this.pos;
    this.stringEnd = p;
    this.stringEscaped = true;
    this.pos = p + 1;
    return true;
  }

  /** Steps over an object key (the cursor on its opening quote) and its closing quote; false if there is none or it has escapes. */
  skipKey(): boolean {
    const t = this.text, len = t.length;
    if (t.charCodeAt(this.pos) !== QUOTE) return false;
    let p = this.pos + 1;
    while (p < len && t.charCodeAt(p) !== QUOTE) { if (t.charCodeAt(p) === BACKSLASH) return false; p++; }
    this.pos = p + 1;
    return p < len;
  }

  /** Skips any JSON value (strings with escapes, nested arrays and objects); false on malformed text. */
  skipValue(): boolean {
    const t = this.text, len = t.length;
    let p = this.pos, depth = 0;
    do {
      const c = t.charCodeAt(p);
      if (c === QUOTE) {
        for (p++; p < len; p++) {
          const d = t.charCodeAt(p);
          if (d === BACKSLASH) p++;
          else if (d === QUOTE) break;
        }
        if (p >= len) return false;
        p++;
      } else if (c === OPEN_BRACKET || c === OPEN_BRACE) { depth++; p++; }
      else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) { if (depth === 0) return false; depth--; p++; }
      else if (depth > 0) p++;
      else {
        // a bare literal: number, true, false, null
        const start = p;
        while (p < len) {
          const d = t.charCodeAt(p);
          if (d === COMMA || d === CLOSE_BRACKET || d === CLOSE_BRACE || d === SPACE || d === NEWLINE || d === RETURN || d === TAB) break;
          p++;
        }
        if (p === start) return false;
      }
    } while (depth > 0 && p < len);
    this.pos = p;
    return depth === 0;
  }
}
