"""The float32 matmul peak the dependency-free path is compared with: numpy's OpenBLAS sgemm on every
core, 4096 x 4096 x 4096, median of 7 after a warm-up. Writes benchmarks/results/openblas-peak-<host>-<date>.json.
Run with OPENBLAS_CORETYPE / OPENBLAS_L2_SIZE unset (they slow a current numpy on these machines):

    env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE python3 benchmarks/backends/openblas-peak.py
"""
import datetime, json, os, pathlib, platform, socket, time
import numpy as np

n = 4096
rng = np.random.default_rng(1)
a = rng.random((n, n), dtype=np.float32)
b = rng.random((n, n), dtype=np.float32)
a @ b
times = []
for _ in range(7):
    t = time.perf_counter()
    a @ b
    times.append(time.perf_counter() - t)
times.sort()
gflops = [2 * n**3 / t / 1e9 for t in times]
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
