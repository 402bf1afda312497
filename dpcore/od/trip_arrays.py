"""Trips (origin, destination, times, length per trip) and per-user trip sampling.

A trip is the unit every OD statistic counts. Trips come from GPS fixes
grouped by trip id (first and last fix), from lines (first and last vertex)
or from a table of origin/destination points; the algorithm layer reads them
and :class:`Trips` holds them as arrays in a metric frame.

User-level privacy needs a bound on what one user contributes: keep at most
``m`` trips per user, chosen uniformly at random among that user's trips
(:func:`dpcore.random.sampling.sample_per_user`, shared with central flows). ``m``
is a public parameter; a default derived from the data (as dp-mobility-report's
``max_trips_per_user=None``, the data maximum) would make the sensitivity
itself depend on the data and is not offered.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import numpy as np


@dataclass
class Trips:
    """One row per trip: ``user`` (0..n_users-1), ``origin``/``dest`` (n × 2 metres),
    ``start``/``end`` (epoch seconds, NaN when unknown), ``length`` (metres)."""

    user: np.ndarray
    origin: np.ndarray
    dest: np.ndarray
    start: np.ndarray
    end: np.ndarray
    length: np.ndarray

    def __post_init__(self):
        self.user = np.asarray(self.user, dtype=np.int64)
        n = self.user.size
        self.origin = np.asarray(self.origin, dtype=float).reshape(n, 2)
        self.dest = np.asarray(self.dest, dtype=float).reshape(n, 2)
        for name in ("start", "end", "length"):
            value = np.asarray(getattr(self, name), dtype=float).reshape(-1)
            if value.size != n:
                raise ValueError(f"trips: '{name}' has {value.size} values for {n} trips")
            setattr(self, name, value)
        if n and self.user.min() < 0:
            raise ValueError("trips: user codes must be non-negative")

    @property
    def n(self) -> int:
        return int(self.user.size)

    def subset(self, index) -> "Trips":
        return Trips(self.user[index], self.origin[index], self.dest[index],
                     self.start[index], self.end[index], self.length[index])


@dataclass
class ZonedTrips:
    """The compact per-trip arrays every trip statistic is computed from.

    The seam between the readers (QGIS iteration, GDAL's Arrow stream, the Spark
    bounding job) and the releases (trips per pair, people per pair, the mobility
    report, synthetic trips): one row per trip that starts and ends in a public zone.

    * ``trips``: user codes (dense, 0..n_users-1), origin/destination in frame metres,
      start/end (epoch seconds, NaN when unknown), straight-line length (metres);
    * ``origin_zone``, ``dest_zone``: int32 indices into the public zones (0..n_zones-1);
    * ``user_ids`` (optional): the user id of every code, in code order, where the reader
      kept them: the keyed hashes of :mod:`dpcore.random.id_hashes` hash the ids, so that the Spark
      job, which sees ids and not codes, makes the same choices (None: the codes stand
      for the ids).

    Nothing here is a Python object per trip: 5 million trips hold ~350 MB.
    """

    trips: Trips
    origin_zone: np.ndarray
    dest_zone: np.ndarray
    n_zones: int
    user_ids: Optional[np.ndarray] = None

    def __post_init__(self):
        n = self.trips.n
        self.origin_zone = np.asarray(self.origin_zone, dtype=np.int32).reshape(-1)
        self.dest_zone = np.asarray(self.dest_zone, dtype=np.int32).reshape(-1)
        self.n_zones = int(self.n_zones)
        if self.origin_zone.size != n or self.dest_zone.size != n:
            raise ValueError(f"zoned trips: {n} trips but {self.origin_zone.size} origin and "
                             f"{self.dest_zone.size} destination zones")
        if n and (min(self.origin_zone.min(), self.dest_zone.min()) < 0 or
                  max(self.origin_zone.max(), self.dest_zone.max()) >= self.n_zones):
            raise ValueError("zoned trips: zone indices must lie in [0, n_zones)")

    @property
    def n(self) -> int:
        return self.trips.n

    @property
    def user(self) -> np.ndarray:
        return self.trips.user

    @property
    def n_users(self) -> int:
        """Number of distinct users among the trips (raw-data fact: internal only)."""
        return int(np.unique(self.trips.user).size)

    def subset(self, index) -> "ZonedTrips":
        return ZonedTrips(self.trips.subset(index), self.origin_zone[index],
                          self.dest_zone[index], self.n_zones, self.user_ids)


def trips_from_fixes(user, trip, t, x, y) -> Trips:
    """Trips from GPS fixes: the first and last fix (by time) of every (user, trip id).

    ``user`` must be integer codes (0..k-1); ``trip`` any ids.
    The length is the sum of the straight segments between consecutive
    fixes. Fixes without a time are refused (the first fix is undefined).
    """
    user = np.asarray(user, dtype=np.int64)
    if not (user.size == np.size(t) == np.size(x) == np.size(y) == len(trip)):
        raise ValueError("trips: user, trip, time and coordinates must have the same length")
    if user.size == 0:
        raise ValueError("no GPS fixes to build trips from")
    trip_code = np.unique(np.asarray(trip, dtype=object).astype(str), return_inverse=True)[1]
    return trips_from_codes(user, trip_code, t, x, y)


def trips_from_codes(user, trip_code, t, x, y) -> Trips:
    """:func:`trips_from_fixes` with integer trip codes: trips come out ordered by user,
    then trip code (the streaming reader ranks trip ids in text order, as the above does)."""
    user = np.asarray(user, dtype=np.int64)
    trip_code = np.asarray(trip_code, dtype=np.int64)
    t = np.asarray(t, dtype=float)
    x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    missing = int(np.count_nonzero(~np.isfinite(t)))
    if missing:
        raise ValueError(f"{missing} of {t.size} fixes have no readable time")
    order = np.lexsort((t, trip_code, user))
    user, trip_code, t, x, y = user[order], trip_code[order], t[order], x[order], y[order]
    new = np.ones(user.size, dtype=bool)
    new[1:] = (user[1:] != user[:-1]) | (trip_code[1:] != trip_code[:-1])
    first = np.flatnonzero(new)
    last = np.append(first[1:] - 1, user.size - 1)
    seg = np.where(new[1:], 0.0, np.hypot(np.diff(x), np.diff(y)))  # no segment across trips
    length = np.add.reduceat(np.append(seg, 0.0), first)
    return Trips(user[first], np.column_stack([x[first], y[first]]),
                 np.column_stack([x[last], y[last]]), t[first], t[last], length)


def in_window(trips: Trips, start: Optional[float], end: Optional[float]) -> np.ndarray:
    """Trips whose start and end both lie in [start, end] (None = open); unknown times fail
    a set bound."""
    keep = np.ones(trips.n, dtype=bool)
    if start is not None:
        keep &= (trips.start >= start) & (trips.end >= start)
    if end is not None:
        keep &= (trips.start <= end) & (trips.end <= end)
    return keep


def check_max_trips(m) -> int:
    if isinstance(m, bool) or int(m) != m or int(m) < 1:
        raise ValueError(f"the maximum number of trips per user must be an integer ≥ 1, got {m}")
    return int(m)
