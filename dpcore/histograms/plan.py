"""The plan of a per-timestamp histograms release (Chen et al. 2019, §4–5).

:func:`plan_histograms` plans, from public parameters only, the worst-case cost of one of the
four schemes (:func:`.release.planned_epsilon`) and binds the period, the scheme's parameters
and the post-processing. The plan's release takes the located observations, builds the
histograms of the period (and of the past days a dynamic hybrid learns from) with one
observation per user and timestamp (:func:`.data.user_histograms`, on its own generator so
the noise does not depend on the per-user pick), and releases them
(:func:`.release.release_histograms`). The refusals that need the data and the per-user pick
come before the reservation (:meth:`HistogramsPlan.prepare`).
"""
from __future__ import annotations

import numpy as np

from ..accounting.costs import PrivacyCost
from ..accounting.plan import Plan
from ..geoind.release import coverage_warning
from .basic import UNIT, UNIT_OF_PRIVACY
from .data import user_histograms
from .describe import division_label
from .release import errors, planned_epsilon, release_histograms

DAY = 86400.0
#: The parameters each scheme reads, beyond the period (a caller may give all of them).
_THRESHOLD = ("noise", "cutoff", "threshold", "comparison_share", "paper_noise")
_HYBRID = _THRESHOLD + ("division_share", "alpha", "utility")
SCHEME_PARAMETERS = {"direct": ("noise",), "threshold": _THRESHOLD, "auto": _HYBRID,
                     "static_hybrid": _HYBRID, "dynamic_hybrid": _HYBRID + ("composition",)}


def plan_histograms(method: str, n_slots: int, *, epsilon: float, start: float = 0.0,
                    slot_seconds: float = 3600.0, history_days: int = 0,
                    postprocess: bool = True, **params) -> "HistogramsPlan":
    """The plan of ``method`` over ``n_slots`` timestamps of ``slot_seconds`` from ``start``
    (epoch seconds); ``history_days`` past days for ``dynamic_hybrid`` (ignored otherwise);
    ``params`` the scheme's (``noise``, ``cutoff``, ...). Its cost is the worst case
    (:func:`.release.planned_epsilon`, plain ε, unit of privacy: user). Parameters the scheme
    does not read (:data:`SCHEME_PARAMETERS`) are dropped."""
    params = {k: v for k, v in params.items() if k in SCHEME_PARAMETERS.get(method, params)}
    cost = PrivacyCost.of(f"{method} perturbation (planned, worst case)",
                          planned_epsilon(method, n_slots, epsilon=epsilon, **params),
                          protects=UNIT, unit_of_privacy=UNIT_OF_PRIVACY)
    return HistogramsPlan(cost, method=method, n_slots=int(n_slots), epsilon=epsilon,
                          start=float(start), slot_seconds=float(slot_seconds),
                          past=int(history_days) if method == "dynamic_hybrid" else 0,
                          postprocess=bool(postprocess), params=params)


class HistogramsPlan(Plan):
    """A planned histograms release, on two generators (the per-user pick, the noise). The data
    read are ``(users, cell index (−1: none), epoch seconds, number of cells, facts)``,
    ``facts`` the reader's raw counts (``rows``, ``outside every cell``: internal)."""

    streams = 2

    def __init__(self, cost, *, method, n_slots, epsilon, start, slot_seconds, past,
                 postprocess, params):
        super().__init__(cost, release_histograms, **params)
        self.method, self.n_slots, self.epsilon = method, n_slots, epsilon
        self.start, self.slot_seconds, self.past = start, slot_seconds, past
        self.postprocess = postprocess

    def prepare(self, data, rng, progress=None) -> tuple:
        """``(counts, facts)``: the histograms of the past days (same hours) then of the
        period, one observation per user and timestamp (on ``rng[0]``), before the
        reservation; refused when no observation lies in the period, a past day has none
        (dynamic hybrid) or most observations lie in no cell."""
        users, cell, seconds, n_cells, facts = data
        # the per-user pick on its own stream: same seed, neighbouring data → same noise
        days = [user_histograms(users, cell, seconds, n_cells=n_cells, rng=rng[0],
                                start=self.start - k * DAY, slot_seconds=self.slot_seconds,
                                n_slots=self.n_slots) for k in range(self.past, -1, -1)]
        counts = np.stack([d[0] for d in days])
        if int(counts[-1].sum()) == 0:
            raise ValueError(f"none of the {facts['rows']} observations lies in a cell during "
                             f"the {self.n_slots} timestamps from {_iso_utc(self.start)} "
                             f"({facts['outside every cell']} outside every cell)")
        empty_days = [k for k in range(self.past) if not counts[k].any()]
        if empty_days:
            raise ValueError(f"dynamic hybrid needs observations on each of the {self.past} past "
                             f"days before the start; {len(empty_days)} of them have none (set "
                             "the number of past days to the days the input covers)")
        coverage_warning(facts["outside every cell"], facts["rows"], where="every cell",
                         allow_outside=False)
        facts = {**facts, **days[-1][1]["dropped"], "users": days[-1][1]["n_users"]}
        return counts, facts

    def release(self, data, rng, progress=None):
        """The period's histograms released (the past days teach a dynamic hybrid); the raw
        facts and the errors against the true counts go to ``internal``."""
        counts, facts = data
        rel = release_histograms(counts[-1], method=self.method, epsilon=self.epsilon,
                                 rng=rng[1], postprocess=self.postprocess,
                                 history=counts[:-1] if self.past else None, **self.params)
        division = rel.public.get("division")
        times = self.start + self.slot_seconds * np.arange(self.n_slots + 1)
        rel.public.update(
            cells=int(counts.shape[2]), slot_times=times,
            day_interval=division_label(division, times),
            slot_fresh=[int(s in rel.public["fresh_slots"]) for s in range(self.n_slots)],
            slot_part=["day" if division and division[0] <= s <= division[1] else
                       ("night" if division else "") for s in range(self.n_slots)])
        rel.internal.update(facts=facts, errors=errors(counts[-1], rel.values))
        return rel


def _iso_utc(seconds: float) -> str:
    return np.datetime64(int(round(seconds)), "s").astype(str) + "Z"
