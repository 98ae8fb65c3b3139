"""Checks `tensoreval coco` against pycocotools on any GT/results pair (e.g. the benchmark set).

Runs pycocotools COCOeval (evaluate, accumulate, summarize) and `tensoreval coco --pr-arrays`, then
compares the precision [T,R,K,A,M], recall [T,K,A,M] and scores arrays element for element and the
12 stats exactly. Pass the numpy summation matching the installed numpy (numpy 2.x: whole).

    python3 benchmarks/coco/compare-pycocotools.py GT.json DT.json bbox|segm [CLI.mjs]
"""
import contextlib, io, json, subprocess, sys, tempfile
import numpy as np
from pycocotools.coco import COCO
from pycocotools.cocoeval import COCOeval

gt, dt, iou_type = sys.argv[1:4]
cli = sys.argv[4] if len(sys.argv) > 4 else 'packages/tensoreval/dist/cli.js'
with contextlib.redirect_stdout(io.StringIO()):
    G = COCO(gt)
    E = COCOeval(G, G.loadRes(dt), iou_type)
    E.evaluate(); E.accumulate(); E.summarize()
summation = 'whole' if int(np.__version__.split('.')[0]) >= 2 else 'blocked'
with tempfile.TemporaryDirectory() as tmp:
    subprocess.run(['node', cli, 'coco', '--gt', gt, '--dt', dt, '--iou-type', iou_type, '--quiet', '--numpy-summation', summation,
                    '--out', f'{tmp}/r.json', '--pr-arrays', f'{tmp}/pr.json'], check=True, stdout=subprocess.DEVNULL)
    ours, arrays = json.load(open(f'{tmp}/r.json')), json.load(open(f'{tmp}/pr.json'))
s = arrays['shape']
shapes = {'precision': (s['T'], s['R'], s['K'], s['A'], s['M']), 'recall': (s['T'], s['K'], s['A'], s['M']), 'scores': (s['T'], s['R'], s['K'], s['A'], s['M'])}
ok = True
for name, shape in shapes.items():
    same = np.array_equal(np.array(arrays[name], dtype=np.float64).reshape(shape), E.eval[name])
    ok &= same
    print(f'{name}: {"identical" if same else "DIFFERENT"}')
same = [float(x) for x in E.stats] == ours['stats']
ok &= same
print(f'stats: {"identical" if same else "DIFFERENT"} (numpy {np.__version__}, summation {summation})')
sys.exit(0 if ok else 1)
