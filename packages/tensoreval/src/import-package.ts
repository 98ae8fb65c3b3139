import { createRequire } from 'node:module';

// Set by the build (tsup.shared.ts): true in the CommonJS output, false in the ESM one; undeclared
// when the sources run directly (tests, tsx), which load as ESM.
declare const TENSOREVAL_CJS_BUILD: boolean | undefined;

const cjsBuild = typeof TENSOREVAL_CJS_BUILD === 'boolean' && TENSOREVAL_CJS_BUILD;

/**
 * Loads a @tensoreval package on demand in this build's own module format. A backend registers itself
 * in the @tensoreval/core it imports; from the CommonJS build, `import()` would load the backend's ESM
 * build and so core's ESM build, a second registry that the CommonJS facade never reads (the
 * dual-package hazard). So the CommonJS build requires the package and the ESM build imports it, and
 * each build sees one copy of core. A failure to load is a rejection in both.
 */
export function importPackage<T>(name: string): Promise<T> {
  if (!cjsBuild) return import(name) as Promise<T>;
  return new Promise((resolve) => resolve(createRequire(import.meta.url)(name) as T));
}
