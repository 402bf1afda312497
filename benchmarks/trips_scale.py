"""Trips at telecom scale (issue 28): odflows and mobilityreport end to end, and Spark.

Generates OD tables on the Paris sample (GeoPackage without geometry:
user_id, origin/destination lon/lat, start/end date-times; ~6 trips per user
between 2–3 anchor places per user, inside the 965 IRIS), then measures,
each in its own process under ``/usr/bin/time -v`` (wall, peak RSS):

1. GDAL's raw read of the table (``ogrinfo -al -q``), the limit;
2. ``odflows`` and ``mobilityreport`` through ``qgis_process`` (QGIS's own
   Python: GDAL, shapely 1.8), m = 10, ε = 1, on the 965 IRIS;
3. with ``--spark``: ``scripts/spark-bound trips`` in ``local[2]`` on the same
   table (as CSV written by ``ogr2ogr``; ``--frame-crs EPSG:2154``, so every report statistic is
   computed), and its bounded OD total beside the direct path's.

Medians of ``--repeat`` runs (default 3).

    .venv/bin/python benchmarks/trips_scale.py generate TRIPS PATH.gpkg
    nice -n 10 .venv/bin/python benchmarks/trips_scale.py run PATH.gpkg [--repeat 3] [--spark]
    nice -n 10 .venv/bin/python benchmarks/trips_scale.py spark PATH.gpkg   # the Spark row alone

Big files go under /tmp or /work/bench-data (never in git); delete them afterwards.
"""
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "benchmarks"))

from ingest_scale import _qgis_env, _timed  # noqa: E402

TRIPS_PER_USER = 6
M = 10
T0 = 1_700_000_000  # 2023-11-14


def generate(n_trips: int, path: str) -> dict:
    """An OD table of ``n_trips`` trips (GeoPackage, or CSV by extension), chunk by chunk."""
    import json as _json

    import numpy as np
    from shapely.geometry import shape

    from dpcore.ingest.zones import ZoneIndex
    with open(os.path.join(ROOT, "sample_data", "paris_iris.geojson")) as fh:
        polys = [shape(f["geometry"]) for f in _json.load(fh)["features"]]
    index = ZoneIndex(polys)
    b = np.array([p.bounds for p in polys])
    rng = np.random.default_rng(28)
    # a pool of places inside the zones (lon/lat), drawn once
    pool = np.zeros((0, 2))
    while len(pool) < 200_000:
        c = np.column_stack([rng.uniform(b[:, 0].min(), b[:, 2].max(), 400_000),
                             rng.uniform(b[:, 1].min(), b[:, 3].max(), 400_000)])
        pool = np.vstack([pool, c[index.locate(c[:, 0], c[:, 1]) >= 0]])
    csv = path if path.endswith(".csv") else path + ".csv"
    n_users = n_trips // TRIPS_PER_USER
    with open(csv, "w") as out:
        out.write("user_id,o_lon,o_lat,d_lon,d_lat,start,end\n")
        for first in range(0, n_users, 200_000):
            nu = min(200_000, n_users - first)
            k = rng.poisson(TRIPS_PER_USER - 1, nu) + 1
            user = np.repeat(np.arange(first, first + nu), k)
            anchors = rng.integers(0, len(pool), (nu, 3))
            a = anchors[user - first, rng.integers(0, 3, user.size)]
            d = anchors[user - first, rng.integers(0, 3, user.size)]
            o_xy = pool[a] + rng.normal(0, 2e-4, (user.size, 2))
            d_xy = pool[d] + rng.normal(0, 2e-4, (user.size, 2))
            t0 = T0 + rng.integers(0, 28 * 86400, user.size)
            t1 = t0 + rng.integers(300, 5400, user.size)
            iso0 = np.datetime_as_string(t0.astype("datetime64[s]"))
            iso1 = np.datetime_as_string(t1.astype("datetime64[s]"))
            rows = np.column_stack([user.astype(str), np.char.mod("%.6f", o_xy[:, 0]),
                                    np.char.mod("%.6f", o_xy[:, 1]),
                                    np.char.mod("%.6f", d_xy[:, 0]),
                                    np.char.mod("%.6f", d_xy[:, 1]), iso0, iso1])
            out.write("\n".join(",".join(r) for r in rows.tolist()) + "\n")
    if csv != path:
        subprocess.run(["ogr2ogr", "-f", "GPKG", path, csv, "-nln", "trips",
                        "-oo", "AUTODETECT_TYPE=YES", "-gt", "200000"], check=True)
        os.remove(csv)
    n = int(subprocess.run(["ogrinfo", "-so", "-al", path], capture_output=True, text=True)
            .stdout.split("Feature Count: ")[1].split()[0]) if path.endswith(".gpkg") else None
    return {"trips": n, "bytes": os.path.getsize(path)}


def _alg(name, path, tmp, extra=()) -> dict:
    env, _ = _qgis_env(tempfile.mkdtemp(dir=tmp))
    args = ["/usr/bin/qgis_process.bin", "--json", "run", f"mobilitydp:{name}", "--",
            f"INPUT={path}", "USER_FIELD=user_id", "ORIGIN_X=o_lon", "ORIGIN_Y=o_lat",
            "DEST_X=d_lon", "DEST_Y=d_lat", "START_FIELD=start", "END_FIELD=end",
            "TABLE_CRS=EPSG:4326", f"ZONES={ROOT}/sample_data/paris_iris.geojson",
            "ZONE_ID_FIELD=iris_id", f"MAX_TRIPS={M}", "EPSILON=1", "SEED=1",
            f"REPORT={tempfile.mktemp(suffix='.html', dir=tmp)}", *extra]
    r = _timed(args, env=env)
    r["result"] = json.loads(r.pop("stdout"))
    return r


def odflows(path, tmp):
    return _alg("odflows", path, tmp, [f"OD_TABLE={tempfile.mktemp(suffix='.gpkg', dir=tmp)}",
                                       f"FLOWS={tempfile.mktemp(suffix='.gpkg', dir=tmp)}"])


def mobilityreport(path, tmp):
    return _alg("mobilityreport", path, tmp,
                [f"STATISTICS={tempfile.mktemp(suffix='.json', dir=tmp)}",
                 f"VISITS={tempfile.mktemp(suffix='.gpkg', dir=tmp)}",
                 f"OD_FLOWS={tempfile.mktemp(suffix='.gpkg', dir=tmp)}"])


def raw_read(path, tmp):
    """GDAL's own read of every feature (``ogrinfo -al -q``, its text to /dev/null)."""
    r = _timed(["sh", "-c", 'exec ogrinfo -al -q "$0" > /dev/null', path])
    r.pop("stdout")
    return r


def direct_total(path) -> int:
    """Σ min(trips of the user, m) over the table's trips in the zones: the bounded OD total."""
    import numpy as np
    from osgeo import ogr
    from shapely.geometry import shape

    from dpcore.ingest.zones import ZoneIndex
    with open(os.path.join(ROOT, "sample_data", "paris_iris.geojson")) as fh:
        index = ZoneIndex([shape(f["geometry"]) for f in json.load(fh)["features"]])
    ds = ogr.Open(path)
    users = []
    for batch in ds.GetLayer(0).GetArrowStreamAsNumPy(options=["INCLUDE_FID=NO"]):
        ok = (index.locate(batch["o_lon"], batch["o_lat"]) >= 0) & \
             (index.locate(batch["d_lon"], batch["d_lat"]) >= 0)
        users.append(np.asarray(batch["user_id"])[ok])
    _, counts = np.unique(np.concatenate(users), return_counts=True)
    return int(np.minimum(counts, M).sum())


def spark(path, tmp) -> dict:
    csv = os.path.join(tmp, "trips.csv")
    # as a user exports it: ogr2ogr writes the date-times as YYYY/MM/DD hh:mm:ss
    subprocess.run(["ogr2ogr", "-f", "CSV", csv, path], check=True)
    out = os.path.join(tmp, "spark-trips")
    env = dict(os.environ, PYSPARK_PYTHON=os.path.join(ROOT, ".venv", "bin", "python"))
    r = _timed([os.path.join(ROOT, "scripts", "spark-bound"), "trips", csv, out,
                "--zones", os.path.join(ROOT, "sample_data", "paris_iris.geojson"),
                "--zone-id-field", "iris_id", "--user-field", "user_id",
                "--origin", "o_lon,o_lat", "--dest", "d_lon,d_lat", "--start-field", "start",
                "--end-field", "end", "--max-trips", str(M), "--master", "local[2]",
                "--frame-crs", "EPSG:2154",     # trip length and gyration (report statistics)
                "--driver-memory", "3g"], env=env)
    r.pop("stdout")
    with open(os.path.join(out, "bounded-trips.json")) as fh:
        r["record"] = json.load(fh)
    return r


def _median(runs, key):
    return statistics.median(r[key] for r in runs)


def _loaded(fn, path, tmp) -> dict:
    """One run of ``fn`` with the machine's 1-minute load average before and after it (the
    test machine is shared: the load says how far the absolute times are from an idle one)."""
    before = os.getloadavg()[0]
    r = fn(path, tmp)
    r["load"] = (before, os.getloadavg()[0])
    return r


def _load(runs) -> str:
    loads = [x for r in runs for x in r["load"]]
    return f"{min(loads):.1f}–{max(loads):.1f}"


def spark_row(path, tmp, raw_read_s=None):
    """The Spark path (one run) and its bounded OD total beside the direct path's."""
    s = _loaded(spark, path, tmp)
    total = s["record"]["bounded_trips"]
    direct = direct_total(path)
    ratio = f"{s['s'] / raw_read_s:.2f}×" if raw_read_s else "–"
    print(f"\n| scripts/spark-bound trips, local[2] (driver + executors; one run) | "
          f"{s['s']:.1f} | {s['rss_gb']:.2f} | {ratio} | {_load([s])} |")
    print(f"\nbounded OD total (≤ {M} trips per user): Spark {total:,}, direct path "
          f"{direct:,} ({100 * (total - direct) / direct:+.2f} %); report statistics in the "
          f"tables: {', '.join(s['record'].get('report_statistics', [])) or 'none'}", flush=True)


def run(path, repeat=3, with_spark=False):
    tmp = tempfile.mkdtemp(prefix="trips-bench-", dir=os.path.dirname(os.path.abspath(path)))
    try:
        print(f"## {os.path.basename(path)} ({os.path.getsize(path) / 2**30:.2f} GB), "
              f"medians of {repeat}\n")
        print("| step | wall s (runs) | peak RSS GB | ratio to raw read | load (1-min) |")
        print("|---|---:|---:|---:|---:|")
        rows = {}
        for name, fn in (("raw read (ogrinfo -al -q)", raw_read), ("odflows", odflows),
                         ("mobilityreport", mobilityreport)):
            runs = [_loaded(fn, path, tmp) for _ in range(repeat)]
            rows[name] = (_median(runs, "s"), _median(runs, "rss_gb"))
            base = rows["raw read (ogrinfo -al -q)"][0]
            walls = ", ".join(f"{r['s']:.1f}" for r in runs)
            print(f"| {name} | {rows[name][0]:.1f} ({walls}) | {rows[name][1]:.2f} | "
                  f"{rows[name][0] / base:.2f}× | {_load(runs)} |", flush=True)
        print(f"\nmobilityreport / odflows (medians): "
              f"{rows['mobilityreport'][0] / rows['odflows'][0]:.2f}×", flush=True)
        if with_spark:
            spark_row(path, tmp, rows["raw read (ogrinfo -al -q)"][0])
        print()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "generate":
        print(generate(int(sys.argv[2]), sys.argv[3]))
    elif len(sys.argv) > 1 and sys.argv[1] == "spark":
        work = tempfile.mkdtemp(prefix="trips-bench-", dir=os.path.dirname(
            os.path.abspath(sys.argv[2])))
        try:
            spark_row(sys.argv[2], work)
        finally:
            shutil.rmtree(work, ignore_errors=True)
    elif len(sys.argv) > 1 and sys.argv[1] == "run":
        rep = int(sys.argv[sys.argv.index("--repeat") + 1]) if "--repeat" in sys.argv else 3
        run(sys.argv[2], repeat=rep, with_spark="--spark" in sys.argv)
    else:
        print(__doc__)
