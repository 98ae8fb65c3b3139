import type { KernelCases } from '../kernel-case';

export const topKCases: KernelCases<'TopK'> = [];
