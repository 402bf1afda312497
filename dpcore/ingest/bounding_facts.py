"""The raw-data facts of a per-user bounding, for the data owner only (never released).

What the data owner reads to choose the pre-sampling size ℓ of Acs &
Castelluccia 2014, §5.1 (:func:`visit_summary`: visits per user and per slot,
the share of users and visits an ℓ keeps) and the facts of a reading and its
bounding for an internal report section (:func:`reading_rows`). Both are
computed from the raw data of a :class:`.bounding.BoundedCounts`: not private.
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from .bounding import BoundedCounts


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
