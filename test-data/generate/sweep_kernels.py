"""Writes test-data/reference/sweep/*.json: scikit-learn ROC AUC and numpy summation-order cases
for the cpu sweep kernels. Inputs are not stored: each file names a recipe over a 32-bit LCG
(x <- 1664525 x + 1013904223 mod 2^32, u = x / 2^32) that the test rebuilds exactly.

Run with Debian's python3-sklearn (scikit-learn 1.2.1, numpy 1.24.2): /usr/bin/python3 sweep_kernels.py
"""
import json
import pathlib

import numpy as np
import sklearn
from sklearn.metrics import roc_auc_score

OUT = pathlib.Path(__file__).resolve().parent.parent / "reference" / "sweep"


def lcg(seed, n):
    x = seed & 0xFFFFFFFF
    out = []
    for _ in range(n):
        x = (1664525 * x + 1013904223) & 0xFFFFFFFF
        out.append(x / 4294967296.0)
    return out


def roc_inputs(n, distinct, seed):
    """labels[i] = u[2i] < 0.3; scores[i] = u[2i+1] + 0.25 labels[i], floored to 1/distinct steps when distinct > 0."""
    u = lcg(seed, 2 * n)
    labels = [1 if u[2 * i] < 0.3 else 0 for i in range(n)]
    scores = [u[2 * i + 1] + 0.25 * labels[i] for i in range(n)]
    if distinct:
        scores = [float(np.floor(v * distinct) / distinct) for v in scores]
    return labels, scores


def sum_inputs(n, seed):
    """a[i] = u[i] * 10^(i % 7 - 3)."""
    u = lcg(seed, n)
    return np.array([u[i] * 10.0 ** (i % 7 - 3) for i in range(n)])


def write(name, case):
    (OUT / f"{name}.json").write_text(json.dumps(case, indent=2) + "\n")


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    versions = f"scikit-learn {sklearn.__version__}, numpy {np.__version__}"
    for n, distinct, seed in [(50, 7, 1), (1000, 100, 2), (5000, 0, 3), (20000, 0, 4), (20000, 500, 5)]:
        labels, scores = roc_inputs(n, distinct, seed)
        write(f"roc_auc_n{n}_d{distinct}_s{seed}", {
            "kernel": "RocAuc",
            "generator": {"script": "generate/sweep_kernels.py", "library": versions, "call": "roc_auc_score(labels, scores)"},
            "recipe": {"name": "lcg-roc", "n": n, "distinct": distinct, "seed": seed},
            "expected": float(roc_auc_score(labels, scores)),
        })
    for n in [5, 101, 128, 129, 1000, 8192, 8193, 100000]:
        a = sum_inputs(n, n)
        write(f"numpy_sum_n{n}", {
            "kernel": "numpySum",
            "generator": {"script": "generate/sweep_kernels.py", "library": versions, "call": "np.sum(a), np.mean(a)"},
            "recipe": {"name": "lcg-sum", "n": n, "seed": n},
            "expected": {"sum": float(np.sum(a)), "mean": float(np.mean(a))},
        })


if __name__ == "__main__":
    main()
