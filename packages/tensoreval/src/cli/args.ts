import { invalidOption } from '@tensoreval/core';
import { BACKENDS } from '../kernels-api/backend-loading';
import { type CommandSpec, HelpRequested, isBooleanFlag } from './command-spec';

/** Parsed command line: positional arguments and --flags (`--x v`, `--x=v`, boolean `--x`). */
export interface ParsedArgs {
  positional: string[];
  flags: Map<string, string | true>;
}

/**
 * Parses argv against the command's {@link CommandSpec}. Boolean flags take no value; every other
 * flag requires one. An unknown flag is an error rather than silently ignored, and so is a positional
 * argument for a command whose spec declares none. `--help` / `-h` anywhere throws
 * {@link HelpRequested} (the dispatcher prints the command's help and exits 0). A lone `-` is a
 * positional argument (stdin/stdout by convention); `--` ends the flags.
 */
export function parseArgs(argv: readonly string[], spec: CommandSpec): ParsedArgs {
  const command = `tensoreval ${spec.name}`;
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') { positional.push(...argv.slice(i + 1)); break; }
    if (arg === '--help' || arg === '-h') throw new HelpRequested(spec);
    if (!arg.startsWith('--')) { positional.push(arg); continue; }
    const eq = arg.indexOf('=');
    const name = eq >= 0 ? arg.slice(2, eq) : arg.slice(2);
    const flag = Object.hasOwn(spec.flags, name) ? spec.flags[name] : undefined;
    if (flag === undefined) throw invalidOption(command, `--${name}`, `one of --${Object.keys(spec.flags).join(', --')} (see ${command} --help)`, arg, 'TE-102');
    if (isBooleanFlag(flag)) {
      if (eq >= 0) throw invalidOption(command, `--${name}`, 'given without a value (it is a switch)', arg, 'TE-102');
      flags.set(name, true);
      continue;
    }
    const value = eq >= 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined) throw invalidOption(command, `--${name}`, 'followed by a value', undefined);
    flags.set(name, value);
  }
  if (spec.args === undefined && positional.length > 0) throw invalidOption(command, 'arguments', `flags only (see ${command} --help)`, positional.join(' '), 'TE-102');
  return { positional, flags };
}

export function flagString(args: ParsedArgs, name: string): string | undefined {
  const v = args.flags.get(name);
  return typeof v === 'string' ? v : undefined;
}

/** `--backend` of `command` ('auto' when absent), checked against {@link BACKENDS} (TE-101 otherwise). */
export function backendFlag(args: ParsedArgs, command: string): string {
  const backend = flagString(args, 'backend') ?? 'auto';
  if (!(BACKENDS as readonly string[]).includes(backend)) throw invalidOption(command, '--backend', `one of ${BACKENDS.join(', ')}`, backend);
  return backend;
}
