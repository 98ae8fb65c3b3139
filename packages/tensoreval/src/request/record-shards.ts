import { invalidInput, ownValue } from '@tensoreval/core';
import { decodeShardStates } from './merge-states';
import { decodeRecordLists, encodeRecordLists } from '@tensoreval/metrics';
import { runCalls } from './calls';
import type { EvaluateOptions, MetricRequest, MetricResponse, ShardedTask } from './types';

const KIND = 'tensoreval.request-records';

/**
 * Shards of a task whose every call answers one list of records in datum order, each datum's
 * records computed from that datum alone: `runDatums` answers the calls for the datums of `request`
 * (errors numbering them from `base`), a shard's state is its per-call record lists (an Arrow IPC
 * record-list state) and the merge concatenates them in datum order. Before the split the whole
 * request's datums are checked (`splitRequest`), then `check` runs, as one pass checks first.
 */
export function recordShards(runDatums: (request: MetricRequest, options: EvaluateOptions, base: number) => Promise<MetricResponse>, check?: (request: MetricRequest) => void): ShardedTask {
  return {
    accepts(request) {
      check?.(request);
      return true;
    },
    async state(request, options, base) {
      const response = await runDatums(request, options, base);
      const lists = request.metrics.map((call) => {
        const out = ownValue(response, call.id);
        if (!Array.isArray(out)) throw new Error(`call '${call.id}' answered no record list`);
        return out;
      });
      return encodeRecordLists(KIND, { ids: request.metrics.map((c) => c.id) }, lists);
    },
    async finish(request, options, states) {
      const ids = request.metrics.map((c) => c.id);
      const merged = ids.map((): unknown[] => []);
      const shards = await decodeShardStates(states, async (bytes, source) => {
        const { header, lists } = await decodeRecordLists(bytes, KIND, source);
        const theirs = (header as { ids?: unknown } | null)?.ids;
        if (JSON.stringify(theirs) !== JSON.stringify(ids) || lists.length !== ids.length) {
          throw invalidInput('loadState', source, `hold the records of the calls ${JSON.stringify(ids)}`, JSON.stringify(theirs ?? null), 'TE-209');
        }
        return lists;
      });
      for (const lists of shards) for (const [k, list] of lists.entries()) for (const record of list) merged[k]!.push(record);
      return runCalls(request, options, (call) => merged[request.metrics.indexOf(call)]);
    },
  };
}
