"""Coverage of odflows' published intervals (lower95, upper95) by stratum of the true count,
before and after they were made to hold the shrunk value and the trip scale's noise.

Data: the project's synthetic trips (``peer_dpmr.make_data``: 5,000 vehicles over 3 days on
the Paris sample) on the IRIS zones and on a 1 km grid. Releases: ``release_people_od`` at
ε = 1 (people per unordered pair, shrunk), publishing trips with the default trip scale (5 %
of ε, M = 50) or with 30 % of ε, M = 20, or publishing people. For each release:

* *before*: the noisy people count ± its 95 % margin, clipped at 0, × the noisy trip scale
  (what odflows published until this change);
* *after*: ``public['lower']``/``public['upper']`` (:mod:`dpcore.od.intervals`).

What both claim to cover: people per unordered pair (split evenly between the two directions)
× the true trips per person (1 when people are published). Columns: the share of released
rows (pairs with a positive noisy count, as in the OD table) whose value lies outside its
interval, then the coverage per stratum of the true people count (0, 1–5, > 5, the 1 % of
pairs with the largest true counts), pooled over ``--seeds`` seeds, and the median width of
the interval over the rows.

Run: nice -n 10 .venv/bin/python benchmarks/od_intervals.py [--seeds 5]
"""
from __future__ import annotations

import argparse
import os
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "benchmarks"))

from peer_dpmr import grid_tiles, make_data  # noqa: E402
from synthesis import zoned  # noqa: E402

from dpcore.od.noise import DISCRETE_LAPLACE, margin_of_error  # noqa: E402
from dpcore.od.people_flows import _directed, release_people_od  # noqa: E402
from dpcore.random.rng import make_rng  # noqa: E402

CONFIGS = {"trips, scale 5 % (default)": dict(publish="trips"),
           "trips, scale 30 %, M = 20": dict(publish="trips", scale_share=0.3, total_cap=20),
           "people": dict(publish="people")}
STRATA = ("0", "1–5", "> 5", "top 1 %")


def strata(t):
    top = np.zeros(t.size, bool)
    top[np.argsort(t, kind="stable")[::-1][:max(1, t.size // 100)]] = True
    return dict(zip(STRATA, (t == 0, (t >= 1) & (t <= 5), t > 5, top)))


def intervals(rel):
    """{before, after: (lower, upper)} of the unordered pairs (upper triangle)."""
    pub = rel.public
    y = np.asarray(pub["noisy"])
    h = margin_of_error(DISCRETE_LAPLACE, sensitivity=1, epsilon=pub["epsilon_people"])
    scale = pub.get("trips_per_person", 1.0)
    return {"before": (_directed(np.clip(y - h, 0, None), False) * scale,
                       _directed(y + h, False) * scale),
            "after": (pub["lower"], pub["upper"])}


def run(z, config, seeds):
    n = z.n_zones
    upper = np.triu(np.ones((n, n), bool))
    tally = {}
    for seed in range(seeds):
        rel = release_people_od(z, rng=make_rng(seed), epsilon=1.0, **CONFIGS[config])
        count = rel.internal["truth_people"][upper].astype(float)
        target = _directed(rel.internal["truth_people"].astype(float), False)[upper] * \
            rel.internal.get("trips_per_person", 1.0)
        value = rel.values[upper]
        rows = np.asarray(rel.public["noisy"])[upper] > 0
        groups = strata(count)
        for name, (lo, hi) in intervals(rel).items():
            lo, hi = lo[upper], hi[upper]
            t = tally.setdefault(name, {"outside": [0, 0], "width": [],
                                        **{s: [0, 0] for s in STRATA}})
            t["outside"][0] += int(np.sum(((value < lo - 1e-9) | (value > hi + 1e-9))[rows]))
            t["outside"][1] += int(rows.sum())
            t["width"].append(np.median((hi - lo)[rows]) if rows.any() else np.nan)
            hit = (lo - 1e-9 <= target) & (target <= hi + 1e-9)
            for s, where in groups.items():
                t[s][0] += int(hit[where].sum())
                t[s][1] += int(where.sum())
    return tally


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5)
    args = parser.parse_args()
    zones, trips = make_data()
    head = ("data", "publish", "interval", "value outside", *STRATA, "median width")
    print(" | ".join(head))
    print(" | ".join("---" for _ in head))
    for label, z in (("Paris IRIS", zoned(trips, zones)),
                     ("Paris 1 km grid", zoned(trips, grid_tiles(zones)))):
        for config in CONFIGS:
            for name, t in run(z, config, args.seeds).items():
                cells = [f"{t[s][0] / t[s][1]:.3f} ({t[s][1]})" if t[s][1] else "–"
                         for s in STRATA]
                print(" | ".join([label, config, name,
                                  f"{t['outside'][0] / max(t['outside'][1], 1):.3f} "
                                  f"({t['outside'][1]})", *cells,
                                  f"{np.nanmedian(t['width']):.3g}"]))


if __name__ == "__main__":
    main()
