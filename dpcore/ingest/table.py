"""The bounded-counts table: per-user bounding done elsewhere (Spark), DP release in QGIS.

``scripts/spark-bound`` (:mod:`.spark`) writes a directory::

    OUT/counts/            Parquet: tower_id, tower, slot, visits, users
    OUT/parameters/        Parquet, one row: the public-parameter record (below)
    OUT/counts_csv/        the same counts as one CSV file (header)
    OUT/parameters_json/   the same record as one JSON line

Per (tower, slot): ``visits`` is the pre-sampled count :math:`\\hat X^T_t`
(Acs & Castelluccia §5.1: ≤ 1 visit per user and slot, ≤ ℓ per user) and
``users`` the distinct users seen (the ground truth X^T_t, NOT private).
The record holds the public parameters of the bounding (``ell``, ``start``,
``slot_seconds``, ``n_slots``, ``tower_ids`` with their SHA-256, the
randomness: ``seeded`` or ``secure``) and the data-owner facts the density
stage needs (``one_visit_hist`` for the §5.4.1 scaling, ``slot_visits``,
``total_visits``, ``n_users``, the drop counts, ``events_per_slot``,
``users_per_slot``, ``visits_hist``) and, when the job was given the ledger, the keyed sketch
of the people (``people_sketch``, :mod:`.spark_people`): as sensitive as the ledger, and
handed to it by the release. QGIS has neither Spark nor a Parquet
reader (Debian's GDAL lacks the driver), so :func:`read_bounded_table`
reads the CSV / JSON copies, with the standard library and numpy.
"""
from __future__ import annotations

import csv
import glob
import json
import os
from typing import Sequence

import numpy as np

from ..accounting.dataset_ids import NoStableIdentity, dataset_id
from .bounding import BoundedCounts
from .spark import COUNT_COLUMNS, FORMAT, towers_sha256


def _single(directory: str, pattern: str) -> str:
    if not os.path.exists(os.path.join(directory, "_SUCCESS")):
        raise ValueError(f"{directory} is incomplete (no _SUCCESS marker): the Spark job did "
                         "not finish; run scripts/spark-bound again")
    parts = sorted(glob.glob(os.path.join(directory, pattern)))
    parts = [p for p in parts if os.path.getsize(p) > 0] or parts
    if len(parts) != 1:
        raise ValueError(f"expected one {pattern} file in {directory}, found {len(parts)}")
    return parts[0]


def bounded_table_dataset_id(record: dict, table: str) -> str:
    """The ledger dataset id of the events a bounded table was made from: the id the
    bounding recorded (the same as reading the events file directly), else that of its
    absolute events path if it still exists; else the run must give DATASET_ID."""
    if record.get("dataset_id"):
        return record["dataset_id"]
    events = record.get("events") or record.get("trips") or ""
    if os.path.isabs(events) and os.path.exists(events):
        return dataset_id(events)
    raise NoStableIdentity(
        f"the bounded table {table} does not record the dataset id of its events "
        f"('{os.path.basename(events)}' cannot be found from here): give the dataset id "
        "(DATASET_ID) under which the ledger charges these events")


def read_bounded_table(path) -> tuple:
    """(BoundedCounts in table tower order, record) of a ``spark-bound`` output directory.

    ``path``: the output directory or its ``parameters_json`` file. The
    per-user array ``visits_per_user`` is rebuilt from ``visits_hist``
    (users by number of one-per-slot visits; user order is not kept).
    """
    path = os.fspath(path)
    root = path
    if os.path.isfile(path):
        root = os.path.dirname(os.path.dirname(path)) if os.path.basename(
            os.path.dirname(path)) == "parameters_json" else os.path.dirname(path)
    if not os.path.isdir(os.path.join(root, "parameters_json")):
        raise ValueError(f"{path} is not a bounded-counts directory written by "
                         "scripts/spark-bound (no parameters_json/ in it)")
    with open(_single(os.path.join(root, "parameters_json"), "part-*"),
              encoding="utf-8") as fh:
        lines = [ln for ln in fh if ln.strip()]
    if len(lines) != 1:
        raise ValueError(f"the parameter record of {root} must be one line, found {len(lines)}")
    record = json.loads(lines[0])
    if record.get("format") != FORMAT:
        raise ValueError(f"{root}: unknown table format {record.get('format')!r} "
                         f"(expected {FORMAT})")
    tower_ids = [str(t) for t in record["tower_ids"]]
    if towers_sha256(tower_ids) != record["towers_sha256"]:
        raise ValueError(f"{root}: the tower list does not match its SHA-256")
    n_towers, n_slots = len(tower_ids), int(record["n_slots"])
    counts = np.zeros((n_towers, n_slots), dtype=np.int64)
    truth = np.zeros((n_towers, n_slots), dtype=np.int64)
    with open(_single(os.path.join(root, "counts_csv"), "part-*.csv"), newline="",
              encoding="utf-8") as fh:
        reader = csv.reader(fh)
        header = next(reader, [])
        if tuple(header) != COUNT_COLUMNS:
            raise ValueError(f"{root}: unexpected count columns {header}")
        rows = np.asarray([r[1:] for r in reader if r], dtype=np.int64).reshape(-1, 4)
    tower, slot, visits, users = rows.T
    if rows.size and (tower.min() < 0 or tower.max() >= n_towers or slot.min() < 0
                      or slot.max() >= n_slots):
        raise ValueError(f"{root}: a count row lies outside the table's towers or slots")
    np.add.at(counts, (tower, slot), visits)
    np.add.at(truth, (tower, slot), users)
    hist = np.asarray(record["visits_hist"], dtype=np.int64)
    bounded = BoundedCounts(
        counts=counts, one_visit_hist=np.asarray(record["one_visit_hist"], dtype=np.int64),
        total_visits=int(record["total_visits"]), slot_visits=int(record["slot_visits"]),
        true_counts=truth, visits_per_user=np.repeat(np.arange(hist.size), hist),
        n_users=int(record["n_users"]), n_events=int(record["n_rows"]),
        dropped={k: int(v) for k, v in record["dropped"].items()}, ell=int(record["ell"]),
        start=float(record["start"]), slot_seconds=float(record["slot_seconds"]),
        n_slots=n_slots, events_per_slot=np.asarray(record["events_per_slot"], dtype=np.int64),
        users_per_slot=np.asarray(record["users_per_slot"], dtype=np.int64))
    if bounded.one_visit_hist.size != n_towers:
        raise ValueError(f"{root}: one_visit_hist has {bounded.one_visit_hist.size} bins for "
                         f"{n_towers} towers")
    return bounded, record


def check_bounded_table(record: dict, *, ell: int, start: float, slot_seconds: float,
                        n_slots: int) -> None:
    """Refuse a table whose public bounding parameters differ from the release's."""
    wanted = {"ell": int(ell), "start": float(start), "slot_seconds": float(slot_seconds),
              "n_slots": int(n_slots)}
    got = {"ell": int(record["ell"]), "start": float(record["start"]),
           "slot_seconds": float(record["slot_seconds"]), "n_slots": int(record["n_slots"])}
    diff = [f"{k} = {got[k]:g} in the table, {wanted[k]:g} here" for k in wanted
            if got[k] != wanted[k]]
    if diff:
        raise ValueError("the bounded-counts table was made with other parameters: "
                         + "; ".join(diff) + ". Run scripts/spark-bound again with these "
                         "parameters, or set them to the table's.")


#: Largest share of the table's bounded visits that may lie at towers the release does not know.
MAX_UNKNOWN_SHARE = 0.5


def map_towers(bounded: BoundedCounts, table_tower_ids: Sequence[str], tower_index: dict,
               n_towers: int) -> tuple:
    """(the table re-indexed to the release's towers, warning or None).

    ``tower_index``: tower id → index of the release (towers whose cell lies
    in the census area). Counts at other towers are dropped after the
    bounding (post-processing: the guarantee holds; the events path drops
    them before the bounding, so a user's ℓ visits may include some of them
    here) with a warning; refused when they hold more than half the visits
    (a wrong tower layer or a table made for another area).
    """
    ids = [str(t) for t in table_tower_ids]
    unknown = [k for k, t in enumerate(ids) if t not in tower_index]
    share = (bounded.counts[unknown].sum() / max(bounded.counts.sum(), 1)) if unknown else 0.0
    if share > MAX_UNKNOWN_SHARE:
        raise ValueError(f"{len(unknown)} of the {len(ids)} towers of the bounded-counts table, "
                         f"holding {100 * share:.0f} % of its visits, are not towers of this "
                         f"release (e.g. {', '.join(ids[k] for k in unknown[:3])}): check the "
                         "tower layer and id field, or run scripts/spark-bound with --towers")
    warning = None
    if unknown:
        warning = (f"{len(unknown)} tower(s) of the bounded-counts table are not in the tower "
                   f"layer or lie outside the census cells; their {100 * share:.2f} % of the "
                   "bounded visits are not used (scripts/spark-bound --towers with the towers "
                   "inside the area drops them before the bounding instead)")
    index = np.asarray([tower_index.get(t, n_towers) for t in ids], dtype=np.int64)

    def regroup(a):
        out = np.zeros((n_towers + 1,) + a.shape[1:], dtype=np.int64)
        np.add.at(out, index, a)
        return out[:n_towers]

    return BoundedCounts(
        counts=regroup(bounded.counts), one_visit_hist=regroup(bounded.one_visit_hist),
        total_visits=bounded.total_visits, slot_visits=bounded.slot_visits,
        true_counts=regroup(bounded.true_counts), visits_per_user=bounded.visits_per_user,
        n_users=bounded.n_users, n_events=bounded.n_events, dropped=bounded.dropped,
        ell=bounded.ell, start=bounded.start, slot_seconds=bounded.slot_seconds,
        n_slots=bounded.n_slots, events_per_slot=bounded.events_per_slot,
        users_per_slot=bounded.users_per_slot), warning
