import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import wabt from 'wabt';
import { describe, expect, it } from 'vitest';
import { wasmBytes } from '@tensoreval/backend-wasm';
import { webAssembly } from '../src/wasm/api';

describe('committed WebAssembly module', () => {
  it('is what cosine.wat compiles to (run `npm run build:wasm -w @tensoreval/backend-wasm` after editing it)', async () => {
    const source = readFileSync(join(import.meta.dirname, '..', 'src', 'wasm', 'cosine.wat'), 'utf8');
    const { buffer } = (await wabt()).parseWat('cosine.wat', source, { simd: true, threads: true }).toBinary({});
    expect(Buffer.from(wasmBytes()).equals(Buffer.from(buffer))).toBe(true);
  });

  it('validates here (SIMD and shared memory) and exports the three kernels', () => {
    const bytes = wasmBytes();
    expect(webAssembly?.validate(bytes)).toBe(true);
    const names = webAssembly!.Module.exports(new webAssembly!.Module(bytes)).map((e) => e.name).sort();
    expect(names).toEqual(['dots', 'finish', 'select']);
  });
});
