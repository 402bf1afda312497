"""Black-box DP audits at a larger scale than the test suite (issue 14 item 5).

Runs the DP-Sniper/StatDP-style auditor of ``tests/core/dp_sniper.py``
(score trained on one batch, most distinguishing event chosen on a second,
tested on a third with Clopper–Pearson bounds at confidence 0.999) against
every mechanism and one small release per stage, each beside a
deliberately broken variant, plus Mironov's low-bit test of raw versus
snapped Laplace outputs. Prints one markdown table: the ε claimed, the ε the
audit proves (a lower bound on the true privacy loss), the verdict and the
time. A correct mechanism must read "within" (its proven ε ≤ claimed ε,
ideally close to it: the audit is tight); a broken one "VIOLATES".

Run: ``nice -n 10 .venv/bin/python benchmarks/dp_audit.py [--scale 1]``
(about 5 minutes at scale 1 on one core; ``--scale 0.2`` for a quick look).
"""
import argparse
import os
import sys
import time

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [ROOT, os.path.join(ROOT, "tests", "core")]

import numpy as np  # noqa: E402
from dp_audit import likelihood_ratio_audit  # noqa: E402
from dp_sniper import dp_sniper  # noqa: E402
from test_mechanisms import Q_D, Q_DP, THRESHOLD, U_D, U_DP, Tampered  # noqa: E402

from dpcore import mechanisms as mech  # noqa: E402
from dpcore.random.rng import make_rng  # noqa: E402


def vectorised(call, rng, **kw):
    return lambda x: (lambda k: call(np.full(k, x), rng=rng, **kw).values)


def cases(scale):
    """(name, variant, draw, x, x′, ε, δ, n) for every audit."""
    big, small = int(200_000 * scale), int(20_000 * scale)
    rng = make_rng()                      # the secure generator, as published releases use
    half_lap = Tampered(rng, laplace=lambda loc, s, size=None: rng.laplace(loc, s / 2, size))
    all_values = Tampered(rng, integers=lambda low, high, size=None: rng.integers(0, high, size))
    no_query_noise = Tampered(rng, laplace=lambda loc, s, size=None:
                              rng.laplace(loc, s) if size is None else np.zeros(size))
    yield ("Laplace (snapped)", "correct",
           vectorised(mech.laplace, rng, sensitivity=1.0, epsilon=1.0), 0.0, 1.0, 1.0, 0.0, big)
    yield ("Laplace (snapped)", "half scale",
           vectorised(mech.laplace, half_lap, sensitivity=1.0, epsilon=1.0), 0.0, 1.0, 1.0, 0.0,
           big)
    yield ("discrete Laplace", "correct",
           vectorised(mech.discrete_laplace, rng, sensitivity=2, epsilon=1.0), 0, 2, 1.0, 0.0, big)
    yield ("discrete Laplace", "Δ declared 1, neighbours 2 apart",
           vectorised(mech.discrete_laplace, rng, sensitivity=1, epsilon=1.0), 0, 2, 1.0, 0.0, big)
    for delta in (1e-3, 1e-5):
        kw = dict(l2_sensitivity=1.0, epsilon=1.0, delta=delta)
        yield (f"discrete Gaussian (δ={delta:g})", "correct", vectorised(mech.gaussian, rng, **kw),
               0, 1, 1.0, delta, big)
        yield (f"discrete Gaussian (δ={delta:g})", "Δ declared 1, neighbours 3 apart",
               vectorised(mech.gaussian, rng, **kw), 0, 3, 1.0, delta, big)
    yield ("k-RR (k=5)", "correct", vectorised(mech.krr, rng, k=5, epsilon=1.0), 0, 1, 1.0, 0.0,
           big)
    yield ("k-RR (k=5)", "uniform over all k", vectorised(mech.krr, all_values, k=5, epsilon=1.0),
           0, 1, 1.0, 0.0, big)
    utilities = {0: U_D, 1: U_DP}
    for variant, monotonic in (("correct", False), ("monotone factor", True)):
        yield ("exponential (10 options)", variant,
               lambda x, m=monotonic: (lambda k: np.array([
                   mech.exponential(utilities[x], sensitivity=1.0, epsilon=1.0, rng=rng,
                                    monotonic=m).values for _ in range(k)])),
               0, 1, 1.0, 0.0, small)
    queries = {0: Q_D, 1: Q_DP}
    for variant, gen in (("correct", rng), ("no query noise", no_query_noise)):
        yield ("sparse vector (c=2)", variant,
               lambda x, g=gen: (lambda k: np.array([
                   mech.sparse_vector(queries[x], THRESHOLD, sensitivity=1.0, epsilon=1.0,
                                      cutoff=2, rng=g).values @ (1 << np.arange(4))
                   for _ in range(k)])),
               0, 1, 1.0, 0.0, small)
    from dpcore.geoind.planar import planar_laplace_noise
    for variant, factor in (("correct", 1.0), ("radius halved", 2.0)):
        yield ("planar Laplace (ε·d = 1)", variant,
               lambda x, f=factor: (lambda k: np.array([x, 0.0]) +
                                    planar_laplace_noise(k, 0.004 * f, rng)),
               0.0, 250.0, 1.0, 0.0, big)
    from dpcore.counts.noisycounts import release_noisy_counts
    draw = vectorised(release_noisy_counts, rng, epsilon=1.0, cells_per_person=1, max_change=2)
    yield ("stage: noisy counts", "correct", draw, 0, 2, 1.0, 0.0, big)
    yield ("stage: noisy counts", "neighbour beyond max_change", draw, 0, 3, 1.0, 0.0, big)
    from test_flows_noise import replicated

    from dpcore.flows.central_noise import release_central
    rows = {False: [[1, 0, 0, 2]], True: [[1, 0, 0, 2], [0, 2, 2, 0]]}

    def flows_draw(x, k):
        fv = replicated(rows[x], k)
        fv.counts.eliminate_zeros()
        return release_central(fv, rng=rng, epsilon=1.0, max_moves=2, max_count=2,
                               bounding="distinct").values.reshape(k, 4)
    yield ("stage: central flows (m·k neighbour)", "correct", lambda x: (lambda k: flows_draw(x, k)),
           False, True, 1.0, 0.0, small * 5)
    from test_density_pipeline import tiny

    from dpcore.density import release_lpa
    data = {x: tiny(x) for x in (False, True)}
    yield ("stage: density LPA", "correct",
           lambda x: (lambda k: np.array([release_lpa(data[x], epsilon=1.0, rng=rng).values.ravel()
                                          for _ in range(k)])),
           False, True, 1.0, 0.0, small // 2)
    from dpcore.geoind import perturb_points
    yield ("stage: geo-ind points", "correct",
           lambda x: (lambda k: perturb_points(np.tile([x, 0.0], (k, 1)), epsilon=0.004,
                                               rng=rng).values),
           0.0, 250.0, 1.0, 0.0, big)


def mironov_rows(scale):
    """Raw doubles vs the float-safe mechanisms: the low-bit event of Mironov (CCS 2012).

    Laplace: raw x + Lap(1) vs the snapping mechanism. Gaussian: raw
    x + N(0, σ²) vs the discrete Gaussian with the same (ε, δ) = (1, 1e-5).
    """
    n = int(500_000 * scale)
    rng = make_rng()
    def off_grid(y):
        return (np.abs(y) < 0.25) & (np.ldexp(y, 53) != np.round(np.ldexp(y, 53)))
    sigma = mech.gaussian_sigma(1.0, 1.0, 1e-5)
    variants = (
        ("Laplace", "raw double x + Lap(1) (unsnapped)", lambda x: x + rng.laplace(0.0, 1.0, n),
         0.0),
        ("Laplace", "snapping mechanism", lambda x: mech.laplace(
            np.full(n, x), sensitivity=1, epsilon=1.0, rng=rng).values, 0.0),
        ("Gaussian", "raw double x + N(0, σ²) (continuous)",
         lambda x: x + rng.normal(0.0, sigma, n), 1e-5),
        ("Gaussian", "discrete Gaussian", lambda x: mech.gaussian(
            np.full(n, int(x)), l2_sensitivity=1, epsilon=1.0, delta=1e-5, rng=rng
        ).values.astype(float), 1e-5))
    rows = []
    for name, variant, draw, delta in variants:
        t0 = time.perf_counter()
        res = likelihood_ratio_audit(off_grid(draw(0.0)), off_grid(draw(1.0)), "discrete", 1.0,
                                     delta, tails=False)
        rows.append((f"{name}, low-bit event", variant, 1.0, res.epsilon_lower_bound,
                     "within" if res.passed else "VIOLATES", time.perf_counter() - t0, n))
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0)
    args = parser.parse_args()
    print(f"### Black-box audits (DP-Sniper/StatDP style), scale {args.scale:g}\n")
    print("| mechanism or release | variant | ε claimed | ε proven (lower bound) | verdict | "
          "samples per side and batch | seconds |")
    print("|---|---|---:|---:|---|---:|---:|")
    for name, variant, draw, x, xp, eps, delta, n in cases(args.scale):
        t0 = time.perf_counter()
        res = dp_sniper(draw(x), draw(xp), eps, delta, n=n)
        verdict = "within" if res.passed else "VIOLATES"
        print(f"| {name} | {variant} | {eps:g}{f' (δ={delta:g})' if delta else ''} | "
              f"{res.epsilon_lower_bound:.3f} | {verdict} | {n} | "
              f"{time.perf_counter() - t0:.1f} |", flush=True)
    for name, variant, eps, bound, verdict, seconds, n in mironov_rows(args.scale):
        print(f"| {name} | {variant} | {eps:g} | {bound:.3f} | {verdict} | {n} | {seconds:.1f} |")


if __name__ == "__main__":
    main()
