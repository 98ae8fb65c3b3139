import { invalidOption } from '@tensoreval/core';

const INLINE_FLAGS = /^\(\?([aiLmsux]+)\)/;

/**
 * Compiles a Python `re` pattern as a JS RegExp for a search (unanchored). Handled: leading inline
 * flags `(?i)`, `(?m)`, `(?s)` (→ JS flags), `(?P<name>…)` and `(?P=name)` named groups, `\A`, `\Z`.
 * Other syntax is passed through; JS and Python agree on the common subset. `\w`, `\d`, `\s` stay
 * ASCII-leaning as in JS.
 * @throws InvalidOptionError naming `fn`/`option` when the pattern does not compile
 */
export function compilePythonPattern(pattern: string, fn: string, option: string): RegExp {
  let source = pattern;
  let flags = '';
  const inline = INLINE_FLAGS.exec(source);
  if (inline) {
    for (const f of inline[1] as string) {
      if (f === 'i' || f === 'm' || f === 's') flags += flags.includes(f) ? '' : f;
      else if (f === 'x' || f === 'L') throw invalidOption(fn, option, 'a pattern without the verbose (?x) or locale (?L) flag', pattern);
    }
    source = source.slice((inline[0] as string).length);
  }
  source = source
    .replace(/\(\?P<(\w+)>/g, '(?<$1>')
    .replace(/\(\?P=(\w+)\)/g, '\\k<$1>')
    .replace(/\\A/g, '^')
    .replace(/\\Z/g, '$(?![\\s\\S])');
  try {
    return new RegExp(source, flags);
  } catch (error) {
    throw invalidOption(fn, option, `a valid regular expression (${error instanceof Error ? error.message : String(error)})`, pattern);
  }
}
