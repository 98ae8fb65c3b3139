export * from './device-request';
export * from './adapter-type';
export * from './webgpu-adapter';
export * from './traffic';
export * from './device-kind';
