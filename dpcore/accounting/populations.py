"""Populations in the privacy ledger: the people a data owner protects, and their policy.

A population has a per-person policy declared once — a total (ε, δ) over a stated
horizon and optionally a cap per calendar week or month — and a keyed sketch of the
people seen in its releases (:mod:`dpcore.accounting.sketch`). Every dataset belongs to
one population and every release on any of its datasets draws on it. A new dataset
whose people are contained in a population's (containment ≥ :data:`JOIN`) is charged to
it; a partial overlap (≥ :data:`OVERLAP`) is refused until the owner names the
population. Ledgers written before populations existed read unchanged: a dataset
without a ``population`` is its own population, with its budget as policy.

These functions work on the ledger's parsed JSON, under the ledger's lock
(:class:`dpcore.accounting.ledger.Ledger`).
"""
from __future__ import annotations

import datetime as _dt
import math
from dataclasses import dataclass
from typing import Optional

import numpy as np

from ..reporting.messages import Message
from .costs import Budget, BudgetExceeded, within
from .sketch import containment, merge

#: Containment above which a new dataset is charged to a population without asking:
#: below 0.9 with a margin, so that next week's export of a population with 10 % churn
#: a week (containment 0.9, 0.81 after a skipped week) joins; the estimate's standard
#: error there is ≤ 1 point.
JOIN = 0.75
#: Containment above which an overlap is partial (refused until the owner decides).
OVERLAP = 0.1
PERIODS = ("week", "month")


class PopulationAmbiguous(ValueError):
    """A new dataset's people overlap a population's partly: the owner must say which."""


@dataclass(frozen=True)
class Policy:
    """A population's per-person policy: total budget, horizon, caps per calendar period
    (``{"week": ε, "month": ε}``, either optional)."""

    budget: Budget
    horizon: str = ""
    caps: tuple = ()

    def __post_init__(self):
        caps = tuple(sorted(dict(self.caps).items()))
        for period, eps in caps:
            if period not in PERIODS:
                raise ValueError(f"a cap period is 'week' or 'month', not {period!r}")
            if not 0 < eps < math.inf:
                raise ValueError(f"a cap per {period} needs a positive, finite ε")
        object.__setattr__(self, "caps", caps)

    def to_dict(self) -> dict:
        return {"budget": self.budget.to_dict(), "horizon": self.horizon,
                "caps": {p: float(e) for p, e in self.caps}}

    @classmethod
    def from_dict(cls, d: dict) -> "Policy":
        return cls(Budget.from_dict(d["budget"]), d.get("horizon", ""),
                   tuple(d.get("caps", {}).items()))


def period_label(day: _dt.date, period: str) -> str:
    """The calendar period of a day: ISO week (``2026-W05``) or month (``2026-02``)."""
    if period == "week":
        year, week, _ = day.isocalendar()
        return f"{year}-W{week:02d}"
    return f"{day.year}-{day.month:02d}"


def population_of(data: dict, dataset_id: str) -> str:
    """The population of a dataset (itself for datasets recorded before populations)."""
    return data["datasets"].get(dataset_id, {}).get("population", dataset_id)


def policy_of(data: dict, pid: str) -> Optional[Policy]:
    """A population's policy; a legacy dataset's budget when it has no record."""
    rec = data.get("populations", {}).get(pid)
    if rec is not None:
        return Policy.from_dict(rec["policy"])
    ds = data["datasets"].get(pid)
    return None if ds is None else Policy(Budget.from_dict(ds["budget"]))


def members(data: dict, pid: str) -> list:
    """The datasets of a population, sorted."""
    return sorted(d for d in data["datasets"] if population_of(data, d) == pid)


def spent(data: dict, pid: str, period: str = "", label: str = "") -> tuple:
    """(ε, δ) spent or reserved on a population (in ``label``'s ``period`` if given)."""
    entries = [e for d in members(data, pid) for e in data["datasets"][d]["entries"]
               if not period or (e.get("period") and period_label(
                   _dt.date.fromisoformat(e["period"][0]), period) == label)]
    return (math.fsum(e["epsilon"] for e in entries), math.fsum(e["delta"] for e in entries))


def choose(data: dict, dataset_id: str, sketch: Optional[list],
           named: Optional[str]) -> tuple:
    """(population, containment) of a dataset new in the ledger: the ``named`` one, the
    population containing its people (≥ :data:`JOIN`), else its own; raise
    :class:`PopulationAmbiguous` on a partial overlap (no noise has been drawn)."""
    if named:
        return named, None
    pops = data.get("populations", {})
    scores = sorted(((containment(sketch, rec["sketch"]), pid) for pid, rec in pops.items()
                     if sketch and rec.get("sketch")), reverse=True)
    if scores and scores[0][0] >= JOIN:
        return scores[0][1], scores[0][0]
    partial = [(c, p) for c, p in scores if c >= OVERLAP]
    if partial:
        found = ", ".join(f"'{p}' ({c:.0%})" for c, p in partial)
        raise PopulationAmbiguous(Message(
            "the people of dataset '{dataset}' overlap partly with population(s) {found} "
            "(estimated share of its people): set the population in the ledger (POPULATION_ID) "
            "to the population it belongs to, or to a new name for a population of its own. "
            "No noise was drawn.", dataset=dataset_id, found=found))
    return dataset_id, (scores[0][0] if scores else None)


def record(data: dict, pid: str, policy: Optional[Policy], sketch: Optional[list]) -> None:
    """Create the population's record (from ``policy``, or a legacy dataset's budget) and
    merge ``sketch`` into its people."""
    pops = data.setdefault("populations", {})
    if pid not in pops:
        policy = policy or policy_of(data, pid)
        if policy is None:
            raise ValueError(f"population '{pid}' is new in the ledger: give its policy "
                             "(total privacy budget) on first use")
        pops[pid] = {"policy": policy.to_dict(), "sketch": []}
    if sketch:
        pops[pid]["sketch"] = merge(pops[pid]["sketch"], sketch)


def check_limits(data: dict, pid: str, epsilon: float, delta: float, period: tuple) -> None:
    """Refuse a release beyond its population's total or its cap for the period."""
    policy = policy_of(data, pid)
    used_eps, used_delta = spent(data, pid)
    if not policy.budget.allows(used_eps + epsilon, used_delta + delta):
        raise BudgetExceeded(Message(
            "privacy budget exceeded for population '{population}': its people have spent "
            "ε={spent_epsilon:g}, δ={spent_delta:g} of ε={total_epsilon:g}, δ={total_delta:g} "
            "{horizon}; this release needs ε={epsilon:g}, δ={delta:g}. No noise was drawn.",
            population=pid, spent_epsilon=used_eps, spent_delta=used_delta,
            total_epsilon=policy.budget.epsilon, total_delta=policy.budget.delta,
            horizon=policy.horizon, epsilon=epsilon, delta=delta))
    for every, cap in policy.caps:
        label = period_label(_dt.date.fromisoformat(period[0]), every)
        used = spent(data, pid, every, label)[0]
        if not within(used + epsilon, cap):
            raise BudgetExceeded(Message(
                "privacy cap per {period} exceeded for population '{population}' in {label}: "
                "spent ε={spent:g} of ε={cap:g}; this release needs ε={epsilon:g}. No noise "
                "was drawn.", period=every, population=pid, label=label, spent=used, cap=cap,
                epsilon=epsilon))



def tightens(new: Policy, old: Policy) -> bool:
    """True when ``new`` allows nothing ``old`` refuses: same unit and horizon, a total
    (ε, δ) no larger, every cap of ``old`` kept and no larger (caps may be added)."""
    caps = dict(new.caps)
    return (new.budget.unit == old.budget.unit and new.horizon == old.horizon
            and new.budget.epsilon <= old.budget.epsilon
            and new.budget.delta <= old.budget.delta
            and all(p in caps and caps[p] <= e for p, e in old.caps))


def declare(data: dict, pid: str, policy: Policy) -> Optional[Policy]:
    """Set the policy of population ``pid`` (created if new; a legacy dataset of that
    name becomes its first member). Once anything was spent or reserved on it, only a
    tighter policy (:func:`tightens`) is accepted: a looser one would give its people
    budget back. Returns the policy replaced (None for a new population)."""
    old = policy_of(data, pid)
    used = spent(data, pid)
    if old is not None and any(used) and not tightens(policy, old):
        caps = ", ".join(f"ε={e:g} per {p}" for p, e in old.caps) or "no cap"
        raise ValueError(Message(
            "population '{population}' has spent ε={spent_epsilon:g}, δ={spent_delta:g} under "
            "its policy (ε={epsilon:g}, δ={delta:g} {horizon}; {caps}): once spending has "
            "started its policy can only be tightened (a smaller total, the same horizon, the "
            "same caps or smaller ones). Declare a new population for a new horizon.",
            population=pid, spent_epsilon=used[0], spent_delta=used[1],
            epsilon=old.budget.epsilon, delta=old.budget.delta, horizon=old.horizon, caps=caps))
    pops = data.setdefault("populations", {})
    rec = pops.setdefault(pid, {"sketch": []})
    rec["policy"] = policy.to_dict()
    if pid in data["datasets"] and "population" not in data["datasets"][pid]:
        data["datasets"][pid]["population"] = pid
    return old


def release_period(window=(None, None), times=None, today: Optional[_dt.date] = None) -> tuple:
    """((first day, last day), source) of a release for the caps per calendar period:
    the time window (epoch seconds, UTC; None = open), an open end taken from the data's
    ``times`` (epoch seconds, NaN = unknown), else the run date. ``source`` is
    ``"window"``, ``"data"`` (a raw-data fact: not for a publishable text) or ``"run date"``."""
    ends = [e if e is not None and math.isfinite(e) else None for e in window]
    source = "window"
    if None in ends and times is not None:
        t = np.asarray(times, dtype=float)
        t = t[np.isfinite(t)]
        if t.size:
            ends = [float(t.min()) if ends[0] is None else ends[0],
                    float(t.max()) if ends[1] is None else ends[1]]
            source = "data"
    if None in ends:
        known = [e for e in ends if e is not None]
        if not known:
            day = today or _dt.datetime.now(_dt.timezone.utc).date()
            return (day, day), "run date"
        ends = [known[0], known[0]]
    days = [_dt.datetime.fromtimestamp(e, _dt.timezone.utc).date() for e in ends]
    return (days[0], max(days)), source
