import '@tensoreval/backend-cpu';
import { describeKernelConformance } from '@tensoreval/core/testing';

describeKernelConformance('cpu');
