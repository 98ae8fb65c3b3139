import { configureGpujsBackend } from '@tensoreval/backend-gpujs';
import { describe } from 'vitest';
import { rasterProperties } from './raster-properties';

// gpu.js's default mode in Node (webasm), whose float32 index arithmetic is what the pixel limit guards.
configureGpujsBackend({});
describe('gpujs raster kernels equal cpu (webasm mode)', rasterProperties);
