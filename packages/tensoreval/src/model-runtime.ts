import { registerModelRuntime } from '@tensoreval/core';
import { importPackage } from './import-package';

// Model-based metrics load ONNX models through the 'onnx' model runtime. The facade registers a lazy
// stand-in so that importing 'tensoreval' does not load backend-onnx; its first use does, and the
// real runtime (backend-onnx's onnxruntime loader) then replaces this one.
registerModelRuntime({
  name: 'onnx',
  async loadSession(modelPath, options) {
    const { onnxModelRuntime } = await importPackage<typeof import('@tensoreval/backend-onnx')>('@tensoreval/backend-onnx');
    return onnxModelRuntime.loadSession(modelPath, options);
  },
});
