import { readFileSync } from 'node:fs';
import { loadGtTask, scanResultsRange, evaluateScannedShard, joinColumns } from '/work/main/packages/tensoreval/src/coco-split';
import { encodeCocoState, decodeCocoState, mergeCocoStates, finishCocoState } from '@tensoreval/metrics/detection';
import { compress, decompress } from '/work/main/packages/tensoreval/src/queue/shard-job';
const D = '/work/main/benchmarks/.data/coco';
const t = () => performance.now();
for (let round = 0; round < 3; round++) {
  const T: Record<string, number> = {};
  let s = t();
  const gtBytes = new Uint8Array(readFileSync(`${D}/gt.json`)); const dtBytes = new Uint8Array(readFileSync(`${D}/dt_bbox.json`));
  T.read = t() - s; s = t();
  const gz = await Promise.all([compress(gtBytes), compress(dtBytes)]); T.compress = t() - s; s = t();
  await Promise.all(gz.map((g) => decompress(g))); T.decompress = t() - s; s = t();
  const g = await loadGtTask({ kind: 'gt', gtBytes, gt: 'gt.json', iouType: 'bbox' } as any) as any; T.gtLoad = t() - s; s = t();
  const sc = await scanResultsRange({ kind: 'scan', bytes: dtBytes, range: { start: 0, end: dtBytes.length }, withMasks: false } as any) as any; T.scan = t() - s; s = t();
  const columns = joinColumns([sc], false, dtBytes.length); T.join = t() - s; s = t();
  const options = { iouType: 'bbox' } as any;
  const st: any[] = [];
  for (let i = 0; i < 2; i++) { const o = await evaluateScannedShard({ kind: 'evaluate', loadedGt: g.gt, dtBytes, columns, gt: 'gt', dt: 'dt', options, index: i, count: 2 } as any) as any; st.push(o.state); T[`eval${i}`] = t() - s; s = t(); }
  const enc = await Promise.all(st.map((x) => encodeCocoState(x))); T.encode = t() - s; s = t();
  const cz = await Promise.all(enc.map((e) => compress(e))); T.stateGz = t() - s; s = t();
  const dz = await Promise.all(cz.map((e) => decompress(e))); T.stateGunzip = t() - s; s = t();
  const dec = await Promise.all(dz.map((e, i) => decodeCocoState(e, `s${i}`))); T.decode = t() - s; s = t();
  const m = mergeCocoStates(dec); T.merge = t() - s; s = t();
  finishCocoState(m, options); T.finish = t() - s; s = t();
  console.log(round, Object.entries(T).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(' | '), `gz ${gz.map(x=>x.length)} state ${enc.map(x=>x.length)} stategz ${cz.map(x=>x.length)}`);
}
