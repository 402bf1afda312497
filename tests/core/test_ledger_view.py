"""The budget panel's model: what a ledger file holds, per dataset, for people."""
import json

import pytest

from mobility_dp.dpcore.accounting.costs import Budget, PrivacyCost
from mobility_dp.dpcore.accounting.ledger import Ledger
from mobility_dp.dpcore.accounting.ledger_view import summarise_ledger


def _release(ledger, dataset, epsilon, delta=0.0, *, budget=None, commit=True,
             label="mobilitydp:noisycounts"):
    planned = PrivacyCost.of("discrete Laplace", epsilon, delta, unit_of_privacy="user")
    reservation = ledger.reserve(dataset, planned, budget=budget, label=label)
    if commit:
        reservation.commit(planned)
    return reservation


def test_rows_hold_budget_spent_remaining_and_history(tmp_path):
    path = tmp_path / "ledger.json"
    ledger = Ledger(str(path))
    _release(ledger, "/data/a.gpkg", 0.5, budget=Budget(2.0, 0.0, unit_of_privacy="user"))
    _release(ledger, "/data/a.gpkg", 1.0, label="mobilitydp:odflows")
    _release(ledger, "/data/b.gpkg", 0.1, 9e-6, budget=Budget(1.0, 1e-5, unit_of_privacy="user"))
    _release(ledger, "/data/b.gpkg", 0.2, commit=False)      # running (or killed): counts

    a, b = summarise_ledger(str(path), warn_share=0.2)
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
    assert summarise_ledger(str(path), warn_share=0.3)[0].warning


def test_missing_unreadable_and_bad_share(tmp_path):
    assert summarise_ledger(str(tmp_path / "none.json")) == []
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(ValueError, match="unreadable"):
        summarise_ledger(str(bad))
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"some": "thing"}), encoding="utf-8")
    with pytest.raises(ValueError):
        summarise_ledger(str(other))
    with pytest.raises(ValueError, match="warning share"):
        summarise_ledger(str(bad), warn_share=1.5)
