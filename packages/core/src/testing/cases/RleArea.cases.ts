import type { KernelCases } from '../kernel-case';

export const rleAreaCases: KernelCases<'RleArea'> = [];
