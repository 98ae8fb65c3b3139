/**
 * How a command describes itself: its synopsis, a summary, and every flag with a description,
 * declared next to its parser in the command's own file so that adding a flag is one local edit.
 * `--help` output is generated from it.
 */

/** One `--flag`. `value` names its argument (e.g. 'FILE'); a flag without `value` is boolean. */
export interface FlagSpec {
  value?: string;
  /** what it does, its values and its default */
  help: string;
}

export interface CommandSpec {
  /** e.g. 'coco' */
  name: string;
  /** what follows `tensoreval <name>` in the usage line, e.g. '--gt GT.json --dt DT.json [flags]' */
  synopsis: string;
  /** one line for the command list of `tensoreval --help` */
  summary: string;
  /** positional arguments, each with a description; a command without `args` takes flags only */
  args?: Readonly<Record<string, string>>;
  /** every flag the command accepts, by name without the leading dashes */
  flags: Readonly<Record<string, FlagSpec>>;
  /** extra paragraphs printed after the flags (examples, notes) */
  notes?: string;
}

export function isBooleanFlag(flag: FlagSpec): boolean {
  return flag.value === undefined;
}

/** The exit codes of every command (printed by --help and documented in the README). */
export const EXIT_CODES = `Exit codes:
  0  success (also --help and --version)
  1  unexpected failure (a bug or an environment problem; the stack trace is printed)
  2  bad usage or bad input: one line on stderr naming the argument or file, the record and the rule,
     with a stable error code (TE-xxx)`;

/** Thrown by the argument parser when --help/-h is given: the dispatcher prints help and exits 0. */
export class HelpRequested extends Error {
  constructor(readonly spec: CommandSpec) {
    super(`help for ${spec.name}`);
  }
}

/** Wraps `text` to `width` columns, indenting continuation lines by `indent`. */
function wrap(text: string, indent: number, width = 100): string {
  const words = text.split(/\s+/).filter((w) => w !== '');
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    if (line !== '' && indent + line.length + 1 + w.length > width) { lines.push(line); line = w; } else line = line === '' ? w : `${line} ${w}`;
  }
  if (line !== '') lines.push(line);
  return lines.join(`\n${' '.repeat(indent)}`);
}

/** Rows `  name  description`, the descriptions aligned and wrapped. */
function table(rows: ReadonlyArray<readonly [string, string]>): string {
  const col = Math.min(32, Math.max(...rows.map(([name]) => name.length)) + 4);
  return rows.map(([name, text]) => {
    const head = `  ${name}`;
    return head.length + 2 > col ? `${head}\n${' '.repeat(col)}${wrap(text, col)}` : `${head.padEnd(col)}${wrap(text, col)}`;
  }).join('\n');
}

/** `--help` of one command: usage, summary, arguments, every flag with its description, exit codes. */
export function formatCommandHelp(spec: CommandSpec): string {
  const parts = [`Usage: tensoreval ${spec.name} ${spec.synopsis}`, '', wrap(spec.summary, 0)];
  if (spec.args && Object.keys(spec.args).length > 0) parts.push('', 'Arguments:', table(Object.entries(spec.args)));
  const flagRows = Object.entries(spec.flags).map(([name, f]) => [`--${name}${f.value ? ` ${f.value}` : ''}`, f.help] as const);
  parts.push('', 'Flags:', table([...flagRows, ['-h, --help', 'print this help and exit']]));
  if (spec.notes) parts.push('', spec.notes);
  parts.push('', EXIT_CODES);
  return `${parts.join('\n')}\n`;
}
