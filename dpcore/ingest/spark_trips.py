"""Bounding trips per user on Apache Spark: the small OD tables for QGIS.

Where a month of a city's trips does not fit one machine, Spark reads them
(CSV with a header, Parquet, JSON; any Hadoop path), places both ends in the
public zones, keeps each user's ≤ m trips with the smallest keyed hash
(:mod:`dpcore.od.trip_bounds`, the rule the one-machine path can reproduce exactly)
and writes the small tables of :class:`dpcore.od.trip_tables.TripTables`:

* ``trips_per_pair.csv`` — origin id, destination id, origin, dest (indices), trips (≤ m/user);
* ``people_per_main_pair.csv`` / ``people_per_main_unordered_pair.csv`` — people (each user
  once, on their most frequent ordered / unordered pair over all their trips; ties by the
  keyed hash of :func:`dpcore.od.people.main_pairs`, computed on the executors);
* ``all_trips_per_pair.csv`` — every trip (the internal report's ground truth);
* ``trips_per_user.csv`` — trips, users: how many users have that many trips;
* ``visits_per_zone_window.csv`` and ``report_statistics.csv`` — the mobility report's other
  statistics over the same kept trips, with the public bins given to the job
  (:mod:`dpcore.od.table_statistics`; trip length and radius of gyration in the metric frame
  ``--frame-crs``, else the zones' CRS when it is projected in metres, else left out);

and ``bounded-trips.json`` (parameters, bins, counts, the dataset id of the input: the ledger's
default id, as on the one-machine path; with ``--ledger``, the keyed sketch of the people of
:mod:`.spark_people`, which makes the directory as sensitive as the ledger), written last.
Zones are read on the driver (:mod:`.spark_trip_zones`, which also chooses the metric frame)
and located in the zones file's CRS (coordinates given in ``--crs`` are reprojected to it) by
dpcore's :class:`.zones.ZoneIndex` on the executors, in Arrow batches (``mapInArrow``, no
Python object per row; the tasks are in :mod:`.spark_trip_tasks`); they need numpy, shapely,
pyarrow, pandas (PySpark's Arrow support) and, with ``--crs`` or ``--frame-crs``, pyproj. dpcore
is shipped to them as a zip (one file per dpcore version in the temporary folder, reused by
later runs). Rows without a user or with bad coordinates are dropped and counted (the
one-machine reader refuses them).

    scripts/spark-bound trips TRIPS OUT --zones FILE --zone-id-field F --user-field F
        --origin X,Y --dest X,Y [--crs EPSG:4326] [--start-field F --end-field F]
        [--start ISO --end ISO] --max-trips M [--frame-crs EPSG:2154] [--time-windows 0,6,…,24]
        [--length-bins …] [--travel-time-bins …] [--gyration-bins …] [--gap-bins …]
        [--entropy-bins N] [--seed N] [--master URL]
"""
from __future__ import annotations

import argparse
import hashlib
import io
import os
import sys
import tempfile
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
REASONS = ("missing_user", "invalid_coordinates", "outside_window", "outside_zones")
_CHUNK = 100_000
_SHIPPED = set()
#: Job option: Bins field (the report's public bins; defaults: dpcore.od.statistics.Bins).
BIN_OPTIONS = {"time_windows": "time-windows", "trip_length_km": "length-bins",
               "travel_time_min": "travel-time-bins", "gyration_km": "gyration-bins",
               "gap_hours": "gap-bins", "entropy_bins": "entropy-bins"}


def ship_dpcore(spark) -> None:
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
                master: str = "", bins=None, frame_crs=None, ledger=None) -> dict:
    """Run the job on ``trips`` and write the tables to ``out`` (new); returns the record.
    ``bins``: the report's public bins (:class:`dpcore.od.statistics.Bins`, default its
    defaults; their window is the job's); ``frame_crs``: the metric CRS of trip length and
    gyration (default: the zones' CRS when it is one); ``ledger``: its key sketches the people."""
    import dataclasses

    from ..od.statistics import Bins
    from ..od.table_statistics import bins_record
    from ..od.trip_bounds import tables_from_rows
    from .spark_jobs import check_new_output, epoch_seconds, input_dataset_id, job_key, randomness
    from .spark_people import from_halves, ledger_key
    from .spark_trip_tasks import DROPPED_ROW, PEOPLE_ROW
    from .spark_trip_zones import metric_frame, read_zones
    from .trip_table import write_trip_tables
    m = int(max_trips)
    if m < 1:
        raise ValueError("the maximum number of trips per user must be ≥ 1")
    check_new_output(out)
    wkbs, ids, zones_crs = read_zones(zones, zone_id_field)
    frame_name, no_frame = metric_frame(frame_crs, zones_crs)
    n = len(ids)
    key = job_key(seed)
    sel = _trip_columns(spark, trips, fmt, user_field, origin, dest, start_field, end_field)
    ship_dpcore(spark)
    people_key = ledger_key(ledger) if ledger else None
    window = tuple(None if w in (None, "") else epoch_seconds(str(w)) for w in window)
    bins = dataclasses.replace(bins or Bins(), window=window if None not in window else None)
    rows = _summed_rows(spark, sel, {
        "zones": wkbs, "index_id": hashlib.sha256(b"".join(wkbs)).hexdigest(), "key": key,
        "crs": crs, "zones_crs": zones_crs, "window": window, "n_zones": n, "m": m,
        "times": (bool(start_field), bool(end_field)), "frame": frame_crs,
        "bins": bins_record(bins), "no_frame": no_frame, "people_key": people_key})
    dropped = rows[0] == DROPPED_ROW
    counts = dict(zip(rows[1][dropped].tolist(), rows[3][dropped].tolist()))
    tables = tables_from_rows(*rows, n=n, m=m, bins=bins, no_frame=no_frame)
    record = {
        "engine": "spark", "spark_version": spark.version,
        "master": master or spark.sparkContext.master, "trips": trips,
        "dataset_id": input_dataset_id(trips),
        "user_field": user_field, "origin": list(origin), "dest": list(dest), "crs": crs,
        "start_field": start_field, "end_field": end_field, "window": list(window),
        "zones": os.path.basename(zones),
        "frame_crs": frame_name,
        "randomness": randomness(seed),
        "n_rows": int(sum(counts.values())),
        "dropped": {r: int(counts.get(k + 1, 0)) for k, r in enumerate(REASONS)},
        "trips_used": int(counts.get(0, 0)), "bounded_trips": int(tables.trips.sum()),
        "users": tables.n_users}
    if seed is not None:
        record["seed"] = int(seed)
    if ledger:
        people = rows[0] == PEOPLE_ROW
        record["people_sketch"] = from_halves(rows[1][people], rows[2][people], people_key)
    return write_trip_tables(out, tables, ids, record)


def _trip_columns(spark, trips: str, fmt, user_field: str, origin, dest, start_field,
                  end_field):
    """The trips' columns the executors read: the user as text, the ends' coordinates as
    numbers and the start and end times as text (epoch seconds of a timestamp column; a null
    column when the field is not given)."""
    from pyspark.sql import functions as F

    from .spark_jobs import read_input
    fields = [user_field, *origin, *dest] + [f for f in (start_field, end_field) if f]
    df = read_input(spark, trips, fmt, fields)
    types = dict(df.dtypes)

    def time_col(f, name):
        if not f:   # untimed trips: one named null column each (two unnamed ones clash)
            return F.lit(None).cast("string").alias(name)
        if types[f].startswith(("timestamp", "date")):
            return (F.unix_micros(F.col(f).cast("timestamp")) / 1e6).cast("string")
        return F.col(f).cast("string")
    return df.select(F.col(user_field).cast("string"),
                     *(F.col(c).cast("double") for c in (*origin, *dest)),
                     time_col(start_field, "_mdp_start"), time_col(end_field, "_mdp_end"))


def _summed_rows(spark, sel, payload: dict) -> list:
    """The executors' rows summed (``t``, ``o``, ``d``, ``c`` as numpy arrays): each trip's
    ends located in the zones (Arrow batches), then each user's part of the tables
    (:mod:`.spark_trip_tasks`; ``payload``: what the tasks are given, broadcast)."""
    from pyspark.sql import functions as F

    from .spark_trip_tasks import LOCATED, ROWS, locate
    from .spark_trip_tasks import tables as part_tables
    payload = spark.sparkContext.broadcast(payload)
    spark.conf.set("spark.sql.execution.arrow.maxRecordsPerBatch", str(_CHUNK))
    parts = (sel.mapInArrow(lambda it: locate(it, payload.value), LOCATED).repartition("u")
        .mapInArrow(lambda it: part_tables(it, payload.value), ROWS))
    summed = parts.groupBy("t", "o", "d").agg(F.sum("c").alias("c")).toArrow()
    return [summed.column(c).to_numpy() for c in ("t", "o", "d", "c")]


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
    p.add_argument("--frame-crs", default=None,
                   help="metric CRS of trip length and radius of gyration (default: the "
                        "zones' CRS when it is projected in metres)")
    for field, option in BIN_OPTIONS.items():
        p.add_argument(f"--{option}", default=None, help=(
            "the report's number of mobility entropy bins" if field == "entropy_bins" else
            f"the report's {field} bin edges, comma-separated") + " (default: as in QGIS)")
    p.add_argument("--seed", type=int, default=None,
                   help="for tests only; default: a secure random key")
    p.add_argument("--format", choices=("csv", "parquet", "json"), default=None)
    p.add_argument("--master", default="", help="Spark master (default: spark-submit's)")
    from .spark_jobs import LEDGER_HELP
    p.add_argument("--ledger", default=None, help=LEDGER_HELP)
    return p


def _bins(args):
    """The report's public bins (:class:`dpcore.od.statistics.Bins`) of the job's options."""
    from ..od.statistics import Bins
    given = {f: getattr(args, o.replace("-", "_")) for f, o in BIN_OPTIONS.items()}
    try:
        return Bins(**{f: int(v) if f == "entropy_bins" else [float(x) for x in v.split(",")]
                       for f, v in given.items() if v is not None})
    except ValueError as exc:
        raise ValueError(f"bins: {exc}") from None


def main(argv=None) -> int:
    args = _parser().parse_args(argv)
    try:
        bins = _bins(args)
    except ValueError as exc:
        sys.stderr.write(f"spark-bound trips: {exc}\n")
        return 2
    from .spark_jobs import session
    spark = session(args.master, "mobilitydp-spark-trips")
    try:
        record = bound_trips(
            spark, args.trips, args.out, zones=args.zones, zone_id_field=args.zone_id_field,
            user_field=args.user_field, origin=args.origin.split(","),
            dest=args.dest.split(","), max_trips=args.max_trips, crs=args.crs,
            start_field=args.start_field, end_field=args.end_field,
            window=(args.start, args.end), seed=args.seed, fmt=args.format,
            master=args.master, bins=bins, frame_crs=args.frame_crs, ledger=args.ledger)
    except ValueError as exc:
        sys.stderr.write(f"spark-bound trips: {exc}\n")
        return 2
    finally:
        spark.stop()
    missing = "".join(f"; not computed: {k} ({why})"
                      for k, why in record["report_missing"].items())
    sys.stdout.write(f"spark-bound trips: {record['n_rows']} rows, {record['users']} users, "
                     f"{record['bounded_trips']} trips kept; dropped {record['dropped']}"
                     f"{missing}; wrote {args.out}\n")
    return 0


if __name__ == "__main__":  # spark-submit runs this file: run it as dpcore.ingest.spark_trips
    sys.path.insert(0, ROOT)
    from dpcore.ingest.spark_trips import main as _main
    sys.exit(_main())
