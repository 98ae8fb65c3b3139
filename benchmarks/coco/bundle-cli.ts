/**
 * Bundles the CLI from sources with esbuild (code-split, as the published packages are), so the
 * benchmark times exactly the working tree's code without depending on every package's dist being built.
 */
import { build, type BuildOptions, type Plugin } from 'esbuild';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { repoRoot } from './bench-args';

const root = repoRoot;

/** `@tensoreval/x` → packages/x/src/index.ts, `@tensoreval/x/sub` → packages/x/src/sub/index.ts. */
const sourceAliases: Plugin = {
  name: 'tensoreval-sources',
  setup(b) {
    b.onResolve({ filter: /^@tensoreval\/[a-z-]+(\/.+)?$/ }, (args) => {
      const [, pkg, sub] = /^@tensoreval\/([a-z-]+)(?:\/(.+))?$/.exec(args.path) as RegExpExecArray;
      const dir = join(root, 'packages', pkg as string, 'src', sub ?? '');
      const file = existsSync(`${dir}.ts`) ? `${dir}.ts` : join(dir, 'index.ts');
      return { path: file };
    });
  },
};

const COMMON: BuildOptions = {
  bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'error',
  plugins: [sourceAliases],
  // optional engines stay external: the COCO path never loads them
  external: ['onnxruntime-node', '@tensorflow/*', 'gpu.js', 'pako', 'piscina', 'apache-arrow', 'bullmq'],
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
};

/** Bundles one script of the benchmarks (a worker entry, say) from sources to `outfile`, as the CLI is bundled. */
export async function bundleScript(entry: string, outfile: string): Promise<string> {
  await build({ ...COMMON, entryPoints: [entry], outfile });
  return outfile;
}

/** Bundles the CLI to `outfile`, the segm GT worker and the shard worker beside it (found there by the CLI), and their shared chunks (`chunk-*.mjs`) there too. */
export async function bundleCli(outfile: string): Promise<string> {
  const dir = dirname(outfile);
  // no stale chunks of an earlier build
  if (existsSync(dir)) for (const f of readdirSync(dir)) if (/^chunk-[A-Z0-9]+\.mjs$/.test(f)) rmSync(join(dir, f));
  // one build with code splitting, as the published packages are built: the CLI loads each command's
  // modules when it runs it, and the workers share the chunks
  await build({
    ...COMMON,
    entryPoints: {
      [basename(outfile, '.mjs')]: join(root, 'packages/tensoreval/src/cli.ts'),
      'coco-gt-worker': join(root, 'packages/metrics/src/detection/coco/gt-mask-worker.ts'),
      'coco-shard-worker': join(root, 'packages/tensoreval/src/coco-shard-worker.ts'),
    },
    // chunks beside the entries, as in dist: modules look for the worker entries next to themselves
    outdir: dir, splitting: true, chunkNames: 'chunk-[hash]', outExtension: { '.js': '.mjs' },
  });
  return outfile;
}
