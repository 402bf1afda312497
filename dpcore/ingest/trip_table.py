"""Writing and reading the bounded trip tables of ``scripts/spark-bound trips``.

The Spark trips job (:mod:`.spark_trips`) writes, with :func:`write_trip_tables`,
a directory of small CSV files and ``bounded-trips.json`` (written last: its
presence marks a finished job). :func:`read_trip_tables` turns it into
:class:`dpcore.od.trip_tables.TripTables` in the order of the release's zones
(the table's zones matched by id), with the standard library and numpy only
(QGIS's Python has no Spark and no pandas). :func:`check_trip_tables` refuses a
table made with other public parameters than the release's.

Format ``mobilitydp-bounded-trips/3`` adds the mobility report's other statistics
(``visits_per_zone_window.csv``: zone id, zone, window, visits;
``report_statistics.csv``: statistic, flat bin, count; their bins in the record's
``report_bins``, :mod:`dpcore.od.table_statistics`). Tables of format ``/2`` are
still read: they hold OD flows and trips per user only.
"""
from __future__ import annotations

import csv
import hashlib
import json
import os

import numpy as np

from ..od.statistics import VISITS
from ..od.table_statistics import TABLE_STATISTICS, bins_from_record, bins_record, empty_statistic
from ..od.trip_tables import TripTables

FORMAT = "mobilitydp-bounded-trips/3"
FORMAT_2 = "mobilitydp-bounded-trips/2"   # before the report statistics: still read
VISITS_TABLE = "visits_per_zone_window.csv"
REPORT_TABLE = "report_statistics.csv"

PAIR_TABLES = {"trips": "trips_per_pair.csv", "people_directed": "people_per_main_pair.csv",
               "people_undirected": "people_per_main_unordered_pair.csv",
               "all_trips": "all_trips_per_pair.csv"}


def _record(root: str) -> dict:
    path = os.path.join(root, "bounded-trips.json")
    if not os.path.isfile(path):
        raise ValueError(f"{root} is not a finished bounded-trips directory of scripts/spark-bound "
                         "trips (no bounded-trips.json: the job did not run or did not finish)")
    with open(path, encoding="utf-8") as fh:
        record = json.load(fh)
    if record.get("format") not in (FORMAT, FORMAT_2):
        raise ValueError(f"{root}: unknown table format {record.get('format')!r} (expected "
                         f"{FORMAT}; run scripts/spark-bound trips again)")
    ids = [str(z) for z in record["zone_ids"]]
    if hashlib.sha256("\n".join(ids).encode("utf-8")).hexdigest() != record["zones_sha256"]:
        raise ValueError(f"{root}: the zone list does not match its SHA-256")
    return record


def _pairs(root: str, name: str, n: int) -> np.ndarray:
    out = np.zeros((n, n), dtype=np.int64)
    with open(os.path.join(root, name), newline="", encoding="utf-8") as fh:
        rows = [r[-3:] for r in csv.reader(fh)][1:]
    if rows:
        o, d, c = np.asarray(rows, dtype=np.int64).T
        if min(o.min(), d.min()) < 0 or max(o.max(), d.max()) >= n or c.min() < 0:
            raise ValueError(f"{root}/{name}: a row lies outside the table's {n} zones")
        np.add.at(out, (o, d), c)
    return out


def read_trip_tables(path, zone_ids) -> tuple:
    """(TripTables in the order of ``zone_ids``, record) of a ``spark-bound trips`` directory.

    ``zone_ids``: the ids (as text) of the release's zones. The table's zones must be the
    same set of ids (the job located the trips in them); refused otherwise.
    """
    root = os.fspath(path)
    if os.path.isfile(root):
        root = os.path.dirname(root)
    record = _record(root)
    ids = [str(z) for z in record["zone_ids"]]
    wanted = [str(z) for z in zone_ids]
    if sorted(ids) != sorted(wanted) or len(set(wanted)) != len(wanted):
        missing = sorted(set(ids) ^ set(wanted))
        raise ValueError(f"the bounded trips were made for other zones ({len(ids)} zones in the "
                         f"table, {len(wanted)} here; e.g. {', '.join(missing[:3])} differ, or "
                         "the zone ids repeat): use the zones layer and id field given to "
                         "scripts/spark-bound (--zones, --zone-id-field)")
    n = len(ids)
    index = {z: k for k, z in enumerate(wanted)}
    to_release = np.asarray([index[z] for z in ids], dtype=np.int64)
    tables = {}
    for field, name in PAIR_TABLES.items():
        raw = _pairs(root, name, n)
        out = np.zeros((n, n), dtype=np.int64)
        out[np.ix_(to_release, to_release)] = raw
        tables[field] = out
    u = tables["people_undirected"]   # the release's order may swap a pair's ends
    tables["people_undirected"] = np.triu(u) + np.tril(u, -1).T
    with open(os.path.join(root, "trips_per_user.csv"), newline="", encoding="utf-8") as fh:
        rows = np.asarray([r for r in csv.reader(fh)][1:], dtype=np.int64).reshape(-1, 2)
    if rows.size and (rows[:, 0].min() < 1 or rows[:, 1].min() < 0):
        raise ValueError(f"{root}/trips_per_user.csv: trips per user must be ≥ 1")
    hist = np.zeros(int(rows[:, 0].max(initial=0)) + 1, dtype=np.int64)
    np.add.at(hist, rows[:, 0], rows[:, 1])
    m = int(record["max_trips"])
    return TripTables(n, m, trips_per_user=hist, **tables,
                      **_report(root, record, n, m, to_release)), record


def _report(root: str, record: dict, n: int, m: int, to_release) -> dict:
    """The report statistics of the tables (TripTables' report fields), zones in the release
    order."""
    if record["format"] == FORMAT_2:
        return {"report_missing": {k: "tables of format /2, made before the job computed the "
                                      "report statistics" for k in TABLE_STATISTICS}}
    if not record.get("report_bins"):
        return {"report_missing": dict(record.get("report_missing", {}))}
    bins = bins_from_record(record["report_bins"])
    report, shapes = {}, {}
    for name in record["report_statistics"]:
        shapes[name] = empty_statistic(name, n, m, bins).counts.shape
        report[name] = np.zeros(int(np.prod(shapes[name])), dtype=np.int64)
    with open(os.path.join(root, REPORT_TABLE), newline="", encoding="utf-8") as fh:
        for name, flat, count in list(csv.reader(fh))[1:]:
            if name not in report or not 0 <= int(flat) < report[name].size:
                raise ValueError(f"{root}/{REPORT_TABLE}: '{name}' bin {flat} is not in the "
                                 "record's statistics and bins")
            report[name][int(flat)] += int(count)
    if VISITS in report:
        raw = report[VISITS].reshape(n, -1)
        with open(os.path.join(root, VISITS_TABLE), newline="", encoding="utf-8") as fh:
            rows = [r[-3:] for r in csv.reader(fh)][1:]
        if rows:
            zone, window, count = np.asarray(rows, dtype=np.int64).T
            if (zone.min() < 0 or zone.max() >= n or window.min() < 0 or
                    window.max() >= raw.shape[1]):
                raise ValueError(f"{root}/{VISITS_TABLE}: a row lies outside the table's "
                                 f"{n} zones × {raw.shape[1]} windows")
            np.add.at(raw, (to_release[zone], window), count)
    return {"report": {k: v.reshape(shapes[k]) for k, v in report.items()}, "report_bins": bins,
            "report_missing": dict(record.get("report_missing", {})),
            "report_frame": str(record.get("frame_crs") or "")}


def write_trip_tables(out: str, tables: TripTables, zone_ids, record: dict) -> dict:
    """Write ``tables`` (zones in the order of ``zone_ids``) into the new directory ``out``,
    and ``record`` with the format and the report's bins, statistics and missing ones as
    ``bounded-trips.json``, last (it marks a finished job); returns the record written."""
    ids = [str(z) for z in zone_ids]
    os.makedirs(out)
    for field, name in PAIR_TABLES.items():
        col = "people" if field.startswith("people") else "trips"
        with open(os.path.join(out, name), "w", encoding="utf-8") as fh:
            fh.write(f"origin_id,dest_id,origin,dest,{col}\n")
            table = getattr(tables, field)
            for o, d in zip(*np.nonzero(table)):
                fh.write(f"{json.dumps(ids[o])},{json.dumps(ids[d])},{o},{d},{table[o, d]}\n")
    hist = tables.trips_per_user
    with open(os.path.join(out, "trips_per_user.csv"), "w", encoding="utf-8") as fh:
        fh.write("trips,users\n" + "".join(f"{k},{hist[k]}\n" for k in np.flatnonzero(hist)))
    report = dict(tables.report)
    with open(os.path.join(out, VISITS_TABLE), "w", encoding="utf-8") as fh:
        fh.write("zone_id,zone,window,visits\n")
        if VISITS in report:
            visits = np.asarray(report.pop(VISITS)).reshape(len(ids), -1)
            for z, w in zip(*np.nonzero(visits)):
                fh.write(f"{json.dumps(ids[z])},{z},{w},{visits[z, w]}\n")
    with open(os.path.join(out, REPORT_TABLE), "w", encoding="utf-8") as fh:
        fh.write("statistic,bin,count\n")
        for name, counts in report.items():
            flat = np.asarray(counts).reshape(-1)
            fh.write("".join(f"{name},{k},{flat[k]}\n" for k in np.flatnonzero(flat)))
    record = dict(record, format=FORMAT, zone_ids=ids, max_trips=int(tables.max_trips),
                  zones_sha256=hashlib.sha256("\n".join(ids).encode("utf-8")).hexdigest(),
                  report_statistics=list(tables.report),
                  report_missing=dict(tables.report_missing),
                  report_bins=bins_record(tables.report_bins) if tables.report_bins else None)
    with open(os.path.join(out, "bounded-trips.json"), "w", encoding="utf-8") as fh:
        json.dump(record, fh)  # last: marks completion
    return record


def check_trip_tables(record: dict, *, max_trips=None, window=(None, None)) -> None:
    """Refuse a table bounded with another m (when the release uses the bounded trips) or
    for another time window (a window set here must be the table's)."""
    diff = []
    if max_trips is not None and int(record["max_trips"]) != int(max_trips):
        diff.append(f"m = {record['max_trips']} in the table, {int(max_trips)} here")
    table_window = list(record.get("window") or [None, None])
    for k, (here, there) in enumerate(zip(window, table_window)):
        if here is not None and (there is None or float(here) != float(there)):
            diff.append(f"window {('start', 'end')[k]} = {there} in the table, {here} here")
    if diff:
        raise ValueError("the bounded trips were made with other parameters: " + "; ".join(diff)
                         + ". Run scripts/spark-bound trips again with these parameters, or "
                         "set them to the table's.")
