import '../default-backend';

export * from './valor';
export * from './coco';
export * from './tide';
export { ARITHMETIC_MARGIN, guardBoxIou, guardedPairs, pairRows, pairsNeedingExactIou, type GuardBoxIouOptions } from './guarded-iou';

export {};
