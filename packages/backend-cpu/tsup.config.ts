import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', shared: 'src/shared.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'node20',
  platform: 'node',
});
