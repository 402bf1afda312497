"""Speed of the exact samplers (issue 25, item 6) against the float samplers they replaced.

For k-RR, the exponential mechanism, discrete Laplace noise (against the
difference of two float geometrics) and the grid channels (geometric, discretised
Laplace, k-RR) of
``benchmarks/geoind.py``'s speed section (100 × 100 cells of 150 m, ε = 0.004/m,
10⁶ reports), prints the median seconds of 5 runs of the exact sampler now in
dpcore and of the former float sampler, re-implemented here from the code it
replaced, in the same process, and their ratio. Seeded generator (PCG64) and
secure generator (os.urandom).

Run: ``nice -n 10 .venv/bin/python benchmarks/exact_sampling.py`` (about a minute).
"""
import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")  # one core

import sys  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import numpy as np  # noqa: E402
from mechanisms import median_seconds  # noqa: E402  (benchmarks/mechanisms.py: median of 5)

from dpcore import mechanisms as mech  # noqa: E402
from dpcore.geoind.grid import Grid  # noqa: E402
from dpcore.geoind.grid_channels import make_channel  # noqa: E402
from dpcore.geoind.planar import planar_laplace_noise  # noqa: E402
from dpcore.mechanisms.exact_geometric import discrete_laplace_draws  # noqa: E402
from dpcore.random.rng import make_rng  # noqa: E402


def float_krr(x, k, epsilon, rng):
    keep = mech.krr_keep_probability(k, epsilon)
    flip = rng.random(x.shape) >= keep
    return np.where(flip, (x + rng.integers(1, k, size=x.shape)) % k, x)


def float_exponential(u, epsilon, rng):
    logp = mech.exponential_log_probabilities(u, sensitivity=1.0, epsilon=epsilon)
    return int(np.argmax(logp + rng.gumbel(size=logp.shape)))


def float_geometric_offsets(channel, n, rng):
    cdf = np.cumsum(channel.kernel.ravel())
    k = np.minimum(np.searchsorted(cdf, rng.random(n) * cdf[-1], side="right"), cdf.size - 1)
    t, u = np.divmod(k, channel.kernel.shape[1])
    return t - channel.my, u - channel.mx


def rows(rng):
    x = rng.integers(0, 10, 10**6)
    yield ("k-RR, k = 10, ε = 1, 10⁶ values",
           lambda: mech.krr(x, k=10, epsilon=1.0, rng=rng), lambda: float_krr(x, 10, 1.0, rng))
    for n in (10, 1000, 100_000):
        u = rng.normal(0, 10, n)
        yield (f"exponential, {n:,} candidates, one draw",
               lambda u=u: mech.exponential(u, sensitivity=1.0, epsilon=1.0, rng=rng),
               lambda u=u: float_exponential(u, 1.0, rng))
    grid = Grid(0.0, 0.0, 150.0, 100, 100)
    cells = rng.integers(0, grid.size, 10**6)
    geo = make_channel("geometric", grid, 0.004)
    geo.sample(cells[:10], rng)                    # the per-channel set-up, once
    yield ("geometric grid offsets, ε·cell = 0.6, 10⁶ reports",
           lambda: geo._offsets(cells.size, rng), lambda: float_geometric_offsets(geo, cells.size, rng))
    lap = make_channel("laplace", grid, 0.004)
    yield ("discretised Laplace offsets, ε·cell = 0.6, 10⁶ reports",
           lambda: lap._offsets(cells.size, rng),
           lambda: np.floor(planar_laplace_noise(cells.size, 0.004, rng) / 150.0 + 0.5))
    p = -np.expm1(-1.0 / 10)
    yield ("discrete Laplace, ε/Δ = 1/10, 10⁶ values",
           lambda: discrete_laplace_draws(10**6, epsilon=1.0, sensitivity=10, rng=rng),
           lambda: rng.geometric(p, 10**6) - rng.geometric(p, 10**6))
    krr_grid = make_channel("krr", grid, 8.0)
    yield ("k-RR grid channel, 10⁴ cells, ε = 8, 10⁶ reports",
           lambda: krr_grid.sample(cells, rng),
           lambda: float_krr(cells, grid.size, 8.0, rng))


def main():
    print("# Exact samplers vs the float samplers they replaced (median of 5 runs, one core)\n")
    print("| sampler | generator | exact (s) | float (s) | ratio |")
    print("|---|---|---:|---:|---:|")
    for label, rng in (("seeded", make_rng(1)), ("secure", make_rng())):
        for name, exact, former in rows(rng):
            a, b = median_seconds(exact), median_seconds(former)
            print(f"| {name} | {label} | {a:.4f} | {b:.4f} | {a / b:.2f} |")


if __name__ == "__main__":
    main()
