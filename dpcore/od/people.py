"""People-based trip statistics: each user moves a count by at most one.

With user-level privacy a count moves by the most one person can add to it.
Trips per OD pair move by up to m (all of a user's trips on one pair), so at
census granularity, where a used pair holds about one person, they are pure
noise. Census commuting tables count *people*: one record per person, home
zone to work zone. The statistics here do the same on trips:

* :func:`main_pairs` / :func:`people_per_pair`: each user counts once, on their
  most frequent OD pair in the window (ties broken by a keyed hash, uniformly at random
  for a random key, the same on Spark), the pair
  directed (origin → destination) or undirected ({i, j}, stored at [min, max]).
  Adding or removing one user changes one count by one: L1 sensitivity 1.
* :func:`user_totals`: the number of users and their trips capped at M per user (a pair
  of L1 sensitivity 1 + M), for a calibrated trip scale (trips per person).

A user's choice depends only on that user's trips (and random ties), so a
neighbouring dataset changes only that user's contribution: the sensitivities
above hold whatever the data. These functions compute true statistics only; the
noise and its accounting are in :mod:`.people_flows` and :mod:`.trip_scale`.
"""
from __future__ import annotations

import numpy as np

from ..random.id_hashes import draw_key, item_keys, user_hashes
from .trip_arrays import ZonedTrips
from .trip_tables import TripTables, trips_per_user

#: The unit of privacy of the people releases (people per pair, public regions).
UNIT = "one user: all their trips in the time window (counted once, on their main pair)"


def pair_keys(origin_zone, dest_zone, n_zones: int, directed: bool) -> np.ndarray:
    """Index of each trip's pair in the flattened n × n matrix; undirected pairs {i, j} at
    (min, max)."""
    o = np.asarray(origin_zone).astype(np.int64)         # copies: updated in place
    d = np.asarray(dest_zone).astype(np.int64)
    if not directed:
        lo = np.minimum(o, d)
        np.maximum(o, d, out=d)
        o = lo
    o *= int(n_zones)
    o += d
    return o


def user_hashes_of(zoned: ZonedTrips, key: int) -> np.ndarray:
    """The keyed hash of every user code of ``zoned`` (:func:`dpcore.random.id_hashes.user_hashes`
    of its user ids, or of the codes as decimal text when it has none)."""
    ids = zoned.user_ids
    if ids is None:
        ids = np.arange(int(zoned.user.max(initial=-1)) + 1)
    return user_hashes(key, ids)


def _most_frequent(user: np.ndarray, item: np.ndarray, user_hash: np.ndarray):
    """Each user's most frequent item, ties in frequency going to the smallest keyed hash of
    (user, item) (:func:`dpcore.random.id_hashes.item_keys`; ``user_hash`` indexed by user code): arrays
    (user, item, occurrences), one row per user."""
    user = np.asarray(user, dtype=np.int64)
    item = np.asarray(item, dtype=np.int64)
    if user.size == 0:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty, empty
    width = int(item.max()) + 1           # (user, item) as one int64: a 1-D sort
    keys, counts = np.unique(user * width + item, return_counts=True)
    u, it = keys // width, keys % width
    del keys
    order = np.lexsort((item_keys(user_hash[u], it), -counts, u))
    first = np.r_[True, u[order][1:] != u[order][:-1]]
    kept = order[first]
    return u[kept], it[kept], counts[kept]


def tie_key(rng: np.random.Generator = None, key=None) -> int:
    """The key of the tie-breaking hash: ``key`` when given (the Spark job's, to reproduce its
    tables), else drawn from ``rng``."""
    if key is not None:
        return int(key)
    if rng is None:
        raise ValueError("main pairs need a generator or a key to break ties")
    return draw_key(rng)


def main_pairs(zoned: ZonedTrips, *, directed: bool, rng: np.random.Generator = None,
               key=None):
    """Every user's main pair: the pair of zones they travelled most often in ``zoned`` (the
    trips in the window); ties go to the pair with the smallest keyed hash of (user id, pair)
    (key: ``key``, else drawn from ``rng``), a uniformly random one of the tied pairs.

    The one main-pair rule of every path: the Spark trips job (:mod:`dpcore.ingest.spark_trips`)
    computes the same hash, so for one key both give the same pairs. Returns
    ``(user, key, trips)``: one row per user with a trip (increasing code), the pair's flat index
    (:func:`pair_keys`) and how many of the user's trips it holds. This is the one per-user
    choice people per pair and the synthetic trips share.
    """
    keys = pair_keys(zoned.origin_zone, zoned.dest_zone, zoned.n_zones, directed)
    return _most_frequent(zoned.user, keys, user_hashes_of(zoned, tie_key(rng, key)))


def people_per_pair(zoned: ZonedTrips, *, directed: bool, rng: np.random.Generator = None,
                    key=None) -> np.ndarray:
    """n × n counts of people per main pair (undirected: upper triangle and diagonal)."""
    n = zoned.n_zones
    _, keys, _ = main_pairs(zoned, directed=directed, rng=rng, key=key)
    return np.bincount(keys, minlength=n * n).reshape(n, n)


def user_totals(user, cap: int, m=None) -> np.ndarray:
    """[number of users, their trips capped at ``cap`` per user]: L1 sensitivity 1 + cap.
    With ``m`` (≤ cap): [users, trips up to m per user, trips between m and cap per user],
    L1 sensitivity 1 + cap as well (a user adds 1, and at most cap trips in all).
    ``user``: the user code of every trip, or the bounded :class:`.trip_tables.TripTables`."""
    tables = (user if isinstance(user, TripTables) else
        TripTables(0, 1, np.zeros((0, 0)), None, None, trips_per_user(user), np.zeros((0, 0))))
    users, capped = tables.n_users, tables.capped_trips(cap)
    if m is None:
        return np.array([users, capped], dtype=np.int64)
    kept = tables.capped_trips(m)
    return np.array([users, kept, capped - kept], dtype=np.int64)


def people_table(data, *, directed: bool, rng: np.random.Generator = None) -> np.ndarray:
    """People per main pair of ZonedTrips (:func:`people_per_pair`) or of the bounded tables."""
    if isinstance(data, TripTables):
        return data.people(directed)
    return people_per_pair(data, directed=directed, rng=rng)


def all_trips_table(data) -> np.ndarray:
    """Trips per ordered pair (all of them: the internal report's truth), of ZonedTrips or of
    the bounded tables."""
    if isinstance(data, TripTables):
        return data.all_trips
    n = data.n_zones
    return np.bincount(data.origin_zone.astype(np.int64) * n + data.dest_zone,
                       minlength=n * n).reshape(n, n)
