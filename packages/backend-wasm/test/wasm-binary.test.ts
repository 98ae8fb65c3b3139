import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wasmBytes } from '@tensoreval/backend-wasm';
import { webAssembly } from '../src/wasm/api';

const pkg = join(import.meta.dirname, '..');
const root = join(pkg, '..', '..');

describe('committed WebAssembly modules', () => {
  it('are what cosine.wat compiles to, plain and relaxed-simd (run `npm run build:wasm -w @tensoreval/backend-wasm` after editing it)', () => {
    const check = spawnSync(process.execPath, [join(pkg, 'scripts', 'build-wasm.mjs'), '--check'], { encoding: 'utf8' });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });

  it('the plain module validates here (SIMD and shared memory) and exports its four kernels', () => {
    const bytes = wasmBytes();
    expect(webAssembly?.validate(bytes)).toBe(true);
    const names = webAssembly!.Module.exports(new webAssembly!.Module(bytes)).map((e) => e.name).sort();
    expect(names).toEqual(['finish', 'gemm', 'pack', 'select']);
  });

  it('the relaxed-simd module runs where the runtime has relaxed-simd and passes the conformance cases', () => {
    const script = join(import.meta.dirname, 'fixtures', 'conformance-relaxed.ts');
    const run = spawnSync(process.execPath, ['--experimental-wasm-relaxed-simd', '--import', 'tsx', script], { cwd: root, encoding: 'utf8', timeout: 120_000 });
    expect(run.stderr).toBe('');
    const out = JSON.parse(run.stdout) as { relaxedSimd: boolean; cases: number; failed: unknown[] };
    expect(out.relaxedSimd).toBe(true);
    expect(out.cases).toBeGreaterThan(10);
    expect(out.failed).toEqual([]);
  });
});
