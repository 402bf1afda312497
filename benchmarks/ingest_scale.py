"""Paper-scale CDR ingest (issue 12): sanitizedensity end to end, ingest speed, Spark bounding.

Generates week-long CDR files on the Paris sample (627 OpenCellID towers,
965 IRIS; columns user_id, tower_id, time as ISO 8601 text, epoch), then
measures, each in its own process with ``/usr/bin/time -v`` for peak RSS:

1. ``sanitizedensity`` end to end through ``qgis_process`` (QGIS's own
   Python: GDAL, no DuckDB) — targets: 19.0M events < 40 s and < 2 GB;
   137M events < 4 min and < 6 GB;
2. the ingest alone (read + compact codes + bounding, ℓ = 30) in events/s,
   beside GDAL's raw Arrow read of the same file (the limit) and DuckDB's;
3. ``scripts/spark-bound`` in ``local[2]`` on the same file.

    .venv/bin/python benchmarks/ingest_scale.py generate USERS PATH   # ~69 events/user
    nice -n 10 .venv/bin/python benchmarks/ingest_scale.py run PATH [--spark] [--no-duckdb]
    .venv/bin/python benchmarks/ingest_scale.py        # quick: 1M events, generated and deleted
    .venv/bin/python benchmarks/ingest_scale.py synthetic 137000000  # codes + bounding, no file

Big files go under /tmp or /work/bench-data (never in git); delete them afterwards.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

START = "2007-09-10T00:00:00"
#: Events per user of the paper's data (137,255,052 visits for 1,992,846 users).
EVENTS_PER_USER = 137_255_052 / 1_992_846
CHUNK_USERS = 250_000


def generate(n_users: int, path: str) -> dict:
    """A one-week CDR CSV of ``n_users`` users, written chunk by chunk (bounded memory)."""
    import duckdb
    import numpy as np

    from dpcore.demo_data import expected_visits, generate_cdr, generate_population, hourly_profile
    from dpcore.random.rng import make_rng
    from tests.support.geography import load_paris_sample
    geo = load_paris_sample(os.path.join(ROOT, "sample_data"))
    visits = expected_visits(EVENTS_PER_USER, hourly_profile(0, 168))[0]
    ids = np.asarray([int(t) for t in geo.tower_ids])
    t0 = time.perf_counter()
    n_events = 0
    with tempfile.TemporaryDirectory(dir=os.path.dirname(os.path.abspath(path))) as tmp, \
            open(path + ".part", "wb") as out:
        out.write(b"user_id,tower_id,time,epoch\n")
        for k, first in enumerate(range(0, n_users, CHUNK_USERS)):
            n = min(CHUNK_USERS, n_users - first)
            rng = make_rng(1000 + k)
            cdr = generate_cdr(generate_population(geo, n, rng=rng), rng=rng, activity=visits)
            cols = {"user_id": cdr.user.astype(np.int64) + first, "tower_id": ids[cdr.tower],
                    "epoch": cdr.time.astype(np.int64)}
            part = os.path.join(tmp, "part.csv")
            con = duckdb.connect()
            con.register("cols", cols)
            con.execute("SET TimeZone = 'UTC'")
            con.execute(f"COPY (SELECT user_id, tower_id, strftime(make_timestamp(epoch * "
                        f"1000000), '%Y-%m-%dT%H:%M:%S') AS time, epoch FROM cols) TO "
                        f"'{part}' (HEADER false)")
            con.close()
            with open(part, "rb") as fh:
                shutil.copyfileobj(fh, out, 1 << 24)
            n_events += len(cdr)
    os.replace(path + ".part", path)
    return {"users": n_users, "events": n_events, "seconds": time.perf_counter() - t0,
            "bytes": os.path.getsize(path)}


def _timed(cmd, env=None) -> dict:
    """Run ``cmd`` under /usr/bin/time -v: wall seconds, peak RSS (GB), stdout."""
    out = subprocess.run(["/usr/bin/time", "-v"] + cmd, capture_output=True, text=True,
                         env=env)
    if out.returncode:
        raise RuntimeError(out.stdout[-2000:] + out.stderr[-4000:])
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", out.stderr).group(1))
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): ([\d:.]+)", out.stderr)
    parts = [float(p) for p in wall.group(1).split(":")]
    seconds = sum(p * 60 ** i for i, p in enumerate(reversed(parts)))
    return {"s": seconds, "rss_gb": rss / 2**20, "stdout": out.stdout}


def _child(*args) -> dict:
    r = _timed([sys.executable, os.path.abspath(__file__), "child", *map(str, args)])
    r.update(json.loads(r.pop("stdout").strip().splitlines()[-1]))
    return r


def child(kind: str, path: str) -> dict:
    """One measurement in this process; prints JSON."""
    import numpy as np
    if kind == "gdal_raw":
        from osgeo import ogr
        ds = ogr.Open(path)  # keep the dataset alive while its layer is read
        layer = ds.GetLayer(0)
        layer.SetIgnoredFields(["epoch"])
        n = 0
        t = time.perf_counter()
        for batch in layer.GetArrowStreamAsNumPy(options=["MAX_FEATURES_IN_BATCH=500000",
                                                          "INCLUDE_FID=NO"]):
            n += len(batch["user_id"])
        return {"events": n, "read_s": time.perf_counter() - t}
    from dpcore.ingest import EventEncoder, bound_compact, read_events_file
    from dpcore.random.rng import make_rng
    from tests.support.geography import load_paris_sample
    if kind == "synthetic":  # ``path`` is a number of events: memory of codes + bounding alone
        n, rng = int(path), make_rng(3)
        t = time.perf_counter()
        enc = EventEncoder(tower_ids=list(range(627)), start=0, slot_seconds=3600, n_slots=168)
        for a in range(0, n, 1_000_000):
            m = min(1_000_000, n - a)
            enc.add(rng.integers(0, n // 69, m), rng.integers(0, 627, m),
                    rng.integers(0, 168 * 3600, m))
        ev = enc.finish()
        read_s = time.perf_counter() - t
        b = bound_compact(ev, n_towers=627, ell=30, rng=make_rng(5))
        return {"events": b.n_events, "users": b.n_users, "read_s": read_s,
                "total_s": time.perf_counter() - t, "kept": b.kept_visits}
    geo = load_paris_sample(os.path.join(ROOT, "sample_data"))
    t = time.perf_counter()
    ev = read_events_file(path, user_field="user_id", tower_field="tower_id", time_field="time",
                          tower_ids=[int(v) for v in geo.tower_ids], start=START,
                          slot_seconds=3600, n_slots=168, engine=kind)
    read_s = time.perf_counter() - t
    b = bound_compact(ev, n_towers=len(geo.tower_ids), ell=30, rng=make_rng(5))
    total = time.perf_counter() - t
    return {"events": b.n_events, "users": b.n_users, "read_s": read_s, "total_s": total,
            "kept": b.kept_visits, "dropped": int(sum(b.dropped.values())),
            "checksum": int(np.asarray(b.counts).sum())}


def _qgis_env(tmp):
    plugins = os.path.join(tmp, "plugins")
    os.makedirs(plugins)
    os.symlink(ROOT, os.path.join(plugins, "mobility_dp"))
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", QGIS_PLUGINPATH=plugins,
               QGIS_CUSTOM_CONFIG_PATH=os.path.join(tmp, "profile"))
    subprocess.run(["/usr/bin/qgis_process.bin", "plugins", "enable", "mobility_dp"],
                   env=env, capture_output=True, check=True)
    towers = os.path.join(tmp, "towers.vrt")
    with open(towers, "w") as fh:
        fh.write('<OGRVRTDataSource><OGRVRTLayer name="paris_cells_opencellid">'
                 f"<SrcDataSource>{ROOT}/sample_data/paris_cells_opencellid.csv</SrcDataSource>"
                 "<GeometryType>wkbPoint</GeometryType><LayerSRS>EPSG:4326</LayerSRS>"
                 '<GeometryField encoding="PointFromColumns" x="lon" y="lat"/></OGRVRTLayer>'
                 "</OGRVRTDataSource>")
    return env, towers


def qgis_sanitize(path, tmp, bounded=None) -> dict:
    env, towers = _qgis_env(tempfile.mkdtemp(dir=tmp))
    args = ["/usr/bin/qgis_process.bin", "--json", "run", "mobilitydp:sanitizedensity", "--",
            f"TOWERS={towers}", "TOWER_ID_FIELD=cell_id",
            f"CENSUS={ROOT}/sample_data/paris_iris.geojson", "CENSUS_ID_FIELD=iris_id",
            f"START={START}", "N_SLOTS=168", "ELL=30", "EPSILON=1", "DELTA=2e-6",
            f"OUTPUT={tempfile.mktemp(suffix='.gpkg', dir=tmp)}",
            f"REPORT={tempfile.mktemp(suffix='.html', dir=tmp)}"]
    if bounded:
        args.append(f"BOUNDED_COUNTS={bounded}")
    else:
        args += [f"INPUT={path}", "USER_FIELD=user_id", "TOWER_FIELD=tower_id",
                 "TIME_FIELD=time"]
    r = _timed(args, env=env)
    r.pop("stdout")
    return r


def spark_bound(path, tmp) -> dict:
    out = os.path.join(tmp, "bounded")
    env = dict(os.environ, PYSPARK_PYTHON=sys.executable)
    r = _timed([os.path.join(ROOT, "scripts", "spark-bound"), path, out,
                "--user-field", "user_id", "--tower-field", "tower_id", "--time-field", "time",
                "--start", START, "--slot-minutes", "60", "--slots", "168", "--ell", "30",
                "--master", "local[2]", "--driver-memory", "4g"], env=env)
    r.pop("stdout")
    return r, out


def run(path, spark=False, duckdb=True):
    tmp = tempfile.mkdtemp(prefix="ingest-bench-", dir=os.path.dirname(os.path.abspath(path)))
    try:
        size = os.path.getsize(path) / 2**30
        print(f"## {os.path.basename(path)} ({size:.2f} GB CSV)\n")
        print("| step | engine | events | wall s | events/s | peak RSS GB |")
        print("|---|---|---:|---:|---:|---:|")
        raw = _child("gdal_raw", path)
        n = raw["events"]
        print(f"| raw Arrow read (the limit) | GDAL | {n:,} | {raw['read_s']:.1f} | "
              f"{n / raw['read_s']:,.0f} | {raw['rss_gb']:.2f} |")
        for engine in ("gdal",) + (("duckdb",) if duckdb else ()):
            r = _child(engine, path)
            print(f"| ingest: read + codes + bounding ℓ = 30 (read alone {r['read_s']:.1f} s) "
                  f"| {engine} | {r['events']:,} | {r['total_s']:.1f} | "
                  f"{r['events'] / r['total_s']:,.0f} | {r['rss_gb']:.2f} |")
        q = qgis_sanitize(path, tmp)
        print(f"| sanitizedensity end to end (qgis_process) | QGIS's Python (GDAL) | {n:,} | "
              f"{q['s']:.1f} | {n / q['s']:,.0f} | {q['rss_gb']:.2f} |")
        if spark:
            s, out = spark_bound(path, tmp)
            print(f"| scripts/spark-bound local[2] (driver + executors) | Spark | {n:,} | "
                  f"{s['s']:.1f} | {n / s['s']:,.0f} | {s['rss_gb']:.2f} |")
            q = qgis_sanitize(path, tmp, bounded=out)
            print(f"| sanitizedensity from the Spark table (qgis_process) | QGIS | – | "
                  f"{q['s']:.1f} | – | {q['rss_gb']:.2f} |")
        print()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def quick():
    """``make bench``: a 1M-event file (15,000 users), generated, measured and deleted."""
    tmp = tempfile.mkdtemp(prefix="ingest-quick-")
    try:
        path = os.path.join(tmp, "events.csv")
        generate(15_000, path)
        run(path)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    cmd = sys.argv[1] if len(sys.argv) > 1 else "quick"
    if cmd == "quick":
        quick()
    elif cmd == "generate":
        print(json.dumps(generate(int(sys.argv[2]), sys.argv[3])))
    elif cmd == "synthetic":
        r = _child("synthetic", sys.argv[2])
        print(f"| codes + bounding of random batches (no file) | {r['events']:,} events, "
              f"{r['users']:,} users | {r['total_s']:.1f} s | peak RSS {r['rss_gb']:.2f} GB |")
    elif cmd == "child":
        print(json.dumps(child(sys.argv[2], sys.argv[3])))
    else:
        run(sys.argv[2], spark="--spark" in sys.argv, duckdb="--no-duckdb" not in sys.argv)
