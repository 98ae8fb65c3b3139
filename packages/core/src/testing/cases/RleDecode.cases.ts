import type { KernelCases } from '../kernel-case';

export const rleDecodeCases: KernelCases<'RleDecode'> = [];
