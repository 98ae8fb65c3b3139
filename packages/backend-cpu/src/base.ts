import { registerBackend, type Backend } from '@tensoreval/core';

/** The reference backend: always present, synchronous, float64. */
export const cpuBackend: Backend = {
  name: 'cpu',
  floatPrecision: 64,
  init() {},
  dispose() {},
  describe: () => ({ engine: 'typescript', threads: 1 }),
};

registerBackend('cpu', cpuBackend, 1);
