/** The COCO JSON shapes read by the evaluator (the files pycocotools reads). */

/** Uncompressed RLE `{size: [h, w], counts: number[]}` or compressed `{size, counts: string}`. */
export interface CocoRle {
  size: [number, number];
  counts: number[] | string;
}
/** Polygons (each x0,y0,x1,y1,...) or an RLE. */
export type CocoSegmentation = number[][] | CocoRle;

export interface CocoImage {
  id: number | string;
  height?: number;
  width?: number;
  [key: string]: unknown;
}
export interface CocoCategory {
  id: number | string;
  name?: string;
  [key: string]: unknown;
}
export interface CocoAnnotation {
  id: number;
  image_id: number | string;
  category_id: number | string;
  bbox?: number[];
  area: number;
  iscrowd: number | boolean;
  segmentation?: CocoSegmentation;
  [key: string]: unknown;
}
/** A COCO instances GT file. */
export interface CocoDataset {
  images: CocoImage[];
  annotations: CocoAnnotation[];
  categories: CocoCategory[];
  [key: string]: unknown;
}
/** One record of a COCO results file. */
export interface CocoResult {
  image_id: number | string;
  category_id: number | string;
  score: number;
  bbox?: number[];
  segmentation?: CocoSegmentation;
  [key: string]: unknown;
}
