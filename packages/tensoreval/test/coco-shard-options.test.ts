import { describe, expect, it } from 'vitest';
import { cocoShardOptions } from '../src/coco-shard';
import type { EvaluateCocoOptions } from '../src/evaluate-coco';

describe('cocoShardOptions: one derivation for thread and queue shards', () => {
  it('keeps every COCO parameter and drops the callback, the masks, workers and backend', () => {
    const params = { iouType: 'segm', maxDets: [1, 10, 100], iouThrs: [0.5], useCats: false, scoreThreshold: 0.4, summation: 'whole', streamAboveBytes: 1 << 20 } satisfies EvaluateCocoOptions;
    const options: EvaluateCocoOptions = { ...params, backend: 'cpu', workers: 4, onStage: () => {}, gtMasks: { count: 0 } as unknown as NonNullable<EvaluateCocoOptions['gtMasks']> };
    const shard = cocoShardOptions(options);
    expect(shard).toEqual(params);
    // plain data: it crosses threads (postMessage) and queues (JSON)
    expect(structuredClone(shard)).toEqual(params);
    expect(JSON.parse(JSON.stringify(shard))).toEqual(params);
    expect(options).toHaveProperty('backend', 'cpu'); // the caller's options are left as they were
  });
});
