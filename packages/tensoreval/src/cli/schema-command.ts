import { TASKS } from '../request';
import { requestSchema } from '../request/schema/request-schema';
import { flagString, parseArgs } from './args';
import type { CommandSpec } from './command-spec';
import { checkWritable, STDOUT, writeOutput } from './write-output';

/** `tensoreval schema`: every flag, with what it does (printed by `tensoreval schema --help`). */
export const schemaSpec: CommandSpec = {
  name: 'schema',
  synopsis: '[--out SCHEMA.json]',
  summary: 'Prints the JSON Schema (draft 2020-12) of the whole metric request: every task, its data and blocks, every method with its parameters (closed: unknown keys are refused). `tensoreval evaluate` checks requests against the same schema, so an editor pointed at it completes and checks request files.',
  flags: {
    out: { value: 'FILE', help: `write the schema to FILE instead of stdout ('${STDOUT}' or absent: stdout).` },
  },
  notes: `Example:
  tensoreval schema --out tensoreval-request.schema.json`,
};

/**
 * `tensoreval schema` (see {@link schemaSpec}): prints the JSON Schema (draft 2020-12) of the whole metric
 * request (every task, its data and blocks, every method with its parameters), the same schema
 * `evaluate` checks requests against. Point an editor at it to complete and check request files.
 */
export async function schemaCommand(argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv, schemaSpec);
  const out = flagString(args, 'out');
  if (out !== undefined) await checkWritable(out, '--out', 'tensoreval schema');
  await writeOutput(out ?? STDOUT, `${JSON.stringify(requestSchema(TASKS), null, 2)}\n`, '--out', 'schema');
  return 0;
}
