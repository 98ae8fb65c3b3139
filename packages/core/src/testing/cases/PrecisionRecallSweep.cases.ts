import type { KernelCases } from '../kernel-case';

export const precisionRecallSweepCases: KernelCases<'PrecisionRecallSweep'> = [];
