// Boundary formats read and written by loaders (never used inside kernels).
export * from './coco-rle-string';
export * from './gzip-magic';
