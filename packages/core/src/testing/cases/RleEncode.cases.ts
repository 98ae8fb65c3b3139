import type { KernelCases } from '../kernel-case';

export const rleEncodeCases: KernelCases<'RleEncode'> = [];
