import { configureGpujsBackend } from '@tensoreval/backend-gpujs';
import { describe } from 'vitest';
import { rasterProperties } from './raster-properties';

// The same properties in gpu.js's plain-JS mode.
configureGpujsBackend({ mode: 'cpu' });
describe('gpujs raster kernels equal cpu (gpu.js cpu mode)', rasterProperties);
