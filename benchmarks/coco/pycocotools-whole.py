"""One whole pycocotools evaluation, as a user runs it: import, COCO(gt), loadRes(dt), evaluate,
accumulate, summarize. Timed from outside as a fresh process by benchmarks/coco/run.ts
(--pycocotools PYTHON); prints the 12 (10 for keypoints) stats as JSON on the last line.

    python3 benchmarks/coco/pycocotools-whole.py GT.json DT.json bbox|segm|keypoints
"""
import contextlib, io, json, sys
from pycocotools.coco import COCO
from pycocotools.cocoeval import COCOeval

gt, dt, iou_type = sys.argv[1:4]
with contextlib.redirect_stdout(io.StringIO()):
    G = COCO(gt)
    E = COCOeval(G, G.loadRes(dt), iou_type)
    E.evaluate(); E.accumulate(); E.summarize()
print(json.dumps([float(x) for x in E.stats]))
