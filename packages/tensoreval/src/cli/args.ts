import { invalidOption } from '@tensoreval/core';
import { BACKENDS } from '../kernels-api/backend-loading';

/** Parsed command line: positional arguments and --flags (`--x v`, `--x=v`, boolean `--x`). */
export interface ParsedArgs {
  positional: string[];
  flags: Map<string, string | true>;
}

/**
 * Parses argv against the flags a command knows. Boolean flags take no value; every other flag
 * requires one. An unknown flag is an error rather than silently ignored.
 */
export function parseArgs(argv: readonly string[], command: string, known: { values: readonly string[]; booleans: readonly string[] }): ParsedArgs {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (!arg.startsWith('--')) { positional.push(arg); continue; }
    const eq = arg.indexOf('=');
    const name = eq >= 0 ? arg.slice(2, eq) : arg.slice(2);
    if (known.booleans.includes(name)) { flags.set(name, true); continue; }
    if (!known.values.includes(name)) {
      throw invalidOption(`tensoreval ${command}`, `--${name}`, `one of --${[...known.values, ...known.booleans].join(', --')}`, arg, 'TE-102');
    }
    const value = eq >= 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined) throw invalidOption(`tensoreval ${command}`, `--${name}`, 'followed by a value', undefined);
    flags.set(name, value);
  }
  return { positional, flags };
}

export function flagString(args: ParsedArgs, name: string): string | undefined {
  const v = args.flags.get(name);
  return typeof v === 'string' ? v : undefined;
}

/** The values of `--backend`, shared by every subcommand that takes one. */

/** `--backend` of `command` ('auto' when absent), checked against {@link BACKENDS} (TE-101 otherwise). */
export function backendFlag(args: ParsedArgs, command: string): string {
  const backend = flagString(args, 'backend') ?? 'auto';
  if (!(BACKENDS as readonly string[]).includes(backend)) throw invalidOption(command, '--backend', `one of ${BACKENDS.join(', ')}`, backend);
  return backend;
}
