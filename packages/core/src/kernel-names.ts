/**
 * The one signature map: kernel name → inputs, attrs, outputs. Each kernel's contract lives in
 * kernels/<Group>.ts; adding a kernel means adding its contract there and one entry here.
 */
import type * as Box from './kernels/BoxIou';
import type * as Rle from './kernels/Rle';
import type * as Mask from './kernels/BitmaskIntersections';
import type * as Sweep from './kernels/Sweep';
import type * as Emb from './kernels/Embedding';
import type * as Match from './kernels/MatchDetections';
import type * as BoxMatch from './kernels/MatchBoxDetections';
import type * as Greedy from './kernels/GreedyCosineMatch';
import type * as Kp from './kernels/KeypointOks';
import type * as Bd from './kernels/RleBoundary';

export * from './kernels/types';
export * from './kernels/BoxIou';
export * from './kernels/Rle';
export * from './kernels/BitmaskIntersections';
export * from './kernels/Sweep';
export * from './kernels/Embedding';
export * from './kernels/MatchDetections';
export * from './kernels/MatchBoxDetections';
export * from './kernels/GreedyCosineMatch';
export * from './kernels/KeypointOks';
export * from './kernels/RleBoundary';

interface Sig<I, A, O> {
  inputs: I;
  attrs: A;
  outputs: O;
}

export interface KernelSignatures {
  BoxIou: Sig<Box.BoxIouInputs, Box.BoxIouAttrs, Box.BoxIouOutputs>;
  RleEncode: Sig<Rle.RleEncodeInputs, Rle.RleEncodeAttrs, Rle.RleEncodeOutputs>;
  RleDecode: Sig<Rle.RleDecodeInputs, Rle.RleDecodeAttrs, Rle.RleDecodeOutputs>;
  RleArea: Sig<Rle.RleAreaInputs, Rle.RleAreaAttrs, Rle.RleAreaOutputs>;
  RleToBbox: Sig<Rle.RleToBboxInputs, Rle.RleToBboxAttrs, Rle.RleToBboxOutputs>;
  RleMerge: Sig<Rle.RleMergeInputs, Rle.RleMergeAttrs, Rle.RleMergeOutputs>;
  RleIou: Sig<Rle.RleIouInputs, Rle.RleIouAttrs, Rle.RleIouOutputs>;
  PolygonToRle: Sig<Rle.PolygonToRleInputs, Rle.PolygonToRleAttrs, Rle.PolygonToRleOutputs>;
  BitmaskIntersections: Sig<Mask.BitmaskIntersectionsInputs, Mask.BitmaskIntersectionsAttrs, Mask.BitmaskIntersectionsOutputs>;
  PrecisionRecallSweep: Sig<Sweep.PrecisionRecallSweepInputs, Sweep.PrecisionRecallSweepAttrs, Sweep.PrecisionRecallSweepOutputs>;
  InterpolatedAp: Sig<Sweep.InterpolatedApInputs, Sweep.InterpolatedApAttrs, Sweep.InterpolatedApOutputs>;
  RocAuc: Sig<Sweep.RocAucInputs, Sweep.RocAucAttrs, Sweep.RocAucOutputs>;
  ConfusionCounts: Sig<Sweep.ConfusionCountsInputs, Sweep.ConfusionCountsAttrs, Sweep.ConfusionCountsOutputs>;
  PairwiseCosine: Sig<Emb.PairwiseCosineInputs, Emb.PairwiseCosineAttrs, Emb.PairwiseCosineOutputs>;
  TopK: Sig<Emb.TopKInputs, Emb.TopKAttrs, Emb.TopKOutputs>;
  CosineTopK: Sig<Emb.CosineTopKInputs, Emb.CosineTopKAttrs, Emb.CosineTopKOutputs>;
  MatchDetections: Sig<Match.MatchDetectionsInputs, Match.MatchDetectionsAttrs, Match.MatchDetectionsOutputs>;
  MatchBoxDetections: Sig<BoxMatch.MatchBoxDetectionsInputs, BoxMatch.MatchBoxDetectionsAttrs, BoxMatch.MatchBoxDetectionsOutputs>;
  GreedyCosineMatch: Sig<Greedy.GreedyCosineMatchInputs, Greedy.GreedyCosineMatchAttrs, Greedy.GreedyCosineMatchOutputs>;
  KeypointOks: Sig<Kp.KeypointOksInputs, Kp.KeypointOksAttrs, Kp.KeypointOksOutputs>;
  RleBoundary: Sig<Bd.RleBoundaryInputs, Bd.RleBoundaryAttrs, Bd.RleBoundaryOutputs>;
}

export type KernelName = keyof KernelSignatures;
export type KernelInputs<K extends KernelName> = KernelSignatures[K]['inputs'];
export type KernelAttrs<K extends KernelName> = KernelSignatures[K]['attrs'];
export type KernelOutputs<K extends KernelName> = KernelSignatures[K]['outputs'];

/** Every kernel name, for listing and for the conformance suite. */
export const KERNEL_NAMES: readonly KernelName[] = [
  'BoxIou', 'RleEncode', 'RleDecode', 'RleArea', 'RleToBbox', 'RleMerge', 'RleIou', 'PolygonToRle',
  'BitmaskIntersections', 'PrecisionRecallSweep', 'InterpolatedAp', 'RocAuc', 'ConfusionCounts',
  'PairwiseCosine', 'TopK', 'CosineTopK',
  'MatchDetections', 'MatchBoxDetections', 'KeypointOks', 'RleBoundary',
  'GreedyCosineMatch',
];
