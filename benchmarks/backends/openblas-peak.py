"""The float32 matmul peak the dependency-free path is compared with: numpy's OpenBLAS sgemm on every
core, 4096 x 4096 x 4096, median of 7 after a warm-up. Writes benchmarks/results/openblas-peak-<host>-<date>.json.
With `--samples N` it times N matmuls after the warm-up and prints their GFLOP/s as one JSON line instead
(bench:cpu-peak runs it between its rounds, so the peak is measured in the same minutes as the kernels).
Run with OPENBLAS_CORETYPE / OPENBLAS_L2_SIZE unset (they slow a current numpy on these machines):

    env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE python3 benchmarks/backends/openblas-peak.py [--samples N]
"""
import datetime, json, os, pathlib, platform, socket, sys, time
import numpy as np

n = 4096
samples_only = '--samples' in sys.argv
reps = int(sys.argv[sys.argv.index('--samples') + 1]) if samples_only else 7
rng = np.random.default_rng(1)
a = rng.random((n, n), dtype=np.float32)
b = rng.random((n, n), dtype=np.float32)
a @ b
times = []
for _ in range(reps):
    t = time.perf_counter()
    a @ b
    times.append(time.perf_counter() - t)
gflops = [2 * n**3 / t / 1e9 for t in times]
if samples_only:
    print(json.dumps({'numpy': np.__version__, 'samplesGflops': gflops}))
    sys.exit(0)
gflops.sort(reverse=True)
out = {
    'benchmark': 'numpy float32 matmul 4096^3 (OpenBLAS sgemm), the float32 peak reference of bench:cpu-peak',
    'date': datetime.datetime.now(datetime.timezone.utc).isoformat(),
    'machine': {'host': socket.gethostname(), 'cpus': os.cpu_count(), 'cpu': platform.processor() or platform.machine()},
    'numpy': np.__version__, 'loadAverage': os.getloadavg(),
    'medianGflops': gflops[len(gflops) // 2], 'bestGflops': gflops[0], 'samplesGflops': gflops,
}
path = pathlib.Path(__file__).resolve().parents[1] / 'results' / f"openblas-peak-{socket.gethostname()}-{out['date'][:10]}.json"
path.write_text(json.dumps(out, indent=1) + '\n')
print(json.dumps({k: out[k] for k in ('medianGflops', 'bestGflops', 'loadAverage')}), 'wrote', path)
