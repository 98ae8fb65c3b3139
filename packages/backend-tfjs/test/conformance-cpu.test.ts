import { configureTfjsBackend } from '@tensoreval/backend-tfjs';
import { describeKernelConformance } from '@tensoreval/core/testing';
import { tfjsSkips } from './skips';

// The same suite on tfjs's plain-JS backend (the default run above lands on wasm).
configureTfjsBackend({ prefer: ['cpu'] });
describeKernelConformance('tfjs', { skip: tfjsSkips });
