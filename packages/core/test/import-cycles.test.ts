import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * No runtime import cycles in packages/<name>/src: a cycle makes a module run before what it imports
 * is initialised (undefined bindings at load) and ties files that should stand apart. The graph has
 * the static imports and re-exports of every non-test source file; type-only ones (erased by the
 * compiler) and dynamic `import()` (loaded later, on demand) are not edges.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const packagesDir = join(root, 'packages');

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The file a specifier names: relative, or `@tensoreval/pkg[/sub]` → that package's sources. */
function resolveSpecifier(from: string, spec: string): string | undefined {
  let base: string;
  if (spec.startsWith('.')) base = resolve(dirname(from), spec);
  else {
    const m = /^@tensoreval\/([a-z-]+)(?:\/(.+))?$/.exec(spec) ?? /^(tensoreval)(?:\/(.+))?$/.exec(spec);
    if (!m) return undefined; // a third-party module
    base = join(packagesDir, m[1] as string, 'src', m[2] ?? 'index');
  }
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

// `import … from 'x'`, `import 'x'`, `export … from 'x'` at the start of a statement.
const STATIC = /^\s*(import|export)\s+([^;]*?)\s*from\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]/gm;

/** Whether the clause (what stands between import/export and from) binds only types. */
function typeOnly(clause: string): boolean {
  if (/^type\s/.test(clause)) return true;
  const named = /^\{([^}]*)\}$/.exec(clause.trim());
  if (!named) return false;
  const parts = (named[1] as string).split(',').map((s) => s.trim()).filter(Boolean);
  return parts.length > 0 && parts.every((p) => p.startsWith('type '));
}

/** The specifiers a module's text loads at run time, in order. */
function runtimeSpecifiers(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(STATIC)) {
    if (m[2] !== undefined && typeOnly(m[2])) continue;
    out.push((m[3] ?? m[4]) as string);
  }
  return out;
}

function runtimeImports(file: string): string[] {
  return runtimeSpecifiers(readFileSync(file, 'utf8')).flatMap((spec) => resolveSpecifier(file, spec) ?? []);
}

/** Every cycle's files (one strongly connected component of more than one file, or a self-import). */
function importCycles(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const files = [...edges.keys()];
  // Tarjan's strongly connected components, iterative over an explicit stack.
  const index = new Map<string, number>(), low = new Map<string, number>(), onStack = new Set<string>();
  const stack: string[] = [], cycles: string[][] = [];
  let next = 0;
  for (const start of files) {
    if (index.has(start)) continue;
    const work: Array<[string, number]> = [[start, 0]];
    while (work.length > 0) {
      const frame = work[work.length - 1] as [string, number];
      const [v, i] = frame;
      if (i === 0) { index.set(v, next); low.set(v, next); next++; stack.push(v); onStack.add(v); }
      const out = edges.get(v) ?? [];
      if (i < out.length) {
        frame[1] = i + 1;
        const w = out[i] as string;
        if (!edges.has(w)) continue;
        if (!index.has(w)) work.push([w, 0]);
        else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent[0], Math.min(low.get(parent[0]) as number, low.get(v) as number));
      if (low.get(v) === index.get(v)) {
        const component: string[] = [];
        let w: string;
        do { w = stack.pop() as string; onStack.delete(w); component.push(w); } while (w !== v);
        if (component.length > 1 || out.includes(v)) cycles.push(component.sort());
      }
    }
  }
  return cycles;
}

describe('runtime import graph of packages/*/src', () => {
  const files = readdirSync(packagesDir).flatMap((p) => (existsSync(join(packagesDir, p, 'src')) ? sourceFiles(join(packagesDir, p, 'src')) : []));

  it('reads every package', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('has no cycles', () => {
    const graph = new Map(files.map((f) => [f, runtimeImports(f)]));
    expect(importCycles(graph).map((c) => c.map((f) => relative(root, f)))).toEqual([]);
  });

  it('sees value imports and re-exports, not type-only imports or dynamic import()', () => {
    const text = [
      "import { a, type B } from './a';", "import type { C } from './c';", "import { type D, type E } from './d';",
      "export { f } from './f';", "export type { G } from './g';", "import './h';", "const i = await import('./i');",
      "import * as j from '@tensoreval/j';", "export * from './k';",
    ].join('\n');
    expect(runtimeSpecifiers(text)).toEqual(['./a', './f', './h', '@tensoreval/j', './k']);
  });

  it('finds a cycle where there is one', () => {
    const graph = new Map([['a', ['b']], ['b', ['c']], ['c', ['a', 'd']], ['d', []], ['e', ['e']]]);
    expect(importCycles(graph)).toEqual([['a', 'b', 'c'], ['e']]);
    expect(importCycles(new Map([['a', ['b']], ['b', []]]))).toEqual([]);
  });
});
