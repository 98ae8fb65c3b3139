import { basename } from 'node:path';
import type { ReportOptions, ReportRun } from '@tensoreval/report';
import { writeOutput } from '../cli/write-output';
import { importPackage } from '../import-package';

/** A run's display name from its file path (the file name without .json). */
export function runName(path: string): string {
  return basename(path).replace(/\.json$/i, '');
}

/**
 * Renders the HTML report of `runs` and writes it to `file` (`flag` and `command` name it if the write
 * fails: the HTML is then saved to a temp file, as every output is). The report package (Vega,
 * Vega-Lite) is loaded only here, so commands that write no report never load it.
 */
export async function writeReport(file: string, runs: readonly ReportRun[], options: ReportOptions = {}, flag = '--report', command = 'report'): Promise<void> {
  const { renderReport } = await importPackage<typeof import('@tensoreval/report')>('@tensoreval/report');
  await writeOutput(file, await renderReport(runs, options), flag, command);
}
