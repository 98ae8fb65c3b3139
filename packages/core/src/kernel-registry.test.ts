import { afterEach, describe, expect, it } from 'vitest';
import { KernelNotRegisteredError } from './errors';
import { getKernel, listKernels, registerKernel, unregisterKernel, type KernelConfig } from './kernel-registry';
import { setWarningHandler, type TensorEvalWarning } from './warnings';

const counts = (backendName: string): KernelConfig<'ConfusionCounts'> => ({
  kernelName: 'ConfusionCounts',
  backendName,
  kernelFunc: () => ({ counts: Float64Array.of(1) }),
});

afterEach(() => {
  for (const c of listKernels()) unregisterKernel(c.kernelName, c.backendName);
  setWarningHandler(undefined);
});

describe('kernel registry', () => {
  it('keys kernels by backend and kernel name', () => {
    registerKernel(counts('a'));
    registerKernel(counts('b'));
    expect(getKernel('ConfusionCounts', 'a')?.backendName).toBe('a');
    expect(getKernel('ConfusionCounts', 'c')).toBeUndefined();
    expect(getKernel('TopK', 'a')).toBeUndefined();
    expect(listKernels('b').map((c) => c.backendName)).toEqual(['b']);
    expect(listKernels()).toHaveLength(2);
  });

  it('throws on a duplicate registration under the test runner', () => {
    registerKernel(counts('a'));
    expect(() => registerKernel(counts('a'))).toThrow("The kernel 'ConfusionCounts' for backend 'a' is already registered.");
  });

  it('warns and replaces on a duplicate registration outside tests', () => {
    const seen: TensorEvalWarning[] = [];
    setWarningHandler((w) => seen.push(w));
    const saved = process.env.VITEST;
    delete process.env.VITEST;
    try {
      registerKernel(counts('a'));
      const replacement = counts('a');
      registerKernel(replacement);
      expect(getKernel('ConfusionCounts', 'a')).toBe(replacement);
    } finally {
      process.env.VITEST = saved;
    }
    expect(seen).toHaveLength(1);
    expect(seen[0]?.category).toBe('BackendFallbackWarning');
    expect(seen[0]?.message).toMatch(/already registered\. The new registration replaces it\./);
  });

  it('unregisters a known kernel and throws TE-302 for an unknown one', () => {
    registerKernel(counts('a'));
    unregisterKernel('ConfusionCounts', 'a');
    expect(getKernel('ConfusionCounts', 'a')).toBeUndefined();
    const attempt = () => unregisterKernel('ConfusionCounts', 'a');
    expect(attempt).toThrow(KernelNotRegisteredError);
    expect(attempt).toThrow(/^The kernel 'ConfusionCounts' for backend 'a' is not registered\. See errors\/TE-302\.md$/);
  });
});
