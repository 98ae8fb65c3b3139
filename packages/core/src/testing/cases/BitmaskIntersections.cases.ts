import type { KernelCases } from '../kernel-case';

export const bitmaskIntersectionsCases: KernelCases<'BitmaskIntersections'> = [];
