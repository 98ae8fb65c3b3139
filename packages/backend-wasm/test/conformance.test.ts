import '@tensoreval/backend-wasm';
import { KERNEL_NAMES, type KernelName } from '@tensoreval/core';
import { describeKernelConformance } from '@tensoreval/core/testing';

const OWN: readonly KernelName[] = ['PairwiseCosine', 'CosineTopK'];

/** Every kernel the wasm backend does not register: it has dot-product kernels only; the rest runs on cpu. */
const skip = Object.fromEntries(
  KERNEL_NAMES.filter((k) => !OWN.includes(k)).map((k) => [k, 'not a dot-product kernel; it runs on cpu']),
) as Partial<Record<KernelName, string>>;

describeKernelConformance('wasm', { skip });
