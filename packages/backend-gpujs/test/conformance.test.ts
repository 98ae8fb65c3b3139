import '@tensoreval/backend-gpujs';
import { describeKernelConformance } from '@tensoreval/core/testing';
import { gpujsSkips } from './skips';

describeKernelConformance('gpujs', { skip: gpujsSkips });
