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

The bounding is sort based and vectorised (the passes are in :mod:`.packed_events`): each
valid event is packed into a ``uint64`` (user | slot | tower), one in-place sort groups
events by user and slot, one uniform pick per group chooses the slot's visit, and a
vectorised selection sampling (Knuth's Algorithm S, run over the position inside each
user's visit list) draws the uniform ℓ-subsets exactly. The data owner's facts of a
bounding are in :mod:`.bounding_facts`.

Times are epoch seconds (UTC), see :mod:`.times`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Optional

import numpy as np

from ..reporting.progress import Progress, report_progress
from .packed_events import Packing, bincount_blocks, dense_ids, event_slots, kept_rows, run_starts, select_subsets
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
    n_towers, n_slots, ell, slot_seconds = _checked(user, tower, time, n_towers=n_towers,
                                                    n_slots=n_slots, ell=ell,
                                                    slot_seconds=slot_seconds)
    start = to_epoch_seconds(start)
    packed, packing, dropped, events_per_slot = _sorted_events(
        user, tower, time, n_towers=n_towers, start=start, slot_seconds=slot_seconds,
        n_slots=n_slots, progress=progress)
    report_progress(progress, 0.5)
    shape, n_cells = (n_towers, n_slots), n_towers * n_slots
    # ground truth: distinct (user, slot, tower)
    true_counts = bincount_blocks(packed, packing.cell, n_cells,
                                  idx=run_starts(packed, 0)).reshape(shape)
    report_progress(progress, 0.65)
    visits = _one_visit_per_slot(packed, packing, rng)
    del packed
    per_user = bincount_blocks(visits, packing.user, packing.n_users)
    users_per_slot = bincount_blocks(visits, packing.cell, n_cells).reshape(shape).sum(0)
    report_progress(progress, 0.75)
    kept, kept_per_user = _at_most_ell(visits, per_user, ell, rng)
    report_progress(progress, 0.9)
    one_visit_hist = _one_kept_visit_hist(kept, kept_per_user, packing, n_towers, rng)
    counts = bincount_blocks(kept, packing.cell, n_cells).reshape(shape)
    report_progress(progress, 1.0)
    return BoundedCounts(
        counts=counts, one_visit_hist=one_visit_hist,
        total_visits=int(true_counts.sum()), slot_visits=int(visits.size),
        true_counts=true_counts, visits_per_user=per_user,
        events_per_slot=events_per_slot, users_per_slot=users_per_slot,
        n_users=packing.n_users, n_events=int(user.size), dropped=dropped, ell=ell,
        start=start, slot_seconds=slot_seconds, n_slots=n_slots)


def _checked(user, tower, time, *, n_towers, n_slots, ell, slot_seconds) -> tuple:
    """``(n_towers, n_slots, ell, slot_seconds)`` normalised (ℓ = ∞ is no bound), or a
    ValueError for inputs :func:`bound_contributions` cannot bound."""
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
    return n_towers, n_slots, ell, slot_seconds


def _sorted_events(user, tower, time, *, n_towers, start, slot_seconds, n_slots, progress):
    """The valid events packed (:class:`.packed_events.Packing`) and sorted, with the packing,
    the drop counts and the valid events per slot. Built in place, without uint64 copies of
    the inputs (peak memory); the unsafe casts are exact: 0 ≤ slot < n_slots and
    0 ≤ tower < n_towers for the kept rows."""
    slot, finite = event_slots(time, start, slot_seconds, n_slots)
    keep, dropped = _validity(slot, finite, tower, n_towers=n_towers, n_slots=n_slots)
    report_progress(progress, 0.1)
    events_per_slot = np.bincount(kept_rows(slot, keep), minlength=n_slots).astype(np.int64)
    packed, n_users = dense_ids(kept_rows(user, keep))
    packing = Packing(n_users, n_towers, n_slots)
    packed <<= np.uint64(packing.slot_bits)
    np.bitwise_or(packed, kept_rows(slot, keep), out=packed, dtype=np.uint64, casting="unsafe")
    del slot
    packed <<= np.uint64(packing.tower_bits)
    np.bitwise_or(packed, kept_rows(tower, keep), out=packed, dtype=np.uint64, casting="unsafe")
    del keep
    packed.sort()
    return packed, packing, dropped, events_per_slot


def _validity(slot, finite, tower, *, n_towers, n_slots) -> tuple:
    """``(keep, dropped)``: the mask of valid events (``None`` when all are, the usual case: no
    copies of the inputs) and the events dropped by reason, each counted once under the first
    reason in the order of :data:`DROP_REASONS`."""
    n_events = slot.size
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
    return (None if ok.all() else ok), dropped


def _one_visit_per_slot(packed: np.ndarray, packing: Packing,
                        rng: np.random.Generator) -> np.ndarray:
    """One visit per (user, slot), §5.1: a uniform event of each group of the sorted events
    (so a tower is chosen in proportion to its events)."""
    n_valid = packed.size
    g_start = run_starts(packed, packing.tower_bits)
    g_size = np.empty_like(g_start)
    np.subtract(g_start[1:], g_start[:-1], out=g_size[:-1])
    g_size[-1:] = n_valid - g_start[-1:]
    pick = rng.integers(0, g_size) if n_valid else g_size
    pick += g_start
    del g_start, g_size
    return packed[pick]


def _at_most_ell(visits: np.ndarray, per_user: np.ndarray, ell: Optional[int],
                 rng: np.random.Generator) -> tuple:
    """``(kept visits, kept per user)``: at most ℓ visits per user, a uniform ℓ-subset over
    the period (§5.1); every visit when ``ell`` is None."""
    if ell is None:
        return visits, per_user
    u_start = np.cumsum(per_user) - per_user
    return visits[select_subsets(per_user, u_start, ell, rng)], np.minimum(per_user, ell)


def _one_kept_visit_hist(kept: np.ndarray, kept_per_user: np.ndarray, packing: Packing,
                         n_towers: int, rng: np.random.Generator) -> np.ndarray:
    """The improved scaling's histogram (§5.4.1): per tower, the users whose one uniform kept
    visit is there."""
    k_start = np.cumsum(kept_per_user) - kept_per_user
    one = kept[k_start + rng.integers(0, np.maximum(kept_per_user, 1))] if kept.size else kept
    return np.bincount(packing.tower(one), minlength=n_towers).astype(np.int64)
