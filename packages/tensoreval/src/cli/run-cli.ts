import { invalidOption } from '@tensoreval/core';
import { EXIT_CODES, formatCommandHelp, HelpRequested } from './command-spec';
import { packageVersion } from './version';

/** A command: its line in `tensoreval --help` and its entry point, loaded on demand (`cli/<name>-command.ts`). */
interface CommandEntry {
  name: string;
  summary: string;
  load: () => Promise<(argv: readonly string[]) => Promise<number>>;
}

/** Every command, in help order: add a row here and a `<name>-command.ts` with its CommandSpec. */
export const COMMANDS: readonly CommandEntry[] = [
  { name: 'coco', summary: "evaluate COCO detections (bbox, segm, keypoints, boundary; LVIS with --lvis) with the references' exact numbers", load: async () => (await import('./coco-command')).cocoCommand },
  { name: 'evaluate', summary: 'run a metric request (classification, detection, segmentation, text, embedding, retrieval, fairness, judged) from a JSON file', load: async () => (await import('./evaluate-command')).evaluateCommand },
  { name: 'schema', summary: 'print the JSON Schema (2020-12) of the metric request', load: async () => (await import('./schema-command')).schemaCommand },
  { name: 'report', summary: 'write a self-contained HTML report from saved runs (--out of coco / evaluate), one or several to compare', load: async () => (await import('./report-command')).reportCommand },
  { name: 'backends', summary: 'list the backends: availability, engine, device and kernels (--json for machines)', load: async () => (await import('./backends-command')).backendsCommand },
  { name: 'doctor', summary: 'run the kernel conformance cases on a backend and device: pass/fail and timings', load: async () => (await import('./doctor-command')).doctorCommand },
  { name: 'worker', summary: 'run shard jobs from a BullMQ queue on Redis until stopped (--queue redis://HOST:PORT)', load: async () => (await import('./worker-command')).workerCommand },
];

function usage(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length)) + 4;
  return `Usage: tensoreval <command> [flags]

Commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(width)}${c.summary}`).join('\n')}

Global flags:
  -h, --help      print this help (or a command's help: tensoreval <command> --help)
  -V, --version   print the version

${EXIT_CODES}
`;
}

/**
 * Dispatches a subcommand (see {@link COMMANDS}).
 * Returns the exit code: 0 success, 2 bad usage or input (thrown as TensorEvalError), see EXIT_CODES.
 */
export async function runCli(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined) {
    // no command is a usage error: the usage goes to stderr so stdout stays clean for pipes
    process.stderr.write(usage());
    return 2;
  }
  if (command === '--help' || command === '-h' || (command === 'help' && rest.length === 0)) {
    process.stdout.write(usage());
    return 0;
  }
  if (command === '--version' || command === '-V' || command === 'version') {
    process.stdout.write(`${packageVersion()}\n`);
    return 0;
  }
  // `tensoreval help coco` is `tensoreval coco --help`
  if (command === 'help') return runCli([rest[0] as string, '--help']);
  try {
    const entry = COMMANDS.find((c) => c.name === command);
    if (entry === undefined) throw invalidOption('tensoreval', 'command', `one of ${COMMANDS.map((c) => `'${c.name}'`).join(', ')} (see tensoreval --help)`, command, 'TE-102');
    return await (await entry.load())(rest);
  } catch (error) {
    // a command's parser saw --help/-h: print that command's help
    if (!(error instanceof HelpRequested)) throw error;
    process.stdout.write(formatCommandHelp(error.spec));
    return 0;
  }
}
