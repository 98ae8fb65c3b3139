import type { Options } from 'tsup';

/** Build settings every package shares: ESM + CJS + .d.ts for Node 20, with source maps. */
export const libraryBuild = {
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  shims: true,
  target: 'node20',
  platform: 'node',
} satisfies Options;
