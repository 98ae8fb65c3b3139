import { relaunchFilteringDawnWarnings } from './cli/dawn-warnings';
import { reportFailure } from './cli/failure-line';
import { runCli } from './cli/run-cli';
import { tolerateClosedStdout } from './cli/write-output';

tolerateClosedStdout();

(relaunchFilteringDawnWarnings(process.argv.slice(1)) ?? runCli(process.argv.slice(2))).then(
  (code) => { process.exitCode = code; },
  (error: unknown) => { process.exitCode = reportFailure(error); },
);
