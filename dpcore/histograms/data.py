"""From located observations to the per-timestamp histograms D = {D_i} (Chen et al. §4.1).

Each user counts at most once per timestamp: when a user has several
observations in one slot, one is chosen uniformly at random — the
one-visit-per-slot semantics of :func:`dpcore.ingest.bound_contributions`
(with no ℓ bound), which this module reuses. Neighbouring datasets differ by
one user's whole trajectory (add/remove), so a user changes every histogram
D_i by at most 1 in L1 norm: Δ_H = 1 per timestamp, S over the day.
"""
from __future__ import annotations

import numpy as np

from ..ingest import bound_contributions
from ..reporting.progress import Progress


def user_histograms(user, cell, time, *, n_cells: int, rng: np.random.Generator,
                    start=0, slot_seconds: float = 3600, n_slots: int = 24,
                    progress: Progress = None) -> tuple:
    """``(histograms, facts)``: ``histograms`` is ``(n_slots, n_cells)`` int64.

    ``cell`` holds cell indices in ``[0, n_cells)`` (anything else, e.g. −1
    for an observation outside every cell, is dropped); ``time`` is epoch
    seconds. ``facts`` (``n_users``, ``n_events``, ``dropped``) are computed
    from the raw data: internal, never to be published.
    """
    bounded = bound_contributions(user, np.asarray(cell, dtype=np.int64), time,
                                  n_towers=n_cells, ell=None, rng=rng, start=start,
                                  slot_seconds=slot_seconds, n_slots=n_slots,
                                  progress=progress)
    facts = {"n_users": int(bounded.n_users), "n_events": int(bounded.n_events),
             "dropped": dict(bounded.dropped)}
    return np.ascontiguousarray(bounded.counts.T), facts
