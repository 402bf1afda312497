"""The release contract (dpcore/accounting/contract.py): one check of spent against planned, atomic
outputs, and the failure rule — a failure before the first output is in place cancels the
reservation, after it the release is committed, a killed process keeps its reservation."""
import json
import multiprocessing
import os
import time

import numpy as np
import pytest

from mobility_dp.dpcore.accounting.contract import SEEDED_NOTE, Release, ReleaseContract, check_spent, shuffled_order
from mobility_dp.dpcore.accounting.costs import Budget, PrivacyCost
from mobility_dp.dpcore.accounting.ledger import Ledger
from mobility_dp.dpcore.accounting.staging import place, staged_path
from mobility_dp.dpcore.random.rng import make_rng

PLAN = PrivacyCost.of("discrete Laplace", 0.5, unit_of_privacy="user")


def _contract(tmp_path, **kw):
    return ReleaseContract(PLAN, ledger=str(tmp_path / "ledger.json"), dataset_id="d",
                           budget=Budget(2.0), label="test", **kw)


def _entries(tmp_path):
    return Ledger(str(tmp_path / "ledger.json")).entries("d")


def test_check_spent_is_equality_of_totals_units_and_unit_of_privacy():
    split = PrivacyCost.of("a", 0.2, unit_of_privacy="user") + \
        PrivacyCost.of("b", 0.3, unit_of_privacy="user")
    assert check_spent(PLAN, split) is split                     # parts may differ
    for wrong in (PrivacyCost.of("a", 0.6, unit_of_privacy="user"),     # more
                  PrivacyCost.of("a", 0.4, unit_of_privacy="user"),     # less: data-dependent
                  PrivacyCost.of("a", 0.5, 1e-9, unit_of_privacy="user"),
                  PrivacyCost.of("a", 0.5, unit_of_privacy="vehicle"),
                  PrivacyCost.of("a", 0.5, unit="ε per metre", unit_of_privacy="user")):
        with pytest.raises(RuntimeError, match="nothing was published"):
            check_spent(PLAN, wrong)


def _write(contract, tmp_path, names, fail_at=None, drawn=True):
    """Stage and place outputs like the glue does; raise at ``fail_at`` (a step name)."""
    staged = {n: staged_path(str(tmp_path / n)) for n in names}
    for n, s in staged.items():
        with open(s, "w") as fh:
            fh.write(n)
    try:
        if fail_at == "before":
            raise ValueError("report summary refused")
        for k, (n, s) in enumerate(staged.items()):
            if fail_at == "during" and k == 1:
                raise OSError("disk full")
            contract.place(s, str(tmp_path / n))
        if fail_at == "after":
            raise ValueError("late failure")
        contract.finish()
        return "ok"
    except (ValueError, OSError):
        for s in staged.values():
            if os.path.exists(os.path.dirname(s)):
                from mobility_dp.dpcore.accounting.staging import discard
                discard(s)
        return contract.fail(drawn=drawn)


def test_success_commits_after_the_outputs_are_in_place(tmp_path):
    c = _contract(tmp_path).reserve()
    assert [e["status"] for e in _entries(tmp_path)] == ["reserved"]
    c.check_spent(Release([1], PLAN))
    assert [e["status"] for e in _entries(tmp_path)] == ["reserved"]   # not yet committed
    assert _write(c, tmp_path, ["a.gpkg", "r.html"]) == "ok"
    assert [e["status"] for e in _entries(tmp_path)] == ["spent"]
    assert sorted(f for f in os.listdir(tmp_path) if not f.startswith("ledger")) == \
        ["a.gpkg", "r.html"]                                    # no staging directory left


@pytest.mark.parametrize("fail_at,drawn,charged", [
    ("before", False, False),     # refused before any draw: the reservation is cancelled
    ("before", True, True),       # noise drawn, nothing in place yet: charged all the same
    ("during", True, True), ("after", True, True)])
def test_failure_rule(tmp_path, fail_at, drawn, charged):
    c = _contract(tmp_path).reserve()
    c.check_spent(Release([1], PLAN))
    message = _write(c, tmp_path, ["a.gpkg", "b.gpkg", "r.html"], fail_at=fail_at, drawn=drawn)
    entries = _entries(tmp_path)
    left = sorted(f for f in os.listdir(tmp_path) if not f.startswith("ledger"))
    if charged:
        assert [(e["status"], e["outcome"]) for e in entries] == [("spent", "failed")]
        assert entries[0]["epsilon"] == 0.5
        assert "was spent and charged to dataset 'd'" in message
        expected = {"before": [], "during": ["a.gpkg"], "after": ["a.gpkg", "b.gpkg", "r.html"]}
        assert left == expected[fail_at]
        assert [os.path.basename(o) for o in entries[0].get("outputs", [])] == left
    else:
        assert entries == [] and message.startswith("Nothing was published and nothing was "
                                                    "charged")
        assert left == []


def test_cancel_after_the_draw_is_charged_and_marked(tmp_path):
    c = _contract(tmp_path).reserve()                  # stopped before the check: the plan
    message = c.fail(drawn=True, cancelled=True)
    (entry,) = _entries(tmp_path)
    assert (entry["status"], entry["outcome"], entry["epsilon"]) == ("spent", "cancelled", 0.5)
    assert "No output was written" in message


def test_outputs_written_in_place_are_listed(tmp_path):
    c = _contract(tmp_path).reserve()
    c.wrote("ogr:dbname='/x/od.gpkg' table=\"od\"")
    message = c.fail(drawn=True)
    (entry,) = _entries(tmp_path)
    assert entry["outputs"] == ["ogr:dbname='/x/od.gpkg' table=\"od\""] and "od.gpkg" in message


def test_failed_check_cancels_the_reservation(tmp_path):
    c = _contract(tmp_path).reserve()
    with pytest.raises(RuntimeError):
        c.check_spent(Release([1], PrivacyCost.of("x", 0.7, unit_of_privacy="user")))
    assert "Nothing was published" in c.fail(drawn=False) and _entries(tmp_path) == []
    with pytest.raises(RuntimeError, match="before the release's cost was checked"):
        c.place(staged_path(str(tmp_path / "x.csv")), str(tmp_path / "x.csv"))


def _reserve_and_die(path):
    ReleaseContract(PLAN, ledger=path, dataset_id="d", budget=Budget(2.0)).reserve()
    os._exit(0)                                  # killed: no cancel, no commit


def test_killed_process_keeps_its_reservation(tmp_path):
    path = str(tmp_path / "ledger.json")
    proc = multiprocessing.get_context("fork").Process(target=_reserve_and_die, args=(path,))
    proc.start()
    proc.join(30)
    assert [(e["status"], e["epsilon"]) for e in Ledger(path).entries("d")] == [("reserved", 0.5)]
    assert Ledger(path).spent("d") == (0.5, 0.0)             # counted: fail-closed


def test_seeded_run_is_marked_in_the_ledger(tmp_path):
    c = _contract(tmp_path, seeded=True).reserve()
    c.check_spent(PLAN)
    c.finish()
    (entry,) = _entries(tmp_path)
    assert SEEDED_NOTE in entry["label"]


def test_place_moves_side_files_and_keeps_the_name(tmp_path):
    staged = staged_path(str(tmp_path / "out.shp"))
    for ext in (".shp", ".dbf", ".shx", ".prj"):
        open(staged[:-4] + ext, "w").close()
    place(staged, str(tmp_path / "out.shp"))
    assert sorted(os.listdir(tmp_path)) == ["out.dbf", "out.prj", "out.shp", "out.shx"]
    assert os.path.basename(staged_path(str(tmp_path / "x.gpkg"))) == "x.gpkg"


def test_stale_stages_of_killed_runs_are_removed_and_live_ones_kept(tmp_path):
    """A killed run leaves its stage; the next run into the folder removes it, never a live one."""
    import subprocess
    import sys

    from mobility_dp.dpcore.accounting.staging import _host_tag, process_alive, remove_stale_stages
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    dead = child.pid
    assert not process_alive(dead) and process_alive(os.getpid())
    host, old = _host_tag(), 2 * 3600
    stages = {
        "killed": f".mobilitydp-{host}-{dead}-abc123",             # removed
        "live": f".mobilitydp-{host}-{os.getpid()}-def456",         # this process: kept
        "recent": f".mobilitydp-{host}-{dead}-ghi789",              # dead but young: kept
        "other_host": f".mobilitydp-{'0' * 8 if host != '0' * 8 else '1' * 8}-{dead}-jkl",
        "legacy": ".mobilitydp-x1y2z3",                             # no pid recorded: kept
    }
    for key, name in stages.items():
        os.makedirs(tmp_path / name / "sub")
        (tmp_path / name / "out.gpkg").write_text("partial")
        if key != "recent":
            os.utime(tmp_path / name, (time.time() - old, time.time() - old))
    (tmp_path / f".mobilitydp-{host}-{dead}-file").write_text("not a directory")
    staged = staged_path(str(tmp_path / "out.gpkg"))
    left = set(os.listdir(tmp_path))
    assert stages["killed"] not in left
    assert {stages[k] for k in ("live", "recent", "other_host", "legacy")} <= left
    assert f".mobilitydp-{host}-{dead}-file" in left
    assert os.path.basename(os.path.dirname(staged)).startswith(f".mobilitydp-{host}-{os.getpid()}-")
    assert remove_stale_stages(str(tmp_path)) == []          # nothing else is stale
    assert remove_stale_stages(str(tmp_path), min_age=0) == [str(tmp_path / stages["recent"])]


def test_shuffled_order_is_a_uniform_permutation():
    n, runs = 5, 4000
    rng = make_rng(1)
    firsts = np.bincount([shuffled_order(n, rng)[0] for _ in range(runs)], minlength=n)
    assert sorted(shuffled_order(n, rng)) == list(range(n))
    assert np.all(np.abs(firsts / runs - 1 / n) < 0.03)
    assert not np.all(firsts == firsts[0])                   # negative control: not constant
    assert sorted(shuffled_order(3, make_rng(None))) == [0, 1, 2]   # the secure generator


def test_ledger_file_stays_json(tmp_path):
    c = _contract(tmp_path).reserve()
    c.check_spent(PLAN)
    c.finish()
    data = json.load(open(tmp_path / "ledger.json", encoding="utf-8"))
    assert data["version"] == 2
