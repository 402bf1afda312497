"""Events packed into sorted ``uint64`` keys, and the vectorised passes over them.

The per-user bounding of Acs & Castelluccia 2014 (§5.1, §5.4.1; see
:mod:`.bounding`) is sort based: each valid event becomes one ``uint64``
``user | slot | tower`` (:class:`Packing`), one in-place sort groups the events
by user and slot, and every later step is a pass over contiguous runs of that
sorted array: where the runs start (:func:`run_starts`), counts by tower × slot
or by user (:func:`bincount_blocks`), and a uniform subset of each run
(:func:`select_subsets`, Knuth's Algorithm S). The passes go block by block, so
their temporaries stay at a few 10 MB whatever the number of events.
"""
from __future__ import annotations

import numpy as np

#: Block length of the blocked passes (bounds their temporaries to a few 10 MB).
BLOCK = 1 << 22


def dense_ids(user: np.ndarray):
    """Ids as uint64 indices 0..n-1 (sorted id order); O(n) for compact non-negative ints."""
    if user.size == 0:
        return np.zeros(0, dtype=np.uint64), 0
    if user.dtype.kind in "iu":
        lo, hi = int(user.min()), int(user.max())
        if lo >= 0 and hi < 4 * user.size + (1 << 20):
            present = np.bincount(user, minlength=hi + 1) > 0
            remap = (np.cumsum(present) - 1).astype(np.uint64)
            return remap[user], int(present.sum())
    uniq, inv = np.unique(user, return_inverse=True)
    return inv.reshape(-1).astype(np.uint64), int(uniq.size)


def kept_rows(a, keep):
    """The rows of `a` that `keep` selects; `a` itself (no copy) when `keep` is None."""
    return a if keep is None else a[keep]


def _bits(n: int) -> int:
    return max(1, int(n - 1).bit_length())


class Packing:
    """The bit layout ``user | slot | tower`` of packed events (the tower in the lowest bits),
    and the fields read back from packed values."""

    def __init__(self, n_users: int, n_towers: int, n_slots: int):
        self.n_users, self.n_slots = n_users, n_slots
        self.tower_bits, self.slot_bits = _bits(n_towers), _bits(n_slots)
        if _bits(max(n_users, 1)) + self.slot_bits + self.tower_bits > 64:
            raise ValueError("too many users × slots × towers to pack in 64 bits")
        self._t_mask = np.uint64((1 << self.tower_bits) - 1)
        self._s_mask = np.uint64((1 << self.slot_bits) - 1)

    def tower(self, p: np.ndarray) -> np.ndarray:
        """Tower index of packed values, as int64."""
        return (p & self._t_mask).astype(np.int64)

    def cell(self, p: np.ndarray) -> np.ndarray:
        """Flat tower × slot index of packed values, as int64."""
        return ((p & self._t_mask).astype(np.int64) * self.n_slots
                + ((p >> np.uint64(self.tower_bits)) & self._s_mask).astype(np.int64))

    def user(self, p: np.ndarray) -> np.ndarray:
        """Dense user index of packed values, as int64."""
        return (p >> np.uint64(self.tower_bits + self.slot_bits)).astype(np.int64)


def event_slots(time: np.ndarray, start: float, slot_seconds: float, n_slots: int):
    """Slot of each event as int32, clipped to [-1, n_slots] (both out of the period), and
    the mask of finite times (``None`` when all are finite)."""
    if time.dtype.kind in "iu" and float(start).is_integer() and float(slot_seconds).is_integer():
        if time.dtype.itemsize <= 4 and start == 0 and slot_seconds == 1:
            slot = time.astype(np.int32)  # already slot numbers (compact events)
        else:  # in place: one int64 temporary
            slot = time.astype(np.int64)
            slot -= int(start)
            slot //= int(slot_seconds)
        finite = None
    else:
        slot = time.astype(np.float64)  # one float64 temporary, then in place
        slot -= float(start)
        slot /= float(slot_seconds)
        np.floor(slot, out=slot)
        finite = np.isfinite(slot)
        slot[~finite] = -1
        finite = None if finite.all() else finite
    np.clip(slot, -1, n_slots, out=slot)
    return slot.astype(np.int32, copy=False), finite


def run_starts(packed: np.ndarray, shift: int) -> np.ndarray:
    """Start index of every run of equal ``packed >> shift`` in a sorted array, by blocks."""
    if packed.size == 0:
        return np.zeros(0, dtype=np.int64)
    sh = np.uint64(shift)
    parts = [np.zeros(1, dtype=np.int64)]
    for a in range(1, packed.size, BLOCK):
        b = min(a + BLOCK, packed.size)
        parts.append(a + np.flatnonzero((packed[a:b] >> sh) != (packed[a - 1:b - 1] >> sh)))
    return np.concatenate(parts)


def bincount_blocks(packed: np.ndarray, key, minlength: int, idx=None) -> np.ndarray:
    """``np.bincount(key(packed[idx]), minlength)`` as int64, computed block by block."""
    n = packed.size if idx is None else idx.size
    out = np.zeros(minlength, dtype=np.int64)
    for a in range(0, n, BLOCK):
        p = packed[a:a + BLOCK] if idx is None else packed[idx[a:a + BLOCK]]
        out += np.bincount(key(p), minlength=minlength)
    return out


def select_subsets(counts: np.ndarray, starts: np.ndarray, ell: int,
                   rng: np.random.Generator) -> np.ndarray:
    """Keep-mask choosing, per group, min(count, ℓ) items uniformly (Knuth's Algorithm S).

    Groups are contiguous runs ``[starts[g], starts[g] + counts[g])``. Item
    ``j`` of a group with ``need`` still to take among ``rem`` left is taken
    with probability need/rem, drawn exactly as ``integers(0, rem) < need``;
    every ℓ-subset is then equally likely. The loop runs over positions, each
    step vectorised over the groups still needing items.
    """
    keep = np.repeat(counts <= ell, counts)
    heavy = np.flatnonzero(counts > ell)
    g_start, g_count = starts[heavy], counts[heavy]
    need = np.full(heavy.size, ell, dtype=np.int64)
    j = 0
    while g_start.size:
        take = rng.integers(0, g_count - j) < need
        keep[g_start[take] + j] = True
        need -= take
        j += 1
        alive = need > 0
        g_start, g_count, need = g_start[alive], g_count[alive], need[alive]
    return keep
