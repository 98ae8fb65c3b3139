import { assertCoordinates, assertFinite, invalidInput, isCoordinate, MAX_COORDINATE } from '@tensoreval/core';
import { checkOffsets, datumError } from '../../valor/datum-checks';
import type { DetectionBatch, PolygonRings } from './detection-batch';
import { ringCrossing } from './ring-crossing';

const FN = 'ValorObjectDetection.update';

/** Checks lengths, label ids, finite scores, non-inverted boxes and mask shapes, naming the datum uid of the first problem. */
export function validateDetectionBatch(batch: DetectionBatch): void {
  const { groundTruths: gts, predictions: pds, geometry } = batch;
  const nDatums = batch.datumUids.length;
  const nLabels = batch.labels.length;
  const nGt = gts.labels.length;
  const nPd = pds.uids.length;
  checkOffsets(gts.offsets, nDatums, nGt, 'groundTruths.offsets', FN);
  checkOffsets(pds.offsets, nDatums, nPd, 'predictions.offsets', FN);
  checkOffsets(pds.labelOffsets, nPd, pds.labels.length, 'predictions.labelOffsets', FN);
  if (gts.uids.length !== nGt) throw invalidInput(FN, 'groundTruths.uids', `have one uid per groundtruth (${nGt})`, `length ${gts.uids.length}`, 'TE-202');
  if (pds.scores.length !== pds.labels.length) throw invalidInput(FN, 'predictions.scores', `have one score per predicted label (${pds.labels.length})`, `length ${pds.scores.length}`, 'TE-202');
  assertFinite(pds.scores, 'predictions.scores', FN);
  for (let d = 0; d < nDatums; d++) {
    const uid = batch.datumUids[d] as string;
    for (let g = gts.offsets[d] as number; g < (gts.offsets[d + 1] as number); g++) {
      const l = gts.labels[g] as number;
      if (!(l >= 0 && l < nLabels)) throw datumError(FN, 'groundTruths.labels', d, uid, `be label ids in [0, ${nLabels})`, String(l));
    }
    for (let p = pds.offsets[d] as number; p < (pds.offsets[d + 1] as number); p++) {
      const lo = pds.labelOffsets[p] as number;
      const hi = pds.labelOffsets[p + 1] as number;
      if (hi === lo) throw datumError(FN, 'predictions', d, uid, `give prediction ${JSON.stringify(pds.uids[p])} at least one label`, 'an empty label list', 'TE-204');
      for (let k = lo; k < hi; k++) {
        const l = pds.labels[k] as number;
        if (!(l >= 0 && l < nLabels)) throw datumError(FN, 'predictions.labels', d, uid, `be label ids in [0, ${nLabels})`, String(l));
      }
    }
  }
  if (geometry.kind === 'bounding_box') {
    validateBoxes(batch, geometry.groundTruths, gts.offsets, gts.uids, 'groundTruths');
    validateBoxes(batch, geometry.predictions, pds.offsets, pds.uids, 'predictions');
  } else if (geometry.kind === 'bitmask') {
    validateMasks(batch, geometry.groundTruths, gts.offsets, gts.uids, 'groundTruths', geometry.heights, geometry.widths);
    validateMasks(batch, geometry.predictions, pds.offsets, pds.uids, 'predictions', geometry.heights, geometry.widths);
  } else {
    if (geometry.groundTruths.length !== nGt || geometry.predictions.length !== nPd) {
      throw invalidInput(FN, 'geometry', `have one polygon per annotation (${nGt} groundtruths, ${nPd} predictions)`, `${geometry.groundTruths.length} and ${geometry.predictions.length}`, 'TE-202');
    }
    validatePolygons(batch, geometry.groundTruths, gts.offsets, gts.uids, 'groundTruths');
    validatePolygons(batch, geometry.predictions, pds.offsets, pds.uids, 'predictions');
  }
}

function validateBoxes(batch: DetectionBatch, boxes: Float64Array, offsets: Int32Array, uids: readonly string[], what: string): void {
  if (boxes.length !== uids.length * 4) throw invalidInput(FN, `geometry.${what}`, `have 4 numbers per box (${uids.length} boxes)`, `length ${boxes.length}`, 'TE-207');
  assertCoordinates(boxes, `geometry.${what}`, FN);
  for (let d = 0; d < batch.datumUids.length; d++) {
    for (let i = offsets[d] as number; i < (offsets[d + 1] as number); i++) {
      const xmin = boxes[4 * i] as number;
      const ymin = boxes[4 * i + 1] as number;
      const xmax = boxes[4 * i + 2] as number;
      const ymax = boxes[4 * i + 3] as number;
      if (xmax < xmin || ymax < ymin) {
        throw datumError(FN, what, d, batch.datumUids[d] as string, `have xmax >= xmin and ymax >= ymin in box ${JSON.stringify(uids[i])}`, `xmin=${xmin}, xmax=${xmax}, ymin=${ymin}, ymax=${ymax}`, 'TE-208');
      }
    }
  }
}

/** Polygon points within ±MAX_COORDINATE and simple rings (no bow-ties: see ringCrossing). */
function validatePolygons(batch: DetectionBatch, polygons: readonly PolygonRings[], offsets: Int32Array, uids: readonly string[], what: string): void {
  for (let d = 0; d < batch.datumUids.length; d++) {
    for (let i = offsets[d] as number; i < (offsets[d + 1] as number); i++) {
      (polygons[i] as PolygonRings).forEach((ring, r) => {
        const name = `${what} polygon ${JSON.stringify(uids[i])} ring ${r}`;
        for (const [x, y] of ring) {
          if (!isCoordinate(x) || !isCoordinate(y)) throw datumError(FN, what, d, batch.datumUids[d] as string, `have finite points within ±${MAX_COORDINATE} in ${name}`, `[${x}, ${y}]`, 'TE-206');
        }
        const crossing = ringCrossing(ring);
        if (crossing) throw datumError(FN, what, d, batch.datumUids[d] as string, `have simple rings (no self-intersection) in ${name}`, `edges ${crossing[0]} and ${crossing[1]} crossing`, 'TE-208');
      });
    }
  }
}

function validateMasks(batch: DetectionBatch, masks: readonly Uint8Array[], offsets: Int32Array, uids: readonly string[], what: string, heights: Int32Array, widths: Int32Array): void {
  if (masks.length !== uids.length) throw invalidInput(FN, `geometry.${what}`, `have one mask per annotation (${uids.length})`, `${masks.length} masks`, 'TE-202');
  for (let d = 0; d < batch.datumUids.length; d++) {
    const pixels = (heights[d] as number) * (widths[d] as number);
    for (let i = offsets[d] as number; i < (offsets[d + 1] as number); i++) {
      const got = (masks[i] as Uint8Array).length;
      if (got !== pixels) {
        throw datumError(FN, what, d, batch.datumUids[d] as string, `have every mask of the datum ${heights[d]}×${widths[d]} (${pixels} pixels), like its first mask, in ${JSON.stringify(uids[i])}`, `${got} pixels`, 'TE-207');
      }
    }
  }
}
