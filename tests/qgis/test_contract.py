"""The release contract in the glue (issue 25): outputs staged and placed atomically, the cost
committed after the last output, and the failure rule — a failure before the first output is
in place cancels the reservation and says nothing was published; after it the release is
committed. Also item 2 (a report summary that used to fail after the commit)."""
import json
import os

import pytest

from ..support.qgis import read_layer
from .test_flows import AGG, _params


def _ledger_entries(path):
    data = json.load(open(path, encoding="utf-8"))
    return [e for d in data["datasets"].values() for e in d["entries"]]


def _outputs(tmp_path):
    return {"FLOWS": str(tmp_path / "flows.gpkg"), "ZONES": str(tmp_path / "zones.gpkg"),
            "REPORT": str(tmp_path / "report.html"),
            "INTERNAL_REPORT": str(tmp_path / "internal.html")}


def test_central_release_with_a_large_epsilon_is_written_then_charged(qgis_app, run_alg,
                                                                      tmp_path):
    """Item 2: central, ε = 30, m = 10 (ε/Δ = 3) committed 30 and then failed in the report's
    utility summary (an alternative at sensitivity 1, ε/Δ = 30): no output, budget spent. Now
    the summary skips what it cannot simulate and the cost is committed after the writes."""
    ledger, outs = str(tmp_path / "ledger.json"), _outputs(tmp_path)
    res = run_alg(AGG, _params(METHOD="central", MAX_MOVES=10, EPSILON=30.0, LEDGER=ledger,
                               DATASET_ID="gps", BUDGET_EPSILON=100.0, **outs))
    assert res["EPSILON_SPENT"] == 30.0 and all(os.path.exists(p) for p in outs.values())
    assert [(e["status"], e["epsilon"]) for e in _ledger_entries(ledger)] == [("spent", 30.0)]
    assert "not simulated" in open(outs["INTERNAL_REPORT"], encoding="utf-8").read()
    assert not [f for f in os.listdir(tmp_path) if f.startswith(".mobilitydp-")]


def test_failure_after_the_draw_is_charged_with_no_output_left(qgis_app, run_alg, tmp_path,
                                                               monkeypatch):
    from qgis.core import QgsProcessingException

    from mobility_dp.algorithms.common import reports
    ledger, outs = str(tmp_path / "ledger.json"), _outputs(tmp_path)

    def broken(*args, **kwargs):
        raise ValueError("the report cannot be made")
    monkeypatch.setattr(reports.ReportsMixin, "write_reports", broken)
    with pytest.raises(QgsProcessingException, match="the report cannot be made. Noise had been "
                                                     "drawn when the run stopped: ε = 0.5.*spent "
                                                     "and charged to dataset 'gps'"):
        run_alg(AGG, _params(LEDGER=ledger, DATASET_ID="gps", BUDGET_EPSILON=2.0, **outs))
    assert [(e["status"], e["outcome"]) for e in _ledger_entries(ledger)] == [("spent", "failed")]
    assert sorted(os.listdir(tmp_path)) == ["ledger.json", "ledger.json.lock"]


def test_failure_while_placing_commits_what_was_published(qgis_app, run_alg, tmp_path,
                                                          monkeypatch):
    from qgis.core import QgsProcessingException

    from mobility_dp.dpcore.accounting import contract
    ledger, outs = str(tmp_path / "ledger.json"), _outputs(tmp_path)
    real, placed = contract.place, []

    def second_fails(staged, destination):
        if placed:
            raise OSError("disk full")
        placed.append(destination)
        real(staged, destination)
    monkeypatch.setattr(contract, "place", second_fails)
    with pytest.raises(QgsProcessingException, match="disk full. Noise had been drawn when the "
                                                     "run stopped: ε = 0.5.*charged to dataset "
                                                     "'gps'"):
        run_alg(AGG, _params(LEDGER=ledger, DATASET_ID="gps", BUDGET_EPSILON=2.0, **outs))
    assert [(e["status"], e["epsilon"]) for e in _ledger_entries(ledger)] == [("spent", 0.5)]
    left = sorted(os.listdir(tmp_path))
    assert [os.path.basename(p) for p in placed] == [f for f in left if f[0] != "." and
                                                     not f.startswith("ledger")]
    assert not [f for f in left if f.startswith(".mobilitydp-")]


def test_geopackage_output_is_placed_with_its_name_and_stored_style(qgis_app, run_alg,
                                                                    tmp_path):
    outs = _outputs(tmp_path)
    run_alg(AGG, _params(**outs))
    layer, rows = read_layer(outs["FLOWS"], "flows")
    from mobility_dp.algorithms.common.default_style import has_own_style, sidecar_path
    assert rows and has_own_style(outs["FLOWS"])                   # the style came along
    assert os.path.exists(sidecar_path(outs["FLOWS"].split("|")[0]))


def test_memory_layer_with_a_ledger_needs_a_dataset_id(qgis_app, run_alg, tmp_path):
    """Item 3: a memory layer has no stable identity; with a ledger, DATASET_ID is required
    (its id used to carry a per-layer uid: a fresh budget for every copy)."""
    from qgis.core import QgsProcessingException
    ledger = str(tmp_path / "ledger.json")
    with pytest.raises(QgsProcessingException, match="memory layer has no stable identity.*"
                                                     "DATASET_ID.*Nothing was published"):
        run_alg(AGG, _params(LEDGER=ledger, BUDGET_EPSILON=2.0))
    run_alg(AGG, _params())                                   # no ledger: no id needed
