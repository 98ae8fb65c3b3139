/**
 * What a user meets first, from a fresh clone and from the published tarballs: the `tensoreval` bin,
 * npm's configuration, tarball contents and metadata, types under `moduleResolution: node10`, and
 * which heavy optional dependencies load with `tensoreval`. Checks on tarballs and built files need
 * `npm run build` first (CI builds before testing).
 */
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const PACKAGES = ['core', 'backend-cpu', 'backend-onnx', 'backend-wasm', 'backend-tfjs', 'backend-gpujs', 'metrics', 'tensoreval'];
const built = PACKAGES.every((p) => existsSync(join(root, 'packages', p, 'dist', 'index.js')));
const npmCli = process.env.npm_execpath && /npm-cli\.js$/.test(process.env.npm_execpath) ? [process.execPath, process.env.npm_execpath] : ['npm'];

function run(cmd: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(cmd[0] as string, cmd.slice(1), { cwd, env, encoding: 'utf8', maxBuffer: 1 << 26 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

function pkgJson(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8')) as Record<string, unknown>;
}

describe('the bin and npm configuration of a fresh clone', () => {
  it("bin points at a committed loader, not at a build output, so npm links it at install", () => {
    const bin = (pkgJson('tensoreval').bin as Record<string, string>).tensoreval as string;
    expect(bin).not.toMatch(/dist\//);
    expect(existsSync(join(root, 'packages/tensoreval', bin))).toBe(true);
  });

  it('the bin says how to build when dist/ is missing, with exit code 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tensoreval-bin-'));
    mkdirSync(join(dir, 'bin'));
    copyFileSync(join(root, 'packages/tensoreval/bin/tensoreval.js'), join(dir, 'bin/tensoreval.js'));
    writeFileSync(join(dir, 'package.json'), '{ "type": "module" }');
    const r = await run([process.execPath, join(dir, 'bin/tensoreval.js'), '--version'], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/not built yet.*npm run build/);
  });

  it.skipIf(!built)('the bin runs the built CLI (after npm install && npm run build)', async () => {
    const r = await run([process.execPath, join(root, 'packages/tensoreval/bin/tensoreval.js'), '--version'], root);
    expect(r).toMatchObject({ code: 0, stdout: `${pkgJson('tensoreval').version as string}\n` });
  });

  it('.npmrc uses only keys npm knows (no "Unknown project config" on every command)', async () => {
    const r = await run([...npmCli, 'config', 'get', 'ignore-scripts'], root);
    expect(r.stderr).not.toMatch(/Unknown project config/);
    expect(r.stdout.trim()).toBe('true');
  });
});

describe('published package metadata', () => {
  for (const name of PACKAGES) {
    it(`${name}: license, engines, keywords, README`, () => {
      const pkg = pkgJson(name);
      expect(pkg.license).toBe('Apache-2.0');
      expect(pkg.engines).toEqual({ node: '>=20.19' });
      expect((pkg.keywords as string[]).length).toBeGreaterThan(3);
      // a README per package: what it is, how to install it, one example
      const readme = readFileSync(join(root, 'packages', name, 'README.md'), 'utf8');
      expect(readme).toMatch(new RegExp(`^# ${(pkg.name as string).replace('/', '\\/')}\n`));
      expect(readme).toMatch(/npm (i|install) /);
      expect(readme).toMatch(/```ts\n/);
    });
  }

  it('no package names a repository, homepage or bugs URL: there is no canonical public address to point at', () => {
    // the decision is stated in the facade README; a URL appears here only once the project has one
    for (const name of PACKAGES) for (const key of ['repository', 'homepage', 'bugs']) expect(pkgJson(name), `${name}: ${key}`).not.toHaveProperty(key);
    expect(readFileSync(join(root, 'packages/tensoreval/README.md'), 'utf8')).toMatch(/names no `repository` or `homepage`/);
  });

  it('openai is an optional peer of @tensoreval/metrics, not a dependency', () => {
    const pkg = pkgJson('metrics') as { dependencies: Record<string, string>; peerDependenciesMeta: Record<string, { optional: boolean }> };
    expect(pkg.dependencies.openai).toBeUndefined();
    expect(pkg.peerDependenciesMeta.openai).toEqual({ optional: true });
  });
});

describe.skipIf(!built)('packed tarballs', () => {
  it('carry dist, README, LICENSE; core carries every error page; tensoreval carries its bin', async () => {
    const pages = readdirSync(join(root, 'errors')).filter((f) => /^TE-\d+\.md$/.test(f));
    expect(pages.length).toBeGreaterThan(10);
    const packs = await Promise.all(PACKAGES.map((name) => run([...npmCli, 'pack', '--dry-run', '--json', '--ignore-scripts'], join(root, 'packages', name))));
    for (const [i, name] of PACKAGES.entries()) {
      const r = packs[i]!;
      expect(r.code, r.stderr).toBe(0);
      const files = new Set((JSON.parse(r.stdout) as Array<{ files: Array<{ path: string }> }>)[0]!.files.map((f) => f.path));
      for (const f of ['package.json', 'README.md', 'LICENSE', 'dist/index.js', 'dist/index.cjs', 'dist/index.d.ts']) expect(files.has(f), `${name}: ${f}`).toBe(true);
      expect([...files].some((f) => f.startsWith('src/') || f.startsWith('test/')), `${name} ships sources`).toBe(false);
      if (name === 'core') for (const page of pages) expect(files.has(`errors/${page}`), page).toBe(true);
      if (name === 'tensoreval') for (const f of ['bin/tensoreval.js', 'dist/cli.js']) expect(files.has(f), f).toBe(true);
      if (name === 'metrics') expect(files.has('dist/coco-gt-worker.js'), 'the GT mask worker').toBe(true);
    }
  });
});

describe.skipIf(!built)('the built facade', () => {
  it('TypeScript with moduleResolution node10 sees the metrics re-exports (typesVersions)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tensoreval-node10-'));
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
    writeFileSync(join(dir, 'use.ts'), [
      "import { evaluateCoco, rouge, classification } from 'tensoreval';",
      "import { rouge as rouge2 } from '@tensoreval/metrics/text';",
      "import { describeKernelConformance } from '@tensoreval/core/testing';",
      'export const used = [evaluateCoco, rouge, classification.ValorClassification, rouge2, describeKernelConformance];',
    ].join('\n'));
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    const r = await run([process.execPath, tsc, '--noEmit', '--strict', '--skipLibCheck', '--module', 'commonjs', '--moduleResolution', 'node10', '--target', 'es2022', '--types', 'node', 'use.ts'], dir);
    expect(r.stdout + r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  // A backend loaded on demand registers in the @tensoreval/core it imports; from the CommonJS facade
  // an ESM backend would register in core's ESM copy, which the CommonJS facade never reads.
  const onDemand = (load: string) => [
    load,
    'const a = new Float32Array([3, 4, 1, 0]);',
    "t.cosineSimilarity(a, new Float32Array([3, 4]), 2, { backend: 'wasm' }).then((s) => {",
    "  const wasm = core.listBackends().find((b) => b.name === 'wasm');",
    '  console.log(JSON.stringify({ scores: Array.from(s), wasm: wasm && wasm.state }));',
    '}, (e) => { console.log(JSON.stringify({ error: String(e.message) })); });',
  ].join('\n');
  for (const [format, args] of [
    ['CommonJS', ['-e', onDemand("const t = require('tensoreval'); const core = require('@tensoreval/core');")]],
    ['ESM', ['--input-type=module', '-e', onDemand("import * as t from 'tensoreval'; import * as core from '@tensoreval/core';")]],
  ] as const) {
    it(`${format}: a backend loaded on demand registers in the same build of core as the facade`, async () => {
      const r = await run([process.execPath, ...args], root);
      expect(r.stderr).toBe('');
      const out = JSON.parse(r.stdout) as { scores: number[]; wasm: string };
      expect(out).toMatchObject({ wasm: 'ready' });
      expect(out.scores[0]).toBeCloseTo(1, 6);
      expect(out.scores[1]).toBeCloseTo(0.6, 6);
    });
  }

  it('require("tensoreval") loads neither the OpenAI SDK nor ajv; they load on first use', async () => {
    const script = [
      "const t = require('tensoreval');",
      "const heavy = () => Object.keys(require.cache).filter((k) => /node_modules[\\\\/](openai|ajv)[\\\\/]/.test(k)).map((k) => k.match(/node_modules[\\\\/](openai|ajv)/)[1]);",
      'const atLoad = [...new Set(heavy())];',
      "t.text.jsonSchemaCheck(['{}'], { type: 'object' });",
      'console.log(JSON.stringify({ atLoad, afterSchema: [...new Set(heavy())] }));',
    ].join('\n');
    const r = await run([process.execPath, '-e', script], root);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({ atLoad: [], afterSchema: ['ajv'] });
  });
});
