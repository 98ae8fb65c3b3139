import type { KernelCases } from '../kernel-case';

export const rleIouCases: KernelCases<'RleIou'> = [];
