"""Bounding the visits of raw events per user: :func:`bound_visits` on arrays and
:func:`visits_from_events` on compact events of any size, giving the
:class:`dpcore.density.visits.VisitCounts` the density releases."""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from ..density.sensitivity import check_ell
from ..density.visits import VisitCounts, _from_flat, visit_shares
from ..reporting.progress import Progress
from .bounding import bound_contributions
from .partitioned_bounding import bound_compact


def _flat_cells(tower, slot, n_towers: int, n_slots: int) -> np.ndarray:
    """``tower · n_slots + slot`` for valid pairs, −1 otherwise (dropped as unknown)."""
    tower, slot = np.asarray(tower), np.asarray(slot)
    ok = (tower >= 0) & (tower < n_towers) & (slot >= 0) & (slot < n_slots)
    return np.where(ok, tower.astype(np.int64) * n_slots + slot.astype(np.int64), -1)


def bound_visits(user, tower, slot, *, n_towers: int, n_slots: int, ell: int,
                 rng: np.random.Generator, progress: Progress = None) -> VisitCounts:
    """Per-user capped distinct visits from event arrays (slot index per event).

    ``tower`` in ``[0, n_towers)`` and ``slot`` in ``[0, n_slots)``; other
    events are dropped (counted under ``unknown_tower``). Each user keeps a
    uniform subset of min(n_u, ℓ) of its distinct (tower, slot) pairs.
    """
    ell = check_ell(ell)
    flat = _flat_cells(tower, slot, int(n_towers), int(n_slots))
    valid = flat >= 0
    bounded = bound_contributions(np.asarray(user)[valid], np.zeros(int(valid.sum()), np.int32),
                                  flat[valid], n_towers=1, ell=ell, rng=rng, start=0,
                                  slot_seconds=1, n_slots=int(n_towers) * int(n_slots),
                                  progress=progress)
    bounded.dropped["unknown_tower"] += int(valid.size - valid.sum())
    bounded.n_events = int(valid.size)
    shares = visit_shares(np.asarray(user)[valid], flat[valid], int(n_towers) * int(n_slots))
    return _from_flat(bounded, int(n_towers), int(n_slots), shares)


def visits_from_events(events, tower_lookup, *, n_towers: int, ell: int,
                       rng: np.random.Generator, progress: Progress = None) -> VisitCounts:
    """:func:`bound_visits` on :class:`dpcore.ingest.event_encoder.CompactEvents` (any size).

    ``tower_lookup[code]`` is the caller's tower index of the events' tower
    code (−1: unknown). Runs :func:`dpcore.ingest.partitioned_bounding.bound_compact`
    (partitioned by users for large inputs) on (tower, slot) cells.
    """
    ell = check_ell(ell)
    n_slots = int(events.n_slots)
    lookup = np.asarray(tower_lookup, dtype=np.int64)
    tower = lookup[np.asarray(events.tower)] if len(lookup) else np.asarray(events.tower)
    flat = _flat_cells(tower, events.slot, int(n_towers), n_slots)
    valid = flat >= 0
    n_unknown = int(valid.size - valid.sum())
    flat_events = replace(events, user=np.asarray(events.user)[valid],
                          tower=np.zeros(int(valid.sum()), dtype=np.int32),
                          slot=flat[valid].astype(np.int32), n_slots=int(n_towers) * n_slots,
                          _spool=None)
    bounded = bound_compact(flat_events, n_towers=1, ell=ell, rng=rng,
                            progress=progress)
    shares = visit_shares(flat_events.user, flat_events.slot, int(n_towers) * n_slots)
    visits = _from_flat(bounded, int(n_towers), n_slots, shares)
    visits.dropped["unknown_tower"] = visits.dropped.get("unknown_tower", 0) + n_unknown
    return visits
