"""Bounding trips per user on Apache Spark: the small OD tables for QGIS (issue 28).

Where a month of a city's trips does not fit one machine, Spark reads them
(CSV with a header, Parquet, JSON; any Hadoop path), places both ends in the
public zones, keeps each user's ≤ m trips with the smallest keyed hash
(:mod:`.trip_bounds`, the rule the one-machine path can reproduce exactly)
and writes the small tables of :class:`dpcore.od.trip_tables.TripTables`:

* ``trips_per_pair.csv`` — origin id, destination id, origin, dest (indices), trips (≤ m/user);
* ``people_per_main_pair.csv`` / ``people_per_main_unordered_pair.csv`` — people (each user
  once, on their most frequent ordered / unordered pair over all their trips; ties by the
  keyed hash of :func:`dpcore.od.people.main_pairs`, computed on the executors);
* ``all_trips_per_pair.csv`` — every trip (the internal report's ground truth);
* ``trips_per_user.csv`` — trips, users: how many users have that many trips;

and ``bounded-trips.json`` (parameters, counts, the dataset id of the input: the ledger's default
id, as on the one-machine path). Zones are located in the zones file's CRS (coordinates given in
``--crs`` are reprojected to it) by dpcore's :class:`.zones.ZoneIndex` on the executors, in
Arrow batches (``mapInArrow``, no Python object per row); they need numpy, shapely, pyarrow,
pandas (PySpark's Arrow support) and, with ``--crs``, pyproj. dpcore is shipped to them as a zip
(one file per dpcore version in the temporary folder, reused by later runs). Rows without a
user or with bad coordinates are dropped and counted (the one-machine reader refuses them).

    scripts/spark-bound trips TRIPS OUT --zones FILE --zone-id-field F --user-field F
        --origin X,Y --dest X,Y [--crs EPSG:4326] [--start-field F --end-field F]
        [--start ISO --end ISO] --max-trips M [--seed N] [--master URL]
"""
from __future__ import annotations

import argparse
import hashlib
import io
import json
import os
import secrets
import sys
import tempfile
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FORMAT = "mobilitydp-bounded-trips/2"
REASONS = ("missing_user", "invalid_coordinates", "outside_window", "outside_zones")
_CHUNK = 100_000
_INDEX = {}
_SHIPPED = set()


def _read_zones(path: str, id_field: str):
    """(WKB polygons, ids as text, CRS WKT) of a zones file, read by GDAL on the driver."""
    from osgeo import ogr
    ds = ogr.Open(path)
    if ds is None:
        raise ValueError(f"GDAL cannot open the zones file {path}")
    layer = ds.GetLayer(0)
    wkbs, ids = [], []
    for f in layer:
        g = f.GetGeometryRef()
        if g is None:
            raise ValueError(f"zone {f.GetFID()} has no geometry")
        wkbs.append(bytes(g.ExportToWkb()))
        ids.append(str(f.GetField(id_field)) if id_field else str(f.GetFID()))
    srs = layer.GetSpatialRef()
    return wkbs, ids, srs.ExportToWkt() if srs is not None else ""


def _partition(batches, payload):
    """Arrow batches in and out: (user, origin zone, dest zone, trip key, reason) per row, by
    dpcore's numpy code on the executor (ids and times read from the Arrow buffers)."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.compute as pc

    from .arrow_text import text_bytes, text_words
    from .times import times_from_column
    from ..keyed import word_hashes
    from .trip_bounds import trip_keys
    from .zones import ZoneIndex
    name = payload["index_id"]
    if name not in _INDEX:
        from shapely import wkb
        _INDEX[name] = ZoneIndex([wkb.loads(b) for b in payload["zones"]])
    index = _INDEX[name]
    transform = None
    if payload["crs"]:
        import pyproj
        tr = pyproj.Transformer.from_crs(payload["crs"], payload["zones_crs"], always_xy=True)
        transform = tr.transform
    lo, hi = payload["window"]
    for batch in batches:
        size, cols = batch.num_rows, batch.columns
        if not size:
            continue
        words, length, no_user = text_words(cols[0])
        xy = [np.asarray(pc.fill_null(c, np.nan).to_numpy(zero_copy_only=False), dtype=float)
              for c in cols[1:5]]
        t = [times_from_column(text_bytes(c)) if payload["times"][k]
             else np.full(size, np.nan) for k, c in enumerate(cols[5:7])]
        why = np.zeros(size, dtype=np.int32)
        finite = np.logical_and.reduce([np.isfinite(v) for v in xy])
        in_w = np.ones(size, dtype=bool)
        if lo is not None:
            in_w &= (t[0] >= lo) & (t[1] >= lo)
        if hi is not None:
            in_w &= (t[0] <= hi) & (t[1] <= hi)
        fx = list(xy)
        if transform is not None:
            fx[0], fx[1] = transform(xy[0], xy[1])
            fx[2], fx[3] = transform(xy[2], xy[3])
        o = index.locate(np.asarray(fx[0]), np.asarray(fx[1]))
        d = index.locate(np.asarray(fx[2]), np.asarray(fx[3]))
        why[(o < 0) | (d < 0)] = 4
        why[~in_w] = 3
        why[~finite] = 2
        why[no_user | (length == 0)] = 1
        h = word_hashes(payload["key"], words, length)
        keys = trip_keys(payload["key"], None, *xy, *t, hashes=h).view(np.int64)
        yield pa.RecordBatch.from_arrays([cols[0], pa.array(o, pa.int32()), pa.array(
            d, pa.int32()), pa.array(keys), pa.array(why)], names=["u", "o", "d", "k", "why"])


def _tables(batches, payload):
    """One partition of the valid trips, each user's trips all in it (repartitioned by user):
    its part of every table (:func:`.trip_bounds.partial_tables`), as Arrow rows."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.compute as pc

    from .arrow_text import text_words
    from ..keyed import word_hashes
    from .trip_bounds import partial_tables
    batches = [b for b in batches if b.num_rows]
    if not batches:
        return
    t = pa.Table.from_batches(batches)
    users = pc.dictionary_encode(t.column("u").combine_chunks())
    h = word_hashes(payload["key"], *text_words(users.dictionary)[:2])
    rows = partial_tables(np.asarray(users.indices), *(t.column(c).to_numpy() for c in "odk"),
                          h, n=payload["n_zones"], m=payload["m"])
    yield pa.RecordBatch.from_arrays([pa.array(r, pa.int64() if k == 3 else pa.int32())
                                      for k, r in enumerate(rows)], names=["t", "o", "d", "c"])


def _ship_dpcore(spark) -> None:
    """Put dpcore on the executors' path under the name this module has here (``dpcore`` from
    spark-submit, ``mobility_dp.dpcore`` inside the plugin): a zip, with empty parents."""
    app = spark.sparkContext.applicationId
    if app in _SHIPPED:
        return
    package = __name__.rsplit(".", 2)[0].split(".")
    buffer = io.BytesIO()            # one file per dpcore version, reused: no temporary to leak
    with zipfile.ZipFile(buffer, "w") as z:
        for k in range(1, len(package)):
            z.writestr(zipfile.ZipInfo("/".join(package[:k]) + "/__init__.py"), "")
        for folder, _, files in sorted(os.walk(os.path.join(ROOT, "dpcore"))):
            for f in sorted(x for x in files if x.endswith(".py")):   # fixed dates: same bytes
                name = os.path.relpath(os.path.join(folder, f), os.path.join(ROOT, "dpcore"))
                with open(os.path.join(folder, f), "rb") as fh:
                    z.writestr(zipfile.ZipInfo("/".join([*package, *name.split(os.sep)])),
                               fh.read())
    data = buffer.getvalue()
    path = os.path.join(tempfile.gettempdir(),
                        f"mobilitydp-dpcore-{hashlib.sha256(data).hexdigest()[:16]}.zip")
    if not os.path.exists(path):
        with open(f"{path}.{os.getpid()}", "wb") as fh:
            fh.write(data)
        os.replace(f"{path}.{os.getpid()}", path)
    spark.sparkContext.addPyFile(path)
    _SHIPPED.add(app)


def bound_trips(spark, trips: str, out: str, *, zones: str, zone_id_field: str,
                user_field: str, origin, dest, max_trips: int, crs=None, start_field=None,
                end_field=None, window=(None, None), seed=None, fmt=None,
                master: str = "") -> dict:
    """Run the job on ``trips`` and write the tables to ``out`` (new); returns the record."""
    from pyspark.sql import functions as F
    from pyspark.storagelevel import StorageLevel

    from .spark import _epoch, _read, events_dataset_id
    m = int(max_trips)
    if m < 1:
        raise ValueError("the maximum number of trips per user must be ≥ 1")
    if "://" not in out and os.path.exists(out):
        raise ValueError(f"{out} exists: give a new output directory")
    wkbs, ids, zones_crs = _read_zones(zones, zone_id_field)
    n = len(ids)
    key = int(seed) if seed is not None else secrets.randbits(63)
    fmt = fmt or ("parquet" if trips.rstrip("/").lower().endswith((".parquet", ".pq"))
                  else "json" if trips.lower().endswith((".json", ".jsonl")) else "csv")
    df = _read(spark, trips, fmt)
    fields = [user_field, *origin, *dest] + [f for f in (start_field, end_field) if f]
    missing = [f for f in fields if f not in df.columns]
    if missing:
        raise ValueError(f"field(s) {', '.join(missing)} not found in {trips}; "
                         f"available: {', '.join(df.columns)}")
    types = dict(df.dtypes)

    def time_col(f):
        if not f:
            return F.lit(None).cast("string")
        if types[f].startswith(("timestamp", "date")):
            return (F.unix_micros(F.col(f).cast("timestamp")) / 1e6).cast("string")
        return F.col(f).cast("string")
    sel = df.select(F.col(user_field).cast("string"),
                    *(F.col(c).cast("double") for c in (*origin, *dest)),
                    time_col(start_field), time_col(end_field))
    _ship_dpcore(spark)
    window = tuple(None if w in (None, "") else _epoch(str(w)) for w in window)
    payload = spark.sparkContext.broadcast({
        "zones": wkbs, "index_id": hashlib.sha256(b"".join(wkbs)).hexdigest(), "key": key,
        "crs": crs, "zones_crs": zones_crs, "window": window, "n_zones": n, "m": m,
        "times": (bool(start_field), bool(end_field))})
    spark.conf.set("spark.sql.execution.arrow.maxRecordsPerBatch", str(_CHUNK))
    located = sel.mapInArrow(lambda it: _partition(it, payload.value),
                             "u string, o int, d int, k long, why int") \
        .persist(StorageLevel.MEMORY_AND_DISK)
    counts = dict(located.groupBy("why").count().collect())
    parts = located.filter(F.col("why") == 0).drop("why").repartition("u").mapInArrow(
        lambda it: _tables(it, payload.value), "t int, o int, d int, c long")
    summed = parts.groupBy("t", "o", "d").agg(F.sum("c").alias("c")).toArrow()
    rows = [summed.column(c).to_numpy() for c in ("t", "o", "d", "c")]
    got = [{} for _ in range(5)]
    for t, o, d, c in zip(*(r.tolist() for r in rows)):
        got[t][(o, d)] = c          # table t: see trip_bounds.partial_tables
    tables = {"trips_per_pair.csv": ("trips", got[0]), "people_per_main_pair.csv": (
        "people", got[1]), "people_per_main_unordered_pair.csv": ("people", got[2]),
        "all_trips_per_pair.csv": ("trips", got[3])}
    per_user = {k: c for (k, _), c in got[4].items()}
    located.unpersist()
    os.makedirs(out)
    for name, (col, table) in tables.items():
        with open(os.path.join(out, name), "w", encoding="utf-8") as fh:
            fh.write(f"origin_id,dest_id,origin,dest,{col}\n")
            for (o, d), c in sorted(table.items()):
                fh.write(f"{json.dumps(ids[o])},{json.dumps(ids[d])},{o},{d},{c}\n")
    with open(os.path.join(out, "trips_per_user.csv"), "w", encoding="utf-8") as fh:
        fh.write("trips,users\n" + "".join(f"{k},{c}\n" for k, c in sorted(per_user.items())))
    per_pair_trips = tables["trips_per_pair.csv"][1]
    record = {
        "format": FORMAT, "engine": "spark", "spark_version": spark.version,
        "master": master or spark.sparkContext.master, "trips": trips,
        "dataset_id": events_dataset_id(trips) if "://" not in trips else trips,
        "user_field": user_field, "origin": list(origin), "dest": list(dest), "crs": crs,
        "start_field": start_field, "end_field": end_field, "window": list(window),
        "max_trips": m, "zones": os.path.basename(zones), "zone_ids": ids,
        "zones_sha256": hashlib.sha256("\n".join(ids).encode("utf-8")).hexdigest(),
        "randomness": ("seeded (reproducible: not for publication)" if seed is not None
                       else "secure (63-bit key from the OS generator, not recorded)"),
        "n_rows": int(sum(counts.values())),
        "dropped": {r: int(counts.get(k + 1, 0)) for k, r in enumerate(REASONS)},
        "trips_used": int(counts.get(0, 0)), "bounded_trips": int(sum(per_pair_trips.values())),
        "users": int(sum(per_user.values()))}
    if seed is not None:
        record["seed"] = int(seed)
    with open(os.path.join(out, "bounded-trips.json"), "w", encoding="utf-8") as fh:
        json.dump(record, fh)  # last: marks completion
    return record


def _parser():
    p = argparse.ArgumentParser(prog="spark-bound trips", description=__doc__.split("\n")[0])
    p.add_argument("trips", help="trips: CSV (header), Parquet or JSON; any Hadoop path")
    p.add_argument("out", help="output directory on the driver (must not exist)")
    p.add_argument("--zones", required=True, help="public zones (any file GDAL reads)")
    p.add_argument("--zone-id-field", default="")
    p.add_argument("--user-field", required=True)
    p.add_argument("--origin", required=True, help="origin x,y fields")
    p.add_argument("--dest", required=True, help="destination x,y fields")
    p.add_argument("--crs", default=None,
                   help="CRS of the coordinates when not the zones' (e.g. EPSG:4326)")
    p.add_argument("--start-field", default=None)
    p.add_argument("--end-field", default=None)
    p.add_argument("--start", default=None, help="time window start (ISO 8601, UTC)")
    p.add_argument("--end", default=None, help="time window end (ISO 8601, UTC)")
    p.add_argument("--max-trips", type=int, required=True, help="m: trips kept per user")
    p.add_argument("--seed", type=int, default=None,
                   help="for tests only; default: a secure random key")
    p.add_argument("--format", choices=("csv", "parquet", "json"), default=None)
    p.add_argument("--master", default="", help="Spark master (default: spark-submit's)")
    return p


def main(argv=None) -> int:
    args = _parser().parse_args(argv)
    from .spark import session
    spark = session(args.master, "mobilitydp-spark-trips")
    try:
        record = bound_trips(
            spark, args.trips, args.out, zones=args.zones, zone_id_field=args.zone_id_field,
            user_field=args.user_field, origin=args.origin.split(","),
            dest=args.dest.split(","), max_trips=args.max_trips, crs=args.crs,
            start_field=args.start_field, end_field=args.end_field,
            window=(args.start, args.end), seed=args.seed, fmt=args.format,
            master=args.master)
    except ValueError as exc:
        sys.stderr.write(f"spark-bound trips: {exc}\n")
        return 2
    finally:
        spark.stop()
    sys.stdout.write(f"spark-bound trips: {record['n_rows']} rows, {record['users']} users, "
                     f"{record['bounded_trips']} trips kept; dropped {record['dropped']}; "
                     f"wrote {args.out}\n")
    return 0


if __name__ == "__main__":  # spark-submit runs this file: run it as dpcore.ingest.spark_trips
    sys.path.insert(0, ROOT)
    from dpcore.ingest.spark_trips import main as _main
    sys.exit(_main())
