"""Per-user contribution bounding by uniform sampling (shared by the flow and trip releases).

A user-level release bounds what one user adds to the data before noise is
calibrated: here, every user keeps at most ``m`` of its items (trips,
moves), chosen uniformly at random *without* looking at what they are, so
repeated items (the same commute every day) are kept as often as they
occur. Every subset of ``min(n, m)`` of a user's ``n`` items is equally
likely (a uniformly random order of each user's items, first ``m`` kept).
This is the per-user trip sampling of dp-mobility-report (its
``max_trips_per_user``), with ``m`` a public parameter: adding or removing
one user changes at most ``m`` kept items, whatever its data.
"""
from __future__ import annotations

import numpy as np


def sample_per_user(users, max_items: int, rng: np.random.Generator) -> np.ndarray:
    """Boolean mask keeping ≤ ``max_items`` items per user, uniformly without replacement.

    ``users`` gives the user of each item (any values numpy can sort: ints,
    strings); the items of one user need not be contiguous. The mask keeps
    every item of a user with at most ``max_items`` items, and a uniformly
    random ``max_items``-subset of the items of any other user. Cost
    O(n log n); the draw uses one permutation of the items.
    """
    m = int(max_items)
    if m < 1 or m != max_items:
        raise ValueError(f"the number of items kept per user must be an integer ≥ 1, "
                         f"got {max_items!r}")
    users = np.asarray(users)
    n = users.size
    keep = np.zeros(n, dtype=bool)
    if n == 0:
        return keep
    if users.dtype.kind not in "iub":
        users = np.unique(users, return_inverse=True)[1].ravel()
    perm = rng.permutation(n)                      # a uniformly random order of all items,
    order = perm[np.argsort(users[perm], kind="stable")]  # kept within each user by the sort
    grouped = users[order]
    starts = np.flatnonzero(np.r_[True, grouped[1:] != grouped[:-1]])
    rank = np.arange(n) - np.repeat(starts, np.diff(np.r_[starts, n]))
    keep[order[rank < m]] = True
    return keep


def sampling_stream(rng: np.random.Generator) -> np.random.Generator:
    """A generator for data-dependent draws that leaves ``rng``'s own stream untouched.

    Per-user sampling consumes a number of draws that depends on the data;
    drawing the noise after it from the same stream would give neighbouring
    datasets different noise under the same seed. A seeded generator is
    split by jumping its bit generator (PCG64: 2^127 steps ahead, an
    independent stream); a generator without a state to align (the OS
    entropy of ``make_rng(None)``) is returned as it is.
    """
    bit = rng.bit_generator
    return np.random.Generator(bit.jumped()) if hasattr(bit, "jumped") else rng
