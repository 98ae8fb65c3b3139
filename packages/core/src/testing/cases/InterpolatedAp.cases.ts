import type { KernelCases } from '../kernel-case';

export const interpolatedApCases: KernelCases<'InterpolatedAp'> = [];
