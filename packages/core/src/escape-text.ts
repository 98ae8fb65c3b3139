/**
 * User text (metric ids, labels, paths, JSON excerpts) inside a one-line error message: control
 * characters are escaped so a newline cannot split the line and an ANSI escape cannot reach the
 * terminal, and long text is cut. C0 controls, DEL, C1 controls (0x9b is a one-byte CSI) and the
 * Unicode line and paragraph separators are written as `\n`, `\t`, `\u001b`, ….
 */
export function escapeText(text: string, maxLength = 200): string {
  const cut = text.length > maxLength ? `${text.slice(0, maxLength - 3)}...` : text;
  // eslint-disable-next-line no-control-regex
  return cut.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => {
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    if (c === '\t') return '\\t';
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/** The first line of an error's message (of `String(error)` for a non-Error): what a one-line report quotes of an engine's error. */
export function errorFirstLine(error: unknown): string {
  return error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
}
