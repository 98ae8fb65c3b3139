import type { KernelCases } from '../kernel-case';

export const rleMergeCases: KernelCases<'RleMerge'> = [];
