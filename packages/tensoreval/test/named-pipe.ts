import { execFileSync, spawn } from 'node:child_process';

/**
 * Makes `fifo` a named pipe fed the bytes of the file `source` by another process (as `<(cat source)`
 * does), removed once written; resolves when the writer is done. A reader opens it once: a second
 * open waits for a writer that never comes.
 */
export function namedPipe(fifo: string, source: string): Promise<void> {
  execFileSync('mkfifo', [fifo]);
  const writer = spawn('sh', ['-c', 'cat "$0" > "$1"; rm -f "$1"', source, fifo]);
  return new Promise((done) => writer.once('close', () => done()));
}
