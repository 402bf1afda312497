"""What a privacy ledger holds, summarised for people: the model of the budget panel.

A ledger (:class:`dpcore.privacy.Ledger`) keeps, per dataset, a total budget in one unit
(ε, or ε per metre) and unit of privacy, and one entry per release (reserved while it runs,
spent after). :func:`summarise_ledger` turns a ledger file into rows a table can show:
budget, spent (reserved entries included: they count against the budget), what remains,
the share that remains, whether that share is below a warning level, and the history of
releases, newest first. Read-only: only releases write a ledger.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import List

from .ledger import Ledger

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


@dataclass(frozen=True)
class DatasetRow:
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


def summarise_ledger(path: str, warn_share: float = WARN_SHARE) -> List[DatasetRow]:
    """One :class:`DatasetRow` per dataset of the ledger file at ``path`` (sorted by id).

    A missing file is an empty ledger; an unreadable one raises ``ValueError`` (the ledger's
    own message).
    """
    if not (0.0 <= warn_share <= 1.0) or math.isnan(warn_share):
        raise ValueError(f"the warning share must be in [0, 1], got {warn_share}")
    ledger = Ledger(path)
    rows = []
    for dataset_id in ledger.datasets():
        budget = ledger.budget(dataset_id)
        spent_epsilon, spent_delta = ledger.spent(dataset_id)
        releases = [ReleaseRow(e.get("time", ""), e.get("label", ""), e.get("status", ""),
                               float(e.get("epsilon", 0.0)), float(e.get("delta", 0.0)),
                               tuple(e.get("outputs", ())))
                    for e in ledger.entries(dataset_id)]
        releases.reverse()              # the ledger appends: newest last (times tie within a second)
        rows.append(DatasetRow(ledger.path, dataset_id, budget.unit, budget.unit_of_privacy,
                               budget.epsilon, budget.delta, spent_epsilon, spent_delta,
                               releases, warn_share))
    return rows

