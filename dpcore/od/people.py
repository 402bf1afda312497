"""People-based trip statistics: each user moves a count by at most one (issue 29, item 1).

With user-level privacy a count moves by the most one person can add to it.
Trips per OD pair move by up to m (all of a user's trips on one pair), so at
census granularity, where a used pair holds about one person, they are pure
noise. Census commuting tables count *people*: one record per person, home
zone to work zone. The statistics here do the same on trips:

* :func:`main_pairs` / :func:`people_per_pair`: each user counts once, on their
  most frequent OD pair in the window (ties broken uniformly at random), the pair
  directed (origin → destination) or undirected ({i, j}, stored at [min, max]).
  Adding or removing one user changes one count by one: L1 sensitivity 1.
* :func:`people_per_cell`: each user counts at most once in each cell (zone × time
  window of a trip end), in at most ``max_cells`` cells (their most visited, ties at
  random): L1 sensitivity ``max_cells``.
* :func:`user_totals`: the number of users and their trips capped at M per user (a pair
  of L1 sensitivity 1 + M), for a calibrated trip scale (trips per person).

A user's choice depends only on that user's trips (and random ties), so a
neighbouring dataset changes only that user's contribution: the sensitivities
above hold whatever the data. These functions compute true statistics only; the
noise and its accounting are in :mod:`.people_flows`.
"""
from __future__ import annotations

import numpy as np

from .trips import ZonedTrips


def pair_keys(origin_zone, dest_zone, n_zones: int, directed: bool) -> np.ndarray:
    """Index of each trip's pair in the flattened n × n matrix; undirected pairs {i, j} at
    (min, max)."""
    o = np.asarray(origin_zone, dtype=np.int64)
    d = np.asarray(dest_zone, dtype=np.int64)
    if not directed:
        o, d = np.minimum(o, d), np.maximum(o, d)
    return o * int(n_zones) + d


def _most_frequent(user: np.ndarray, item: np.ndarray, rng: np.random.Generator,
                   per_user: int = 1):
    """Each user's ``per_user`` most frequent items (ties in frequency broken uniformly at
    random): arrays (user, item, occurrences), one row per kept (user, item)."""
    user = np.asarray(user, dtype=np.int64)
    item = np.asarray(item, dtype=np.int64)
    if user.size == 0:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty, empty
    keys, counts = np.unique(np.column_stack([user, item]), axis=0, return_counts=True)
    tie = rng.random(keys.shape[0])
    order = np.lexsort((tie, -counts, keys[:, 0]))
    u = keys[order, 0]
    first = np.r_[True, u[1:] != u[:-1]]
    starts = np.flatnonzero(first)
    rank = np.arange(u.size) - np.repeat(starts, np.diff(np.r_[starts, u.size]))
    kept = order[rank < int(per_user)]
    return keys[kept, 0], keys[kept, 1], counts[kept]


def main_pairs(zoned: ZonedTrips, *, directed: bool, rng: np.random.Generator):
    """Every user's main pair: the pair of zones they travelled most often in ``zoned`` (the
    trips in the window), ties broken uniformly at random.

    Returns ``(user, key, trips)``: one row per user with a trip, the pair's flat index
    (:func:`pair_keys`) and how many of the user's trips it holds. This is the one per-user
    choice people per pair and the synthetic trips share.
    """
    keys = pair_keys(zoned.origin_zone, zoned.dest_zone, zoned.n_zones, directed)
    return _most_frequent(zoned.user, keys, rng)


def people_per_pair(zoned: ZonedTrips, *, directed: bool,
                    rng: np.random.Generator) -> np.ndarray:
    """n × n counts of people per main pair (undirected: upper triangle and diagonal)."""
    n = zoned.n_zones
    _, keys, _ = main_pairs(zoned, directed=directed, rng=rng)
    return np.bincount(keys, minlength=n * n).reshape(n, n)


def people_per_cell(user, cell, n_cells: int, *, max_cells: int,
                    rng: np.random.Generator) -> np.ndarray:
    """Counts of distinct people per cell, each user in at most ``max_cells`` cells (their
    most frequent, ties at random). ``cell``: one cell index per record of ``user``."""
    k = int(max_cells)
    if k < 1 or k != max_cells:
        raise ValueError(f"the cells per person must be an integer ≥ 1, got {max_cells}")
    _, cells, _ = _most_frequent(user, cell, rng, per_user=k)
    return np.bincount(cells, minlength=int(n_cells))


def visit_cells(zoned: ZonedTrips, window_edges_h=(0.0, 24.0)):
    """The (user, cell) records of trip ends: origins at the start hour, destinations at
    the end hour, cell = zone × time window (windows: hour-of-day edges from 0 to 24, UTC).
    Returns (user, cell, n_cells)."""
    edges = np.asarray(window_edges_h, dtype=float)
    n_w = edges.size - 1
    t = zoned.trips
    if n_w > 1 and not (np.all(np.isfinite(t.start)) and np.all(np.isfinite(t.end))):
        raise ValueError("visits per time window need trip times; some trips have none")

    def window(times):
        if n_w == 1:
            return np.zeros(times.size, dtype=np.int64)
        hour = np.mod(times, 86400.0) / 3600.0
        return np.clip(np.searchsorted(edges, hour, "right") - 1, 0, n_w - 1)

    cell = np.concatenate([zoned.origin_zone.astype(np.int64) * n_w + window(t.start),
                           zoned.dest_zone.astype(np.int64) * n_w + window(t.end)])
    return np.concatenate([t.user, t.user]), cell, zoned.n_zones * n_w


def user_totals(user, cap: int, m=None) -> np.ndarray:
    """[number of users, their trips capped at ``cap`` per user]: L1 sensitivity 1 + cap.
    With ``m`` (≤ cap): [users, trips up to m per user, trips between m and cap per user],
    L1 sensitivity 1 + cap as well (a user adds 1, and at most cap trips in all)."""
    per_user = np.bincount(np.asarray(user, dtype=np.int64)) if np.size(user) else \
        np.zeros(0, dtype=np.int64)
    per_user = per_user[per_user > 0]
    capped = np.minimum(per_user, int(cap))
    if m is None:
        return np.array([per_user.size, int(capped.sum())], dtype=np.int64)
    kept = np.minimum(per_user, int(m))
    return np.array([per_user.size, int(kept.sum()), int((capped - kept).sum())], dtype=np.int64)
