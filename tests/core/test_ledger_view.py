"""The budget panel's model: what a ledger file holds, per dataset, for people."""
import datetime as dt
import json
import os
import shutil

import pytest

from mobility_dp.dpcore.accounting.costs import Budget, PrivacyCost
from mobility_dp.dpcore.accounting.ledger import Ledger
from mobility_dp.dpcore.accounting.ledger_view import summarise_populations

from ..support.ledgers import BIKES, BIKES_POLICY, RELEASES, SUBSCRIBERS, SUBSCRIBERS_POLICY, two_populations


def _release(ledger, dataset, epsilon, delta=0.0, *, budget=None, commit=True,
             label="mobilitydp:noisycounts"):
    planned = PrivacyCost.of("discrete Laplace", epsilon, delta, unit_of_privacy="user")
    reservation = ledger.reserve(dataset, planned, budget=budget, label=label)
    if commit:
        reservation.commit(planned)
    return reservation


def summarise_datasets(path, warn_share=0.2):
    """The dataset rows of a ledger whose every dataset is its own population."""
    populations = summarise_populations(path, warn_share)
    assert all(p.single_dataset for p in populations)
    return [p.datasets[0] for p in populations]


def test_rows_hold_budget_spent_remaining_and_history(tmp_path):
    path = tmp_path / "ledger.json"
    ledger = Ledger(str(path))
    _release(ledger, "/data/a.gpkg", 0.5, budget=Budget(2.0, 0.0, unit_of_privacy="user"))
    _release(ledger, "/data/a.gpkg", 1.0, label="mobilitydp:odflows")
    _release(ledger, "/data/b.gpkg", 0.1, 9e-6, budget=Budget(1.0, 1e-5, unit_of_privacy="user"))
    _release(ledger, "/data/b.gpkg", 0.2, commit=False)      # running (or killed): counts

    a, b = summarise_datasets(str(path), warn_share=0.2)
    assert (a.dataset_id, b.dataset_id) == ("/data/a.gpkg", "/data/b.gpkg")
    assert a.budget_epsilon == 2.0 and a.spent_epsilon == pytest.approx(1.5)
    assert a.remaining_epsilon == pytest.approx(0.5) and a.remaining_share == pytest.approx(0.25)
    assert not a.warning
    assert [r.algorithm for r in a.releases] == ["mobilitydp:odflows", "mobilitydp:noisycounts"]
    assert all(r.status == "spent" for r in a.releases)
    # b: ε is mostly left (0.7 of 1), but only 10 % of δ remains: the smaller share decides
    assert b.spent_epsilon == pytest.approx(0.3) and b.spent_delta == pytest.approx(9e-6)
    assert b.remaining_share == pytest.approx(0.1) and b.warning
    assert b.remaining_delta == pytest.approx(1e-6) and b.warn_share == 0.2
    assert sorted(r.status for r in b.releases) == ["reserved", "spent"]
    assert b.unit == "ε" and b.unit_of_privacy == "user"
    # the warning level is the user's choice
    assert summarise_datasets(str(path), warn_share=0.3)[0].warning


def test_missing_unreadable_and_bad_share(tmp_path):
    assert summarise_populations(str(tmp_path / "none.json")) == []
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(ValueError, match="unreadable"):
        summarise_populations(str(bad))
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"some": "thing"}), encoding="utf-8")
    with pytest.raises(ValueError):
        summarise_populations(str(other))
    with pytest.raises(ValueError, match="warning share"):
        summarise_populations(str(bad), warn_share=1.5)


LEGACY = os.path.join(os.path.dirname(__file__), "data", "ledger_before_populations.json")


def test_a_ledger_written_before_populations_opens_unchanged(tmp_path):
    """The fixture was written by the ledger of the release before populations (commit
    a4c6862): two datasets, one with δ, one release still reserved. Each dataset is its own
    population, with its budget as policy, no period and no cap; reading changes nothing."""
    path = tmp_path / "ledger.json"
    shutil.copy(LEGACY, path)
    before = path.read_bytes()
    assert "populations" not in json.loads(before) and b"period" not in before
    iris, census = summarise_populations(str(path), today=dt.date(2026, 11, 28))
    assert [p.population_id for p in (iris, census)] == ["/data/census/iris_population.gpkg",
                                                         "census-2019"]
    for population in (iris, census):
        assert population.single_dataset and len(population.datasets) == 1
        dataset = population.datasets[0]
        assert population.periods == [] and population.policy.caps == ()
        assert (population.budget_epsilon, population.budget_delta, population.unit,
                population.unit_of_privacy) == (dataset.budget_epsilon, dataset.budget_delta,
                                                dataset.unit, dataset.unit_of_privacy)
        assert (population.spent_epsilon, population.spent_delta, population.warning) == (
            dataset.spent_epsilon, dataset.spent_delta, dataset.warning)
        assert all(r.period == () for r in dataset.releases)
    assert iris.spent_epsilon == pytest.approx(1.5) and iris.remaining_epsilon == pytest.approx(0.5)
    assert [r.status for r in census.datasets[0].releases] == ["reserved", "spent"]
    assert census.spent_epsilon == pytest.approx(0.3) and census.spent_delta == pytest.approx(9e-6)
    assert census.remaining_share == pytest.approx(0.1) and census.warning   # δ decides
    assert path.read_bytes() == before


def test_two_populations_policy_periods_and_datasets(tmp_path):
    path = tmp_path / "ledger.json"
    two_populations(str(path))
    legacy = Ledger(str(path))                  # a dataset released without ids or policy
    cost = PrivacyCost.of("discrete Laplace", 0.4, unit_of_privacy="user")
    legacy.reserve("census-2019", cost, budget=Budget(1.0, unit_of_privacy="user")).commit(cost)
    bikes, census, subscribers = summarise_populations(str(path), 0.2, dt.date(2026, 11, 28))
    assert (bikes.population_id, census.population_id, subscribers.population_id) == (
        BIKES, "census-2019", SUBSCRIBERS)
    assert census.single_dataset and not bikes.single_dataset and not subscribers.single_dataset
    # datasets: copies, a CSV, a reprojected copy and a subset joined through their people
    assert [d.dataset_id for d in subscribers.datasets] == sorted(
        r[0] for r in RELEASES if "/trips/" in r[0])
    assert [d.dataset_id for d in bikes.datasets] == ["/data/bikes/november.gpkg",
                                                      "/data/bikes/october.gpkg"]
    # the policy and what its people spent: every release on any of its datasets
    assert subscribers.policy == SUBSCRIBERS_POLICY and bikes.policy == BIKES_POLICY
    assert subscribers.spent_epsilon == pytest.approx(3.0)
    assert subscribers.remaining_epsilon == pytest.approx(9.0)
    assert bikes.spent_epsilon == pytest.approx(2.5) and bikes.remaining_share == pytest.approx(
        3.5 / 6)
    # periods: per cap, those with releases and the current one, newest first
    weeks = [(p.label, p.spent_epsilon, p.remaining_epsilon, p.current)
             for p in subscribers.periods if p.every == "week"]
    assert weeks == [("2026-W48", 0.5, 0.5, True), ("2026-W47", 0.5, 0.5, False),
                     ("2026-W46", 1.0, 0.0, False), ("2026-W45", 1.0, 0.0, False)]
    months = [(p.label, p.spent_epsilon, p.budget_epsilon) for p in subscribers.periods
              if p.every == "month"]
    assert months == [("2026-11", 3.0, 4.0)]
    assert [(p.label, p.spent_epsilon, p.current) for p in bikes.periods] == [
        ("2026-11", 1.0, True), ("2026-10", 1.5, False)]
    # a later day: the current period has no release yet, and is listed with nothing spent
    later = summarise_populations(str(path), 0.2, dt.date(2026, 12, 2))[0]
    assert [(p.label, p.spent_epsilon, p.current) for p in later.periods][0] == (
        "2026-12", 0.0, True)
    # the warning: a full week is coloured, and the population when its current period is
    assert [p.warning for p in subscribers.periods if p.every == "week"] == [
        False, False, True, True]
    assert not subscribers.warning
    assert summarise_populations(str(path), 0.6, dt.date(2026, 11, 18))[2].warning
    # each release keeps its period
    w47 = next(d for d in subscribers.datasets if "week_47" in d.dataset_id)
    assert [r.period for r in w47.releases] == [("2026-11-16", "2026-11-22")]
