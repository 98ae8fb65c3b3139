import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Options } from 'tsup';

const ROOT = join(__dirname);

/**
 * Copies files of the repository root into the package being built (its working directory), so that
 * the published tarball carries them: the LICENSE in every package, and the error pages
 * (`errors/TE-xxx.md`, which every error message names) in @tensoreval/core. Built copies are
 * git-ignored; the root files are the one source.
 */
export function copyRootFiles(options: { errorPages?: boolean } = {}): () => Promise<void> {
  return async () => {
    copyFileSync(join(ROOT, 'LICENSE'), 'LICENSE');
    if (!options.errorPages) return;
    mkdirSync('errors', { recursive: true });
    for (const name of readdirSync(join(ROOT, 'errors'))) if (name.endsWith('.md')) copyFileSync(join(ROOT, 'errors', name), join('errors', name));
  };
}

/**
 * Build settings every package shares: ESM + CJS + .d.ts for Node 20, with source maps.
 * `TENSOREVAL_CJS_BUILD` tells code which of the two outputs it is in (the facade loads backends in
 * its own format so that they register in its copy of core: packages/tensoreval/src/import-package.ts).
 */
export const libraryBuild = {
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  shims: true,
  target: 'node20',
  platform: 'node',
  onSuccess: copyRootFiles(),
  esbuildOptions(options, context) {
    options.define = { ...options.define, TENSOREVAL_CJS_BUILD: String(context.format === 'cjs') };
  },
} satisfies Options;
