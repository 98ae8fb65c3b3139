import { invalidOption } from '@tensoreval/core';
import { EXIT_CODES, formatCommandHelp, HelpRequested } from './command-spec';
import { packageVersion } from './version';

/** One line per command for `tensoreval --help`; each command's flags are in its own `--help`. */
export const COMMANDS: ReadonlyArray<readonly [string, string]> = [
  ['coco', "evaluate COCO detections (bbox, segm, keypoints, boundary; LVIS with --lvis) with the references' exact numbers"],
  ['evaluate', 'run a metric request (classification, detection, segmentation, text, embedding, retrieval, fairness, judged) from a JSON file'],
  ['schema', 'print the JSON Schema (2020-12) of the metric request'],
  ['report', 'write a self-contained HTML report from saved runs (--out of coco / evaluate), one or several to compare'],
  ['backends', 'list the backends: availability, engine, device and kernels (--json for machines)'],
  ['doctor', 'run the kernel conformance cases on a backend and device: pass/fail and timings'],
  ['worker', 'run shard jobs from a BullMQ queue on Redis until stopped (--queue redis://HOST:PORT)'],
];

function usage(): string {
  const width = Math.max(...COMMANDS.map(([n]) => n.length)) + 4;
  return `Usage: tensoreval <command> [flags]

Commands:
${COMMANDS.map(([name, text]) => `  ${name.padEnd(width)}${text}`).join('\n')}

Global flags:
  -h, --help      print this help (or a command's help: tensoreval <command> --help)
  -V, --version   print the version

${EXIT_CODES}
`;
}

/**
 * Dispatches a subcommand; each lives in its own module (`cli/<name>-command.ts`), loaded on demand.
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
    return await dispatch(command, rest);
  } catch (error) {
    // a command's parser saw --help/-h: print that command's help
    if (!(error instanceof HelpRequested)) throw error;
    process.stdout.write(formatCommandHelp(error.spec));
    return 0;
  }
}

/** One `case` per command: add yours here and a line in COMMANDS. */
async function dispatch(command: string, rest: readonly string[]): Promise<number> {
  switch (command) {
    case 'coco':
      return (await import('./coco-command')).cocoCommand(rest);
    case 'evaluate':
      return (await import('./evaluate-command')).evaluateCommand(rest);
    case 'schema':
      return (await import('./schema-command')).schemaCommand(rest);
    case 'backends':
      return (await import('./backends-command')).backendsCommand(rest);
    case 'doctor':
      return (await import('./doctor-command')).doctorCommand(rest);
    case 'report':
      return (await import('./report-command')).reportCommand(rest);
    case 'worker':
      return (await import('./worker-command')).workerCommand(rest);
    default:
      throw invalidOption('tensoreval', 'command', `one of ${COMMANDS.map(([n]) => `'${n}'`).join(', ')} (see tensoreval --help)`, command, 'TE-102');
  }
}
