"""True values of the mobility report's statistics, each with its user-level sensitivity.

The statistics follow dp-mobility-report (Kapp & Schlosser; its ANALYSES
documentation): visits per zone and time window, OD flows, trips over time,
trip length, travel time, trips per user, radius of gyration, zones per user,
mobility entropy, time between trips. They are computed on the trips kept by
per-user sampling (≤ m per user), except trips per user, which counts each
user's trips in the window before sampling, capped by the public bins.

Sensitivities (adding or removing one user, L1): a per-trip count moves by
at most m (2m for visits: the origin and the destination of every trip);
time between trips has at most m − 1 gaps per user; a per-user histogram
(one value per user) moves by 1. Bins are public parameters; values beyond
the last edge fall in its top bin ("≥ last edge").
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

import numpy as np

from .trip_arrays import Trips
from .trip_tables import trips_per_user

VISITS = "visits"
OD = "od"
TRIPS_OVER_TIME = "trips_over_time"
TRIPS_PER_DAY = "trips_per_day"
TRIP_LENGTH = "trip_length"
TRAVEL_TIME = "travel_time"
TRIPS_PER_USER = "trips_per_user"
RADIUS_OF_GYRATION = "radius_of_gyration"
ZONES_PER_USER = "zones_per_user"
MOBILITY_ENTROPY = "mobility_entropy"
TIME_BETWEEN_TRIPS = "time_between_trips"
STATISTICS = (VISITS, OD, TRIPS_OVER_TIME, TRIPS_PER_DAY, TRIP_LENGTH, TRAVEL_TIME, TRIPS_PER_USER,
              RADIUS_OF_GYRATION, ZONES_PER_USER, MOBILITY_ENTROPY, TIME_BETWEEN_TRIPS)
TITLES = {VISITS: "Visits per zone and time window", OD: "OD flows",
          TRIPS_OVER_TIME: "Trips over time (weekday × hour of the start, UTC)",
          TRIPS_PER_DAY: "Trips per day (UTC date of the start)",
          TRIP_LENGTH: "Trip length (km)", TRAVEL_TIME: "Travel time (min)",
          TRIPS_PER_USER: "Trips per user", RADIUS_OF_GYRATION: "Radius of gyration (km)",
          ZONES_PER_USER: "Zones per user", MOBILITY_ENTROPY: "Mobility entropy (normalised)",
          TIME_BETWEEN_TRIPS: "Time between consecutive trips (h)"}
WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
NEEDS_TIMES = (VISITS, TRIPS_OVER_TIME, TRIPS_PER_DAY, TRAVEL_TIME, TIME_BETWEEN_TRIPS)
DAY = 86400.0


#: Most bins of one histogram (10⁹ bins of trips per user once exhausted the memory).
MAX_BINS = 100_000


@dataclass
class Bins:
    """Public bins of the report's histograms (edges ascending; the last bin is open)."""

    time_windows: Sequence[float] = (0, 6, 10, 14, 18, 22, 24)   # hours of the day (UTC)
    trip_length_km: Sequence[float] = tuple(range(0, 21))          # 1 km bins up to 20+
    travel_time_min: Sequence[float] = tuple(range(0, 125, 5))     # 5 min bins up to 120+
    trips_per_user_max: int = 30
    gyration_km: Sequence[float] = tuple(np.arange(0, 10.5, 0.5))
    gap_hours: Sequence[float] = (0, 0.5, 1, 2, 3, 4, 6, 8, 12, 16, 24, 48, 72)
    entropy_bins: int = 10
    window: tuple = None  # (start, end) epoch seconds of the public time window: days' bins

    def __post_init__(self):
        for name in ("time_windows", "trip_length_km", "travel_time_min", "gyration_km",
                     "gap_hours"):
            edges = np.asarray(getattr(self, name), dtype=float)
            if edges.size < 2 or not np.all(np.diff(edges) > 0) or not np.all(np.isfinite(edges)):
                raise ValueError(f"bins '{name}' need at least two increasing finite edges")
            setattr(self, name, edges)
        tw = self.time_windows
        if tw[0] != 0 or tw[-1] != 24:
            raise ValueError("time windows must run from hour 0 to hour 24")
        if int(self.trips_per_user_max) < 1 or int(self.entropy_bins) < 1:
            raise ValueError("trips per user and entropy need at least one bin")
        if max(int(self.trips_per_user_max), int(self.entropy_bins)) > MAX_BINS:
            raise ValueError(f"trips per user and entropy take at most {MAX_BINS:,} bins "
                             f"(got {int(self.trips_per_user_max):,} and "
                             f"{int(self.entropy_bins):,}): each bin is released with noise")
        if self.window is not None:
            first, last = (int(np.floor(float(t) / DAY)) for t in self.window)
            if last < first or last - first > 3660:
                raise ValueError("the time window must end after its start and span ≤ 10 years")

    def days(self) -> np.ndarray:
        """Epoch day numbers of the window's UTC dates (public bins of trips per day)."""
        if self.window is None:
            raise ValueError("trips per day needs the time window (start and end): its dates "
                             "are the public bins")
        first, last = (int(np.floor(float(t) / DAY)) for t in self.window)
        return np.arange(first, last + 1)


@dataclass
class Statistic:
    """One statistic: true counts (any shape), L1 sensitivity, labels of the axes, and for
    histograms the numeric edges (quartiles are interpolated in them)."""

    name: str
    counts: np.ndarray
    sensitivity: int
    labels: list = field(default_factory=list)
    edges: np.ndarray = None


def sensitivity(name: str, m: int) -> int:
    """User-level L1 sensitivity of statistic ``name`` with ≤ m trips per user."""
    per_trip = {VISITS: 2 * m, OD: m, TRIPS_OVER_TIME: m, TRIPS_PER_DAY: m, TRIP_LENGTH: m,
                TRAVEL_TIME: m,
                TIME_BETWEEN_TRIPS: m - 1}
    if name in per_trip:
        if per_trip[name] < 1:
            raise ValueError("time between trips needs at least 2 trips per user (m ≥ 2)")
        return per_trip[name]
    if name in STATISTICS:
        return 1
    raise ValueError(f"unknown statistic {name!r}; choose among {', '.join(STATISTICS)}")


def _hist(values, edges) -> np.ndarray:
    """Counts per bin [e_i, e_{i+1}); below the first edge → first bin, beyond → last bin."""
    idx = np.clip(np.searchsorted(edges, values, side="right") - 1, 0, len(edges) - 2)
    return np.bincount(idx, minlength=len(edges) - 1)


def _labels(edges, unit="") -> list:
    e = [f"{v:g}" for v in edges]
    return [f"{a}–{b}{unit}" for a, b in zip(e[:-2], e[1:-1])] + [f"≥ {e[-2]}{unit}"]


def _hour_of_day(t) -> np.ndarray:
    return np.mod(np.asarray(t, dtype=float), 86400.0) / 3600.0


def _per_user_zone_stats(trips: Trips, kept: np.ndarray, o: np.ndarray, d: np.ndarray):
    """Radius of gyration (m), distinct zones and normalised entropy of the visits (both ends
    of the kept trips) of each user with a kept trip.

    Memory: a few arrays of the kept trips' size, never a copy of all their columns. The
    gyration comes from per-user sums (bincount) about a reference point (the first trip's
    origin: differences of a city's size, so the squares keep their precision); distinct
    zones and entropy from one in-place sort of (user, zone) keys.
    """
    user = trips.user[kept]
    n_users = int(user.max(initial=-1)) + 1
    visits = 2 * np.bincount(user, minlength=n_users)
    sums = np.zeros((4, n_users))
    ref = trips.origin[kept[0]] if kept.size else np.zeros(2)
    for end in (trips.origin, trips.dest):
        for axis in (0, 1):
            v = end[kept, axis] - ref[axis]
            sums[axis] += np.bincount(user, v, minlength=n_users)
            v *= v
            sums[2 + axis] += np.bincount(user, v, minlength=n_users)
    has = visits > 0
    users = np.flatnonzero(has)
    n_v = visits[has].astype(float)
    mean_sq = (sums[2, has] + sums[3, has]) / n_v
    sq_mean = (sums[0, has] / n_v) ** 2 + (sums[1, has] / n_v) ** 2
    gyration = np.sqrt(np.clip(mean_sq - sq_mean, 0.0, None))
    width = int(max(o.max(initial=0), d.max(initial=0))) + 1
    key = np.empty(2 * kept.size, dtype=np.int64)  # (user, zone) as one int64: a 1-D sort
    key[:kept.size] = user
    key[kept.size:] = user
    del user
    key *= width
    key[:kept.size] += o[kept]
    key[kept.size:] += d[kept]
    key.sort()
    starts = np.flatnonzero(np.r_[True, key[1:] != key[:-1]]) if key.size else key
    pair_counts = np.diff(np.r_[starts, key.size])
    pair_user = np.searchsorted(users, key[starts] // width)
    del key
    n_zones = np.bincount(pair_user, minlength=users.size)
    prob = pair_counts / n_v[pair_user]
    entropy = -np.bincount(pair_user, prob * np.log2(prob), minlength=users.size)
    with np.errstate(divide="ignore", invalid="ignore"):
        entropy = np.where(n_zones > 1, entropy / np.log2(np.maximum(n_zones, 2)), 0.0)
    return gyration, n_zones, np.clip(entropy, 0.0, 1.0)


def _trips_per_user(per_user_hist: np.ndarray, bins: Bins, sens: int) -> Statistic:
    """Trips per user from the number of users with k trips (index k)."""
    top = int(bins.trips_per_user_max)
    k = np.arange(per_user_hist.size)
    idx = np.clip(k - 1, 0, top - 1)[1:]
    counts = np.bincount(idx, weights=per_user_hist[1:], minlength=top).astype(np.int64)
    labels = [str(j) for j in range(1, top)] + [f"≥ {top}"]
    return Statistic(TRIPS_PER_USER, counts, sens, [labels], np.arange(1, top + 2, dtype=float))


def compute(name: str, trips: Trips, kept: np.ndarray, o: np.ndarray, d: np.ndarray,
            n_zones: int, m: int, bins: Bins, cache=None) -> Statistic:
    """The true statistic ``name`` over the kept trips (indices ``kept``; zone indices of
    all trips ``o``/``d``). Only the columns a statistic needs are gathered, one at a time
    (5 M trips: ~40 MB each, not a 400 MB copy of every column per statistic); ``cache``
    (a dict shared by the calls of one report) keeps the per-user zone statistics, which
    three statistics share."""
    sens = sensitivity(name, m)
    if name in NEEDS_TIMES:
        timeless = ~(np.isfinite(trips.start) & np.isfinite(trips.end))
        if timeless[kept].any():  # counted in the trips the user gave, not in the sample
            raise ValueError(f"{TITLES[name]} needs trip times: {int(timeless.sum()):,} of the "
                             f"{timeless.size:,} trips have no start or end time")
    if name == VISITS:
        return _visits(trips, kept, o, d, n_zones, bins, sens)
    if name == OD:
        pair = o[kept].astype(np.int64) * n_zones
        pair += d[kept]
        counts = np.bincount(pair, minlength=n_zones * n_zones)
        return Statistic(name, counts.reshape(n_zones, n_zones), sens)
    if name == TRIPS_OVER_TIME:
        start = trips.start[kept]
        day = (np.floor(start / 86400.0).astype(np.int64) + 3) % 7  # 1970-01-01: Thu
        hour = np.floor(_hour_of_day(start)).astype(np.int64)
        counts = np.bincount(day * 24 + hour, minlength=7 * 24).reshape(7, 24)
        return Statistic(name, counts, sens, [list(WEEKDAYS), [str(h) for h in range(24)]])
    if name == TRIPS_PER_DAY:
        days = bins.days()
        idx = np.clip(np.floor(trips.start[kept] / DAY).astype(np.int64) - days[0], 0,
                      days.size - 1)
        labels = [str(np.datetime64(int(d), "D")) for d in days]
        return Statistic(name, np.bincount(idx, minlength=days.size), sens, [labels])
    if name in (TRIP_LENGTH, TRAVEL_TIME):
        edges = bins.trip_length_km if name == TRIP_LENGTH else bins.travel_time_min
        values = (trips.length[kept] / 1000.0 if name == TRIP_LENGTH else
            (trips.end[kept] - trips.start[kept]) / 60.0)
        return Statistic(name, _hist(values, edges), sens, [_labels(edges)], edges)
    if name == TRIPS_PER_USER:
        return _trips_per_user(trips_per_user(trips.user), bins, sens)
    if name == TIME_BETWEEN_TRIPS:
        return _time_between_trips(trips, kept, bins, sens)
    cache = {} if cache is None else cache
    if "zone_stats" not in cache:
        cache["zone_stats"] = _per_user_zone_stats(trips, kept, o, d)
    return _zone_statistic(name, cache["zone_stats"], m, bins, sens)


def _visits(trips: Trips, kept, o, d, n_zones: int, bins: Bins, sens: int) -> Statistic:
    """Visits (both ends of the kept trips) per zone and public time window of the day."""
    tw = bins.time_windows
    n_w = tw.size - 1
    counts = np.zeros(n_zones * n_w, dtype=np.int64)
    for zone, t in ((o, trips.start), (d, trips.end)):
        idx = np.clip(np.searchsorted(tw, _hour_of_day(t[kept]), "right") - 1, 0, n_w - 1)
        idx += zone[kept].astype(np.int64) * n_w
        counts += np.bincount(idx, minlength=n_zones * n_w)
    return Statistic(VISITS, counts.reshape(n_zones, n_w), sens, [_labels(tw, " h")])


def _time_between_trips(trips: Trips, kept, bins: Bins, sens: int) -> Statistic:
    """Hours from the end of a kept trip to the start of its user's next kept trip."""
    user, start = trips.user[kept], trips.start[kept]
    order = np.lexsort((start, user))
    user, start, end = user[order], start[order], trips.end[kept[order]]
    same = user[1:] == user[:-1]
    gaps = np.clip(start[1:][same] - end[:-1][same], 0.0, None) / 3600.0
    edges = bins.gap_hours
    return Statistic(TIME_BETWEEN_TRIPS, _hist(gaps, edges), sens, [_labels(edges, " h")], edges)


def _zone_statistic(name: str, zone_stats, m: int, bins: Bins, sens: int) -> Statistic:
    """One histogram (one value per user) of :func:`_per_user_zone_stats`: radius of
    gyration, zones per user or mobility entropy."""
    gyration, n_z, entropy = zone_stats
    if name == RADIUS_OF_GYRATION:
        edges = bins.gyration_km
        return Statistic(name, _hist(gyration / 1000.0, edges), sens, [_labels(edges)], edges)
    if name == ZONES_PER_USER:
        edges = np.arange(1, 2 * m + 2, dtype=float)
        return Statistic(name, _hist(n_z, edges), sens, [[str(k) for k in range(1, 2 * m + 1)]],
                         edges)
    edges = np.linspace(0.0, 1.0, int(bins.entropy_bins) + 1)
    return Statistic(name, _hist(entropy, edges), sens, [[f"{a:.2g}–{b:.2g}" for a, b in
                                           zip(edges[:-1], edges[1:])]], edges)
