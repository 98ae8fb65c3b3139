import type { KernelCases } from '../kernel-case';

export const polygonToRleCases: KernelCases<'PolygonToRle'> = [];
