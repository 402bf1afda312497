"""The privacy ledger: per-dataset spending in a JSON file, locked and written atomically.

The ledger is keyed by dataset id (:mod:`dpcore.accounting.dataset_ids`). A release first
*reserves* its planned cost (refused if the dataset's total budget would be
exceeded), then draws its noise and writes its outputs, then *commits* the cost
it spent (:mod:`dpcore.accounting.contract` decides when). A caught failure before any
output is in place cancels the reservation; a process killed mid-release leaves
its reservation counted as spent, which errs on the side of privacy.
"""
from __future__ import annotations

import datetime as _dt
import math
import os
import uuid
from dataclasses import replace
from typing import Optional

from ..reporting.messages import Message
from . import populations as pops
from . import sketch as kmv
from .checks import check_delta, check_epsilon
from .costs import EPSILON_UNIT, REL_TOLERANCE, Budget, BudgetExceeded, PrivacyCost
from .ledger_file import LedgerUnwritable, locked, read, write  # noqa: F401 (re-exported)
from .populations import Policy, PopulationAmbiguous  # noqa: F401 (re-exported)
from .reservation import Reservation
from .units import PrivacyUnit

__all__ = ["BudgetExceeded", "BudgetMissing", "Ledger", "LedgerUnwritable", "Policy",
           "PopulationAmbiguous", "Reservation"]


class BudgetMissing(ValueError):
    """A dataset new in the ledger joins no population and was given no budget."""


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")


class Ledger:
    """Per-dataset privacy spending, stored in a JSON file.

    Layout::

        {"version": 2,
         "datasets": {"<id>": {"budget": {"epsilon", "delta", "unit", "unit_of_privacy"},
                               "entries": [{"id", "time", "label", "status", "unit",
                                            "unit_of_privacy", "epsilon", "delta",
                                            "parts"}]}}}

    ``status`` is ``"reserved"`` while a release runs and ``"spent"`` after it.
    Reserved entries count against the budget. Ledgers written before units
    existed read as plain-ε budgets with no stated unit of privacy.
    """

    def __init__(self, path: str):
        self.path = os.path.abspath(os.fspath(path))

    # -- file access (:mod:`.ledger_file`) ----------------------------------
    def _read(self) -> dict:
        return read(self.path)

    def _write(self, data: dict) -> None:
        write(self.path, data)

    # -- queries -----------------------------------------------------------
    def datasets(self) -> list:
        """The dataset ids of the ledger, sorted (none for a missing file)."""
        with locked(self.path):
            return sorted(self._read()["datasets"])

    def spent(self, dataset_id: str) -> tuple:
        """(ε, δ) spent or reserved so far on ``dataset_id`` (in its budget's unit)."""
        with locked(self.path):
            ds = self._read()["datasets"].get(dataset_id)
        return _spent(ds)

    def budget(self, dataset_id: str) -> Optional[Budget]:
        with locked(self.path):
            ds = self._read()["datasets"].get(dataset_id)
        return None if ds is None else Budget.from_dict(ds["budget"])

    def entries(self, dataset_id: str) -> list:
        with locked(self.path):
            ds = self._read()["datasets"].get(dataset_id)
        return [] if ds is None else list(ds["entries"])

    def snapshot(self) -> dict:
        """The ledger's content as parsed, read once under the lock (for views; a missing
        file is an empty ledger)."""
        with locked(self.path):
            return self._read()

    def sketch_key(self) -> "kmv.SketchKey":
        """The ledger's random key for sketches of user ids and its hashing scheme (created
        on first use, of the current scheme; a ledger whose key has no scheme is of the
        first)."""
        with locked(self.path):
            data = self._read()
            if "sketch_key" not in data:
                key = kmv.new_key()
                data.update(sketch_key=key.secret, sketch_scheme=key.scheme)
                self._write(data)
            return kmv.SketchKey(int(data["sketch_key"]), int(data.get("sketch_scheme", 1)))

    def population(self, dataset_id: str) -> str:
        """The population a dataset's releases draw on (itself if unknown or legacy)."""
        with locked(self.path):
            return pops.population_of(self._read(), dataset_id)

    def population_spent(self, pid: str, period: str = "", label: str = "") -> tuple:
        """(ε, δ) spent or reserved on a population (in one calendar period if given)."""
        with locked(self.path):
            return pops.spent(self._read(), pid, period, label)

    def _people(self, ids, carried) -> Optional[list]:
        """The sketch of a release's people: of its ``ids``, or its ``carried`` sketch
        (refused when made with another key), or None."""
        if ids is not None and carried is not None:
            raise ValueError(Message("give a release's user ids or the sketch of them, not both"))
        if ids is None and carried is None:
            return None
        key = self.sketch_key()
        if carried is None:
            return kmv.sketch(key, ids)
        return kmv.carried_values(carried, key, self.path)

    # -- two-phase spending -----------------------------------------------
    def reserve(self, dataset_id: str, epsilon, delta: float = 0.0,
                budget: Optional[Budget] = None, label: str = "", *,
                unit: Optional[str] = None,
                unit_of_privacy: Optional[str] = None, ids=None, sketch=None,
                population: Optional[str] = None, policy: Optional[Policy] = None,
                period: Optional[tuple] = None) -> "Reservation":
        """Reserve (ε, δ) for a release, or raise :class:`BudgetExceeded`.

        ``epsilon`` may be the release's planned :class:`PrivacyCost`, which then gives δ,
        the unit and the unit of privacy. The first release on a dataset fixes its total
        budget (``budget`` is then required, in the release's unit; an unstated unit of
        privacy is taken from the release); later calls may omit it or must give the same
        one. Spending in one unit (or unit of privacy) against a budget kept in another is
        refused.

        Populations (:mod:`dpcore.accounting.populations`): ``ids`` (the release's user
        ids) are sketched with the ledger's key, or ``sketch`` is their sketch computed
        elsewhere with it (:func:`dpcore.accounting.sketch.carried`, e.g. by a Spark job;
        one of the two); a dataset new in the ledger joins the ``population`` named, else
        the population containing its people, else its own (with ``policy``, by default
        ``budget`` with no cap). The release is refused when the population's total, or
        its cap for the calendar period of ``period`` (the release's first and last day; by
        default the run date), would be exceeded.
        """
        if isinstance(epsilon, PrivacyCost):
            planned = epsilon
            epsilon, delta = planned.epsilon, planned.delta
            unit = unit or planned.unit
            unit_of_privacy = unit_of_privacy or planned.unit_of_privacy
        units = (unit or EPSILON_UNIT, PrivacyUnit.of(unit_of_privacy))
        if not dataset_id:
            raise ValueError("a dataset id is required to use the privacy ledger")
        epsilon, delta = float(check_epsilon(epsilon)), float(check_delta(delta))
        entry_id = uuid.uuid4().hex
        people = self._people(ids, sketch)
        today = _dt.datetime.now(_dt.timezone.utc).date()
        period = tuple(d.isoformat() for d in (period or (today, today)))
        with locked(self.path):
            data = self._read()
            pid = self._population(data, dataset_id, people, population, budget, policy, units)
            ds = data["datasets"][dataset_id]
            _check_dataset(dataset_id, ds, budget, epsilon, delta, units)
            pops.check_limits(data, pid, epsilon, delta, period)
            ds["entries"].append({"id": entry_id, "time": _now(), "label": label,
                                  "period": list(period), "status": "reserved",
                                  "unit": units[0], "unit_of_privacy": str(units[1]),
                                  "epsilon": epsilon, "delta": delta, "parts": []})
            self._write(data)
        return Reservation(self, dataset_id, entry_id, epsilon, delta, units[0],
                           population=pid, policy=pops.policy_of(data, pid), period=period)

    def _population(self, data: dict, dataset_id: str, people: Optional[list],
                    named: Optional[str], budget: Optional[Budget],
                    policy: Optional[Policy], units: tuple) -> str:
        """The population a release on ``dataset_id`` draws on: a known dataset's, or for a
        new one the population it joins (recorded with its budget); ``people`` merged into
        its sketch."""
        if dataset_id in data["datasets"]:
            pid = pops.population_of(data, dataset_id)
            if named and named != pid:
                raise ValueError(Message(
                    "dataset '{dataset}' is charged to population '{population}' in the ledger "
                    "{path}: it cannot move to '{named}' (its people have spent there). No noise "
                    "was drawn.", dataset=dataset_id, population=pid, path=self.path,
                    named=named))
            if people is not None:
                pops.record(data, pid, None, people)
            return pid
        pid = pops.choose(data, dataset_id, people, named)[0]
        joined = pops.policy_of(data, pid)
        own = budget or (joined.budget if joined else (policy and policy.budget))
        if own is None:
            raise BudgetMissing(
                f"dataset '{dataset_id}' is new in the ledger {self.path}: "
                "give its total privacy budget (epsilon, delta) on first use")
        _check_units(dataset_id, own, *units)
        if not own.unit_of_privacy:
            own = Budget(own.epsilon, own.delta, own.unit, units[1])
        data["datasets"][dataset_id] = {"budget": own.to_dict(), "entries": [],
                                        "population": pid}
        if joined is None:
            policy = replace(policy, budget=own) if policy else Policy(own)
        pops.record(data, pid, None if joined else policy, people)
        return pid

    def declare(self, pid: str, policy: Policy) -> Policy:
        """Declare population ``pid`` and its policy, or change it
        (:func:`dpcore.accounting.populations.declare`: once its people have spent, only a
        tighter policy); returns the policy it replaced (None if new)."""
        if not pid:
            raise ValueError("a population needs a name")
        with locked(self.path):
            data = self._read()
            old = pops.declare(data, pid, policy)
            self._write(data)
        return old

    def _finish(self, dataset_id: str, entry_id: str, cost: Optional[PrivacyCost],
                outputs=(), outcome: str = "") -> None:
        with locked(self.path):
            data = self._read()
            entries = data["datasets"][dataset_id]["entries"]
            for i, e in enumerate(entries):
                if e["id"] == entry_id:
                    if cost is None:
                        del entries[i]
                    else:
                        e.update(status="spent", time=_now(), epsilon=cost.epsilon,
                                 delta=cost.delta, parts=[p.to_dict() for p in cost.parts])
                        if outputs:
                            e["outputs"] = [str(o) for o in outputs]
                        if outcome:
                            e["outcome"] = outcome
                    break
            else:
                raise ValueError(f"ledger entry {entry_id} vanished from {self.path}")
            self._write(data)


def _check_units(dataset_id: str, budget: Budget, unit: str, unit_of_privacy: str) -> None:
    """Refuse a release whose unit (or unit of privacy) differs from the budget's."""
    if unit != budget.unit or (unit_of_privacy and budget.unit_of_privacy
                               and unit_of_privacy != budget.unit_of_privacy):
        spends = (Message("{unit} per {who}", unit=unit, who=unit_of_privacy)
                  if unit_of_privacy else unit)
        raise ValueError(Message(
            "dataset '{dataset}' keeps its budget in {budget}; this release spends {spends}. A "
            "cost in one unit cannot be charged against a budget in another: use a separate "
            "dataset id (and budget) for it. No noise was drawn.", dataset=dataset_id,
            budget=budget.describe(), spends=spends))


def _check_dataset(dataset_id: str, ds: dict, budget: Optional[Budget], epsilon: float,
                   delta: float, units: tuple) -> None:
    """Refuse a release in another unit than the dataset's budget, with another budget
    than the one recorded, or beyond the dataset's total."""
    stored = Budget.from_dict(ds["budget"])
    _check_units(dataset_id, stored, *units)
    if budget is not None and not (
            math.isclose(stored.epsilon, budget.epsilon, rel_tol=REL_TOLERANCE)
            and math.isclose(stored.delta, budget.delta, rel_tol=REL_TOLERANCE)):
        raise ValueError(Message(
            "dataset '{dataset}' has a total budget of ε={epsilon:g}, δ={delta:g} in the "
            "ledger; the run gave ε={given_epsilon:g}, δ={given_delta:g}. A budget "
            "cannot be changed once spending has started.", dataset=dataset_id,
            epsilon=stored.epsilon, delta=stored.delta, given_epsilon=budget.epsilon,
            given_delta=budget.delta))
    used_eps, used_delta = _spent(ds)
    if not stored.allows(used_eps + epsilon, used_delta + delta):
        raise BudgetExceeded(Message(
            "privacy budget exceeded for dataset '{dataset}': spent ε={spent_epsilon:g}, "
            "δ={spent_delta:g} of ε={total_epsilon:g}, δ={total_delta:g} ({unit}); this "
            "release needs ε={epsilon:g}, δ={delta:g}. No noise was drawn.",
            dataset=dataset_id, spent_epsilon=used_eps, spent_delta=used_delta,
            total_epsilon=stored.epsilon, total_delta=stored.delta, unit=stored.unit,
            epsilon=epsilon, delta=delta))


def _spent(ds: Optional[dict]) -> tuple:
    if ds is None:
        return 0.0, 0.0
    return (math.fsum(e["epsilon"] for e in ds["entries"]),
            math.fsum(e["delta"] for e in ds["entries"]))
