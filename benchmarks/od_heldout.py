"""OD flows with odflows' defaults (issue 29) beside the former method, against the TRUE TRIP OD.

Every release spends ε = 1 on OD flows (odflows: all of ε), m = 10, medians over ``--seeds``
seeds with [min, max]. Rows: *old* = trips per pair, plain discrete Laplace m/ε, clipped at 0
(``release_od``, the former and only method); *new default* = what ``METHOD=auto`` runs (the
public rule of ``dpcore.od.strategy`` without a population: people per unordered pair, shrunk,
× the noisy trip scale, ``release_people_od`` with its defaults); *people, clipped* = the same
noisy people counts clipped at 0 instead of shrunk (the shrinkage's share of the gain).
Measures: Pearson r against the true trips per ordered pair on the pairs with a trip, MAE per
pair over all pairs, and top-100 recall (how many of the 100 largest true pairs are among the
100 largest released).

Data: (1) the project's synthetic trips (``peer_dpmr.make_data``: 5,000 vehicles over 3 days
on the Paris sample) on the 965 IRIS zones and a 1 km grid; (2) data we did not make, as far
as it goes: the public ACS 2011 county-to-county commuting flows of New York State (US Census
Bureau; ``benchmarks/synthesis.ny_data``: 10,000 commuters drawn in proportion to the real
flows, each one's home → work county is real, their points, days and times are made up) on
the 62 counties and on a 1 km grid over New York City (below county level the placement is
uniform, so that structure is not the data's).

(3) data we did not make, at census tracts: ``--ma DIR``, the tract-to-tract worker flows of
Massachusetts (``MA-wf.dat``: home tract id, work tract id, workers; 3,051,251 workers on
142,242 pairs) and its tracts (``MA.dat``: id, population, …, county FIPS, tract code; 1,361
tracts in 14 counties), as shipped by ExaEpi (github.com/AMReX-Codes/ExaEpi, ``data/CensusData``,
BSD-3-Clause-style licence; US Census commuting data, the exact table is not named there). Not
in this repository (2 MB). ``--ma-people`` commuters are drawn in proportion to the real
flows: each one's home and work tracts are real, their days (1–5, two trips each) are made up
like the New York data's; zones: the 1,361 tracts and the 14 counties (no tract geometry, so no
grid).

(4) the same kind of data with places, for a 1 km grid: ``--bay DIR`` (default:
``sample_data/sf_commuting``, in this repository): San Francisco county's tract-to-tract worker
flows (``SF_tract_flows.csv``: home tract id, work tract id, workers) and its tracts
(``SF_tracts.csv``: internal point and land area of each tract), extracted once by
:func:`write_sf_sample` from ExaEpi's Bay Area files (``BayArea-wf.bin``: uint32 triples home
id, work id, workers; ``BayArea.dat``: 1,405 tracts of 2010, same columns as ``MA.dat``;
``region_2020_censustract.dbf``, MTC's San Francisco Bay Region 2020 Census Tracts): a 2010
tract takes the internal point of the 2020 tract with its code, else the mean of those that
share its first four digits (splits; 98 % of the tracts placed). 170 tracts, ~120 km², like
the Paris sample; commuters drawn as above, each placed uniformly in a disc of the tract's
land area around its internal point (made up below tract level); zones: the tracts and the
1 km squares over their extent.

``--regions``: people per pair of the IRIS zones and of coarser public regions (squares of 2
and 3 km holding the zones' centroids, ``dpcore.od.regions``) at ε = 0.95, 20 % or 30 % of it
for the regions: r of the region flows against the true people per region pair, how many
region pairs are above their 95 % margin (what a map at census zones can show), the coverage
of the margins.

``--rule``: the rule's threshold: people per pair vs trips per pair scaled by a noisy total
(what the rule runs in its dense case) on Paris grids of 1, 2, 3 and 5 km (the load N·ε/n²
with N = 5,000).

Run: nice -n 10 .venv/bin/python benchmarks/od_heldout.py [--seeds 5] [--rule]
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
from synthesis import ny_data, zoned  # noqa: E402

from dpcore.od.flows import release_od  # noqa: E402
from dpcore.od.people_flows import _directed, measure_people, release_people_od  # noqa: E402
from dpcore.od.strategy import choose  # noqa: E402
from dpcore.od.trip_scale import trip_scale  # noqa: E402
from dpcore.random.rng import make_rng  # noqa: E402

EPS, M = 1.0, 10


def truth(z):
    n = z.n_zones
    return np.bincount(z.origin_zone.astype(np.int64) * n + z.dest_zone,
                       minlength=n * n).reshape(n, n).astype(float)


def measures(t, v):
    used = t > 0
    top_t = np.argsort(t, axis=None, kind="stable")[::-1][:100]
    top_v = np.argsort(v, axis=None, kind="stable")[::-1][:100]
    return (float(np.corrcoef(t[used], v[used])[0, 1]), float(np.abs(v - t).mean()),
            np.intersect1d(top_t, top_v).size / 100.0)


def old(z, seed):
    return release_od(z.user, z.origin_zone, z.dest_zone, n_zones=z.n_zones, epsilon=EPS,
                      max_trips=M, rng=make_rng(seed)).values


def new(z, seed):
    return release_people_od(z, rng=make_rng(seed), epsilon=EPS).values


def people_clipped(z, seed, share=0.05, cap=50):
    rng = make_rng(seed)
    rel, _, index = measure_people(z, epsilon=EPS * (1 - share), directed=False, rng=rng)
    kappa = trip_scale(z.user, epsilon=EPS * share, cap=cap, rng=rng).public["trips_per_person"]
    flat = np.zeros(z.n_zones ** 2)
    flat[index] = np.clip(rel.values, 0, None)
    return _directed(flat.reshape(z.n_zones, z.n_zones), False) * kappa


def ma_data(folder, n_people, seed=0):
    """Commuters drawn from the Massachusetts tract worker flows (module doc): ZonedTrips on
    the tracts and on the counties."""
    from dpcore.od.trip_arrays import Trips, ZonedTrips
    flows = np.loadtxt(os.path.join(folder, "MA-wf.dat"), dtype=np.int64, ndmin=2)
    tracts = np.loadtxt(os.path.join(folder, "MA.dat"), dtype=np.int64, skiprows=1, ndmin=2)
    index = {int(t): k for k, t in enumerate(tracts[:, 0])}
    keep = np.array([a in index and b in index for a, b in flows[:, :2]])
    flows = flows[keep]
    rng = make_rng(seed)
    pick = rng.choice(len(flows), size=int(n_people), p=flows[:, 2] / flows[:, 2].sum())
    home = np.array([index[int(a)] for a in flows[pick, 0]])
    work = np.array([index[int(b)] for b in flows[pick, 1]])
    person, out, start = _commute(home, work, rng)
    o = np.where(out, home[person], work[person])
    d = np.where(out, work[person], home[person])
    xy = np.zeros((person.size, 2))
    trips = Trips(person, xy, xy, start, start + 1800.0, np.zeros(person.size))
    county = np.unique(tracts[:, 3], return_inverse=True)[1].ravel()
    return (ZonedTrips(trips, o, d, len(tracts)),
            ZonedTrips(trips, county[o], county[d], int(county.max()) + 1))


def _commute(home, work, rng):
    """Days of two trips (home → work, work → home) for each person, as the New York data."""
    n = home.shape[0]
    days = rng.integers(1, 6, n)
    person = np.repeat(np.arange(n), 2 * days)
    leg = np.arange(person.size) - np.repeat(np.cumsum(2 * days) - 2 * days, 2 * days)
    out = leg % 2 == 0
    start = 1_779_667_200 + (leg // 2) * 86400.0 + np.where(out, 7.5, 17.5) * 3600.0
    return person, out, start


SF_SAMPLE = os.path.join(ROOT, "sample_data", "sf_commuting")


def write_sf_sample(folder, out=SF_SAMPLE, county=6075):
    """The San Francisco part of ExaEpi's Bay Area files in ``folder`` (module doc), written
    once to ``out`` as the two small CSVs :func:`bay_data` reads: ``SF_tracts.csv`` (ExaEpi's
    tract id, 2010 tract code, internal point lon/lat and land area in m² of the 2020 tract with
    its code, else the mean of those sharing its first four digits) and
    ``SF_tract_flows.csv`` (home tract id, work tract id, workers; both ends in the county,
    in the order of the source)."""
    from osgeo import ogr

    tracts = np.loadtxt(os.path.join(folder, "BayArea.dat"), dtype=np.int64, skiprows=1)
    flows = np.fromfile(os.path.join(folder, "BayArea-wf.bin"), dtype=np.uint32)
    flows = flows.reshape(-1, 3).astype(np.int64)
    source = ogr.Open(os.path.join(folder, "region_2020_censustract.dbf"))
    points = {f["geoid"]: (float(f["intptlon"]), float(f["intptlat"]), float(f["aland"]))
              for f in source.GetLayer()}
    by_prefix = {}
    for geoid, value in points.items():
        by_prefix.setdefault(geoid[:9], []).append(value)
    os.makedirs(out, exist_ok=True)
    kept = set()
    with open(os.path.join(out, "SF_tracts.csv"), "w", encoding="utf-8") as fh:
        fh.write("tract_id,tract_code,lon,lat,land_m2\n")
        for k, (c, t) in enumerate(tracts[:, 3:5]):
            code = f"06{c % 1000:03d}{t:06d}"
            match = [points[code]] if code in points else by_prefix.get(code[:9], [])
            if c == county and match:
                lon, lat, land = np.mean(match, axis=0)
                fh.write(f"{int(tracts[k, 0])},{code},{lon!r},{lat!r},{land!r}\n")
                kept.add(int(tracts[k, 0]))
    with open(os.path.join(out, "SF_tract_flows.csv"), "w", encoding="utf-8") as fh:
        fh.write("home_tract_id,work_tract_id,workers\n")
        for a, b, w in flows:
            if int(a) in kept and int(b) in kept:
                fh.write(f"{int(a)},{int(b)},{int(w)}\n")


def bay_data(folder, n_people, seed=0, squares=False):
    """Commuters of San Francisco drawn from the tract worker flows in ``folder`` (module doc;
    :data:`SF_SAMPLE`, written by :func:`write_sf_sample`): ZonedTrips on the tracts and on the
    1 km grid (with ``squares``, also the grid's squares, in the order of its zone indices)."""
    from dpcore.od.trip_arrays import Trips, ZonedTrips
    rows = np.loadtxt(os.path.join(folder, "SF_tracts.csv"), delimiter=",", skiprows=1,
                      usecols=(0, 2, 3, 4))
    place = {int(r[0]): r[1:] for r in rows}
    flows = np.loadtxt(os.path.join(folder, "SF_tract_flows.csv"), delimiter=",", skiprows=1,
                       dtype=np.int64).reshape(-1, 3)
    ids = sorted(place)
    index = {t: k for k, t in enumerate(ids)}
    lon, lat, land = np.array([place[t] for t in ids]).T
    lat0 = np.radians(lat.mean())
    xy = np.column_stack([np.radians(lon) * 6371000.0 * np.cos(lat0),
                          np.radians(lat) * 6371000.0])
    radius = np.sqrt(land / np.pi)
    rng = make_rng(seed)
    pick = rng.choice(len(flows), size=int(n_people), p=flows[:, 2] / flows[:, 2].sum())
    home = np.array([index[int(a)] for a in flows[pick, 0]])
    work = np.array([index[int(b)] for b in flows[pick, 1]])

    def spot(tract):
        r = radius[tract] * np.sqrt(rng.random(tract.size))
        a = rng.uniform(0, 2 * np.pi, tract.size)
        return xy[tract] + np.column_stack([r * np.cos(a), r * np.sin(a)])

    home_xy, work_xy = spot(home), spot(work)
    person, out, start = _commute(home, work, rng)
    o_xy = np.where(out[:, None], home_xy[person], work_xy[person])
    d_xy = np.where(out[:, None], work_xy[person], home_xy[person])
    trips = Trips(person, o_xy, d_xy, start, start + 1800.0, np.hypot(*(d_xy - o_xy).T))
    o_t = np.where(out, home[person], work[person])
    d_t = np.where(out, work[person], home[person])
    lo = (xy - radius[:, None]).min(axis=0)
    span = np.ceil(((xy + radius[:, None]).max(axis=0) - lo) / 1000.0).astype(int)

    def cell(p):
        ij = np.clip(((p - lo) // 1000.0).astype(int), 0, span - 1)
        return ij[:, 0] * span[1] + ij[:, 1]

    out = (ZonedTrips(trips, o_t, d_t, len(ids)),
           ZonedTrips(trips, cell(o_xy), cell(d_xy), int(span[0] * span[1])))
    if not squares:
        return out
    from shapely.geometry import box
    return out + ([box(*(lo + 1000.0 * np.array([i, j])), *(lo + 1000.0 * np.array([i + 1, j + 1])))
                   for i in range(span[0]) for j in range(span[1])],)


def fmt(values, digits=3):
    v = np.asarray(values, dtype=float)
    return f"{np.median(v):.{digits}g} [{v.min():.{digits}g}, {v.max():.{digits}g}]"


def table(cases, seeds):
    print("| data, zones | method | OD r (true pairs) | MAE per pair | top-100 recall |")
    print("|---|---|---|---|---|")
    for label, z in cases:
        pick = choose(n_zones=z.n_zones, max_trips=M, epsilon=EPS)
        for name, run in (("old: trips per pair, plain", old),
                          (f"new default ({pick.od})", new),
                          ("people per pair, clipped at 0 (no shrinkage)", people_clipped)):
            t = truth(z)
            rows = np.array([measures(t, run(z, s)) for s in range(seeds)])
            print(f"| {label} ({z.n_zones} zones, {z.n} trips) | {name} | {fmt(rows[:, 0])} | "
                  f"{fmt(rows[:, 1])} | {fmt(rows[:, 2], 2)} |")
        sys.stdout.flush()


def rule_table(seeds):
    zones, trips = make_data()
    print("\n| grid | zones n | load N·ε/n² (N = 5,000) | rule picks | people per pair: r, MAE "
          "| trips per pair, scaled by a noisy total (5 % of ε): r, MAE |")
    print("|---|---|---|---|---|---|")
    for size in (1000.0, 2000.0, 3000.0, 5000.0):
        z = zoned(trips, grid_tiles(zones, size))
        t = truth(z)
        pick = choose(n_zones=z.n_zones, max_trips=M, epsilon=EPS, population=5000)
        p = np.array([measures(t, new(z, s))[:2] for s in range(seeds)])
        q = np.array([measures(t, release_od(
            z.user, z.origin_zone, z.dest_zone, n_zones=z.n_zones, epsilon=EPS, max_trips=M,
            rng=make_rng(s), total_share=0.05, total_cap=50).values)[:2] for s in range(seeds)])
        print(f"| {size / 1000:g} km | {z.n_zones} | {5000 * EPS / z.n_zones ** 2:.3g} | "
              f"{pick.od} | {np.median(p[:, 0]):.3f}, {np.median(p[:, 1]):.3g} | "
              f"{np.median(q[:, 0]):.3f}, {np.median(q[:, 1]):.3g} |")


def regions_table(seeds):
    from dpcore.od.regions import grid_regions, release_people_regions
    zones, trips = make_data()
    z = zoned(trips, zones)
    centroids = np.array([[g.centroid.x, g.centroid.y] for g in zones])
    print("\n| regions | share of ε | region pairs | r (region pairs) | 95 % interval above 0 "
          "| coverage of the 95 % margins |")
    print("|---|---|---|---|---|---|")
    for size in (2000.0, 3000.0):
        regions = grid_regions(centroids, size)
        for share in (0.2, 0.3):
            rows = []
            for s in range(seeds):
                rel = release_people_regions(z, rng=make_rng(s), epsilon=0.95, regions=regions,
                                             region_share=share)
                t = rel.internal["truth_regions"]
                up = np.triu(np.ones_like(t, bool))
                lo, hi = rel.public["lower"][up], rel.public["upper"][up]
                rows.append((np.corrcoef(t[up], rel.values[up])[0, 1], np.sum(lo > 0),
                             np.mean((lo <= t[up]) & (t[up] <= hi)), int(up.sum())))
            rows = np.array(rows)
            print(f"| {size / 1000:g} km squares ({int(regions.max()) + 1}) | {share:g} | "
                  f"{int(rows[0, 3])} | {fmt(rows[:, 0])} | {fmt(rows[:, 1])} | "
                  f"{fmt(rows[:, 2])} |")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--rule", action="store_true", help="also the rule's threshold table")
    ap.add_argument("--rule-only", action="store_true", help="only the rule's table")
    ap.add_argument("--ma", default=None, help="folder with MA-wf.dat and MA.dat (module doc)")
    ap.add_argument("--regions", action="store_true", help="only the regions' table")
    ap.add_argument("--bay", nargs="?", const=SF_SAMPLE, default=None,
                    help="San Francisco's tract flows (module doc); a folder, else the sample")
    ap.add_argument("--ma-people", default="5000,50000",
                    help="commuters drawn from the public flows (comma-separated sizes)")
    args = ap.parse_args()
    if args.rule_only:
        return rule_table(args.seeds)
    if args.regions:
        return regions_table(args.seeds)
    if args.bay:
        cases = []
        for size in (int(v) for v in args.ma_people.split(",")):
            tracts, grid = bay_data(args.bay, size)
            cases += [(f"San Francisco commuting (public), {size:,} people, tracts", tracts),
                      (f"San Francisco commuting (public), {size:,} people, 1 km grid", grid)]
        return table(cases, args.seeds)
    if args.ma:
        cases = []
        for size in (int(v) for v in args.ma_people.split(",")):
            tracts, counties = ma_data(args.ma, size)
            cases += [(f"MA commuting (public), {size:,} people, tracts", tracts),
                      (f"MA commuting (public), {size:,} people, counties", counties)]
        return table(cases, args.seeds)
    zones, trips = make_data()
    counties, ny_trips, nyc = ny_data()
    table([("project trips, Paris IRIS", zoned(trips, zones)),
           ("project trips, Paris 1 km grid", zoned(trips, grid_tiles(zones))),
           ("NY commuting (public), counties", zoned(ny_trips, counties)),
           ("NY commuting (public), NYC 1 km grid",
            zoned(ny_trips, grid_tiles([counties[k] for k in nyc])))], args.seeds)
    if args.rule:
        rule_table(args.seeds)


if __name__ == "__main__":
    main()
