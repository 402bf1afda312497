"""The mobility report from the bounded trip tables: every statistic, summed over parts of users.

Every statistic of :func:`.statistics.compute` except trips per user is a sum
over users of what each user's ≤ m kept trips contribute: per trip (visits
per zone and time window, OD flows, trips over time and per day, trip length,
travel time) or per user (time between trips, radius of gyration, zones per
user, mobility entropy: each user's value falls in one bin). Parts holding
disjoint users — the Spark trips job's partitions by user
(:mod:`dpcore.ingest.spark_trips`) — therefore each run ``compute`` on their
own trips, and their counts add up to those of all the trips; the one-machine
twin (:func:`dpcore.od.trip_bounds.bounded_tables`) runs it once on the same
arrays. The kept trips are the bottom-m of the keyed hash
(:func:`dpcore.od.trip_bounds.bottom_m`), the same set as the OD table's.

The bins are public parameters of the job, recorded with the tables
(:func:`bins_record`); :func:`from_tables` refuses a release whose bins for a
statistic, or whose m, differ from the tables'. Trip length and radius of
gyration need the ends in a metric frame; the statistics of time need every
kept trip's start and end; trips per day needs the time window; time between
trips needs m ≥ 2 (:func:`unavailable` says which are missing and why).
"""
from __future__ import annotations

import numpy as np

from .statistics import (
    MOBILITY_ENTROPY,
    NEEDS_TIMES,
    OD,
    RADIUS_OF_GYRATION,
    STATISTICS,
    TIME_BETWEEN_TRIPS,
    TITLES,
    TRAVEL_TIME,
    TRIP_LENGTH,
    TRIPS_PER_DAY,
    TRIPS_PER_USER,
    VISITS,
    Bins,
    Statistic,
    _trips_per_user,
    compute,
    sensitivity,
)
from .trip_arrays import Trips

#: The report statistics the bounded tables hold beside OD flows and trips per user.
TABLE_STATISTICS = tuple(k for k in STATISTICS if k not in (OD, TRIPS_PER_USER))
#: The bins (a :class:`.statistics.Bins` field) each statistic's table depends on, besides m.
BIN_FIELDS = {VISITS: "time_windows", TRIPS_PER_DAY: "window", TRIP_LENGTH: "trip_length_km",
              TRAVEL_TIME: "travel_time_min", RADIUS_OF_GYRATION: "gyration_km",
              MOBILITY_ENTROPY: "entropy_bins", TIME_BETWEEN_TRIPS: "gap_hours"}
#: The statistics computed from the ends' coordinates (metres of the metric frame).
NEEDS_FRAME = (TRIP_LENGTH, RADIUS_OF_GYRATION)
_EDGES = ("time_windows", "trip_length_km", "travel_time_min", "gyration_km", "gap_hours")


def bins_record(bins: Bins) -> dict:
    """The bins the tables depend on, as JSON (``bounded-trips.json``'s ``report_bins``)."""
    record = {k: [float(v) for v in getattr(bins, k)] for k in _EDGES}
    record["entropy_bins"] = int(bins.entropy_bins)
    record["window"] = None if bins.window is None else [float(t) for t in bins.window]
    return record


def bins_from_record(record: dict) -> Bins:
    """The :class:`.statistics.Bins` of :func:`bins_record`."""
    window = record.get("window")
    return Bins(**{k: record[k] for k in (*_EDGES, "entropy_bins")},
                window=tuple(window) if window else None)


def unavailable(untimed: int, *, m: int, bins: Bins, no_frame: str = "") -> dict:
    """The report statistics that cannot be made, and why (statistic → reason): ``untimed``
    kept trips without a start or end time; ``no_frame``: why the ends have no metric frame
    ('' when they have one)."""
    why = {}
    for name in TABLE_STATISTICS:
        if name in NEEDS_FRAME and no_frame:
            why[name] = no_frame
        elif name in NEEDS_TIMES and untimed:
            why[name] = f"{int(untimed)} of the bounded trips have no start or end time"
        elif name == TRIPS_PER_DAY and bins.window is None:
            why[name] = "no time window (start and end) was set: its dates are the bins"
        elif name == TIME_BETWEEN_TRIPS and int(m) < 2:
            why[name] = "m = 1: no user has two trips"
    return why


def count_untimed(trips: Trips, kept: np.ndarray) -> int:
    """Kept trips without a finite start and end time."""
    return int(np.count_nonzero(~(np.isfinite(trips.start[kept]) &
                                  np.isfinite(trips.end[kept]))))


def statistic_tables(trips: Trips, kept, o, d, n_zones: int, m: int, bins: Bins,
                     names) -> dict:
    """The true counts of each statistic of ``names`` (see :func:`unavailable` for those that
    cannot be made) over the kept trips (indices ``kept``), by :func:`.statistics.compute`."""
    cache = {}                          # the per-user zone statistics, shared by three
    return {name: compute(name, trips, kept, o, d, n_zones, m, bins, cache).counts
            for name in TABLE_STATISTICS if name in names}


def empty_statistic(name: str, n_zones: int, m: int, bins: Bins) -> Statistic:
    """:func:`.statistics.compute` on no trips: the statistic's sensitivity, labels, edges and
    the shape of its counts (all 0)."""
    none = np.zeros(0, dtype=np.int64)
    trips = Trips(none, np.zeros((0, 2)), np.zeros((0, 2)), np.zeros(0), np.zeros(0),
                  np.zeros(0))
    return compute(name, trips, none, none, none, int(n_zones), int(m), bins)


def _same_bins(name: str, table: Bins, here: Bins) -> bool:
    field = BIN_FIELDS.get(name)
    if field is None:
        return True
    if field == "window":
        return (here.window is not None and table.window is not None and
            np.array_equal(table.days(), here.days()))
    a, b = np.asarray(getattr(table, field)), np.asarray(getattr(here, field))
    return a.shape == b.shape and bool(np.all(a == b))


def from_tables(name: str, tables, m: int, bins: Bins) -> Statistic:
    """The true statistic ``name`` from the bounded tables (:class:`.trip_tables.TripTables`):
    OD flows (the trips per pair, ≤ m per user), trips per user (users by trips) and the
    other statistics from the tables the job computed with its bins: the same values as
    :func:`.statistics.compute` on the trips kept by the keyed bottom-m. Refused when the
    tables were made with another m (every statistic but trips per user) or other bins, or
    do not hold the statistic."""
    if name == TRIPS_PER_USER:
        return _trips_per_user(tables.trips_per_user, bins, sensitivity(name, m))
    if int(tables.max_trips) != int(m):
        raise ValueError(f"the bounded trips keep ≤ {tables.max_trips} trips per user, the "
                         f"release m = {m}")
    if name == OD:
        return Statistic(name, tables.trips, sensitivity(name, m))
    if name not in tables.report:
        why = tables.report_missing.get(name, "the tables hold only OD flows and trips per user")
        raise ValueError(f"{TITLES[name]} is not in the bounded trips ({why}): set its weight "
                         "to 0, or run scripts/spark-bound trips again (see its --help)")
    if not _same_bins(name, tables.report_bins, bins):
        field = BIN_FIELDS[name]
        raise ValueError(f"{TITLES[name]}: the bounded trips were made with other bins "
                         f"({field} = {bins_record(tables.report_bins)[field]} in the table, "
                         f"{bins_record(bins)[field]} here): use the table's bins, or run "
                         "scripts/spark-bound trips again with these")
    stat = empty_statistic(name, tables.n_zones, m, bins)
    counts = np.asarray(tables.report[name], dtype=np.int64)
    if counts.size != stat.counts.size:
        raise ValueError(f"{TITLES[name]}: the bounded trips hold {counts.size} counts, the "
                         f"bins here make {stat.counts.size}")
    stat.counts = counts.reshape(stat.counts.shape)
    return stat
