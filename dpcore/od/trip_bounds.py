"""Bounding each user to ≤ m trips by a keyed hash, identically on one machine and on Spark.

The per-user sampling of the releases (:func:`dpcore.random.sampling.sample_per_user`)
draws from the release's generator, so it cannot be repeated by a cluster
that sees the trips in another order. The Spark trips job
(:mod:`.spark_trips`) bounds instead by a keyed hash of each trip's content:
every user keeps the m trips with the smallest ``trip_keys`` (bottom-m),
a uniformly random m-subset when the key is secret and the hash behaves as
a random function. The key hashes the user id (:func:`dpcore.random.id_hashes.user_hashes`),
then mixes in the bits of the raw coordinates and times with SplitMix64's
finaliser; identical trips of one user get one key, and which of them is
kept changes no table. The key is 63 bits from ``secrets`` (never recorded)
or a seed (reproducible: for tests, not for publication).

:func:`bounded_tables` gives the small tables the job writes
(:class:`dpcore.od.trip_tables.TripTables`: trips per pair after bounding, people
per main pair with the ties of :func:`dpcore.od.people.main_pairs`, trips per
user, the mobility report's other statistics over the same kept trips) from the
same arrays on one machine, so both paths can be compared exactly; the job's
partitions compute their parts with :func:`partial_tables` and the driver sums
them (:func:`tables_from_rows`).
"""
from __future__ import annotations

from typing import Optional

import numpy as np

from ..random.id_hashes import GOLDEN, mix, user_hashes
from .people import _most_frequent, pair_keys
from .statistics import Bins
from .table_statistics import TABLE_STATISTICS, count_untimed, empty_statistic, statistic_tables, unavailable
from .trip_tables import TripTables, trips_per_user


def trip_keys(key: int, users, *columns, hashes=None) -> np.ndarray:
    """The keyed hash (uint64) of each trip: its user id and the given float columns
    (``hashes``: the users' :func:`dpcore.random.id_hashes.user_hashes`, when already computed)."""
    h = user_hashes(key, users) if hashes is None else np.asarray(hashes, dtype=np.uint64)
    for col in columns:
        v = np.asarray(col, dtype=np.float64).copy()
        v[np.isnan(v)] = np.nan          # one NaN
        v[v == 0.0] = 0.0                # -0.0 → 0.0
        with np.errstate(over="ignore"):
            h = mix(h ^ (v.view(np.uint64) + GOLDEN))
    return h


def bottom_m(user, keys, m: int) -> np.ndarray:
    """Mask keeping each user's ``m`` trips with the smallest keys, compared as signed 64-bit
    integers (Spark's ``long``)."""
    user = np.asarray(user, dtype=np.int64)
    keys = np.asarray(keys)
    keys = keys.view(np.int64) if keys.dtype == np.uint64 else keys
    order = np.lexsort((keys, user))
    u = user[order]
    starts = np.flatnonzero(np.r_[True, u[1:] != u[:-1]]) if u.size else np.zeros(0, int)
    rank = np.arange(u.size) - np.repeat(starts, np.diff(np.r_[starts, u.size]))
    keep = np.zeros(u.size, dtype=bool)
    keep[order[rank < int(m)]] = True
    return keep


def _report(trips, kept, o, d, n: int, m: int, bins, no_frame: str, untimed: int) -> tuple:
    """(counts per statistic, reasons for the others) of the report statistics of the kept
    trips (:mod:`dpcore.od.table_statistics`)."""
    missing = unavailable(untimed, m=m, bins=bins, no_frame=no_frame)
    names = [k for k in TABLE_STATISTICS if k not in missing]
    return statistic_tables(trips, kept, o, d, n, m, bins, names), missing


#: Rows of :func:`partial_tables`: tables 0–3 per pair, 4 trips per user, then one per report
#: statistic (:data:`dpcore.od.table_statistics.TABLE_STATISTICS`), then the untimed kept trips.
REPORT_ROWS = 5
UNTIMED_ROW = REPORT_ROWS + len(TABLE_STATISTICS)


def partial_tables(user, origin, dest, keys, user_hash, *, n: int, m: int, trips=None,
                   bins: Optional[Bins] = None, no_frame: str = "") -> tuple:
    """:func:`bounded_tables` of some users' trips (user codes 0…; ``user_hash`` per code) as
    sparse rows (table, origin, dest, count): tables 0–3 the trips per pair bounded to m, the
    people per ordered / unordered main pair, all trips per pair; table 4 the trips per user
    (origin: trips, dest: 0, count: users); with ``trips`` (their :class:`dpcore.od.trip_arrays.Trips`,
    ends in the metric frame) and ``bins``, table ``REPORT_ROWS + k`` the counts of report
    statistic k (origin: the flat bin) and ``UNTIMED_ROW`` the kept trips without times.
    Summed over parts holding disjoint users (the Spark job's partitions by user), these rows
    give the tables of all the trips (:func:`tables_from_rows`)."""
    o, d = np.asarray(origin, dtype=np.int64), np.asarray(dest, dtype=np.int64)
    keep = bottom_m(user, keys, m)
    flats = [o[keep] * n + d[keep]]
    for directed in (True, False):
        flats.append(_most_frequent(user, pair_keys(o, d, n, directed), user_hash)[1])
    flats.append(o * n + d)
    parts = []
    for t, flat in enumerate(flats):
        k, c = np.unique(flat, return_counts=True)
        parts.append((np.full(k.size, t), k // n, k % n, c))
    hist = trips_per_user(user)
    k = np.flatnonzero(hist)
    parts.append((np.full(k.size, 4), k, np.zeros(k.size, dtype=np.int64), hist[k]))
    if trips is not None:
        kept = np.flatnonzero(keep)
        untimed = count_untimed(trips, kept)
        report, _ = _report(trips, kept, o, d, n, m, bins or Bins(), no_frame, untimed)
        for name, counts in report.items():
            flat = np.asarray(counts).reshape(-1)
            k = np.flatnonzero(flat)
            parts.append((np.full(k.size, REPORT_ROWS + TABLE_STATISTICS.index(name)), k,
                          np.zeros(k.size, dtype=np.int64), flat[k]))
        parts.append(([UNTIMED_ROW], [0], [0], [untimed]))
    return tuple(np.concatenate(x).astype(np.int64) for x in zip(*parts))


def tables_from_rows(t, o, d, c, *, n: int, m: int, bins: Optional[Bins] = None,
                     no_frame: str = "") -> TripTables:
    """The :class:`dpcore.od.trip_tables.TripTables` of :func:`partial_tables`' rows summed
    over the parts (rows of one (table, origin, dest) may repeat: they add up)."""
    t, o, d, c = (np.asarray(x, dtype=np.int64) for x in (t, o, d, c))
    pairs = []
    for k in range(4):
        s = t == k
        pairs.append(np.bincount(o[s] * n + d[s], c[s], minlength=n * n).astype(np.int64)
                     .reshape(n, n))
    s = t == 4
    hist = np.bincount(o[s], c[s], minlength=1).astype(np.int64)
    report, missing = {}, {}
    if bins is not None:
        missing = unavailable(int(c[t == UNTIMED_ROW].sum()), m=m, bins=bins,
                              no_frame=no_frame)
        for j, name in enumerate(TABLE_STATISTICS):
            if name not in missing:
                shape = empty_statistic(name, n, m, bins).counts.shape
                s = t == REPORT_ROWS + j
                report[name] = (np.bincount(o[s], c[s], minlength=int(np.prod(shape)))
                    .astype(np.int64).reshape(shape))
    return TripTables(n, m, trips=pairs[0], people_directed=pairs[1],
                      people_undirected=pairs[2], trips_per_user=hist, all_trips=pairs[3],
                      report=report, report_bins=bins, report_missing=missing)
