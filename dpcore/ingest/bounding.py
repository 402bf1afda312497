"""CDR ingest and user-level contribution bounding (Acs & Castelluccia 2014, §5.1, §5.4.1).

Definitions used throughout (the paper's §4.1):

* an *event* is one raw record (user, tower, time);
* a *visit* is a distinct (user, tower, slot): "an individual can visit any
  tower cell only once in an hour". The paper's ground truth
  :math:`X^T_t` — the number of distinct users seen at tower ``T`` in slot
  ``t`` — counts visits, so a user seen at two towers in one hour counts at
  both;
* *pre-sampling* (§5.1) keeps, per user, at most one visit per slot (chosen
  uniformly among that slot's events, so a tower is chosen with probability
  proportional to its number of events), then at most ℓ of those slot visits
  chosen uniformly at random over the whole period. Every user then adds at
  most ℓ to all counts (L1 sensitivity ℓ) and at most 1 per slot (L2
  sensitivity √ℓ, §5.3).

The bounding is sort based and vectorised: each valid event is packed into a
``uint64`` (user | slot | tower), one in-place sort groups events by user and
slot, one uniform pick per group chooses the slot's visit, and a vectorised
selection sampling (Knuth's Algorithm S, run over the position inside each
user's visit list) draws the uniform ℓ-subsets exactly.

Times are epoch seconds (UTC), see :mod:`.times`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Optional, Sequence

import numpy as np

from ..reporting.progress import Progress, report_progress
from .times import to_epoch_seconds

DROP_REASONS = ("invalid_time", "unknown_tower", "outside_period")


@dataclass
class BoundedCounts:
    """The result of :func:`bound_contributions`.

    Released (after noise) by the density stage:

    ``counts``
        ``(n_towers, n_slots)`` int64, the pre-sampled tower counts
        :math:`\\hat X^T_t` (§5.1): per user ≤ 1 visit per slot and ≤ ℓ in total.
    ``one_visit_hist``
        ``(n_towers,)`` int64, the histogram :math:`\\tilde H` of the improved
        scaling (§5.4.1): one visit per user, chosen uniformly among the
        visits it kept in ``counts`` (equivalently: uniformly among its
        one-per-slot visits). Sums to ``n_users``; one user changes one bin.
    ``total_visits``
        The paper's K = Σ_{T,t} X^T_t (137,255,052 in its data): the number of
        visits (distinct user, tower, slot) before pre-sampling, i.e.
        ``true_counts.sum()``. A user can add up to ``n_towers · n_slots``
        to it; the paper noised it with Δ = 732, the maximum of its own data,
        which is data dependent.
    ``slot_visits``
        Σ over users of their one-per-slot visits (before the ℓ bound). A
        user adds at most ``n_slots`` to it: a data-independent sensitivity,
        the DP-safe choice for the improved scaling's total.

    Evaluation and data-owner only, NEVER to be released:

    ``true_counts``
        ``(n_towers, n_slots)`` int64, the ground truth X^T_t: distinct users
        per tower and slot, no sampling and no ℓ bound (events deduplicated
        per user, tower and slot; raw event multiplicity is not counted).
    ``visits_per_user``
        ``(n_users,)`` int64, each user's number of one-per-slot visits
        before the ℓ bound (to help the data owner choose ℓ).
    ``events_per_slot``, ``users_per_slot``
        ``(n_slots,)`` int64, valid raw events and distinct users per slot.

    Facts: ``n_users`` (users with at least one valid event in the period),
    ``n_events`` (events given), ``dropped`` (events not used, by reason:
    ``invalid_time``, ``unknown_tower``, ``outside_period``; an event is
    counted once, under the first reason in that order), ``ell`` (``None``
    for no bound), ``start``, ``slot_seconds``, ``n_slots``.
    """

    counts: np.ndarray
    one_visit_hist: np.ndarray
    total_visits: int
    slot_visits: int
    true_counts: np.ndarray
    visits_per_user: np.ndarray
    n_users: int
    n_events: int
    dropped: dict
    ell: Optional[int]
    start: float
    slot_seconds: float
    n_slots: int
    events_per_slot: Optional[np.ndarray] = None
    users_per_slot: Optional[np.ndarray] = None

    @property
    def kept_visits(self) -> int:
        """Number of visits in the pre-sampled counts."""
        return int(self.counts.sum())


def _dense_ids(user: np.ndarray):
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


def _kept(a, keep):
    """The rows of `a` that `keep` selects; `a` itself (no copy) when `keep` is None."""
    return a if keep is None else a[keep]


def _bits(n: int) -> int:
    return max(1, int(n - 1).bit_length())


def _slots(time: np.ndarray, start: float, slot_seconds: float, n_slots: int):
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


#: Block length of the blocked passes (bounds their temporaries to a few 10 MB).
_BLOCK = 1 << 22


def _run_starts(packed: np.ndarray, shift: int) -> np.ndarray:
    """Start index of every run of equal ``packed >> shift`` in a sorted array, by blocks."""
    if packed.size == 0:
        return np.zeros(0, dtype=np.int64)
    sh = np.uint64(shift)
    parts = [np.zeros(1, dtype=np.int64)]
    for a in range(1, packed.size, _BLOCK):
        b = min(a + _BLOCK, packed.size)
        parts.append(a + np.flatnonzero((packed[a:b] >> sh) != (packed[a - 1:b - 1] >> sh)))
    return np.concatenate(parts)


def _bincount_blocks(packed: np.ndarray, key, minlength: int, idx=None) -> np.ndarray:
    """``np.bincount(key(packed[idx]), minlength)`` as int64, computed block by block."""
    n = packed.size if idx is None else idx.size
    out = np.zeros(minlength, dtype=np.int64)
    for a in range(0, n, _BLOCK):
        p = packed[a:a + _BLOCK] if idx is None else packed[idx[a:a + _BLOCK]]
        out += np.bincount(key(p), minlength=minlength)
    return out


def _select_subsets(counts: np.ndarray, starts: np.ndarray, ell: int,
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


def bound_contributions(user, tower, time, *, n_towers: int, ell: Optional[int],
                        rng: np.random.Generator, start=0, slot_seconds: float = 3600,
                        n_slots: int = 168, progress: Progress = None) -> BoundedCounts:
    """Pre-sample CDR events as in Acs & Castelluccia §5.1 and build the §5.4.1 histogram.

    ``user``: ids (any integers or strings; one id = one person, the unit of
    privacy); ``tower``: tower index in ``[0, n_towers)`` (anything else is
    dropped as ``unknown_tower``, e.g. -1 for an unmapped id); ``time``:
    epoch seconds (NaN = unreadable, dropped as ``invalid_time``). Slot
    ``s`` covers ``[start + s·slot_seconds, start + (s+1)·slot_seconds)``;
    events outside the ``n_slots`` slots are dropped as ``outside_period``.
    ``ell``: the pre-sampling size ℓ ≥ 1, or ``None`` for no bound (then
    ``counts`` holds every one-per-slot visit). All randomness comes from
    ``rng``: a seeded generator gives the same result on the same input,
    whatever the order of the events. See :class:`BoundedCounts` for the outputs.
    """
    user, tower, time = np.asarray(user), np.asarray(tower), np.asarray(time)
    if not (user.ndim == tower.ndim == time.ndim == 1 and user.size == tower.size == time.size):
        raise ValueError("user, tower and time must be 1-D arrays of the same length")
    if tower.size and tower.dtype.kind not in "iu":
        raise ValueError(f"tower must hold integer tower indices, got dtype {tower.dtype}")
    n_towers, n_slots = int(n_towers), int(n_slots)
    if n_towers < 1 or n_slots < 1:
        raise ValueError("n_towers and n_slots must be at least 1")
    if ell is not None and (math.isinf(ell)):
        ell = None
    if ell is not None:
        if int(ell) != ell or ell < 1:
            raise ValueError(f"ell (visits kept per user) must be an integer ≥ 1, got {ell}")
        ell = int(ell)
    slot_seconds = float(slot_seconds)
    if not (slot_seconds > 0 and math.isfinite(slot_seconds)):
        raise ValueError(f"slot length must be a positive number of seconds, got {slot_seconds}")
    start = to_epoch_seconds(start)
    n_events = int(user.size)

    # 1. validity, in the documented order of reasons
    slot, finite = _slots(time, start, slot_seconds, n_slots)
    dropped = dict.fromkeys(DROP_REASONS, 0)
    ok = np.ones(n_events, dtype=bool) if finite is None else finite
    dropped["invalid_time"] = int(n_events - ok.sum())
    good_tower = (tower >= 0) & (tower < n_towers) if tower.size else ok
    dropped["unknown_tower"] = int((ok & ~good_tower).sum())
    ok &= good_tower
    del good_tower
    in_period = (slot >= 0) & (slot < n_slots)
    dropped["outside_period"] = int((ok & ~in_period).sum())
    ok &= in_period
    del in_period
    report_progress(progress, 0.1)

    # 2. pack (user | slot | tower) into uint64 and sort
    keep = None if ok.all() else ok  # None, the usual case: no copies of the inputs
    del ok
    events_per_slot = np.bincount(_kept(slot, keep), minlength=n_slots).astype(np.int64)
    uidx, n_users_all = _dense_ids(_kept(user, keep))
    tb, sb = _bits(n_towers), _bits(n_slots)
    if _bits(max(n_users_all, 1)) + sb + tb > 64:
        raise ValueError("too many users × slots × towers to pack in 64 bits")
    # built in place, without uint64 copies of the inputs (peak memory); the
    # unsafe casts are exact: 0 ≤ slot < n_slots and 0 ≤ tower < n_towers here
    packed = uidx
    del uidx
    packed <<= np.uint64(sb)
    np.bitwise_or(packed, _kept(slot, keep), out=packed, dtype=np.uint64, casting="unsafe")
    del slot
    packed <<= np.uint64(tb)
    np.bitwise_or(packed, _kept(tower, keep), out=packed, dtype=np.uint64, casting="unsafe")
    del keep
    packed.sort()
    report_progress(progress, 0.5)

    shape = (n_towers, n_slots)
    t_mask, s_mask = np.uint64((1 << tb) - 1), np.uint64((1 << sb) - 1)

    def cell(p):  # flat tower × slot index of packed values
        return ((p & t_mask).astype(np.int64) * n_slots
                + ((p >> np.uint64(tb)) & s_mask).astype(np.int64))

    def user_of(p):
        return (p >> np.uint64(tb + sb)).astype(np.int64)

    # 3. ground truth: distinct (user, slot, tower)
    n_valid = packed.size
    true_counts = _bincount_blocks(packed, cell, n_towers * n_slots,
                                   idx=_run_starts(packed, 0)).reshape(shape)
    report_progress(progress, 0.65)

    # 4. one visit per (user, slot): a uniform event of the group
    g_start = _run_starts(packed, tb)
    g_size = np.empty_like(g_start)
    np.subtract(g_start[1:], g_start[:-1], out=g_size[:-1])
    g_size[-1:] = n_valid - g_start[-1:]
    pick = rng.integers(0, g_size) if n_valid else g_size
    pick += g_start
    del g_start, g_size
    visits = packed[pick]
    del packed, pick
    per_user = _bincount_blocks(visits, user_of, n_users_all)
    users_per_slot = _bincount_blocks(visits, cell, n_towers * n_slots).reshape(shape).sum(0)
    report_progress(progress, 0.75)

    # 5. at most ℓ visits per user, uniformly over the period
    u_start = np.cumsum(per_user) - per_user
    if ell is None:
        kept = visits
        kept_per_user = per_user
    else:
        kept = visits[_select_subsets(per_user, u_start, ell, rng)]
        kept_per_user = np.minimum(per_user, ell)
    report_progress(progress, 0.9)

    # 6. improved scaling histogram: one uniform kept visit per user
    k_start = np.cumsum(kept_per_user) - kept_per_user
    one = kept[k_start + rng.integers(0, np.maximum(kept_per_user, 1))] if kept.size else kept
    one_visit_hist = np.bincount((one & t_mask).astype(np.int64),
                                 minlength=n_towers).astype(np.int64)
    counts = _bincount_blocks(kept, cell, n_towers * n_slots).reshape(shape)
    report_progress(progress, 1.0)
    return BoundedCounts(
        counts=counts, one_visit_hist=one_visit_hist,
        total_visits=int(true_counts.sum()), slot_visits=int(visits.size),
        true_counts=true_counts, visits_per_user=per_user,
        events_per_slot=events_per_slot, users_per_slot=users_per_slot, n_users=n_users_all,
        n_events=n_events, dropped=dropped, ell=ell, start=start,
        slot_seconds=slot_seconds, n_slots=n_slots)


def visit_summary(bounded: BoundedCounts, ells: Sequence[int] = (5, 10, 20, 30, 50, 100, 168)
                  ) -> dict:
    """Per-user and per-slot visit statistics to help the data owner choose ℓ.

    NOT private: computed from the raw data, for the data owner only. Uses
    the one-per-slot visits of ``bounded`` (the input of the ℓ bound).
    Returns ``visits_hist`` (users having k visits, k = 0..max), ``quantiles``
    (mean, median, p90, p99, max visits per user), ``ell_rows`` (ℓ, share of
    users above ℓ, share of one-per-slot visits kept) and the per-slot arrays
    ``events``, ``active_users`` (users with an event in the slot) and
    ``visits`` (distinct user-tower pairs).
    """
    v = bounded.visits_per_user
    if v.size == 0:
        raise ValueError("no valid event in the period: nothing to summarise")
    total = max(int(v.sum()), 1)
    rows = [(int(e), float((v > e).mean()), float(np.minimum(v, e).sum() / total))
            for e in ells]
    return {
        "visits_hist": np.bincount(v).astype(np.int64),
        "quantiles": {"mean": float(v.mean()), "median": float(np.median(v)),
                      "p90": float(np.quantile(v, 0.9)), "p99": float(np.quantile(v, 0.99)),
                      "max": int(v.max())},
        "ell_rows": rows,
        "events": bounded.events_per_slot,
        "active_users": bounded.users_per_slot,
        "visits": bounded.true_counts.sum(axis=0),
    }


def reading_rows(bounded: BoundedCounts, facts: dict) -> list:
    """Raw-data facts of a reading and bounding (``facts``: the reader's ``source`` and
    ``engine``), for an internal report section."""
    rows = [("events source", facts["source"]), ("read by", facts["engine"]),
            ("rows read", bounded.n_events)]
    rows += [(f"rows not used: {k.replace('_', ' ')}", v) for k, v in bounded.dropped.items()]
    rows += [("users", bounded.n_users), ("one-per-slot visits", bounded.slot_visits),
             ("visits kept by the pre-sampling", bounded.kept_visits)]
    return rows
