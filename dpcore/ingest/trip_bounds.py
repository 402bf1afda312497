"""Bounding each user to ≤ m trips by a keyed hash, identically on one machine and on Spark.

The per-user sampling of the releases (:func:`dpcore.sampling.sample_per_user`)
draws from the release's generator, so it cannot be repeated by a cluster
that sees the trips in another order. The Spark trips job
(:mod:`.spark_trips`) bounds instead by a keyed hash of each trip's content:
every user keeps the m trips with the smallest ``trip_keys`` (bottom-m),
a uniformly random m-subset when the key is secret and the hash behaves as
a random function. The key hashes the user id (:func:`dpcore.keyed.user_hashes`),
then mixes in the bits of the raw coordinates and times with SplitMix64's
finaliser; identical trips of one user get one key, and which of them is
kept changes no table. The key is 63 bits from ``secrets`` (never recorded)
or a seed (reproducible: for tests, not for publication).

:func:`bounded_tables` gives the small tables the job writes
(:class:`dpcore.od.trip_tables.TripTables`: trips per pair after bounding, people
per main pair with the ties of :func:`dpcore.od.people.main_pairs`, trips per
user) from the same arrays on one machine, so both paths can be compared exactly.
"""
from __future__ import annotations

import numpy as np

from ..keyed import GOLDEN, mix, user_hashes
from ..od.people import _most_frequent, main_pairs, pair_keys
from ..od.trip_tables import TripTables, trips_per_user


def trip_keys(key: int, users, *columns, hashes=None) -> np.ndarray:
    """The keyed hash (uint64) of each trip: its user id and the given float columns
    (``hashes``: the users' :func:`dpcore.keyed.user_hashes`, when already computed)."""
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


def bounded_tables(zoned, keys, *, key: int, m: int) -> TripTables:
    """The Spark job's tables (:class:`dpcore.od.trip_tables.TripTables`) of ``zoned``: trips
    bounded to ≤ m per user by the trip ``keys`` (:func:`trip_keys`), people per main pair with
    ties by ``key`` (:func:`dpcore.od.people.main_pairs`), trips per user, all trips."""
    n = zoned.n_zones
    o = zoned.origin_zone.astype(np.int64)
    d = zoned.dest_zone.astype(np.int64)
    keep = bottom_m(zoned.user, keys, m)
    people = {}
    for directed in (True, False):
        _, pair, _ = main_pairs(zoned, directed=directed, key=key)
        people[directed] = np.bincount(pair, minlength=n * n).reshape(n, n)
    return TripTables(n, m, trips=np.bincount(o[keep] * n + d[keep],
                                              minlength=n * n).reshape(n, n),
                      people_directed=people[True], people_undirected=people[False],
                      trips_per_user=trips_per_user(zoned.user),
                      all_trips=np.bincount(o * n + d, minlength=n * n).reshape(n, n))


def partial_tables(user, origin, dest, keys, user_hash, *, n: int, m: int) -> tuple:
    """:func:`bounded_tables` of some users' trips (user codes 0…; ``user_hash`` per code) as
    sparse rows (table, origin, dest, count): tables 0–3 the trips per pair bounded to m, the
    people per ordered / unordered main pair, all trips per pair; table 4 the trips per user
    (origin: trips, dest: 0, count: users). Summed over parts holding disjoint users (the
    Spark job's partitions by user), these rows give the tables of all the trips."""
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
    return tuple(np.concatenate(x).astype(np.int64) for x in zip(*parts))
