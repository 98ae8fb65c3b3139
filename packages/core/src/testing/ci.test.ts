import { describe, expect, it } from 'vitest';
import { inCi } from './ci';
import { webGpuLane } from './webgpu-lane';

describe('inCi: one rule for every lane', () => {
  it('counts CI=true, CI=1 and other non-empty values; not unset, empty, 0 or false', () => {
    for (const value of ['true', 'TRUE', '1', 'yes', 'github']) expect(inCi({ CI: value })).toBe(true);
    for (const value of [undefined, '', ' ', '0', 'false', 'False']) expect(inCi({ CI: value })).toBe(false);
  });

  it('the WebGPU lane follows it: CI=false is not CI', async () => {
    const lane = await webGpuLane({ CI: 'false' });
    if (!lane.probe.found) expect(lane).toMatchObject({ run: false }); // skips instead of failing outside CI
    const strict = await webGpuLane({ CI: 'true' });
    expect(strict.run).toBe(true);
  });
});
