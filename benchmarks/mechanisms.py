"""Speed of the noise mechanisms and of the privacy ledger.

Prints two markdown tables:

1. samples per second of ``dpcore.mechanisms.snapping.laplace``, ``discrete_laplace``
   and ``gaussian`` and of the raw samplers on 10^7 values (median of 5
   runs, one core), with a seeded generator (numpy PCG64) and with the
   secure one (``make_rng()``: every bit from os.urandom), next to raw numpy
   ``rng.laplace`` / ``rng.normal`` drawing the same number of samples in
   the same process (the baseline). Goal (issue 14): the secure path at
   ≥ 10^7 samples/s and within 3× of numpy's raw sampler.
2. the ledger overhead of one release (reserve + commit, each a locked
   read-modify-atomic-write of the JSON file with fsync) on a ledger that
   already holds 0, 100 or 1000 entries (median ms of 21 releases).

Run: ``nice -n 10 .venv/bin/python benchmarks/mechanisms.py`` (takes a few minutes).
"""
import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")  # one core

import platform
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import numpy as np  # noqa: E402

from dpcore import mechanisms as mech  # noqa: E402
from dpcore.accounting.costs import Budget, PrivacyCost  # noqa: E402
from dpcore.accounting.ledger import Ledger  # noqa: E402
from dpcore.random.rng import make_rng  # noqa: E402

N = 10**7
RUNS = 5


def median_seconds(fn, runs=RUNS):
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def mechanism_table():
    seeded, secure = make_rng(2024), make_rng()
    zeros_f = np.zeros(N)
    zeros_i = np.zeros(N, dtype=np.int64)
    sigma = mech.gaussian_sigma(1.0, 1.0, 1e-6)
    raw = np.random.default_rng(2024)
    baselines = {
        "laplace": ("numpy rng.laplace", lambda: raw.laplace(0.0, 1.0, N)),
        "normal": ("numpy rng.normal", lambda: raw.normal(0.0, sigma, N)),
    }
    base_rate = {k: N / median_seconds(f) for k, (_, f) in baselines.items()}
    rows = [
        ("laplace (ε=1)", "laplace",
         lambda rng: mech.laplace(zeros_f, sensitivity=1, epsilon=1.0, rng=rng)),
        ("discrete_laplace (ε=1)", "laplace",
         lambda rng: mech.discrete_laplace(zeros_i, sensitivity=1, epsilon=1.0, rng=rng)),
        ("discrete_laplace (ε=0.1)", "laplace",
         lambda rng: mech.discrete_laplace(zeros_i, sensitivity=1, epsilon=0.1, rng=rng)),
        ("discrete gaussian, counts (ε=1, δ=1e-6)", "normal",
         lambda rng: mech.gaussian(zeros_i, l2_sensitivity=1, epsilon=1.0, delta=1e-6, rng=rng)),
        ("discrete gaussian, real values on a grid (ε=1, δ=1e-6)", "normal",
         lambda rng: mech.gaussian(zeros_f, l2_sensitivity=1, epsilon=1.0, delta=1e-6, rng=rng)),
        ("raw rng.laplace", "laplace", lambda rng: rng.laplace(0.0, 1.0, N)),
        ("raw rng.geometric", "laplace", lambda rng: rng.geometric(0.5, N)),
        ("raw rng.normal", "normal", lambda rng: rng.normal(0.0, sigma, N)),
    ]
    print(f"### Mechanisms on {N:.0e} values (median of {RUNS} runs, one core)\n")
    print("Seeded = numpy PCG64 (reproducible, not for publication); secure = "
          "`make_rng()` without a seed (every bit from os.urandom).\n")
    print("| mechanism | seeded samples/s | secure samples/s | baseline | baseline samples/s "
          "| secure / baseline | goal (Laplace rows): secure ≥ 1e7/s and ≥ 1/3 of baseline |")
    print("|---|---:|---:|---|---:|---:|---|")
    for name, base, fn in rows:
        rate_seeded = N / median_seconds(lambda fn=fn: fn(seeded))
        rate_secure = N / median_seconds(lambda fn=fn: fn(secure))
        ratio = rate_secure / base_rate[base]
        met = rate_secure >= 1e7 and ratio >= 1 / 3
        goal = ("met" if met else "MISSED") if name.startswith(("laplace", "discrete_laplace")) \
            else "–"
        print(f"| {name} | {rate_seeded:.3g} | {rate_secure:.3g} | {baselines[base][0]} | "
              f"{base_rate[base]:.3g} | {ratio:.2f} | {goal} |")
    print()


def ledger_table():
    print("### Ledger overhead per release (reserve + commit, median of 21)\n")
    print("| entries already in the ledger | ms per release | file size afterwards (kB) |")
    print("|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        for existing in (0, 100, 1000):
            ledger = Ledger(os.path.join(tmp, f"ledger_{existing}.json"))
            cost = PrivacyCost.of("Laplace", 1e-3, sensitivity=1.0, protects="one user")
            budget = Budget(1e6)
            for _ in range(existing):
                ledger.reserve("bench", 1e-3, 0.0, budget).commit(cost)
            times = []
            for _ in range(21):
                t0 = time.perf_counter()
                ledger.reserve("bench", 1e-3, 0.0, budget).commit(cost)
                times.append(time.perf_counter() - t0)
            size = os.path.getsize(ledger.path) / 1024
            print(f"| {existing} | {1e3 * statistics.median(times):.2f} | {size:.0f} |")
        print(f"\n(ledger files in {tempfile.gettempdir()}, each write is fsync'ed)")


if __name__ == "__main__":
    print(f"Python {platform.python_version()}, numpy {np.__version__}, {platform.machine()}\n")
    mechanism_table()
    ledger_table()
