"""Writes test-data/reference/sweep/coco_accumulate_*.json: pycocotools' COCOeval.accumulate on
synthetic per-image evaluation results, for the cpu PrecisionRecallSweep + InterpolatedAp('coco')
kernels. Each file holds, per category curve, the detections in pycocotools' concatenation order
(ascending image id, each image's list as evaluateImg leaves it), their tp/fp flags per IoU
threshold, the number of non-ignored GT, and accumulate's precision, scores and recall.

Run with numpy 1.24 and pycocotools 2.0.11 (e.g. Debian python3-numpy plus the wheel on PYTHONPATH):
  PYTHONPATH=/path/to/pycocotools /usr/bin/python3 coco_accumulate.py
"""
import json
import pathlib

import numpy as np
from importlib.metadata import version
from pycocotools.cocoeval import COCOeval, Params

OUT = pathlib.Path(__file__).resolve().parent.parent / "reference" / "sweep"


def synthetic_eval(seed, n_cats, n_imgs, score_decimals):
    rng = np.random.default_rng(seed)
    p = Params(iouType="bbox")
    p.catIds = list(range(1, n_cats + 1))
    p.imgIds = list(range(n_imgs))
    p.areaRng = [[0, 1e10]]
    p.areaRngLbl = ["all"]
    p.maxDets = [100]
    T = len(p.iouThrs)
    ev = COCOeval(iouType="bbox")
    ev.params = p
    ev._paramsEval = p
    ev.evalImgs = []
    for k in range(n_cats):
        for i in range(n_imgs):
            n_dt = int(rng.integers(0, 12))
            n_gt = int(rng.integers(0, 6))
            if k == n_cats - 1:
                n_gt = 0  # a category whose only GT are absent: precision stays -1
            if n_dt == 0 and n_gt == 0:
                ev.evalImgs.append(None)
                continue
            scores = np.round(rng.random(n_dt), score_decimals)
            order = np.argsort(-scores, kind="mergesort")
            scores = scores[order]
            # a detection matched at threshold t stays matched at every lower threshold
            reach = rng.integers(0, T + 1, size=n_dt) if n_gt else np.zeros(n_dt, dtype=int)
            matches = np.zeros((T, n_dt))
            for d in range(n_dt):
                matches[: reach[d], d] = 1 + d
            dt_ignore = np.zeros((T, n_dt))
            dt_ignore[:, rng.random(n_dt) < 0.1] = 1
            gt_ignore = (rng.random(n_gt) < 0.2).astype(int)
            if k == n_cats - 1:
                gt_ignore = np.ones(0, dtype=int)
            ev.evalImgs.append({
                "image_id": i, "category_id": k + 1, "aRng": [0, 1e10], "maxDet": 100,
                "dtIds": list(range(n_dt)), "gtIds": list(range(n_gt)),
                "dtMatches": matches, "gtMatches": np.zeros((T, n_gt)),
                "dtScores": list(scores), "gtIgnore": gt_ignore, "dtIgnore": dt_ignore,
            })
    return ev


def curves(ev):
    p = ev.params
    n_imgs = len(p.imgIds)
    out = []
    for k in range(len(p.catIds)):
        E = [e for e in ev.evalImgs[k * n_imgs:(k + 1) * n_imgs] if e is not None]
        scores = [float(s) for e in E for s in e["dtScores"]]
        dtm = np.concatenate([e["dtMatches"] for e in E], axis=1) if E else np.zeros((10, 0))
        dtig = np.concatenate([e["dtIgnore"] for e in E], axis=1) if E else np.zeros((10, 0))
        gtig = np.concatenate([e["gtIgnore"] for e in E]) if E else np.zeros(0)
        tp = np.logical_and(dtm, np.logical_not(dtig))
        fp = np.logical_and(np.logical_not(dtm), np.logical_not(dtig))
        out.append({
            "scores": scores,
            "tp": ["".join("1" if v else "0" for v in row) for row in tp],
            "fp": ["".join("1" if v else "0" for v in row) for row in fp],
            "positives": int(np.count_nonzero(gtig == 0)),
            "precision": ev.eval["precision"][:, :, k, 0, 0].tolist(),
            "scoresAtRecall": ev.eval["scores"][:, :, k, 0, 0].tolist(),
            "recall": ev.eval["recall"][:, k, 0, 0].tolist(),
        })
    return out


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    for seed, n_cats, n_imgs, decimals in [(1, 6, 40, 2), (2, 4, 80, 1), (3, 5, 60, 6)]:
        ev = synthetic_eval(seed, n_cats, n_imgs, decimals)
        ev.accumulate()
        case = {
            "kernel": "CocoAccumulate",
            "generator": {
                "script": "generate/coco_accumulate.py",
                "library": f"pycocotools {version('pycocotools')}, numpy {np.__version__}",
                "call": "COCOeval.accumulate() on synthetic evalImgs",
                "seed": seed,
            },
            "recallThresholds": p_list(ev.params.recThrs),
            "curves": curves(ev),
        }
        (OUT / f"coco_accumulate_seed{seed}.json").write_text(json.dumps(case) + "\n")


def p_list(a):
    return [float(v) for v in a]


if __name__ == "__main__":
    main()
