import type { KernelCases } from '../kernel-case';

export const rleToBboxCases: KernelCases<'RleToBbox'> = [];
