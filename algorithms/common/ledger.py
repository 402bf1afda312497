"""The ledger side of a run: the reservation, the spent-cost outputs, honest cancellation.

A release reserves its dpcore-planned cost before any noise is drawn
(:meth:`Charge.reserve`), commits the cost it actually spent, and the
committed cost becomes the EPSILON_SPENT / DELTA_SPENT / PRIVACY_UNIT
outputs and one log line. A cancel before the commit releases nothing; after
it, the message says the budget was spent (see ``MobilityDPAlgorithm``).
"""
from __future__ import annotations

import contextlib

from qgis.core import QgsProviderRegistry
from qgis.PyQt.QtCore import QCoreApplication

from ...dpcore.privacy import EPSILON_UNIT, Ledger, PrivacyCost, dataset_id

EPSILON_SPENT = "EPSILON_SPENT"
DELTA_SPENT = "DELTA_SPENT"
PRIVACY_UNIT = "PRIVACY_UNIT"


def _tr(text: str) -> str:
    return QCoreApplication.translate("MobilityDP", text)


def source_dataset_id(layer) -> str:
    """The default ledger dataset id of a layer: the normalised path of its file."""
    source = layer.source()
    with contextlib.suppress(Exception):
        path = QgsProviderRegistry.instance().decodeUri(layer.providerType(), source).get("path")
        if path:
            source = path
    return dataset_id(source)


class Charge(contextlib.AbstractContextManager):
    """A run's ledger reservation (or its stand-in) that remembers the committed cost."""

    def __init__(self, path, dataset_id_, planned: PrivacyCost):
        self.path = path or None
        self.dataset_id = dataset_id_ if path else None
        self.planned = planned
        self.reservation = None
        self.cost = None

    def reserve(self, budget, label: str) -> "Charge":
        """Reserve the planned cost in the ledger (if any); refused before any noise."""
        if self.path:
            self.reservation = Ledger(self.path).reserve(self.dataset_id, self.planned,
                                                         budget=budget, label=label)
        return self

    def commit(self, cost: PrivacyCost) -> None:
        if self.reservation is not None:
            self.reservation.commit(cost)
        self.cost = cost

    def cancel(self) -> None:
        if self.reservation is not None:
            self.reservation.cancel()

    def __exit__(self, exc_type, exc, tb):
        if self.reservation is not None:
            return self.reservation.__exit__(exc_type, exc, tb)
        return False

    def outputs(self) -> dict:
        unit = self.cost.unit if self.cost.parts else EPSILON_UNIT
        who = self.cost.unit_of_privacy
        return {EPSILON_SPENT: self.cost.epsilon, DELTA_SPENT: self.cost.delta,
                PRIVACY_UNIT: f"{unit} per {who}" if who else unit}

    def log_line(self) -> str:
        where = (_tr("charged to dataset '{dataset}' in the ledger {path}").format(
            dataset=self.dataset_id, path=self.path) if self.reservation is not None
            else _tr("no ledger given"))
        return _tr("Privacy cost of this release: {cost}; {where}.").format(
            cost=self.cost.describe(), where=where)


def cancel_message(charge) -> str:
    """What a cancelled run tells the user: was anything released or charged?"""
    if charge is None or charge.cost is None:
        return _tr("Cancelled by the user before the release: nothing was released and "
                   "nothing was charged to the privacy ledger.")
    if charge.reservation is None:
        return _tr("Cancelled while the outputs were written: the partial outputs were "
                   "removed, so nothing was published (no ledger was given).")
    return _tr("Cancelled after the release was charged to the privacy ledger: {cost} was "
               "spent on dataset '{dataset}' in {path}. The partial outputs were removed, but "
               "the budget stays spent.").format(cost=charge.cost.describe(),
                                                 dataset=charge.dataset_id, path=charge.path)
