"""Per-user bounding of compact events, by user ranges when they are many.

:func:`bound_compact` applies the per-user bounding of
:func:`.bounding.bound_contributions` (Acs & Castelluccia 2014, §5.1,
§5.4.1) to :class:`.compact.CompactEvents`. When the valid events exceed
``partition_events``, users are split into contiguous ranges of their
canonical numbers and bounded range by range with one child generator each: a
user's events all land in one partition, so the result has the same
distribution as one pass (and is identical for the same seed, input and
partition size, whichever engine ran).
"""
from __future__ import annotations

import math
from typing import Optional

import numpy as np

from ..random.rng import child_rng
from ..reporting.progress import Progress, report_progress
from .bounding import BoundedCounts, bound_contributions
from .event_encoder import CompactEvents

#: Valid events bounded in one pass; above it the bounding runs by user ranges.
PARTITION_EVENTS = 40_000_000


def _partition_bounds(user: np.ndarray, n_users: int, partition_events: int) -> list:
    """Contiguous user ranges of about ``partition_events`` events each."""
    per_user = np.zeros(n_users, dtype=np.int64)
    for a in range(0, user.size, 1 << 22):
        per_user += np.bincount(user[a:a + (1 << 22)], minlength=n_users)
    n_parts = max(1, math.ceil(user.size / max(int(partition_events), 1)))
    cum = np.cumsum(per_user)
    cuts = np.searchsorted(cum, np.arange(1, n_parts) * (user.size / n_parts), side="right")
    edges = np.unique(np.concatenate([[0], cuts, [n_users]]))
    return list(zip(edges[:-1].tolist(), edges[1:].tolist()))


def bound_compact(events: CompactEvents, *, n_towers: int, ell: Optional[int],
                  rng: np.random.Generator, partition_events: int = PARTITION_EVENTS,
                  progress: Progress = None) -> BoundedCounts:
    """The per-user bounding of :func:`.bounding.bound_contributions` on compact events.

    Same semantics (one visit per user and slot, at most ℓ visits per user,
    both uniform); ``dropped`` holds the reading's reasons (:data:`REASONS`)
    and ``n_events`` the rows read. Bounded in one pass when the valid events
    are at most ``partition_events`` (then identical to
    ``bound_contributions`` on the same codes and generator), else by user
    ranges, each with its own child generator drawn from ``rng``.
    """
    ranges = ([(0, events.n_users)] if events.n_valid <= partition_events
              else _partition_bounds(events.user, events.n_users, partition_events))
    seeds = (None if len(ranges) == 1
             else rng.integers(0, 2**63, size=(len(ranges), 2)).tolist())
    parts = []
    for k, (lo, hi) in enumerate(ranges):
        if len(ranges) == 1:
            user, tower, slot, part_rng = events.user, events.tower, events.slot, rng
        else:
            keep = np.concatenate([(events.user[a:a + (1 << 22)] >= lo)
                                   & (events.user[a:a + (1 << 22)] < hi)
                                   for a in range(0, events.n_valid, 1 << 22)])
            user = events.user[keep] - np.int32(lo)
            tower, slot = events.tower[keep], events.slot[keep]
            del keep
            part_rng = child_rng(rng, seeds[k])

        def step(f, k=k):
            report_progress(progress, (k + f) / len(ranges))

        parts.append(bound_contributions(user, tower, slot, n_towers=n_towers, ell=ell,
                                         rng=part_rng, start=0, slot_seconds=1,
                                         n_slots=events.n_slots, progress=step))
        del user, tower, slot
    return _merge(parts, events)


def _merge(parts: list, events: CompactEvents) -> BoundedCounts:
    first = parts[0]

    def total(name):
        return sum(getattr(p, name) for p in parts)

    return BoundedCounts(
        counts=total("counts"), one_visit_hist=total("one_visit_hist"),
        total_visits=int(total("total_visits")), slot_visits=int(total("slot_visits")),
        true_counts=total("true_counts"),
        visits_per_user=np.concatenate([p.visits_per_user for p in parts]),
        n_users=int(total("n_users")), n_events=events.n_rows, dropped=dict(events.dropped),
        ell=first.ell, start=events.start, slot_seconds=events.slot_seconds,
        n_slots=events.n_slots, events_per_slot=total("events_per_slot"),
        users_per_slot=total("users_per_slot"))
