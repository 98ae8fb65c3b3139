import type { KernelCases } from '../kernel-case';

export const rocAucCases: KernelCases<'RocAuc'> = [];
