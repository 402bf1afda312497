"""A release's reservation in the privacy ledger: commit the cost it spent, or cancel it.

:meth:`dpcore.accounting.ledger.Ledger.reserve` returns one; :mod:`dpcore.accounting.contract`
decides which of the two ends it (from the first noisy draw on, the reservation is spent).
"""
from __future__ import annotations

from typing import Optional

from .costs import EPSILON_UNIT, PrivacyCost, within
from .populations import Policy


class Reservation:
    """A planned spending in the ledger; commit the actual cost or cancel.

    Use as a context manager: leaving the block by an exception cancels the
    reservation (no noise was published), leaving it normally without a
    commit is an error.
    """

    def __init__(self, ledger, dataset_id: str, entry_id: str,
                 epsilon: float, delta: float, unit: str = EPSILON_UNIT, *,
                 population: Optional[str] = None, policy: Optional[Policy] = None,
                 period: Optional[tuple] = None):
        self.ledger, self.dataset_id, self.entry_id = ledger, dataset_id, entry_id
        self.epsilon, self.delta, self.unit = epsilon, delta, unit
        # the population charged, its policy and the release's period (ISO days)
        self.population, self.policy, self.period = population, policy, period
        self.done = False

    def commit(self, cost: PrivacyCost, outputs=(), outcome: str = "") -> None:
        """Record the spent ``cost`` (and the paths of the outputs it paid for); ``outcome``
        marks a release that drew noise and then failed (``"failed"``) or was cancelled."""
        if self.done:
            raise ValueError("this ledger reservation was already committed or cancelled")
        if cost.parts and cost.unit != self.unit:
            raise ValueError(f"release spent {cost.unit} but reserved {self.unit}")
        if not (within(cost.epsilon, self.epsilon) and within(cost.delta, self.delta)):
            raise ValueError(
                f"release spent ε={cost.epsilon:g}, δ={cost.delta:g}, more than the "
                f"ε={self.epsilon:g}, δ={self.delta:g} it reserved")
        self.ledger._finish(self.dataset_id, self.entry_id, cost, outputs, outcome)
        self.done = True

    def cancel(self) -> None:
        if not self.done:
            self.ledger._finish(self.dataset_id, self.entry_id, None)
            self.done = True

    def __enter__(self) -> "Reservation":
        return self

    def __exit__(self, exc_type, exc, tb) -> bool:
        if exc_type is not None:
            self.cancel()
            return False
        if not self.done:
            self.cancel()
            raise ValueError("a ledger reservation was neither committed nor cancelled")
        return False
