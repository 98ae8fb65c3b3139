export { evaluateCocoDatasets, type CocoEvaluateOptions, type CocoEvaluation, type CocoCategoryResult, type CocoClassF1 } from './coco-evaluate';
export type { CocoDataset, CocoResult, CocoAnnotation, CocoImage, CocoCategory, CocoSegmentation, CocoRle } from './coco-json';
export { resolveCocoParams, linspace, defaultRecThrs, type CocoParams, type CocoParamsInput, type CocoIouType } from './params';
export { formatSummary, formatFixed, COCO_STAT_NAMES, type SummaryLine } from './summarize';
export { numpyMean, numpySum, type NumpySummation } from './numpy-mean';
export { readJsonArray, readJsonArrayChunks, type JsonArrayReaderOptions } from './stream-json-array';
export type { CocoAccumulated } from './accumulate';
export { scanBoxResults, type ScannedBoxResults } from './scan-box-results';
export { rasterizeGtMasks } from './gt-masks';
