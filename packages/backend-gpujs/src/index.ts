export * from './base';
import './register-all-kernels';
