"""Mobility DP beside dp-mobility-report 0.2.11 on the same trips and tiles (issue 15).

Both tools get the same trips (first and last fix of every synthetic trip,
``dpcore.demo_data.gps_and_checkins.generate_trajectories`` on the Paris sample: 5,000
vehicles over 3 days), the same 965 IRIS zones as tiles, the same unit (one
vehicle), the same bound m of trips per vehicle, and the same budget split:
visits per zone and OD flows, ε/2 each (dp-mobility-report's
``analysis_selection=[visits_per_tile, od_flows]`` with its default equal
``budget_split``; ours: ``release_report`` with weights 1 and 1 and one time
window, so both release one count per zone and one per ordered pair).

Our rows: the *old method* (trips per pair and plain visits, the former and only method) and the
*new default* (``od_method``/``visits_method`` = ``auto``: the public rule of
``dpcore.od.strategy`` picks people per pair, shrunk, × a noisy trip scale, and shrunk visits
× the sampling scale; 5 % of ε, more on few users, goes to the trip scale, out of the OD flows' half since
they need it, ``dpcore.od.report.scale_payer``), issue 29.

Measured per total ε ∈ {0.5, 1, 2}, over ``--reps`` runs each (their noise is
unseeded): MAE of visits per zone and of OD flows over all pairs against the
counts of *all* trips (the analyst's target, so sampling losses count), the
Pearson correlation of OD flows on the pairs with a true trip, the top-100 recall (how many of
the 100 largest true pairs are among the 100 largest released), the share of
trips kept by sampling, and the wall and CPU time of one release from the same
arrays (zone assignment included for both; their CPU time counts their main
process only). Medians with [min, max] over the runs.
Two tilings: the 965 IRIS zones (the speed target) and a 1 km grid (the
issue's OD correlation comparison: IRIS OD pairs are too sparse for it).

dp-mobility-report is installed at run time in its own throwaway venv (it
does not import with pandas 3 or scikit-learn ≥ 1.6):
``pip install dp-mobility-report==0.2.11 "pandas<3" "scikit-learn<1.6" "numpy<2.3"``
(the numpy pin is a precaution, not shown to be needed). ``--venv DIR``
reuses (or creates and keeps) a venv there instead.

Run: nice -n 10 .venv/bin/python benchmarks/peer_dpmr.py [--reps 5] [--venv DIR] [--keep DIR]
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PINS = ["dp-mobility-report==0.2.11", "pandas<3", "scikit-learn<1.6", "numpy<2.3"]
EPSILONS = (0.5, 1.0, 2.0)


# --------------------------------------------------------------------------- worker (their venv)
def worker(directory: str, reps: int, m: int, out_name: str) -> None:
    """Runs inside the dp-mobility-report venv: reads the trips and tiles, writes its releases."""
    import warnings
    warnings.filterwarnings("ignore")
    import geopandas as gpd
    import pandas as pd
    from dp_mobility_report import DpMobilityReport
    from dp_mobility_report import constants as const

    df = pd.read_csv(os.path.join(directory, "records.csv"), parse_dates=["datetime"])
    tiles = gpd.read_file(os.path.join(directory, "tiles.geojson"))
    tiles = gpd.GeoDataFrame({"tile_id": [str(i) for i in range(len(tiles))]},
                             geometry=tiles.geometry.values, crs="EPSG:4326")
    out = {}
    for eps in EPSILONS:
        runs = []
        for rep in range(reps):
            t0, c0 = time.perf_counter(), time.process_time()
            r = DpMobilityReport(df, tiles, privacy_budget=eps, max_trips_per_user=m,
                                 analysis_selection=[const.VISITS_PER_TILE, const.OD_FLOWS],
                                 seed_sampling=rep + 1, disable_progress_bar=True)
            rep_ = r.report
            seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
            visits = rep_[const.VISITS_PER_TILE].data
            od = rep_[const.OD_FLOWS].data
            runs.append({"seconds": seconds, "cpu": cpu, "kept": int(r.df[const.TID].nunique()),
                         "visits": [[int(t), float(v)] for t, v in
                                    zip(visits.tile_id, visits.visits)],
                         "od": [[int(o), int(d), float(f)] for o, d, f in
                                zip(od.origin, od.destination, od.flow)],
                         "epsilon_parts": [rep_[const.VISITS_PER_TILE].privacy_budget,
                                           rep_[const.OD_FLOWS].privacy_budget]})
        out[str(eps)] = runs
    with open(os.path.join(directory, out_name), "w") as fh:
        json.dump(out, fh)


# --------------------------------------------------------------------------- driver (our venv)
def ensure_venv(path: str) -> str:
    python = os.path.join(path, "bin", "python")
    if os.path.exists(python):
        check = subprocess.run([python, "-c", "import dp_mobility_report"], capture_output=True)
        if check.returncode == 0:
            return python
    subprocess.run(["/usr/bin/python3", "-m", "venv", path], check=True)
    res = subprocess.run([python, "-m", "pip", "install", "-q", *PINS], capture_output=True,
                         text=True)
    if res.returncode != 0:
        sys.exit("installing dp-mobility-report failed:\n" + res.stdout[-3000:] +
                 res.stderr[-3000:])
    return python


def make_data(seed: int = 0):
    """Synthetic trips on the Paris sample (Lambert-93 metres) and the IRIS zones."""
    sys.path.insert(0, ROOT)
    from dpcore.demo_data.gps_and_checkins import generate_trajectories
    from dpcore.flows.cells import locate_points
    from dpcore.od.trip_arrays import trips_from_fixes
    from dpcore.random.rng import make_rng
    from tests.support.geography import load_paris_sample

    geo = load_paris_sample(os.path.join(ROOT, "sample_data"))
    traj = generate_trajectories(geo, rng=make_rng(seed), n_vehicles=5000, days=3,
                                 start=1_779_667_200)  # Monday 25 May 2026, 00:00 UTC
    trips = trips_from_fixes(traj.vehicle_id, traj.trip_id, traj.t, traj.x, traj.y)
    o = locate_points(geo.zones, trips.origin[:, 0], trips.origin[:, 1])
    d = locate_points(geo.zones, trips.dest[:, 0], trips.dest[:, 1])
    inside = np.flatnonzero((o >= 0) & (d >= 0))
    return geo.zones, trips.subset(inside)


def grid_tiles(zones, size=1000.0):
    """Squares of ``size`` metres over the zones' bounds that meet the zones."""
    from shapely.geometry import box
    from shapely.ops import unary_union
    area = unary_union(zones)
    x0, y0, x1, y1 = area.bounds
    tiles = [box(x, y, x + size, y + size) for x in np.arange(x0, x1, size)
             for y in np.arange(y0, y1, size)]
    return [t for t in tiles if t.intersects(area)]


def write_tiles(directory, tiles):
    """The tiles as lon/lat GeoJSON, edges densified (10 points per side) for the projection."""
    from dpcore.geometry.geography import lambert93_to_lonlat
    feats = []
    for k, tile in enumerate(tiles):
        rings = []
        for part in getattr(tile, "geoms", [tile]):
            xy = np.asarray(part.exterior.coords)[:, :2]
            t = np.linspace(0, 1, 10, endpoint=False)
            dense = np.concatenate([a + t[:, None] * (b - a) for a, b in zip(xy[:-1], xy[1:])]
                                   + [xy[:1]])
            lon, lat = lambert93_to_lonlat(dense[:, 0], dense[:, 1])
            rings.append([np.column_stack([lon, lat]).tolist()])
        geom = ({"type": "Polygon", "coordinates": rings[0]} if len(rings) == 1 else
                {"type": "MultiPolygon", "coordinates": rings})
        feats.append({"type": "Feature", "properties": {"k": k}, "geometry": geom})
    with open(os.path.join(directory, "tiles.geojson"), "w") as fh:
        json.dump({"type": "FeatureCollection", "features": feats}, fh)


def write_records(directory, trips):
    import csv
    import datetime as dt

    from dpcore.geometry.geography import lambert93_to_lonlat as to_lonlat
    with open(os.path.join(directory, "records.csv"), "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["uid", "tid", "datetime", "lat", "lng"])
        for k in range(trips.n):
            for xy, t in ((trips.origin[k], trips.start[k]), (trips.dest[k], trips.end[k])):
                lon, lat = to_lonlat(xy[0], xy[1])
                w.writerow([int(trips.user[k]), k,
                            dt.datetime.fromtimestamp(t, dt.timezone.utc)
                            .strftime("%Y-%m-%d %H:%M:%S"), f"{lat:.7f}", f"{lon:.7f}"])


def run_ours(zones, trips, eps, m, seed, method="old"):
    """mobilityreport's release: ``old`` (trips per pair, plain visits: the former and only
    method) or ``new`` (the defaults: methods picked by the public rule, ``auto``)."""
    from dpcore.flows.cells import locate_points
    from dpcore.od.report import release_report
    from dpcore.od.statistics import Bins
    from dpcore.random.rng import make_rng
    t0, c0 = time.perf_counter(), time.process_time()
    o = locate_points(zones, trips.origin[:, 0], trips.origin[:, 1])
    d = locate_points(zones, trips.dest[:, 0], trips.dest[:, 1])
    keep = np.flatnonzero((o >= 0) & (d >= 0))
    methods = dict(od_method="auto", visits_method="auto") if method == "new" else {}
    rel = release_report(trips.subset(keep), o[keep], d[keep], n_zones=len(zones), epsilon=eps,
                         weights={"visits": 1, "od": 1}, max_trips=m, rng=make_rng(seed),
                         bins=Bins(time_windows=(0, 24)), **methods)
    return {"seconds": time.perf_counter() - t0, "cpu": time.process_time() - c0,
            "kept": rel.internal["trips_kept"],
            "visits": rel.values["visits"]["per_zone"], "od": rel.values["od"]["counts"],
            "epsilon_parts": [p.epsilon for p in rel.cost.parts],
            "methods": f"OD {rel.public.get('od_method', 'trips')}, visits "
                       f"{rel.public.get('visits_method', 'plain')}"}


def run_od_rescaled(zones, trips, eps, m, seed, share=0.1, cap=50):
    """odflows' option: the same OD budget (ε/2), a share of it for the noisy totals that
    rescale the flows for the trips lost by sampling (no visits)."""
    from dpcore.flows.cells import locate_points
    from dpcore.od.flows import release_od
    from dpcore.random.rng import make_rng
    t0, c0 = time.perf_counter(), time.process_time()
    o = locate_points(zones, trips.origin[:, 0], trips.origin[:, 1])
    d = locate_points(zones, trips.dest[:, 0], trips.dest[:, 1])
    keep = np.flatnonzero((o >= 0) & (d >= 0))
    rel = release_od(trips.user[keep], o[keep], d[keep], n_zones=len(zones), epsilon=eps / 2,
                     max_trips=m, rng=make_rng(seed), total_share=share, total_cap=cap)
    return {"seconds": time.perf_counter() - t0, "cpu": time.process_time() - c0,
            "kept": rel.internal["trips_kept"], "visits": None, "od": rel.values,
            "epsilon_parts": [p.epsilon for p in rel.cost.parts]}


def scores(run, truth_visits, truth_od, n_zones):
    visits, od = run["visits"], run["od"]
    if isinstance(od, list):  # theirs: sparse lists
        v = np.zeros(n_zones)
        for t, val in visits:
            v[t] = val
        f = np.zeros((n_zones, n_zones))
        for o, d, val in od:
            f[o, d] = val
        visits, od = v, f
    nz = truth_od > 0
    top_true = np.argsort(truth_od, axis=None, kind="stable")[::-1][:100]
    top_released = np.argsort(od, axis=None, kind="stable")[::-1][:100]
    return {"visits_mae": float(np.abs(visits - truth_visits).mean()) if visits is not None
            else float("nan"),
            "od_mae": float(np.abs(od - truth_od).mean()),
            "od_r": float(np.corrcoef(truth_od[nz], od[nz])[0, 1]),
            "recall": np.intersect1d(top_true, top_released).size / 100.0,
            "seconds": run["seconds"], "cpu": run.get("cpu", float("nan")), "kept": run["kept"]}


def fmt(values, digits=3):
    v = np.asarray(values, dtype=float)
    if np.isnan(v).all():
        return "—"
    return f"{np.median(v):.{digits}g} [{v.min():.{digits}g}, {v.max():.{digits}g}]"


def compare(zones, trips, key, label, args, python, scratch):
    """Print the table rows of one tiling (their runs are kept in ``theirs-<key>.json``)."""
    from dpcore.flows.cells import locate_points
    from dpcore.od.flows import od_counts
    n = len(zones)
    o = locate_points(zones, trips.origin[:, 0], trips.origin[:, 1])
    d = locate_points(zones, trips.dest[:, 0], trips.dest[:, 1])
    keep = np.flatnonzero((o >= 0) & (d >= 0))
    trips, o, d = trips.subset(keep), o[keep], d[keep]
    truth_od = od_counts(o, d, n).astype(float)
    truth_visits = (np.bincount(o, minlength=n) + np.bincount(d, minlength=n)).astype(float)
    out_name = f"theirs-{key}.json"
    if not os.path.exists(os.path.join(scratch, out_name)):
        write_records(scratch, trips)
        write_tiles(scratch, zones)
        subprocess.run([python, os.path.abspath(__file__), "--worker", scratch, "--out", out_name,
                        "--reps", str(args.reps), "--max-trips", str(args.max_trips)], check=True)
    with open(os.path.join(scratch, out_name)) as fh:
        theirs = json.load(fh)
    print(f"\n**{label}**: {trips.n} trips of {np.unique(trips.user).size} vehicles, {n} zones "
          f"({int((truth_od > 0).sum())} OD pairs with a trip), m = {args.max_trips}, "
          f"{args.reps} runs per ε, median [min, max]\n")
    print("| ε | tool | ε split | trips kept | visits MAE | OD MAE | OD r (true pairs) "
          "| top-100 recall | wall time (s) | CPU time (s) | speed-up (wall) |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    checks = []
    for eps in EPSILONS:
        ours = [run_ours(zones, trips, eps, args.max_trips, seed) for seed in range(args.reps)]
        new = [run_ours(zones, trips, eps, args.max_trips, seed, "new")
               for seed in range(args.reps)]
        rescaled = [run_od_rescaled(zones, trips, eps, args.max_trips, seed)
                    for seed in range(args.reps)]
        rows = {"Mobility DP, old method (trips per pair, plain)": (
                    [scores(r, truth_visits, truth_od, n) for r in ours], ours),
                f"Mobility DP, new default ({new[0]['methods']})": (
                    [scores(r, truth_visits, truth_od, n) for r in new], new),
                "dp-mobility-report": ([scores(r, truth_visits, truth_od, n)
                                        for r in theirs[str(eps)]], theirs[str(eps)]),
                "Mobility DP odflows, OD only, 10 % of its ε for the noisy totals (M = 50)": (
                    [scores(r, truth_visits, truth_od, n) for r in rescaled], rescaled)}
        first = next(iter(rows))
        t_ours = np.median([s["seconds"] for s in rows[first][0]])
        t_theirs = np.median([s["seconds"] for s in rows["dp-mobility-report"][0]])
        for tool, (sc, raw) in rows.items():
            split = " + ".join(f"{e:.3g}" for e in raw[0]["epsilon_parts"])
            speed = f"{t_theirs / t_ours:.0f}×" if tool == first else ""
            print(f"| {eps:g} | {tool} | {split} | "
                  f"{fmt([s['kept'] / trips.n for s in sc])} | "
                  f"{fmt([s['visits_mae'] for s in sc])} | {fmt([s['od_mae'] for s in sc])} | "
                  f"{fmt([s['od_r'] for s in sc])} | {fmt([s['recall'] for s in sc], 2)} | "
                  f"{fmt([s['seconds'] for s in sc])} | "
                  f"{fmt([s['cpu'] for s in sc])} | {speed} |")
        new_sc = next(v[0] for k, v in rows.items() if k.startswith("Mobility DP, new"))
        checks.append((eps, new_sc, rows["dp-mobility-report"][0]))
    print_checks(checks)
    sys.stdout.flush()


def print_checks(checks):
    """Issue 29's Done-when, row by row: the new default against the peer (medians; 'spread'
    = the new default's worst run against the peer's best)."""
    print("\n| ε | OD r new / peer (≥ 1.5× where the peer's < 0.5) | worst new r > best peer r "
          "| visits MAE new / peer (≤ 0.5×) | worst new MAE < best peer MAE |")
    print("|---|---|---|---|---|")
    for eps, new, peer in checks:
        r_new, r_peer = (np.array([s["od_r"] for s in x]) for x in (new, peer))
        v_new, v_peer = (np.array([s["visits_mae"] for s in x]) for x in (new, peer))
        ratio_r = np.median(r_new) / np.median(r_peer)
        need = 1.5 if np.median(r_peer) < 0.5 else 1.0
        ratio_v = np.median(v_new) / np.median(v_peer)
        print(f"| {eps:g} | {ratio_r:.2f}× ({'met' if ratio_r >= need else 'NOT met'}, "
              f"need {need:g}×) | {'yes' if r_new.min() > r_peer.max() else 'NO'} | "
              f"{ratio_v:.2f}× ({'met' if ratio_v <= 0.5 else 'NOT met'}) | "
              f"{'yes' if v_new.max() < v_peer.min() else 'NO'} |")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--max-trips", type=int, default=10)
    ap.add_argument("--tiles", choices=("iris", "grid", "both"), default="both")
    ap.add_argument("--venv", default=None, help="keep dp-mobility-report's venv here")
    ap.add_argument("--keep", default=None,
                    help="keep the scratch folder (their runs) here and reuse what it holds")
    ap.add_argument("--worker", default=None, help=argparse.SUPPRESS)
    ap.add_argument("--out", default="theirs.json", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        return worker(args.worker, args.reps, args.max_trips, args.out)

    scratch = args.keep or tempfile.mkdtemp(prefix="peer-dpmr-")
    os.makedirs(scratch, exist_ok=True)
    venv = args.venv or os.path.join(scratch, "venv")
    try:
        t = time.perf_counter()
        python = ensure_venv(venv)
        print(f"dp-mobility-report venv ready in {time.perf_counter() - t:.0f} s ({venv})",
              file=sys.stderr)
        zones, trips = make_data()
        if args.tiles in ("iris", "both"):
            compare(zones, trips, "iris", "965 IRIS zones of Paris", args, python, scratch)
        if args.tiles in ("grid", "both"):
            compare(grid_tiles(zones), trips, "grid", "1 km grid over Paris", args, python,
                    scratch)
    finally:
        if not args.keep:
            shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
