"""Generator speed and calibration at Paris scale (issue 4).

Each measurement runs in a fresh child process so that its peak RSS
(``ru_maxrss``) is its own. Target: generator 2M users × 1 week < 3 min and
< 6 GB. Reading and bounding events: ``benchmarks/ingest_scale.py``.

    .venv/bin/python benchmarks/synth_ingest.py [--quick]
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

from dpcore.demo_data import PRESETS, generate_cdr, generate_population  # noqa: E402
from dpcore.random.rng import make_rng  # noqa: E402
from tests.support.geography import load_paris_sample  # noqa: E402


def _rss_gb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20


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
    from dpcore.demo_data import generate_trajectories
    from dpcore.demo_data.cdr import WEEKDAY
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


def _child(*args):
    out = subprocess.run([sys.executable, os.path.abspath(__file__), "--child", *map(str, args)],
                         capture_output=True, text=True)
    if out.returncode:
        raise RuntimeError(out.stderr)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(quick=False):
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


if __name__ == "__main__":
    if "--child" in sys.argv:
        i = sys.argv.index("--child")
        kind, args = sys.argv[i + 1], sys.argv[i + 2:]
        if kind == "calibrate":
            res = child_calibrate(int(args[0]))
        else:
            res = child_generate(int(args[0]), args[1])
        print(json.dumps(res))
    else:
        main(quick="--quick" in sys.argv)
