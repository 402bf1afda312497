"""What a privacy ledger holds, summarised for people: the model of the budget panel.

A ledger (:class:`dpcore.privacy.Ledger`) keeps, per dataset, a total budget in one unit
(ε, or ε per metre) and unit of privacy, and one entry per release (reserved while it runs,
spent after), and its datasets belong to populations (:mod:`dpcore.accounting.populations`).
:func:`summarise_populations` turns a ledger file into rows a table can show: per
population its policy, what its people have spent (reserved entries included: they count
against the budget) and what remains, in total and in each calendar period its caps limit
(the periods with releases and the current one), the share that remains and whether it is
below a warning level; per dataset what it spent and the history of its releases, newest
first. A ledger written before populations existed reads as one population per dataset,
with the dataset's budget as policy.
Read-only: only releases write a ledger.
"""
from __future__ import annotations

import datetime as _dt
import math
from dataclasses import dataclass, field
from typing import List, Optional

from . import populations as pops
from .costs import Budget
from .ledger import Ledger
from .populations import Policy

#: Default warning level: less than this share of the budget (ε or δ) remains.
WARN_SHARE = 0.2


@dataclass(frozen=True)
class ReleaseRow:
    time: str
    algorithm: str
    status: str            # "spent", or "reserved" while running (or after a crash: kept, fail-closed)
    epsilon: float
    delta: float
    outputs: tuple = ()
    period: tuple = ()     # (first day, last day) as ISO dates; () in ledgers before periods


class _Remaining:
    """What remains of a budget (``budget_*`` and ``spent_*`` fields) and its warning."""

    @property
    def remaining_epsilon(self) -> float:
        return max(self.budget_epsilon - self.spent_epsilon, 0.0)

    @property
    def remaining_delta(self) -> float:
        return max(self.budget_delta - self.spent_delta, 0.0)

    @property
    def remaining_share(self) -> float:
        """The smaller of the remaining shares of ε and of δ (δ only where a δ budget exists)."""
        shares = [self.remaining_epsilon / self.budget_epsilon]
        if self.budget_delta > 0:
            shares.append(self.remaining_delta / self.budget_delta)
        return min(shares)

    @property
    def warning(self) -> bool:
        return self.remaining_share < self.warn_share


@dataclass(frozen=True)
class DatasetRow(_Remaining):
    ledger: str
    dataset_id: str
    unit: str
    unit_of_privacy: str
    budget_epsilon: float
    budget_delta: float
    spent_epsilon: float
    spent_delta: float
    releases: List[ReleaseRow] = field(default_factory=list)
    warn_share: float = WARN_SHARE


@dataclass(frozen=True)
class PeriodRow(_Remaining):
    """ε spent by a population in one calendar period against its cap there (caps are in ε)."""
    every: str             # "week" or "month"
    label: str             # "2026-W23", "2026-06"
    budget_epsilon: float  # the cap
    spent_epsilon: float
    current: bool          # the period of today (UTC)
    warn_share: float = WARN_SHARE
    budget_delta: float = 0.0
    spent_delta: float = 0.0


@dataclass(frozen=True)
class PopulationRow(_Remaining):
    """A population: its policy, what its people spent (every release on any of its datasets)
    and what remains, in total and per period, and its datasets."""
    ledger: str
    population_id: str
    policy: Policy
    spent_epsilon: float
    spent_delta: float
    periods: List[PeriodRow] = field(default_factory=list)   # weeks, months; newest first
    datasets: List[DatasetRow] = field(default_factory=list)
    warn_share: float = WARN_SHARE

    @property
    def budget_epsilon(self) -> float:
        return self.policy.budget.epsilon

    @property
    def budget_delta(self) -> float:
        return self.policy.budget.delta

    @property
    def unit(self) -> str:
        return self.policy.budget.unit

    @property
    def unit_of_privacy(self) -> str:
        return self.policy.budget.unit_of_privacy

    @property
    def single_dataset(self) -> bool:
        """A dataset that is its own population with its budget as policy (every dataset of a
        ledger written before populations): nothing to show beyond the dataset's row."""
        return ([d.dataset_id for d in self.datasets] == [self.population_id]
                and not self.policy.caps and not self.policy.horizon)

    @property
    def warning(self) -> bool:
        return self.remaining_share < self.warn_share or any(
            p.warning for p in self.periods if p.current)


def _check_share(warn_share: float) -> None:
    if not (0.0 <= warn_share <= 1.0) or math.isnan(warn_share):
        raise ValueError(f"the warning share must be in [0, 1], got {warn_share}")


def _dataset_row(path: str, data: dict, dataset_id: str, warn_share: float) -> DatasetRow:
    ds = data["datasets"][dataset_id]
    budget = Budget.from_dict(ds["budget"])
    entries = ds["entries"]
    releases = [ReleaseRow(e.get("time", ""), e.get("label", ""), e.get("status", ""),
                           float(e.get("epsilon", 0.0)), float(e.get("delta", 0.0)),
                           tuple(e.get("outputs", ())), tuple(e.get("period", ())))
                for e in entries]
    releases.reverse()              # the ledger appends: newest last (times tie within a second)
    return DatasetRow(path, dataset_id, budget.unit, budget.unit_of_privacy,
                      budget.epsilon, budget.delta,
                      math.fsum(e["epsilon"] for e in entries),
                      math.fsum(e["delta"] for e in entries), releases, warn_share)


def _periods(data: dict, pid: str, policy: Policy, today: _dt.date,
             warn_share: float) -> List[PeriodRow]:
    """Per cap of the policy (weeks, then months), the periods with releases and the current
    one, newest first."""
    firsts = [_dt.date.fromisoformat(e["period"][0]) for d in pops.members(data, pid)
              for e in data["datasets"][d]["entries"] if e.get("period")]
    rows = []
    for every, cap in sorted(policy.caps, key=lambda c: pops.PERIODS.index(c[0])):
        current = pops.period_label(today, every)
        labels = {pops.period_label(day, every) for day in firsts} | {current}
        rows += [PeriodRow(every, label, float(cap), pops.spent(data, pid, every, label)[0],
                           label == current, warn_share)
                 for label in sorted(labels, reverse=True)]
    return rows


def summarise_populations(path: str, warn_share: float = WARN_SHARE,
                          today: Optional[_dt.date] = None) -> List[PopulationRow]:
    """One :class:`PopulationRow` per population of the ledger file at ``path`` (sorted by
    id), its datasets sorted by id; ``today`` (UTC by default) marks the current periods.

    A missing file is an empty ledger; an unreadable one raises ``ValueError``.
    """
    _check_share(warn_share)
    today = today or _dt.datetime.now(_dt.timezone.utc).date()
    ledger = Ledger(path)
    data = ledger.snapshot()
    rows = []
    for pid in sorted({pops.population_of(data, d) for d in data["datasets"]}):
        policy = pops.policy_of(data, pid)
        spent_epsilon, spent_delta = pops.spent(data, pid)
        rows.append(PopulationRow(
            ledger.path, pid, policy, spent_epsilon, spent_delta,
            _periods(data, pid, policy, today, warn_share),
            [_dataset_row(ledger.path, data, d, warn_share) for d in pops.members(data, pid)],
            warn_share))
    return rows

