import '../default-backend';

export * from './valor';
export * from './coco';

export {};
