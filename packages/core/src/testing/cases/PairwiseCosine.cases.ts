import type { KernelCases } from '../kernel-case';

export const pairwiseCosineCases: KernelCases<'PairwiseCosine'> = [];
