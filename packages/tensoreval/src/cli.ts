import { relaunchFilteringDawnWarnings } from './cli/dawn-warnings';
import { reportFailure } from './cli/failure-line';
import { runCli } from './cli/run-cli';
import { tolerateClosedStdout } from './cli/write-output';

tolerateClosedStdout();

/**
 * Ends the process once the command is done and stdout and stderr have taken everything written
 * to them. Waiting for the event loop to drain instead can hold a finished run for seconds: after a
 * large reply, the Redis client's parser keeps a 50 ms timer that shrinks its buffer by a tenth a
 * tick (~2 s after a queue run's states came back), and libraries may keep others.
 */
function exitWhenFlushed(code: number): void {
  process.exitCode = code;
  process.stdout.write('', () => process.stderr.write('', () => process.exit()));
}

(relaunchFilteringDawnWarnings(process.argv.slice(1)) ?? runCli(process.argv.slice(2))).then(
  exitWhenFlushed,
  (error: unknown) => exitWhenFlushed(reportFailure(error)),
);
