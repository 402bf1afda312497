"""The unit of privacy as a type (dpcore.accounting.units.PrivacyUnit): costs, budgets and plans
carry it, a text naming no unit is refused, and ledgers read and write the same texts as before
the type (a ledger written by the string version keeps working)."""
from __future__ import annotations

import json
import os
import shutil

import pytest

from mobility_dp.dpcore.accounting.costs import Budget, CostPart, PrivacyCost
from mobility_dp.dpcore.accounting.ledger import Ledger
from mobility_dp.dpcore.accounting.units import PrivacyUnit
from mobility_dp.dpcore.counts.noisycounts import plan_noisy_counts

#: Written by the ledger before populations (and before the type): units of privacy as text.
LEGACY = os.path.join(os.path.dirname(__file__), "data", "ledger_before_populations.json")
IRIS = "/data/census/iris_population.gpkg"


def test_a_unit_is_its_ledger_text_wherever_text_is_expected():
    for unit in PrivacyUnit:
        assert unit == unit.value and hash(unit) == hash(unit.value)
        assert str(unit) == f"{unit}" == "{}".format(unit) == f"{unit:>0}" == unit.value
        assert json.dumps({"u": unit}) == json.dumps({"u": unit.value})
        assert {unit.value: 1}[unit] == 1                     # a dict of ledger texts finds it
        assert PrivacyUnit.of(unit.value) is unit and PrivacyUnit.of(unit) is unit
    assert PrivacyUnit.of("") == "" and PrivacyUnit.of(None) == ""


def test_costs_budgets_and_plans_carry_the_type():
    part = CostPart("Laplace", 1.0, unit_of_privacy="user")
    assert part.unit_of_privacy is PrivacyUnit.USER
    assert PrivacyCost.of("Laplace", 1.0).with_unit_of_privacy("vehicle").unit_of_privacy \
        is PrivacyUnit.VEHICLE
    assert Budget(1.0, unit_of_privacy="reported point").unit_of_privacy is PrivacyUnit.REPORTED_POINT
    plan = plan_noisy_counts(epsilon=0.5)
    assert plan.unit_of_privacy is PrivacyUnit.INDIVIDUAL
    assert CostPart.from_dict(json.loads(json.dumps(part.to_dict()))) == part
    assert type(part.to_dict()["unit_of_privacy"]) is str


def test_a_text_naming_no_unit_is_refused_not_charged_as_a_new_unit():
    """Control: with units as bare strings a misspelt "usr" made a unit of its own."""
    for make in (lambda: CostPart("Laplace", 1.0, unit_of_privacy="usr"),
                 lambda: PrivacyCost.of("Laplace", 1.0, unit_of_privacy="users"),
                 lambda: Budget(1.0, unit_of_privacy="person"),
                 lambda: PrivacyCost.of("Laplace", 1.0).with_unit_of_privacy("vehicles")):
        with pytest.raises(ValueError, match="unknown unit of privacy"):
            make()


def test_a_ledger_written_with_text_units_keeps_working(tmp_path):
    path = tmp_path / "ledger.json"
    shutil.copy(LEGACY, path)
    old = json.loads(path.read_text(encoding="utf-8"))
    ledger = Ledger(str(path))
    assert ledger.budget(IRIS).unit_of_privacy is PrivacyUnit.USER
    cost = PrivacyCost.of("discrete Laplace", 0.25, unit_of_privacy=PrivacyUnit.USER)
    with ledger.reserve(IRIS, cost) as reservation:
        reservation.commit(cost)
    with pytest.raises(ValueError, match=r"unit of privacy: user\); this release spends ε per vehicle"):
        ledger.reserve(IRIS, PrivacyCost.of("discrete Laplace", 0.1, unit_of_privacy="vehicle"))
    new = json.loads(path.read_text(encoding="utf-8"))
    entries = new["datasets"][IRIS]["entries"]
    assert entries[:-1] == old["datasets"][IRIS]["entries"]             # old entries untouched
    assert new["datasets"][IRIS]["budget"] == old["datasets"][IRIS]["budget"]
    assert entries[-1]["unit_of_privacy"] == "user"
    assert {p["unit_of_privacy"] for p in entries[-1]["parts"]} == {"user"}
    assert ledger.spent(IRIS)[0] == pytest.approx(1.75)


def test_a_budget_written_before_units_of_privacy_reads_as_unstated(tmp_path):
    """Ledgers written before units of privacy hold none: the budget stays unstated (any
    release's unit is charged, as before the type) and the entry records its unit as text."""
    path = tmp_path / "ledger.json"
    path.write_text(json.dumps({"version": 1, "datasets": {"zones": {
        "budget": {"epsilon": 1.0, "delta": 0.0}, "entries": []}}}), encoding="utf-8")
    cost = PrivacyCost.of("discrete Laplace", 0.5, unit_of_privacy="individual")
    Ledger(str(path)).reserve("zones", cost).commit(cost)
    stored = json.loads(path.read_text(encoding="utf-8"))["datasets"]["zones"]
    assert stored["budget"] == {"epsilon": 1.0, "delta": 0.0}
    assert stored["entries"][0]["unit_of_privacy"] == "individual"
    assert Ledger(str(path)).budget("zones").unit_of_privacy == ""
