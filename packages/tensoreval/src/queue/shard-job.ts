import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';
import { constants, gunzip, gzip } from 'node:zlib';
import type { TensorEvalWarning } from '@tensoreval/core';
import type { CocoShardOptions } from '../coco-shard';
import { gzipWithInflatedSize } from '../gzip-size-field';

/** Where a shard job finds an input file: a Redis key (gzip bytes) or a path on a shared directory. */
export type InputRef = { redisKey: string } | { path: string };

/** Data of one BullMQ shard job (JSON). */
export interface CocoShardJob {
  kind: 'coco';
  runId: string;
  index: number;
  count: number;
  options: CocoShardOptions;
  gt: InputRef;
  dt: InputRef;
  /** the coordinator's file names, used in error messages */
  gtName: string;
  dtName: string;
  /** with --shard-dir: the worker writes its state there instead of returning it */
  stateDir?: string;
}

/** Data of one BullMQ job of `evaluate --queue`: one datum shard of a metric request. */
export interface EvaluateShardJob {
  kind: 'evaluate';
  runId: string;
  index: number;
  count: number;
  /** the shard's request (JSON, its `data.datums` cut to the shard) */
  request: InputRef;
  /** index of the shard's first datum in the whole request */
  base: number;
  backend?: string;
  stateDir?: string;
}

/** Any shard job a worker runs. */
export type ShardJob = CocoShardJob | EvaluateShardJob;

/**
 * What a shard job returns: its state (gzip'd Arrow IPC) inline as base64, or the path of that
 * file; evaluate shards also return the warnings their datums raised.
 */
export type ShardJobResult = ({ state: string } | { statePath: string }) & { warnings?: TensorEvalWarning[] };

/** Redis keys of a run: inputs live under this prefix with a TTL, deleted when the run ends. */
export function inputKey(runId: string, name: string): string {
  return `tensoreval:run:${runId}:${name}`;
}

/**
 * Set by a coordinator whose run ended while a worker still held one of its shards (it failed, timed
 * out or was aborted): the worker cancels the shard, which BullMQ cannot remove while it is held.
 */
export function runEndedKey(runId: string): string {
  return `tensoreval:run:${runId}:ended`;
}

/** How often a worker running a shard checks for its run's {@link runEndedKey} (ms). */
export const RUN_END_POLL_MS = 1000;

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);
/** zlib's default 16 KiB output chunks cost a main-thread callback and a copy each. */
const ZLIB_CHUNK = 4 << 20;

/** Members a large input is cut into: libuv's thread pool runs 4 at once, and each costs a little size. */
const MAX_MEMBERS = Math.min(4, availableParallelism());
const MIN_MEMBER_BYTES = 4 << 20;

/**
 * Level 1: states and JSON inputs shrink 3-6x at a few hundred MB/s; higher levels cost more than
 * they save on loopback. A large input is cut into up to 4 gzip members (one per core, 4 MiB at
 * least each), compressed at once on libuv's thread pool and concatenated: a gzip file may hold
 * several members, and every gunzip reads them as one stream. The first member's header records the
 * inflated size of them all, which readers take in place of the last member's trailer.
 */
export async function compress(bytes: Uint8Array): Promise<Buffer> {
  const members = Math.max(1, Math.min(MAX_MEMBERS, Math.floor(bytes.length / MIN_MEMBER_BYTES)));
  const step = Math.ceil(bytes.length / members);
  const parts = await Promise.all(Array.from({ length: members }, (_, i) =>
    gzipAsync(bytes.subarray(i * step, (i + 1) * step), { level: 1, memLevel: constants.Z_MAX_MEMLEVEL, chunkSize: ZLIB_CHUNK })));
  return gzipWithInflatedSize(parts, bytes.length);
}

export function decompress(bytes: Uint8Array): Promise<Buffer> {
  return gunzipAsync(bytes, { chunkSize: ZLIB_CHUNK });
}

/** Default attempts and backoff of a shard job: a worker that dies is replaced, a bad input is not retried. */
export const SHARD_ATTEMPTS = 3;
export const SHARD_BACKOFF_MS = 1000;
/** Finished jobs and their results stay in Redis this long (seconds), for inspection, then BullMQ drops them. */
export const KEEP_COMPLETED_S = 3600;
export const KEEP_FAILED_S = 24 * 3600;
/** Input keys expire after this (seconds) even if the coordinator dies before deleting them. */
export const INPUT_TTL_S = 24 * 3600;
