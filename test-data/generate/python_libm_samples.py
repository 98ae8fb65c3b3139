"""Writes test-data/text/python-libm-samples.json: CPython math.log / math.exp values (glibc), used to
check that tensoreval's pyLog / pyExp round like the C library the Python references ran on.
Run from the repository root: python3 test-data/generate/python_libm_samples.py"""
import json
import math
import platform
import random
import sys
from decimal import Decimal, getcontext

getcontext().prec = 60
random.seed(20261121)


def correctly_rounded_exp(x):
    t = Decimal(x).exp()
    lo = math.exp(x)
    hi = math.nextafter(lo, math.inf)
    if Decimal(lo) > t:
        hi = lo
        lo = math.nextafter(lo, -math.inf)
    return lo if (t - Decimal(lo)) < (Decimal(hi) - t) else hi


logs = []
for _ in range(400):  # ratios like BLEU's modified precisions
    b = random.randint(1, 200)
    a = random.randint(1, b)
    logs.append([a / b, math.log(a / b)])
for _ in range(100):
    x = random.uniform(0, 1e6) * 10 ** random.randint(-300, 300)
    logs.append([x, math.log(x)])

exps, misrounded = [], []
i = 0
while len(exps) < 500 or (len(misrounded) < 3 and i < 200000):
    i += 1
    x = random.uniform(-40, 0) if i % 2 else random.uniform(-700, 700)
    e, c = math.exp(x), correctly_rounded_exp(x)
    if e != c:
        if len(misrounded) < 5:
            misrounded.append([x, e, c])
    elif len(exps) < 500:
        exps.append([x, e])

doc = {
    "_meta": {
        "source": f"CPython {sys.version.split()[0]} math.log / math.exp on glibc {platform.libc_ver()[1]}; 'correctly_rounded' from Python decimal at 60 digits",
        "notes": "log: [x, math.log(x)]; exp: [x, math.exp(x)] where glibc is correctly rounded; exp_glibc_misrounded: [x, math.exp(x), correctly rounded e^x]",
    },
    "log": logs,
    "exp": exps,
    "exp_glibc_misrounded": misrounded,
}
with open("test-data/text/python-libm-samples.json", "w") as f:
    f.write(json.dumps(doc) + "\n")
