import '@tensoreval/backend-tfjs';
import { describeKernelConformance } from '@tensoreval/core/testing';
import { tfjsSkips } from './skips';

describeKernelConformance('tfjs', { skip: tfjsSkips });
