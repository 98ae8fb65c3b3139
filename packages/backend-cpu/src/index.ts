export * from './base';
import './register-all-kernels';
export * from './shared';
