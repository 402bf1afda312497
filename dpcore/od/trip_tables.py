"""The bounded trip tables: what the OD releases need of the trips, without the trips.

A month of a city's trips does not fit one machine; the releases of odflows
do not need them, only a few small tables, which the Spark trips job
(:mod:`dpcore.ingest.spark_trips`) writes and the one-machine path computes
from the same arrays (:func:`dpcore.od.trip_bounds.bounded_tables`):

* ``trips``: trips per ordered pair after each user kept ≤ m of their trips
  (the m with the smallest keyed hash: a uniformly random m-subset);
* ``people_directed`` / ``people_undirected``: people per main pair, each user
  once on their most frequent ordered / unordered pair (undirected: upper
  triangle), ties by the keyed hash of :func:`dpcore.od.people.main_pairs`;
* ``trips_per_user``: the number of users with k trips (index k), from which the
  trip scale's totals (users, trips up to m and up to M per user) follow for any
  public m ≤ M;
* ``all_trips``: trips per ordered pair without bounding — the ground truth of
  the internal report, never released;
* ``report``: the true counts of the mobility report's other statistics (visits per zone
  and time window, trips over time and per day, trip length, travel time, radius of
  gyration, zones per user, mobility entropy, time between trips) over the same kept
  trips as ``trips``, made with the public bins ``report_bins``
  (:mod:`dpcore.od.table_statistics`); ``report_missing`` says why a statistic is not
  there (e.g. no metric frame, trips without times, tables of an older job).

All are raw-data tables (not private): they go into a release
(:func:`dpcore.od.flows.release_od_tables`,
:func:`dpcore.od.people_flows.release_people_od`) like the trips would.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

import numpy as np


@dataclass
class TripTables:
    """See the module doc; ``max_trips``: the m of ``trips`` and of ``report``; the people
    tables may be None (the trips method's tables); ``report_bins``: a
    :class:`dpcore.od.statistics.Bins` (None without ``report``)."""

    n_zones: int
    max_trips: int
    trips: np.ndarray
    people_directed: Optional[np.ndarray]
    people_undirected: Optional[np.ndarray]
    trips_per_user: np.ndarray
    all_trips: np.ndarray
    report: dict = field(default_factory=dict)
    report_bins: object = None
    report_missing: dict = field(default_factory=dict)
    report_frame: str = ""       # the metric CRS of ``report``'s lengths (public)

    def __post_init__(self):
        n = self.n_zones = int(self.n_zones)
        for name in ("trips", "people_directed", "people_undirected", "all_trips"):
            if getattr(self, name) is None and name.startswith("people"):
                continue          # tables of the trips method only
            value = np.asarray(getattr(self, name), dtype=np.int64)
            if value.shape != (n, n):
                raise ValueError(f"trip tables: '{name}' is {value.shape}, not {n} × {n}")
            setattr(self, name, value)
        self.trips_per_user = np.asarray(self.trips_per_user, dtype=np.int64).reshape(-1)
        if self.trips_per_user.size and self.trips_per_user[0] != 0:
            raise ValueError("trip tables: no user has 0 trips")

    @property
    def n(self) -> int:
        """Trips in the window and the zones (raw-data fact: internal only)."""
        return int((np.arange(self.trips_per_user.size) * self.trips_per_user).sum())

    @property
    def n_users(self) -> int:
        return int(self.trips_per_user.sum())

    def people(self, directed: bool) -> np.ndarray:
        table = self.people_directed if directed else self.people_undirected
        if table is None:
            raise ValueError("these trip tables hold no people per main pair")
        return table

    def capped_trips(self, cap: int) -> int:
        """Σ over users of min(their trips, cap)."""
        k = np.arange(self.trips_per_user.size)
        return int((np.minimum(k, int(cap)) * self.trips_per_user).sum())


def trips_per_user(user) -> np.ndarray:
    """Users by number of trips (index k: the users with k trips; index 0 is 0)."""
    per_user = (np.bincount(np.asarray(user, dtype=np.int64)) if np.size(user) else
        np.zeros(0, dtype=np.int64))
    hist = np.bincount(per_user[per_user > 0])
    return hist if hist.size else np.zeros(1, dtype=np.int64)
