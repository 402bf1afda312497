"""Private synthetic trips (issue 31) beside an independent-marginals baseline and the direct
releases, at the same ε = 1 and m = 10 (medians over seeds).

Data: (1) the project's synthetic trips (``peer_dpmr.make_data``: 5,000 vehicles over 3 days on
the Paris sample) on a 1 km grid and on the 965 IRIS zones; (2) a public commuting dataset:
the ACS 2011 county-to-county commuting flows of New York State (US Census Bureau, public
domain; the copy shipped as an example by scikit-mobility, BSD-3, in
``sample_data/ny_commuting/``). 10,000 commuters are drawn in proportion to the real flows;
what is real is each person's home county → work county; their points (uniform in the
county), number of commuting days (1–5) and times (out 6–9 h, back 16–19 h, 10–60 min) are
made up here. Zones: the 62 counties (the "census zones") and a 1 km grid over New York
City's five counties for the commuters living and working there (below county level the
placement is uniform, so fine OD structure there is ours, not the data's).

Rows: the synthesizer (``release_synthetic_trips``) at 100k trips and size-matched (its noisy
total), and size-matched without the transitions of consecutive trips (``transitions=False``:
the model of the first release, each trip drawn on its own); the baseline: every trip drawn
independently from six noisy marginals (origin zone, destination zone, length, start hour,
travel time, trips per person), ε split equally, each with discrete Laplace noise at its
user-level sensitivity (m per trip histogram, 1 for trips per person); the direct releases:
trips per pair (``release_od``, ε all on OD) and people per pair (``release_people_od``,
issue 29) for OD r; measures of ``dpcore.od.synthesis.evaluate``.
Also the wall time of fit + 100k trips (median over seeds), beside the wall time of the
baseline's fit + 100k trips in the same process (the machine is shared: the ratio is the
load-independent figure), and the load average.

Run: nice -n 10 .venv/bin/python benchmarks/synthesis.py [--seeds 5]
"""
from __future__ import annotations

import argparse
import os
import sys
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "benchmarks"))

from peer_dpmr import grid_tiles, make_data  # noqa: E402

from dpcore.flows.cells import locate_points  # noqa: E402
from dpcore.od.flows import release_od  # noqa: E402
from dpcore.od.noise import DISCRETE_LAPLACE, noisy_counts  # noqa: E402
from dpcore.od.synthesis import release_synthetic_trips  # noqa: E402
from dpcore.od.synthesis.evaluate import KM_BINS, MIN_BINS, compare, profile  # noqa: E402
from dpcore.od.synthesis.place import Zones  # noqa: E402
from dpcore.od.trip_arrays import Trips, ZonedTrips  # noqa: E402
from dpcore.random.rng import make_rng  # noqa: E402

EPS, M, CAP = 1.0, 10, 30


def zoned(trips, zones):
    o = locate_points(zones, trips.origin[:, 0], trips.origin[:, 1])
    d = locate_points(zones, trips.dest[:, 0], trips.dest[:, 1])
    ok = np.flatnonzero((o >= 0) & (d >= 0))
    return ZonedTrips(trips.subset(ok), o[ok], d[ok], len(zones))


def baseline(z: ZonedTrips, zones, window, n_trips, rng) -> ZonedTrips:
    """Independent marginals at ε (six equal shares), trips drawn independently."""
    from dpcore.random.sampling import sample_per_user, sampling_stream
    t, n = z.trips, z.n_zones
    kept = np.flatnonzero(sample_per_user(z.user, M, sampling_stream(rng)))
    hour = np.floor(np.mod(t.start[kept], 86400) / 3600).astype(int)
    per_user = np.bincount(z.user)
    per_user = np.minimum(per_user[per_user > 0], CAP)
    hists = [(np.bincount(z.origin_zone[kept], minlength=n), M),
             (np.bincount(z.dest_zone[kept], minlength=n), M),
             (np.histogram(np.clip(t.length[kept], 0, KM_BINS[-1] - 1), KM_BINS)[0], M),
             (np.bincount(hour, minlength=24), M),
             (np.histogram(np.clip((t.end - t.start)[kept] / 60, 0, MIN_BINS[-1] - 1),
                           MIN_BINS)[0], M),
             (np.bincount(per_user - 1, minlength=CAP), 1)]
    noisy = [np.clip(noisy_counts(h, noise=DISCRETE_LAPLACE, sensitivity=s, epsilon=EPS / 6,
                                  delta=0, rng=rng, protects="user").values, 0, None) + 1e-9
             for h, s in hists]
    def draw(w, k):
        return rng.choice(w.size, size=k, p=w / w.sum())
    k = draw(noisy[5], n_trips) + 1
    k = k[:np.searchsorted(np.cumsum(k), n_trips) + 1]
    user = np.repeat(np.arange(k.size), k)[:n_trips]
    oz, dz = draw(noisy[0], n_trips), draw(noisy[1], n_trips)
    placed = Zones(zones)
    o, d = placed.place(oz, rng), placed.place(dz, rng)
    length = KM_BINS[draw(noisy[2], n_trips)] + rng.random(n_trips) * 500
    start = window[0] + rng.integers(0, 3, n_trips) * 86400 + draw(noisy[3], n_trips) * 3600 \
        + rng.random(n_trips) * 3600
    travel = (MIN_BINS[draw(noisy[4], n_trips)] + rng.random(n_trips) * 5) * 60
    return ZonedTrips(Trips(user, o, d, start, start + travel, length), oz, dz, n)


def ny_data(n_people=10_000, seed=0):
    """Commuters drawn from the real NY county flows (see module doc): (counties, trips,
    NYC's five counties)."""
    import csv
    import json

    from shapely.geometry import shape
    from shapely.ops import transform
    folder = os.path.join(ROOT, "sample_data", "ny_commuting")
    with open(os.path.join(folder, "NY_counties_2011.geojson"), encoding="utf-8") as fh:
        feats = json.load(fh)["features"]
    lat0 = np.radians(42.9)
    def proj(x, y, z=None):
        return (np.radians(x) * 6371000.0 * np.cos(lat0),
                                     np.radians(y) * 6371000.0)
    ids = [f["properties"]["tile_id"] for f in feats]
    counties = [transform(proj, shape(f["geometry"]).buffer(0)) for f in feats]
    with open(os.path.join(folder, "NY_commuting_flows_2011.csv"), encoding="utf-8") as fh:
        rows = [(int(r["flow"]), ids.index(r["origin"]), ids.index(r["destination"]))
                for r in csv.DictReader(fh) if r["origin"] in ids and r["destination"] in ids]
    flow = np.array([r[0] for r in rows], dtype=float)
    rng = make_rng(seed)
    pick = rng.choice(len(rows), size=n_people, p=flow / flow.sum())
    home_z = np.array([rows[k][1] for k in pick])
    work_z = np.array([rows[k][2] for k in pick])
    placed = Zones(counties)
    home, work = placed.place(home_z, rng), placed.place(work_z, rng)
    days = rng.integers(1, 6, n_people)
    person = np.repeat(np.arange(n_people), 2 * days)
    leg = np.arange(person.size) - np.repeat(np.cumsum(2 * days) - 2 * days, 2 * days)
    out = leg % 2 == 0
    o = np.where(out[:, None], home[person], work[person])
    d = np.where(out[:, None], work[person], home[person])
    day0 = 1_779_667_200 + (leg // 2) * 86400.0
    start = day0 + np.where(out, rng.uniform(6, 9, person.size),
                            rng.uniform(16, 19, person.size)) * 3600.0
    dist = np.hypot(*(d - o).T)
    travel = np.clip(dist / 12.0, 600, 3600) * rng.uniform(0.9, 1.1, person.size)
    trips = Trips(person, o, d, start, start + travel, dist * 1.25)
    nyc = [ids.index(c) for c in ("36005", "36047", "36061", "36081", "36085")]
    return counties, trips, nyc


def od_r(truth_od, values):
    used = truth_od > 0
    return float(np.corrcoef(truth_od[used], np.ravel(values)[used])[0, 1])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=5)
    args = ap.parse_args()
    zones_iris, trips = make_data(0)
    counties, ny_trips, nyc = ny_data()
    nyc_grid = grid_tiles([counties[k] for k in nyc])
    cases = (("project trips, 1 km grid", trips, grid_tiles(zones_iris)),
             ("project trips, IRIS", trips, zones_iris),
             ("NY commuting (public), 62 counties", ny_trips, counties),
             ("NY commuting (public), NYC 1 km grid", ny_trips, nyc_grid))
    for name, trips, zones in cases:
        window = (np.floor(np.nanmin(trips.start) / 86400) * 86400,
                  (np.floor(np.nanmax(trips.end) / 86400) + 1) * 86400)
        z = zoned(trips, zones)
        truth = profile(z, make_rng(99))
        rows, direct, seconds = {}, {"trips per pair": [], "people per pair": []}, []
        base_seconds = []
        for seed in range(args.seeds):
            t0 = time.perf_counter()
            rel = release_synthetic_trips(z, rng=make_rng(seed), epsilon=EPS, max_trips=M,
                                          trips_cap=CAP, polygons=zones, window=window,
                                          n_trips=100_000)
            seconds.append(time.perf_counter() - t0)
            matched = release_synthetic_trips(z, rng=make_rng(50 + seed), epsilon=EPS,
                                              max_trips=M, trips_cap=CAP, polygons=zones,
                                              window=window)
            old = release_synthetic_trips(z, rng=make_rng(50 + seed), epsilon=EPS,
                                          max_trips=M, trips_cap=CAP, polygons=zones,
                                          window=window, transitions=False)
            t0 = time.perf_counter()
            base = baseline(z, zones, window, 100_000, make_rng(80 + seed))
            base_seconds.append(time.perf_counter() - t0)
            for label, s in (("synthesizer, 100k", rel.values.zoned),
                             ("synthesizer, noisy total", matched.values.zoned),
                             ("no transitions, noisy total", old.values.zoned),
                             ("baseline, 100k", base)):
                rows.setdefault(label, []).append(compare(truth, profile(s, make_rng(7))))
            od = release_od(z.user, z.origin_zone, z.dest_zone, n_zones=z.n_zones, epsilon=EPS,
                            rng=make_rng(seed), max_trips=M)
            direct["trips per pair"].append(od_r(truth["od"], od.values))
            try:
                from dpcore.od.people_flows import release_people_od
                ppl = release_people_od(z, rng=make_rng(seed), epsilon=EPS)
                direct["people per pair"].append(od_r(truth["od"], ppl.values))
            except (ImportError, TypeError, ValueError) as err:
                direct["people per pair"].append(float("nan"))
                print(f"(people per pair not run: {err})")
        keys = list(rows["baseline, 100k"][0])
        print(f"\n## {name}: {len(zones)} zones, {z.n} trips, {truth['people']} people, "
              f"ε = {EPS}, m = {M}, medians [min, max] of {args.seeds} seeds")
        print("| measure | " + " | ".join(rows) + " |")
        print("|---|" + "---|" * len(rows))
        for k in keys:
            print(f"| {k} | " + " | ".join(
                f"{np.median([r[k] for r in v]):.4f} [{min(r[k] for r in v):.3f}, "
                f"{max(r[k] for r in v):.3f}]" for v in rows.values()) + " |")
        for k, v in direct.items():
            print(f"| direct release, {k}: OD r (true pairs) | {np.nanmedian(v):.4f} |")
        print(f"fit + 100k synthetic trips: median {np.median(seconds):.2f} s "
              f"[{min(seconds):.2f}, {max(seconds):.2f}]; the baseline's fit + 100k: median "
              f"{np.median(base_seconds):.2f} s "
              f"(ratio {np.median(seconds) / np.median(base_seconds):.1f}); "
              f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
