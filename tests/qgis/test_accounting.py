"""Issue 25: for every release algorithm and a grid of parameters, the cost is one number
everywhere — EPSILON_SPENT / DELTA_SPENT = the ledger's committed charge = the cost printed in
the publishable report = the plan the ledger reserved before any noise was drawn.

The inputs are the neighbouring-pair datasets of ``test_neighbouring`` (D only) at their own
ε (in that test) and at another one here, plus other methods of several algorithms."""
import json
import re

import pytest

from .test_neighbouring import ENTRIES

#: (entry, extra parameters): every release algorithm, at two ε and its other methods
EPSILONS = {"perturbpoints": 0.8,                   # ε per metre: the overflow of item 10
            "perturbpoints (users, grid)": 0.05}    # ε·cell within the grid's limit
GRID = [(name, {"EPSILON": EPSILONS.get(name, 3.0)}) for name in sorted(ENTRIES)]
GRID += [("aggregateflows (universal, per vehicle)", {"METHOD": "balanced", "DELTA": 1e-3}),
         ("aggregateflows (central, m = 3)", {"EPSILON": 30.0}),           # item 2
         ("sanitizedensity", {"METHOD": "efpa_g"}),
         ("sanitizedensity", {"METHOD": "lpa"}),
         ("sanitizedensity", {"METHOD": "efpa", "IMPROVEMENTS": False}),
         ("odflows", {"METHOD": "trips", "NOISE": "gaussian", "DELTA": 1e-5}),
         ("odflows", {"METHOD": "trips", "TOTAL_SHARE": 0.2, "TOTAL_CAP": 4}),
         ("odflows", {"METHOD": "people_shrunk"}),
         ("publishhistograms (direct)", {"METHOD": "static_hybrid"}),
         ("publishhistograms (direct)", {"METHOD": "threshold", "PAPER_NOISE": True})]


def _reported(html):
    m = re.search(r"satisfies \(ε = ([^,]+), δ = ([^)]+)\)-differential privacy", html)
    assert m, "the publishable report prints no cost"
    return float(m.group(1)), float(m.group(2))


@pytest.mark.parametrize("name,extra", GRID, ids=[f"{n} {e}" for n, e in GRID])
def test_spent_equals_charge_equals_report_equals_plan(qgis_app, tmp_path, monkeypatch,
                                                       name, extra):
    from qgis.core import QgsApplication, QgsProcessingContext, QgsProcessingFeedback

    from mobility_dp.dpcore.accounting import ledger as ledger_module
    reserved = []
    real_reserve = ledger_module.Ledger.reserve

    def recording(self, dataset_id, epsilon, *args, **kwargs):
        reserved.append((epsilon.epsilon, epsilon.delta))       # the plan, before any noise
        return real_reserve(self, dataset_id, epsilon, *args, **kwargs)
    monkeypatch.setattr(ledger_module.Ledger, "reserve", recording)

    entry = ENTRIES[name]
    work = tmp_path / "work"
    work.mkdir()
    ledger = str(tmp_path / "ledger.json")
    params = {**entry.make(work, False), **extra, "LEDGER": ledger, "DATASET_ID": "d",
              "BUDGET_EPSILON": 1000.0, "BUDGET_DELTA": 0.5, "REPORT": str(work / "r.html")}
    alg = QgsApplication.processingRegistry().createAlgorithmById(entry.algorithm)
    results, ok = alg.run(params, QgsProcessingContext(), QgsProcessingFeedback())
    assert ok
    (entry_,) = json.load(open(ledger, encoding="utf-8"))["datasets"]["d"]["entries"]
    assert entry_["status"] == "spent"
    (plan,) = reserved
    report = _reported(open(results["REPORT"], encoding="utf-8").read())
    spent = (results["EPSILON_SPENT"], results["DELTA_SPENT"])
    charged = (entry_["epsilon"], entry_["delta"])
    for eps_delta in (charged, report, plan):
        assert eps_delta == pytest.approx(spent, rel=1e-5, abs=1e-12), (spent, charged,
                                                                        report, plan)
    assert sum(p["epsilon"] for p in entry_["parts"]) == pytest.approx(spent[0], rel=1e-9)
