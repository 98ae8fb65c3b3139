import '@tensoreval/backend-onnx';
import { describeKernelConformance } from '@tensoreval/core/testing';
import { onnxSkips } from './skips';

describeKernelConformance('onnx', { skip: onnxSkips });
