"""Reading the bounded trip tables of ``scripts/spark-bound trips`` (issue 28, item 3).

The Spark trips job (:mod:`.spark_trips`) writes a directory of small CSV
files and ``bounded-trips.json`` (written last: its presence marks a finished
job). :func:`read_trip_tables` turns it into
:class:`dpcore.od.trip_tables.TripTables` in the order of the release's zones
(the table's zones matched by id), with the standard library and numpy only
(QGIS's Python has no Spark and no pandas). :func:`check_trip_tables` refuses a
table made with other public parameters than the release's.
"""
from __future__ import annotations

import csv
import hashlib
import json
import os

import numpy as np

from ..od.trip_tables import TripTables
from .spark_trips import FORMAT

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
    if record.get("format") != FORMAT:
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
    return TripTables(n, int(record["max_trips"]), trips_per_user=hist, **tables), record


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
