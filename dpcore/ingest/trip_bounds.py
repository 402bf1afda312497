"""Bounding each user to ≤ m trips by a keyed hash, identically on one machine and on Spark.

The per-user sampling of the releases (:func:`dpcore.sampling.sample_per_user`)
draws from the release's generator, so it cannot be repeated by a cluster
that sees the trips in another order. The Spark trips job
(:mod:`.spark_trips`) bounds instead by a keyed hash of each trip's content:
every user keeps the m trips with the smallest ``trip_keys`` (bottom-m),
a uniformly random m-subset when the key is secret and the hash behaves as
a random function. The key hashes the user id with BLAKE2b (keyed), then
mixes in the bits of the raw coordinates and times with SplitMix64's
finaliser; identical trips of one user get one key, and which of them is
kept changes no table. The key is 63 bits from ``secrets`` (never recorded)
or a seed (reproducible: for tests, not for publication).

:func:`bounded_tables` gives the small tables the job writes — trips per
(origin, destination) pair after bounding, and people per main pair (each
user once, on their most frequent pair over all their trips) — from the
same arrays on one machine, so both paths can be compared exactly.
"""
from __future__ import annotations

import hashlib

import numpy as np

from ..od.trips import main_pair_of

_C1, _C2 = np.uint64(0xBF58476D1CE4E5B9), np.uint64(0x94D049BB133111EB)
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)


def _mix(h: np.ndarray) -> np.ndarray:
    with np.errstate(over="ignore"):
        h = (h ^ (h >> np.uint64(30))) * _C1
        h = (h ^ (h >> np.uint64(27))) * _C2
    return h ^ (h >> np.uint64(31))


def _text(values) -> list:
    """Ids as text: integers in decimal (whole floats too), bytes decoded, str as is."""
    out = []
    for v in np.asarray(values, dtype=object).tolist():
        if isinstance(v, bytes):
            v = v.decode("utf-8", "replace")
        elif isinstance(v, float) and v.is_integer():
            v = int(v)
        out.append(str(v))
    return out


def user_hashes(key: int, users) -> np.ndarray:
    """Keyed 64-bit BLAKE2b of every user id (as text), computed once per distinct id."""
    uniq, inv = np.unique(np.asarray(_text(users), dtype=object).astype(str), return_inverse=True)
    k = int(key).to_bytes(8, "little", signed=False)
    h = np.fromiter((int.from_bytes(hashlib.blake2b(u.encode("utf-8"), digest_size=8,
                                                    key=k).digest(), "little")
                     for u in uniq.tolist()), dtype=np.uint64, count=uniq.size)
    return h[inv.reshape(-1)]


def trip_keys(key: int, users, *columns) -> np.ndarray:
    """The keyed hash (uint64) of each trip: its user id and the given float columns."""
    h = user_hashes(key, users)
    for col in columns:
        v = np.asarray(col, dtype=np.float64).copy()
        v[np.isnan(v)] = np.nan          # one NaN
        v[v == 0.0] = 0.0                # -0.0 → 0.0
        with np.errstate(over="ignore"):
            h = _mix(h ^ (v.view(np.uint64) + _GOLDEN))
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


def bounded_tables(user, origin_zone, dest_zone, keys, *, m: int, n_zones: int) -> dict:
    """``trips`` (n × n, bounded to ≤ m per user by ``keys``), ``people`` (n × n, each user on
    their main pair over all trips), ``bounded_trips`` and ``users``."""
    o = np.asarray(origin_zone, dtype=np.int64)
    d = np.asarray(dest_zone, dtype=np.int64)
    keep = bottom_m(user, keys, m)
    trips = np.bincount(o[keep] * n_zones + d[keep], minlength=n_zones * n_zones)
    u, mo, md = main_pair_of(user, o, d, n_zones)
    people = np.bincount(mo.astype(np.int64) * n_zones + md, minlength=n_zones * n_zones)
    return {"trips": trips.reshape(n_zones, n_zones), "people": people.reshape(n_zones, n_zones),
            "bounded_trips": int(keep.sum()), "users": int(u.size)}
