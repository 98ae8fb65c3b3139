import { invalidOption } from '@tensoreval/core';
import type { EvaluateCocoOptions } from '../evaluate-coco';
import type { ParsedArgs } from './args';
import { numberFlag, numberListFlag } from './number-flags';

/**
 * `--kpt-sigmas s1,...,sK` (keypoints: one positive sigma per keypoint), `--dilation-ratio R`
 * (boundary: R > 0) and `--lvis` (bbox or segm only), each checked against `--iou-type`.
 */
export function familyOptions(args: ParsedArgs, iouType: EvaluateCocoOptions['iouType'], cmd: string): Pick<EvaluateCocoOptions, 'kptOksSigmas' | 'dilationRatio' | 'lvis'> {
  const out: Pick<EvaluateCocoOptions, 'kptOksSigmas' | 'dilationRatio' | 'lvis'> = {};
  if (args.flags.has('kpt-sigmas') && iouType !== 'keypoints') throw invalidOption(cmd, '--kpt-sigmas', 'used with --iou-type keypoints', iouType ?? 'bbox', 'TE-103');
  const sigmas = numberListFlag(args, 'kpt-sigmas', cmd, { positive: true, rule: 'a comma-separated list of positive numbers, one per keypoint' });
  if (sigmas !== undefined) out.kptOksSigmas = sigmas;
  if (args.flags.has('dilation-ratio') && iouType !== 'boundary') throw invalidOption(cmd, '--dilation-ratio', 'used with --iou-type boundary', iouType ?? 'bbox', 'TE-103');
  const ratio = numberFlag(args, 'dilation-ratio', cmd, { positive: true, rule: 'a positive number (fraction of the image diagonal)' });
  if (ratio !== undefined) out.dilationRatio = ratio;
  if (args.flags.has('lvis')) {
    if (iouType !== undefined && iouType !== 'bbox' && iouType !== 'segm') throw invalidOption(cmd, '--lvis', 'used with --iou-type bbox or segm', iouType, 'TE-103');
    out.lvis = true;
  }
  return out;
}
