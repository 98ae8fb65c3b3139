import '@tensoreval/backend-cpu';
import { describe, expect, it, vi } from 'vitest';
import * as data from '../data';
import { matchWorkloads } from './match-workloads';

// every set is generated from its own lcg stream, so lcg's calls tell which sets were built
vi.mock('../data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../data')>();
  return { ...actual, lcg: vi.fn(actual.lcg) };
});

describe('matchWorkloads builds only the sets of the kernels an engine runs', () => {
  it('builds nothing for an engine with neither kernel (or one --only leaves out)', () => {
    vi.mocked(data.lcg).mockClear();
    expect(matchWorkloads(false, () => false)).toEqual([]);
    expect(data.lcg).not.toHaveBeenCalled();
  });

  it('builds just the selected kernel\'s sets, one per size, as valid inputs', () => {
    for (const kernel of ['MatchBoxDetections', 'MatchDetections'] as const) {
      vi.mocked(data.lcg).mockClear();
      const quick = matchWorkloads(true, (k) => k === kernel);
      expect(quick.map((w) => w.kernel)).toEqual([kernel]);
      expect(data.lcg).toHaveBeenCalledTimes(1);
      const w = quick[0]!;
      expect(w.label).toMatch(new RegExp(`^2000 cells, ${w.size} pairs$`));
      expect((w.inputs() as { dtOffsets: Int32Array }).dtOffsets.length).toBe(2001);
    }
  });
});
