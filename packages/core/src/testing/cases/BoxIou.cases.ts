import type { KernelCases } from '../kernel-case';

export const boxIouCases: KernelCases<'BoxIou'> = [];
