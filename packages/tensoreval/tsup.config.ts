import { defineConfig } from 'tsup';
import { libraryBuild } from '../../tsup.shared';

export default defineConfig([
  { ...libraryBuild, entry: { index: 'src/index.ts' } },
  {
    ...libraryBuild,
    entry: { cli: 'src/cli.ts' },
    format: ['esm'],
    dts: false,
    clean: false,
    banner: { js: '#!/usr/bin/env node' },
  },
  // worker of evaluateCoco({ workers }): a results-file range to scan or a COCO shard per task
  { ...libraryBuild, entry: { 'coco-shard-worker': 'src/coco-shard-worker.ts' }, format: ['esm'], dts: false, clean: false },
  // worker of evaluate(request, { workers }): one datum shard per task
  { ...libraryBuild, entry: { 'evaluate-shard-worker': 'src/evaluate-shard-worker.ts' }, format: ['esm'], dts: false, clean: false },
]);
