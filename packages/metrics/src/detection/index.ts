import '../default-backend';
export * from './coco';

export {};
