/** Elementwise closeness with atol/rtol; NaN equals NaN (as onnxruntime's assertFloatEqual). */
export interface Tolerance {
  atol: number;
  rtol: number;
}

export function firstMismatch(actual: ArrayLike<number>, expected: ArrayLike<number>, tol: Tolerance): string | undefined {
  if (actual.length !== expected.length) return `length ${actual.length} != expected ${expected.length}`;
  for (let i = 0; i < expected.length; i++) {
    const a = actual[i] as number;
    const e = expected[i] as number;
    if (Number.isNaN(a) && Number.isNaN(e)) continue;
    if (a === e) continue;
    if (!(Math.abs(a - e) <= tol.atol + tol.rtol * Math.abs(e))) return `index ${i}: got ${a}, expected ${e} (atol ${tol.atol}, rtol ${tol.rtol})`;
  }
  return undefined;
}

export function assertClose(actual: ArrayLike<number>, expected: ArrayLike<number>, tol: Tolerance, what = 'value'): void {
  const m = firstMismatch(actual, expected, tol);
  if (m) throw new Error(`${what}: ${m}`);
}

/** Deep comparison of kernel outputs: typed arrays elementwise, numbers by tolerance, objects by key. */
export function assertOutputsClose(actual: unknown, expected: unknown, tol: Tolerance, path = 'outputs'): void {
  if (typeof expected === 'number') {
    assertClose([actual as number], [expected], tol, path);
    return;
  }
  if (ArrayBuffer.isView(expected) || Array.isArray(expected)) {
    if (!(ArrayBuffer.isView(actual) || Array.isArray(actual))) throw new Error(`${path}: expected an array, got ${typeof actual}`);
    assertClose(actual as ArrayLike<number>, expected as ArrayLike<number>, tol, path);
    return;
  }
  if (typeof expected === 'object' && expected !== null) {
    for (const [k, v] of Object.entries(expected)) {
      assertOutputsClose((actual as Record<string, unknown>)?.[k], v, tol, `${path}.${k}`);
    }
    return;
  }
  if (actual !== expected) throw new Error(`${path}: got ${String(actual)}, expected ${String(expected)}`);
}
