// BullMQ's and ioredis' classes, in a module of their own that a run imports when it starts: loading
// the two packages takes ~0.3 s, which the coordinator overlaps with reading and gzipping its inputs.
// (A dynamic import of the CommonJS packages themselves loses ioredis' named export in bundled builds.)
export { Queue, QueueEvents } from 'bullmq';
export { Redis } from 'ioredis';
