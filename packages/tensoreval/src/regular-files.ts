import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { unreadableInput } from './read-json';

/**
 * Copies the file `from` to `to` by streaming it: a pipe (`--dt <(zcat dt.json.gz)`) as much as a
 * regular file, where `copyFile` finds no size to copy and copies 0 bytes. Bytes are copied as they
 * are (gzip stays gzip), in bounded memory.
 */
export async function copyByStream(from: string, to: string): Promise<void> {
  await pipeline(createReadStream(from), createWriteStream(to));
}

/**
 * Runs `body` with `paths` where each one that is not a regular file (a pipe, a character device)
 * is replaced by a temporary copy of its bytes, deleted after `body` (undefined entries, inputs given
 * as data, stay undefined): a pipe gives its bytes once,
 * so the run's readers (this thread, every worker thread, a reader that streams) all find them in
 * the copy. Errors of reading a pipe are TE-209 naming the path given.
 */
export async function withRegularFiles<P extends readonly (string | undefined)[], Out>(paths: P, body: (files: { [K in keyof P]: P[K] }) => Promise<Out>): Promise<Out> {
  // one directory for every copy, made once even when several inputs are pipes at once
  let dir: Promise<string> | undefined;
  try {
    const files = await Promise.all(paths.map(async (path, i) => {
      if (path === undefined) return undefined;
      let regular: boolean;
      try {
        regular = (await stat(path)).isFile();
      } catch {
        return path; // missing: the readers report it as one pass does
      }
      if (regular) return path;
      dir ??= mkdtemp(join(tmpdir(), 'tensoreval-pipe-'));
      const copy = join(await dir, `input-${i}`);
      try {
        await copyByStream(path, copy);
      } catch (error) {
        throw unreadableInput('evaluateCoco', path, error);
      }
      return copy;
    }));
    return await body(files as { [K in keyof P]: P[K] });
  } finally {
    if (dir !== undefined) await rm(await dir, { recursive: true, force: true });
  }
}
