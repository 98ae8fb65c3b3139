export * from './base';
import './register-all-kernels';
export { pairwiseCosineTensor } from './kernels/PairwiseCosine';
export { isTensor, type ArrayOrTensor } from './tensors';
