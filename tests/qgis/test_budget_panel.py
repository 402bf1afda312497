"""The privacy-budget dock widget on real ledger files: rows, warning colour, live refresh."""
import time

from mobility_dp.dpcore.accounting.costs import Budget, PrivacyCost
from mobility_dp.dpcore.accounting.ledger import Ledger


def _spend(path, epsilon, budget=None):
    planned = PrivacyCost.of("discrete Laplace", epsilon, unit_of_privacy="user")
    Ledger(str(path)).reserve("/data/trips.gpkg", planned, budget=budget,
                              label="mobilitydp:odflows").commit(planned)


def test_panel_shows_datasets_and_refreshes_after_a_release(qgis_app, tmp_path):
    from qgis.PyQt.QtCore import QCoreApplication
    from mobility_dp.gui.budget_panel import WARN_COLOUR, BudgetPanel
    path = tmp_path / "ledger.json"
    _spend(path, 0.5, Budget(1.0, unit_of_privacy="user"))
    panel = BudgetPanel()
    panel.share.setValue(20)
    panel.open_files([str(path)])
    rows = list(panel.dataset_items())
    assert len(rows) == 1
    item = rows[0][1]
    assert item.text(0) == "/data/trips.gpkg" and item.text(1) == "ε per user"
    assert (item.text(2), item.text(3), item.text(4)) == ("1", "0.5", "0.5")
    assert item.childCount() == 1 and "mobilitydp:odflows" in item.child(0).text(0)
    assert item.background(0).color() != WARN_COLOUR

    _spend(path, 0.4)          # a release elsewhere (toolbox, model, qgis_process) writes the file
    deadline = time.time() + 10
    while time.time() < deadline:
        QCoreApplication.processEvents()
        rows = list(panel.dataset_items())
        if rows and rows[0][1].childCount() == 2:
            break
        time.sleep(0.05)
    item = rows[0][1]
    assert item.childCount() == 2 and item.text(4) == "0.1"
    assert item.background(0).color() == WARN_COLOUR        # 10 % left < 20 %
    panel.close_file(str(path))
    assert list(panel.dataset_items()) == []


def test_a_release_records_its_outputs_in_the_ledger(run_alg, sample_iris_path, tmp_path):
    """What the panel's history shows: the committed entry names the outputs it paid for."""
    ledger = tmp_path / "ledger.json"
    out, report = tmp_path / "noisy.gpkg", tmp_path / "noisy.html"
    run_alg("mobilitydp:noisycounts", {
        "INPUT": sample_iris_path, "COUNT_FIELD": "population", "EPSILON": 0.5, "SEED": 3,
        "LEDGER": str(ledger), "DATASET_ID": "paris-iris", "BUDGET_EPSILON": 2.0,
        "OUTPUT": str(out), "REPORT": str(report)})
    (entry,) = Ledger(str(ledger)).entries("paris-iris")
    assert entry["status"] == "spent" and entry["label"].startswith("mobilitydp:noisycounts")
    assert sorted(entry["outputs"]) == sorted([str(out), str(report)])
