"""sanitizedensity on small data: its all-zero default beside a size-ruled fallback (a candidate
not in the plugin) and LPA direct, to decide whether the fallback should be the default.

On few people the ``visits`` release's low-rank denoiser keeps rank 0 (no singular value above
the noise-only edge) and releases zeros (warned: the total is off by more than 2×). The
candidate, post-processing of the release's public values only: the noisy city total of each
column (the noisy towers × columns matrix summed over towers, clipped at 0) shared equally by
the towers, spread over the slots by the noisy profile (``visit_reconstruction.spread``), times the
noisy visits per person ρ, mapped to the census by Formula 1. It runs only where

* **size rule**: the noisy matrix's sum N̂ (≈ the people, each person's shares summing to 1;
  already paid by the matrix's measurement, no extra ε) is at least 2 × 1.96 of its public
  standard deviation σ·√(towers × columns), so its 95 % interval stays within 2× of N̂;
* **median rule** (in addition): the expected count per census cell and slot,
  ρ·N̂ / (cells × slots), is at least ln 2, where a Poisson count's median leaves 0 (the
  absolute error of a flat estimate beats zeros' only there).

Data: ``benchmarks/small_data.py``'s (one week of ``generate_cdr`` events of 50, 200 and 1,000
people, towers = the sample's sites' Voronoi cells, census = 3 km and 1 km squares), ε = 1,
ℓ = 30. Measures: MAE per census cell and hour against the truth, released total / true total;
medians [min, max] over 5 seeds.

Run: nice -n 10 .venv/bin/python benchmarks/density_fallback.py
"""
from __future__ import annotations

import math
import os
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "benchmarks"))

from small_data import DELTA, ELL, EPS, density_data, grid_tiles, load_paris_sample  # noqa: E402

from dpcore.density import release_density  # noqa: E402
from dpcore.density.visit_pooling import block_hours, pooling  # noqa: E402
from dpcore.density.visit_reconstruction import spread  # noqa: E402
from dpcore.density.visit_release import release_visits  # noqa: E402
from dpcore.geometry.cover import reallocate  # noqa: E402
from dpcore.random.rng import make_rng  # noqa: E402

Z95 = 1.959964


def fallback(rel, visits, median_rule: bool):
    """(census values, fired) of the candidate on the visits release ``rel`` (module doc)."""
    pub = rel.public
    noisy = np.asarray(pub["noisy_columns"], dtype=float)
    n_hat, sd = float(noisy.sum()), pub["sigma"] * math.sqrt(noisy.size)
    cells = visits.weights.shape[1]
    fired = pub["rank"] == 0 and n_hat >= 2 * Z95 * sd
    if median_rule:
        fired = fired and pub["cap_ratio"] * n_hat / (cells * pub["n_slots"]) >= math.log(2)
    if not fired:
        return np.asarray(rel.values, dtype=float), False
    pool = pooling(pub["n_slots"], visits.slot_seconds, visits.start, block_hours(EPS))
    flat = np.clip(noisy.sum(axis=0), 0.0, None)[None, :] / noisy.shape[0]
    towers = spread(np.repeat(flat, noisy.shape[0], axis=0), pool, pub["noisy_profile"])
    return reallocate(towers * pub["cap_ratio"], visits.weights), True


def fmt(v):
    v = np.asarray(v, dtype=float)
    return f"{np.median(v):.3g} [{v.min():.3g}, {v.max():.3g}]"


def main(seeds=range(5)):
    geo = load_paris_sample(os.path.join(ROOT, "sample_data"))
    print("| case | method | MAE per cell-hour | total / true | fallback fired (seeds) |")
    print("|---|---|---|---|---|")
    for n in (50, 200, 1000):
        for name, size in (("3 km", 3000.0), ("1 km", 1000.0)):
            tiles = grid_tiles(geo.zones, size)
            visits, fourier, truth = density_data(geo, tiles, n, seed=n + 2)
            t = max(float(truth.sum()), 1.0)
            res = {k: ([], [], []) for k in ("zeros (default)", "size rule", "size + median rule",
                                            "LPA direct (plain)")}
            for s in seeds:
                rel = release_visits(visits, epsilon=EPS, delta=DELTA, ell=ELL, rng=make_rng(s))
                plain = release_density(fourier, method="lpa_direct", epsilon=EPS, delta=DELTA,
                                        rng=make_rng(s))
                out = {"zeros (default)": (rel.values, False),
                       "size rule": fallback(rel, visits, False),
                       "size + median rule": fallback(rel, visits, True),
                       "LPA direct (plain)": (plain.values, False)}
                for k, (v, fired) in out.items():
                    v = np.asarray(v, dtype=float)
                    res[k][0].append(np.abs(v - truth).mean())
                    res[k][1].append(v.sum() / t)
                    res[k][2].append(fired)
            label = f"{n} people, {name} ({len(tiles)} cells), {t:,.0f} true user-hours"
            for k, (mae, total, fired) in res.items():
                print(f"| {label} | {k} | {fmt(mae)} | {fmt(total)} | {sum(fired)} |")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
