import { defineConfig } from 'tsup';

const subpaths = ['classification', 'detection', 'segmentation', 'text', 'embedding', 'retrieval', 'fairness', 'judge'];

export default defineConfig({
  entry: { index: 'src/index.ts', ...Object.fromEntries(subpaths.map((s) => [`${s}/index`, `src/${s}/index.ts`])) },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  shims: true,
  target: 'node20',
  platform: 'node',
});
