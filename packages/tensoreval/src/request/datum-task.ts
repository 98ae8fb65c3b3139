import { invalidInput } from '@tensoreval/core';
import { runCalls } from './calls';
import { datumLocation, FN, withUid } from './fields';
import { parseDatumList } from './datum-list';
import { schemaMethodTable } from './schema/method-table';
import type { TaskSchema } from './schema/task-schema';
import { recordShards } from './record-shards';
import type { EvaluateOptions, MetricCall, MetricRequest, TaskHandler } from './types';

/** A datum as the schema checked it, with its position and uid for error messages. */
export interface RawDatum {
  index: number;
  uid: string;
  raw: Record<string, unknown>;
}

/** The datum's `field`, which `method` needs; absent → one error naming the datum, its uid and the method. */
export function requireField<T>(d: RawDatum, field: string, method: string): T {
  if (d.raw[field] === undefined) throw invalidInput(FN, datumLocation(field, d.index), withUid(`be present for method '${method}'`, d.uid), 'none', 'TE-204');
  return d.raw[field] as T;
}

/**
 * A task over `data.datums` whose schema declares the datum fields: the datums are kept as checked
 * (uids unique) and each call's output is `run(call, datums)`; `aggregates` as {@link TaskHandler}.
 * With `perDatum` each datum's records come from that datum alone, in datum order, so the datums
 * shard (workers, queue) and the shards' record lists concatenate to the one-pass output.
 */
export function datumTask(schema: TaskSchema, run: (call: MetricCall, datums: readonly RawDatum[]) => unknown, aggregates?: TaskHandler['aggregates'], perDatum = false): TaskHandler {
  const runDatums = async (request: MetricRequest, options: EvaluateOptions, base: number) => {
    const datums = parseDatumList(request.data, (raw, index, uid): RawDatum => ({ index, uid, raw }), base);
    return runCalls(request, options, (call) => run(call, datums));
  };
  return {
    schema,
    ...(aggregates ? { aggregates } : {}),
    methods: schemaMethodTable(schema),
    defaultSemantics: 'valor',
    semantics: ['valor'],
    run: (request, options) => runDatums(request, options, 0),
    ...(perDatum ? { shards: recordShards(runDatums) } : {}),
  };
}
