import { configureGpujsBackend } from '@tensoreval/backend-gpujs';
import { describeKernelConformance } from '@tensoreval/core/testing';
import { gpujsSkips } from './skips';

// The same suite in gpu.js's plain-JS mode (the default run above lands on webasm in Node).
configureGpujsBackend({ mode: 'cpu' });
describeKernelConformance('gpujs', { skip: gpujsSkips });
