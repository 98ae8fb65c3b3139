// Kernels it does not implement run on cpu, so the cpu backend is always registered too.
import '@tensoreval/backend-cpu';
export { configureWasmBackend, wasmBackend, wasmBytes, type WasmBackendOptions } from './base';
import './register-all-kernels';
export { cosineTopKWasm } from './kernels/CosineTopK';
export { pairwiseCosineWasm } from './kernels/PairwiseCosine';
