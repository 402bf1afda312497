"""The ledger (dpcore.accounting.ledger, dpcore.accounting.dataset_ids):
units, dataset ids, durability; and dpcore.accounting.units.
"""
from __future__ import annotations

import json
import os

import pytest

from mobility_dp.dpcore.accounting import ledger as privacy
from mobility_dp.dpcore.accounting.contract import Release
from mobility_dp.dpcore.accounting.costs import EPSILON_PER_METRE, EPSILON_UNIT, Budget, CostPart, PrivacyCost
from mobility_dp.dpcore.accounting.dataset_ids import NoStableIdentity, dataset_id
from mobility_dp.dpcore.accounting.ledger import BudgetExceeded, Ledger
from mobility_dp.dpcore.accounting.units import check_units_not_all_distinct, guess_unit_field


@pytest.fixture
def ledger(tmp_path):
    return Ledger(tmp_path / "ledger.json")


def geoind_cost(eps=0.01):
    return PrivacyCost.of("planar Laplace", eps, unit=EPSILON_PER_METRE,
                          unit_of_privacy="reported point")


def test_cost_parts_carry_units_and_mixing_is_refused():
    c = geoind_cost() + geoind_cost(0.02)
    assert c.unit == EPSILON_PER_METRE and c.unit_of_privacy == "reported point"
    assert c.epsilon == pytest.approx(0.03)
    assert PrivacyCost().unit == EPSILON_UNIT and PrivacyCost.of("Laplace", 1).unit == EPSILON_UNIT
    with pytest.raises(ValueError, match="cannot mix units"):
        geoind_cost() + PrivacyCost.of("k-RR", 1.0)
    with pytest.raises(ValueError, match="unit of privacy"):
        PrivacyCost.of("Laplace", 1, unit_of_privacy="user") + PrivacyCost.of(
            "Laplace", 1, unit_of_privacy="vehicle")
    # unstated units of privacy compose with stated ones, and can be filled in
    c = PrivacyCost.of("Laplace", 1) + PrivacyCost.of("Laplace", 1, unit_of_privacy="user")
    assert c.unit_of_privacy == "user"
    assert {p.unit_of_privacy for p in c.with_unit_of_privacy("user").parts} == {"user"}
    d = json.loads(json.dumps(c.to_dict()))
    assert PrivacyCost.from_dict(d) == c and d["unit"] == EPSILON_UNIT
    # parts written before units existed read as plain ε
    assert CostPart.from_dict({"mechanism": "Laplace", "epsilon": 1.0}).unit == EPSILON_UNIT


def test_unit_mismatch_is_refused_naming_both(ledger):
    with ledger.reserve("pts", geoind_cost(), budget=Budget(0.05, 0, EPSILON_PER_METRE)) as r:
        r.commit(geoind_cost())
    assert ledger.budget("pts").unit_of_privacy == "reported point"  # taken from the release
    with pytest.raises(ValueError) as err:
        ledger.reserve("pts", PrivacyCost.of("k-RR", 0.5, unit_of_privacy="reported point"))
    assert "ε per metre" in str(err.value) and "spends ε" in str(err.value)
    with pytest.raises(ValueError, match="unit of privacy: reported point.*spends ε per metre "
                                         "per user"):
        ledger.reserve("pts", PrivacyCost.of("pl", 0.01, unit=EPSILON_PER_METRE,
                                             unit_of_privacy="user"))
    # a new dataset whose stated budget unit differs from the release's is refused too
    with pytest.raises(ValueError, match="budget in"):
        ledger.reserve("new", PrivacyCost.of("Laplace", 0.1), budget=Budget(
            1.0, 0, EPSILON_PER_METRE))
    assert ledger.entries("new") == [] and len(ledger.entries("pts")) == 1
    # a committed cost in another unit than reserved is refused
    r = ledger.reserve("eps", PrivacyCost.of("Laplace", 0.5), budget=Budget(1.0))
    with pytest.raises(ValueError, match="reserved ε"):
        r.commit(geoind_cost())
    r.cancel()


def test_budget_in_the_file_carries_its_unit_and_old_files_read_as_plain_epsilon(ledger):
    ledger.reserve("a", geoind_cost(), budget=Budget(1.0, 0, EPSILON_PER_METRE)).commit(
        geoind_cost())
    data = json.load(open(ledger.path, encoding="utf-8"))
    assert data["datasets"]["a"]["budget"]["unit"] == "ε per metre"
    assert data["datasets"]["a"]["entries"][0]["unit"] == "ε per metre"
    old = {"version": 1, "datasets": {"b": {"budget": {"epsilon": 1.0, "delta": 0.0},
                                            "entries": [{"id": "x", "epsilon": 0.5,
                                                         "delta": 0.0, "status": "spent"}]}}}
    with open(ledger.path, "w", encoding="utf-8") as fh:
        json.dump(old, fh)
    assert ledger.budget("b") == Budget(1.0)
    with pytest.raises(BudgetExceeded):
        ledger.reserve("b", 0.6, 0.0)
    with pytest.raises(ValueError, match="budget in ε = 1"):
        ledger.reserve("b", geoind_cost())
    ledger.reserve("b", 0.5, 0.0).commit(PrivacyCost.of("Laplace", 0.5))


def test_write_fsyncs_the_directory_after_the_replace(ledger, monkeypatch):
    calls = []
    real_replace, real_fsync = os.replace, os.fsync
    monkeypatch.setattr(privacy.os, "replace",
                        lambda a, b: (calls.append(("replace", b)), real_replace(a, b)))

    def fsync(fd):
        calls.append(("fsync-dir" if os.path.isdir(f"/proc/self/fd/{fd}") else "fsync-file",))
        return real_fsync(fd)
    monkeypatch.setattr(privacy.os, "fsync", fsync)
    ledger.reserve("d", 0.1, 0.0, Budget(1.0)).cancel()
    kinds = [c[0] for c in calls]
    assert kinds[:3] == ["fsync-file", "replace", "fsync-dir"]


def test_dataset_id_is_the_normalised_path_whatever_reads_it(tmp_path, monkeypatch):
    f = tmp_path / "events data.csv"
    f.write_text("a\n1\n")
    expected = os.path.realpath(str(f))
    link = tmp_path / "link.csv"
    link.symlink_to(f)
    monkeypatch.chdir(tmp_path)
    for source in (str(f), "events data.csv", "./sub/../events data.csv",
                   f"{f}|layername=events data", f"file://{f.as_posix().replace(' ', '%20')}"
                   "?delimiter=,&xField=x", str(link)):
        assert dataset_id(source) == expected, source
    for unidentified in (str(tmp_path / "other.csv|layername=x"), "Point?crs=EPSG:4326"):
        with pytest.raises(NoStableIdentity, match="DATASET_ID"):   # no file, no database
            dataset_id(unidentified)
    with pytest.raises(ValueError):
        dataset_id("  ")


def test_release_has_separate_public_and_internal_fields():
    r = Release([1], PrivacyCost.of("Laplace", 1), public={"scale": 1}, internal={"true": 3})
    assert r.public == {"scale": 1} and r.internal == {"true": 3}
    bare = Release([1], PrivacyCost())
    assert bare.public == {} and bare.internal == {}
    assert "true" not in repr(r).split("internal")[0]


def test_unit_field_guess_and_every_event_its_own_user():
    assert guess_unit_field(["fid", "time", "UID", "tower"]) == "UID"
    assert guess_unit_field(["fid", "User_ID", "uid"]) == "User_ID"
    assert guess_unit_field(["fid", "vehicle", "time"], "vehicle") == "vehicle"
    assert guess_unit_field(["fid", "time", "x"]) is None
    assert check_units_not_all_distinct(["a", "b", "a"]) == 2
    assert check_units_not_all_distinct(["a"]) == 1  # one event cannot tell
    with pytest.raises(ValueError, match=r"every one of the 4 events has its own user \(4 "
                                         r"distinct values in the user field 'fid'\)"):
        check_units_not_all_distinct([1, 2, 3, 4], field="fid")
    with pytest.raises(ValueError, match="1 of 3 moves have no vehicle id"):
        check_units_not_all_distinct(["a", None, "a"], kind="vehicle", what="moves")


def test_a_trip_or_trajectory_id_is_never_guessed_as_a_vehicle():
    assert guess_unit_field(["fid", "id", "sequence", "trajectory_id", "tracker", "t"],
                            "vehicle") == "tracker"  # GeoLife-like fields
    assert guess_unit_field(["trip_id", "traj_id", "track_id"], "vehicle") is None
