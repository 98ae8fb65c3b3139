import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));
const packages = ['core', 'backend-cpu', 'backend-onnx', 'backend-tfjs', 'backend-gpujs', 'backend-wasm', 'metrics', 'report', 'tensoreval'];

// Tests run against sources: every @tensoreval/* import resolves to packages/*/src (no build needed).
const alias = [
  { find: /^@tensoreval\/([a-z-]+)\/(.+)$/, replacement: `${root}packages/$1/src/$2/index.ts` },
  { find: /^@tensoreval\/([a-z-]+)$/, replacement: `${root}packages/$1/src/index.ts` },
  { find: /^tensoreval$/, replacement: `${root}packages/tensoreval/src/index.ts` },
];

export default defineConfig({
  resolve: { alias },
  test: {
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    projects: [
      ...packages.map((name) => ({
        extends: true as const,
        test: { name, include: [`packages/${name}/{src,test}/**/*.test.ts`] },
      })),
      { extends: true as const, test: { name: 'benchmarks', include: ['benchmarks/**/*.test.ts'] } },
    ],
  },
});
