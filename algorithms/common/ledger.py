"""The ledger side of a run: the release contract's charge, spent-cost outputs, honest messages.

An algorithm reserves its dpcore-planned cost before any noise is drawn
(``with alg.reserve_budget(...) as charge``), runs its release and hands it to
``charge.check_spent(release)`` — the contract's one check of spent against planned.
The base class commits the cost only once every file output is in place
(:mod:`.staging`); the committed cost becomes the EPSILON_SPENT / DELTA_SPENT /
PRIVACY_UNIT outputs and one log line. A failure or cancel before the release's first
random draw cancels the reservation (nothing was published); from the first draw on it
commits the charge (:meth:`ReleaseContract.fail`).
"""
from __future__ import annotations

import contextlib

from qgis.core import QgsProviderRegistry
from qgis.PyQt.QtCore import QCoreApplication

from ...dpcore.accounting.contract import ReleaseContract
from ...dpcore.accounting.costs import EPSILON_UNIT, PrivacyCost
from ...dpcore.accounting.dataset_ids import NoStableIdentity, dataset_id

EPSILON_SPENT = "EPSILON_SPENT"
DELTA_SPENT = "DELTA_SPENT"
PRIVACY_UNIT = "PRIVACY_UNIT"


def _tr(text: str) -> str:
    return QCoreApplication.translate("MobilityDP", text)


def layer_dataset_id(layer) -> str:
    """The default ledger dataset id of a layer (:func:`dpcore.accounting.dataset_ids.dataset_id`):
    the normalised path of its file, or host/database/table of a database table; raises
    :class:`NoStableIdentity` for memory and virtual layers (DATASET_ID is then needed)."""
    provider, source = layer.providerType(), layer.source()
    if provider in ("memory", "virtual"):
        raise NoStableIdentity(dataset_id_message(provider))
    if provider in ("ogr", "delimitedtext", "gdal", "gpx", "spatialite"):
        with contextlib.suppress(Exception):
            decoded = QgsProviderRegistry.instance().decodeUri(provider, source)
            path = decoded.get("path") or ""
            if path and provider != "spatialite":
                source = path
    return dataset_id(source, provider)


def dataset_id_message(kind: str) -> str:
    return (f"a {kind} layer has no stable identity (every copy would get a fresh privacy "
            "budget): give the dataset id (DATASET_ID) under which the ledger charges this data")


class Charge(contextlib.AbstractContextManager):
    """A run's :class:`ReleaseContract` (with or without a ledger).

    ``default_dataset_id`` is a string or a callable giving it, called only when a
    ledger is given and DATASET_ID is empty (a memory layer then refuses clearly).
    ``ids`` (or ``sketch``), ``population`` and ``period`` go to the contract (the people of
    the release, the population named for a new dataset, the release's first and last day);
    ``period_source`` says where the period came from (``"data"``: internal report only).
    """

    def __init__(self, path, dataset_id_, planned: PrivacyCost, *, budget=None, label="",
                 seeded=False, ids=None, sketch=None, population=None, period=None,
                 period_source=""):
        if path and callable(dataset_id_):
            dataset_id_ = dataset_id_()
        self.warnings = ()
        self.period_source = period_source
        self.contract = ReleaseContract(planned, ledger=path or None, dataset_id=dataset_id_,
                                        budget=budget, label=label, seeded=seeded, ids=ids,
                                        sketch=sketch, population=population, period=period)

    # the contract's state, as the base class and the reports read it
    path = property(lambda self: self.contract.path)
    dataset_id = property(lambda self: self.contract.dataset_id)
    planned = property(lambda self: self.contract.planned)
    cost = property(lambda self: self.contract.cost)
    reservation = property(lambda self: self.contract.reservation)

    def reserve(self) -> "Charge":
        self.contract.reserve()
        return self

    def charged(self):
        """What the report's guarantee section says of the charge: (population, policy,
        period, source of the period) of the reservation, None without a ledger."""
        r = self.reservation
        if r is None or r.population is None:
            return None
        return r.population, r.policy, r.period, self.period_source

    def check_spent(self, release):
        """The contract's check of the spent cost against the plan; returns ``release``.
        Keeps the release's public warnings (``public["warnings"]``: sentences built from
        noisy values and public facts only) for the log and the report."""
        self.warnings = tuple(getattr(release, "public", {}).get("warnings", ()))
        return self.contract.check_spent(release)

    def __exit__(self, exc_type, exc, tb):
        if exc_type is None and self.contract.cost is None:
            raise RuntimeError("a release ran without handing its cost to charge.check_spent()")
        return False      # failures are settled by the base class (failure rule)

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
            cost=cost_text(self.cost), where=where)


def unit_text(unit: str) -> str:
    """A privacy unit ("ε", "ε per metre") or unit of privacy ("user") in the user's language."""
    return {"ε per metre": _tr("ε per metre"), "user": _tr("user"),
            "individual": _tr("individual"), "vehicle": _tr("vehicle"),
            "trajectory": _tr("trajectory"), "move": _tr("move"),
            "visit": _tr("visit"), "reported point": _tr("reported point")}.get(unit, unit)


def cost_text(cost) -> str:
    """:meth:`PrivacyCost.describe` in the user's language: "ε = 0.5, δ = 0 (ε, unit of
    privacy: user)"."""
    values = dict(epsilon=f"{cost.epsilon:.6g}", delta=f"{cost.delta:.6g}",
                  unit=unit_text(cost.unit), who=unit_text(cost.unit_of_privacy))
    return (_tr("ε = {epsilon}, δ = {delta} ({unit}, unit of privacy: {who})") if
            cost.unit_of_privacy else _tr("ε = {epsilon}, δ = {delta} ({unit})")).format(**values)


def _rule_text(contract) -> str:
    """What :meth:`ReleaseContract.fail` did, in the user's language (call it first)."""
    if contract.state == "committed":
        where = (_tr(" and charged to dataset '{dataset}' in the ledger {path}").format(
            dataset=contract.dataset_id, path=contract.path)
            if contract.reservation is not None else _tr(" (no ledger was given)"))
        outputs = contract.outputs()
        wrote = _tr(" Outputs written: {outputs}.").format(
            outputs=", ".join(map(str, outputs))) if outputs else _tr(" No output was written.")
        return _tr("Noise had been drawn when the run stopped: {cost} was spent{where}.").format(
            cost=cost_text(contract.cost or contract.planned), where=where) + wrote
    if contract.reservation is not None:
        return _tr("Nothing was published and nothing was charged to the privacy ledger (no "
                   "noise had been drawn; its reservation was cancelled).")
    return (_tr("Nothing was published and nothing was charged to the privacy ledger.")
        if contract.path else _tr("Nothing was published (no ledger was given)."))


def failure_message(charge, message: str, *, drawn: bool, cancelled: bool = False) -> str:
    """``message`` followed by what the failure rule did: nothing published (no random draw
    yet), or what was spent and charged (:meth:`ReleaseContract.fail`), in the user's
    language."""
    if charge is None:
        rule = _tr("Nothing was published and nothing was charged to the privacy ledger.")
    else:
        charge.contract.fail(drawn=drawn, cancelled=cancelled)
        rule = _rule_text(charge.contract)
    if cancelled:
        message = _tr("Cancelled by the user.")
    message = message.strip()
    if message and message[-1] not in ".!?":
        message += "."
    return f"{message} {rule}".strip()
