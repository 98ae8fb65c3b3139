import { rleBatchFromStrings } from '../../formats/coco-rle-string';
import type { PolygonToRleInputs } from '../../kernel-names';
import type { KernelCases } from '../kernel-case';

/**
 * pycocotools 2.0.11 `frPyObjects([polygon], h, w)` outputs (test-data/kernels/coco-unit/polygon_to_rle.json):
 * real COCO val2014 GT polygons and seeded random ones reaching outside the image, self-intersecting or
 * degenerate (area 0). rleFrPoly has no simpler equivalent, so its own outputs are the reference.
 */
const PYCOCOTOOLS: ReadonlyArray<{ source: string; polygon: number[]; size: [number, number]; counts: string }> = [
  { source: 'random seed 7 #33', polygon: [63.0, 53.3, 13.1, 17.7, 74.8, 17.8], size: [10, 75], counts: '^g0' },
  { source: 'random seed 7 #39', polygon: [40.8, 46.7, 0.7, 9.0, 4.7, 42.6], size: [18, 46], counts: 'l05>2M01O1O1O1O1O1Ogc0' },
  { source: 'random seed 7 #21', polygon: [0.4, 52.0, 28.9, 42.4, 11.6, 42.3, 36.5, 33.0], size: [39, 49], counts: 'Pl01V1000O10O010O10O010V1000d=' },
  { source: 'COCO val2014 GT annotation 1384199', polygon: [282.94, 297.59, 278.82, 297.59, 278.48, 293.73, 282.77, 293.48], size: [332, 500], counts: '^]j21[:3M000O1WRV2' },
  { source: 'random seed 7 #3', polygon: [-1.0, 34.7, 3.8, 22.5, 7.3, 30.8, 22.2, 0.4, 29.6, 33.7], size: [31, 22], counts: 'l12j03M31O2N3M1ON2N2N2N2N2N2N2N2N2N2N2N2N2N2' },
  { source: 'COCO val2014 GT annotation 90821', polygon: [375.0, 194.72, 377.69, 189.64, 380.98, 190.24, 381.27, 210.57, 374.4, 210.57, 375.29, 194.72], size: [480, 640], counts: 'a`_52_>?N2N2000000RWi3' },
  { source: 'random seed 7 #30', polygon: [16.2, -0.8, 19.0, 18.2, 12.4, -3.7, 12.2, 10.6, 15.1, 0.6, 19.8, 18.0, -2.0, 3.2], size: [15, 16], counts: '32<101O1O001N2O1O001O1N1:GK5I60D46' },
  { source: 'random seed 7 #51', polygon: [10.2, 19.8, 16.2, 11.7, 8.5, -4.6, 18.2, -3.3, -1.6, 13.0, 16.1, 15.5, 6.8, -0.4, -4.1, 17.1], size: [16, 6], counts: ':12260J050MO120NN33ML35M' },
];

function inputsOf(polygons: number[][], sizes: Array<[number, number]>): PolygonToRleInputs {
  const polygonOffsets = [0];
  for (const p of polygons) polygonOffsets.push((polygonOffsets[polygonOffsets.length - 1] as number) + p.length);
  return {
    coords: Float64Array.from(polygons.flat()),
    polygonOffsets: Int32Array.from(polygonOffsets),
    heights: Int32Array.from(sizes, (s) => s[0]),
    widths: Int32Array.from(sizes, (s) => s[1]),
  };
}

export const polygonToRleCases: KernelCases<'PolygonToRle'> = [
  {
    name: 'empty batch',
    inputs: () => inputsOf([], []),
    attrs: {},
    expected: () => ({ counts: new Uint32Array(0), offsets: Int32Array.of(0) }),
    exact: true,
  },
  {
    name: 'a polygon without points is an empty mask',
    inputs: () => inputsOf([[]], [[4, 5]]),
    attrs: {},
    expected: () => ({ counts: Uint32Array.of(20), offsets: Int32Array.of(0, 1), heights: Int32Array.of(4), widths: Int32Array.of(5) }),
    exact: true,
  },
  ...PYCOCOTOOLS.map((c) => ({
    name: `pycocotools rleFrPoly: ${c.source}`,
    inputs: () => inputsOf([c.polygon], [c.size]),
    attrs: {},
    expected: () => rleBatchFromStrings([{ size: c.size, counts: c.counts }]),
    exact: true,
  })),
  {
    name: 'all pycocotools polygons in one batch',
    inputs: () => inputsOf(PYCOCOTOOLS.map((c) => c.polygon), PYCOCOTOOLS.map((c) => c.size)),
    attrs: {},
    expected: () => rleBatchFromStrings(PYCOCOTOOLS.map((c) => ({ size: c.size, counts: c.counts }))),
    exact: true,
  },
];
