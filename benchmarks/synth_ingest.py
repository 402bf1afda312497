"""Generator and contribution-bounding speed at Paris scale (issue 4).

Each measurement runs in a fresh child process so that its peak RSS
(``ru_maxrss``) is its own. Targets: generator 2M users × 1 week < 3 min and
< 6 GB; bounding ≈ 137M raw events / 2M users / 1,303 towers / 168 h from
Parquet (DuckDB) < 3 min and < 8 GB; 10M events on the no-DuckDB CSV path.
Baseline in each child: a plain numpy sort of as many random uint64 as
events (the dominant primitive of the bounding).

    .venv/bin/python benchmarks/synth_ingest.py [--quick] [--keep]
"""
import json
import os
import resource
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

import numpy as np  # noqa: E402

from dpcore.geography import grid_city, load_paris_sample  # noqa: E402
from dpcore.ingest import bound_contributions, read_events_file  # noqa: E402
from dpcore.privacy import make_rng  # noqa: E402
from dpcore.synth import (PRESETS, expected_visits, generate_cdr, generate_population,  # noqa
                          hourly_profile, write_table)

WORK = os.environ.get("BENCH_DIR", "/tmp/mobilitydp_bench")


def _rss_gb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20


def _sort_baseline(n):
    a = make_rng(0).integers(0, 2**40, n, dtype=np.uint64)
    t = time.perf_counter()
    a.sort()
    return time.perf_counter() - t


def child_generate(n_users, preset):
    geo = load_paris_sample(os.path.join(ROOT, "sample_data"))
    rng = make_rng(1)
    t = time.perf_counter()
    pop = generate_population(geo, n_users, rng=rng)
    t_pop = time.perf_counter() - t
    cdr = generate_cdr(pop, rng=rng, activity=preset)
    total = time.perf_counter() - t
    return {"users": n_users, "preset": preset, "events": len(cdr), "pop_s": t_pop,
            "total_s": total, "rss_gb": _rss_gb()}


def child_calibrate(n_users):
    """Calibration figures of every preset (visits = distinct user, tower, hour; N = users
    present) and of the trajectories at the thesis's scale."""
    from dpcore.synth import generate_trajectories
    from dpcore.synth.cdr import WEEKDAY
    geo = load_paris_sample(os.path.join(ROOT, "sample_data"))
    rows = []
    for preset in PRESETS:
        rng = make_rng(7)
        pop = generate_population(geo, n_users, rng=rng)
        cdr = generate_cdr(pop, rng=rng, activity=preset)
        hour = (cdr.time - int(cdr.start)) // 3600
        key = (cdr.user.astype(np.int64) * 168 + hour) * len(geo.towers) + cdr.tower
        v = np.bincount(np.unique(key) // (168 * len(geo.towers)), minlength=n_users)
        v = v[v > 0]
        hod = np.bincount(hour[hour < 120] % 24, minlength=24)
        day = np.bincount(hour // 24, minlength=7)
        rows.append({"preset": preset, "target": PRESETS[preset], "mean": v.mean(),
                     "sd": v.std(), "max": int(v.max()), "p999": float(np.quantile(v, 0.999)),
                     "over100": float((v > 100).mean()), "present": v.size / n_users,
                     "ev_per_visit": len(cdr) / v.sum(), "trough": int(np.argmin(hod)),
                     "trough_peak": hod.min() / hod.max(),
                     "corr": float(np.corrcoef(hod, WEEKDAY)[0, 1]),
                     "weekend": day[5:].mean() / day[:5].mean()})
    tr = generate_trajectories(geo, rng=make_rng(8))
    gaps = np.diff(tr.t)[np.diff(tr.trip_id) == 0]
    return {"rows": rows, "trips": tr.n_trips, "points": int(tr.t.size),
            "gap_median": float(np.median(gaps)), "gap_min": int(gaps.min()),
            "gap_max": int(gaps.max())}


def child_make_parquet(n_users, events_per_user, path):
    geo = grid_city(n_side=31, cell_m=340, n_towers=1303, seed=3)  # 961 zones ≈ Paris
    rng = make_rng(2)
    pop = generate_population(geo, n_users, rng=rng)
    visits = expected_visits(events_per_user, hourly_profile(0, 168))[0]
    cdr = generate_cdr(pop, rng=rng, activity=visits)
    del pop
    t = time.perf_counter()
    write_table(path, {"user_id": cdr.user, "cell_id": cdr.tower, "ts": cdr.time})
    return {"events": len(cdr), "users": n_users, "write_s": time.perf_counter() - t,
            "rss_gb": _rss_gb()}


def child_bound(path, use_duckdb, n_towers):
    t = time.perf_counter()
    ev = read_events_file(path, user_field="user_id", tower_field="cell_id", time_field="ts",
                          use_duckdb=use_duckdb)
    t_read = time.perf_counter() - t
    b = bound_contributions(ev.user, ev.tower, ev.time, n_towers=n_towers, ell=30,
                            rng=make_rng(5), start="2007-09-10T00:00:00")
    total = time.perf_counter() - t
    n = b.n_events
    del ev
    base = _sort_baseline(n)
    return {"events": n, "users": b.n_users, "read_s": t_read, "total_s": total,
            "events_per_s": n / total, "rss_gb": _rss_gb(), "sort_baseline_s": base,
            "dropped": sum(b.dropped.values()), "K": b.total_visits, "kept": b.kept_visits}


def _child(*args):
    out = subprocess.run([sys.executable, os.path.abspath(__file__), "--child", *map(str, args)],
                         capture_output=True, text=True)
    if out.returncode:
        raise RuntimeError(out.stderr)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(quick=False, keep=False):
    os.makedirs(WORK, exist_ok=True)
    n_cal = 20_000 if quick else 200_000
    c = _child("calibrate", n_cal)
    print(f"## Calibration on the Paris sample, {n_cal:,} users, 1 week (published: mean 13.55, "
          "sd 18.33, max 732 for N = 1,992,846)\n")
    print("| preset | target visits/user | mean | sd | max | p99.9 | > 100 visits | users "
          "present | events/visit | weekday trough hour | trough/peak | corr. profile "
          "| weekend/weekday |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in c["rows"]:
        print(f"| {r['preset']} | {r['target']:.2f} | {r['mean']:.2f} | {r['sd']:.2f} | "
              f"{r['max']} | {r['p999']:.0f} | {100 * r['over100']:.2f} % | "
              f"{100 * r['present']:.1f} % | {r['ev_per_visit']:.2f} | {r['trough']}:00 | "
              f"{r['trough_peak']:.3f} | {r['corr']:.3f} | {r['weekend']:.2f} |")
    print(f"\nTrajectories, 4,200 vehicles × 1 day (thesis: 15,700 trips/day): {c['trips']:,} "
          f"trips, {c['points']:,} GPS points, gaps median {c['gap_median']:.0f} s, "
          f"range {c['gap_min']}–{c['gap_max']} s\n")
    n_big = 200_000 if quick else 2_000_000
    print(f"## Generator: {n_big:,} users × 1 week on the Paris sample (627 towers, 965 IRIS)\n")
    print("| preset | events | population s | total s | peak RSS GB |")
    print("|---|---:|---:|---:|---:|")
    for preset in PRESETS:
        r = _child("generate", n_big, preset)
        print(f"| {preset} | {r['events']:,} | {r['pop_s']:.1f} | {r['total_s']:.1f} | "
              f"{r['rss_gb']:.2f} |")
    print()
    n_10m = 10_000_000 // (50 if quick else 1)
    cases = [("parquet", "duckdb", n_big, 137_255_052 / 1_992_846, True),
             ("csv", "python (no DuckDB)", n_10m // 69, 69.0, False)]
    print("## Contribution bounding (ℓ = 30, 1 h × 168 slots, 1,303 towers)\n")
    print("| input | engine | events | users | read s | total s | events/s | peak RSS GB "
          "| numpy sort of n uint64 s | total / sort |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for ext, engine, users, epu, duck in cases:
        path = os.path.join(WORK, f"events_{users}.{ext}")
        if not os.path.exists(path):
            _child("parquet", users, epu, path)
        r = _child("bound", path, int(duck), 1303)
        print(f"| {ext} | {engine} | {r['events']:,} | {r['users']:,} | {r['read_s']:.1f} | "
              f"{r['total_s']:.1f} | {r['events_per_s']:,.0f} | {r['rss_gb']:.2f} | "
              f"{r['sort_baseline_s']:.1f} | {r['total_s'] / r['sort_baseline_s']:.1f} |")
        if not keep:
            os.remove(path)


if __name__ == "__main__":
    if "--child" in sys.argv:
        i = sys.argv.index("--child")
        kind, args = sys.argv[i + 1], sys.argv[i + 2:]
        if kind == "generate":
            res = child_generate(int(args[0]), args[1])
        elif kind == "calibrate":
            res = child_calibrate(int(args[0]))
        elif kind == "parquet":
            res = child_make_parquet(int(args[0]), float(args[1]), args[2])
        else:
            res = child_bound(args[0], bool(int(args[1])), int(args[2]))
        print(json.dumps(res))
    else:
        main(quick="--quick" in sys.argv, keep="--keep" in sys.argv)
