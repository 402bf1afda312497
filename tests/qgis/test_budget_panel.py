"""The privacy-budget dock widget on real ledger files: rows, warning colour, live refresh."""
import time

from mobility_dp.dpcore.accounting.costs import Budget, PrivacyCost
from mobility_dp.dpcore.accounting.ledger import Ledger


def _dataset_items(panel):
    """(ledger path, dataset item) of every dataset row the panel shows."""
    from qgis.PyQt.QtCore import Qt
    tree = panel.tree
    for i in range(tree.topLevelItemCount()):
        top = tree.topLevelItem(i)
        for j in range(top.childCount()):
            yield top.data(0, Qt.ItemDataRole.UserRole), top.child(j)


def _spend(path, epsilon, budget=None):
    planned = PrivacyCost.of("discrete Laplace", epsilon, unit_of_privacy="user")
    Ledger(str(path)).reserve("/data/trips.gpkg", planned, budget=budget,
                              label="mobilitydp:odflows").commit(planned)


def test_panel_shows_datasets_and_refreshes_after_a_release(qgis_app, tmp_path):
    from qgis.PyQt.QtCore import QCoreApplication

    from mobility_dp.gui.budget_panel import BudgetPanel
    from mobility_dp.gui.budget_rows import UNIT, WARN_COLOUR
    path = tmp_path / "ledger.json"
    _spend(path, 0.5, Budget(1.0, unit_of_privacy="user"))
    panel = BudgetPanel()
    panel.share.setValue(20)
    panel.open_files([str(path)])
    rows = list(_dataset_items(panel))
    assert len(rows) == 1
    item = rows[0][1]
    assert item.text(0) == "trips.gpkg" and item.toolTip(0) == "/data/trips.gpkg"
    assert (item.text(1), item.text(2), item.text(3)) == ("0.5", "0.5", "1")  # spent, left, budget
    assert item.text(UNIT) == "ε per user"
    assert item.childCount() == 1 and item.child(0).text(0).endswith("OD flows of trips")
    assert item.background(0).color() != WARN_COLOUR

    _spend(path, 0.4)          # a release elsewhere (toolbox, model, qgis_process) writes the file
    deadline = time.time() + 10
    while time.time() < deadline:
        QCoreApplication.processEvents()
        rows = list(_dataset_items(panel))
        if rows and rows[0][1].childCount() == 2:
            break
        time.sleep(0.05)
    item = rows[0][1]
    assert item.childCount() == 2 and item.text(2) == "0.1"
    assert item.background(0).color() == WARN_COLOUR        # 10 % left < 20 %
    panel.close_file(str(path))
    assert list(_dataset_items(panel)) == []


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


def test_panel_reads_as_a_person_reads_it(qgis_app, tmp_path):
    """Names (the path in a tooltip), ε spent and remaining first and wide enough to see, δ
    columns only where δ is used, algorithm names, no temporary paths (issue 38: the first
    column was the full path, δ columns of 0, 'mobilitydp:odflows', /tmp/processing_… paths)."""
    import tempfile

    from mobility_dp.gui.budget_panel import BudgetPanel
    from mobility_dp.gui.budget_rows import D_BUDGET, D_LEFT, D_SPENT, E_LEFT, E_SPENT, OUTPUTS
    temp = tempfile.mkdtemp(prefix="processing_", dir=tempfile.gettempdir())
    path = tmp_path / "ledger.json"
    long_name = "/srv/mobility/exports/2024/paris/very_long_folder_name/trips_march.gpkg"
    planned = PrivacyCost.of("discrete Laplace", 0.5, unit_of_privacy="user")
    Ledger(str(path)).reserve(long_name, planned, budget=Budget(2.0, unit_of_privacy="user"),
                              label="mobilitydp:odflows").commit(
        planned, outputs=[f"{temp}/report.html", "/srv/out/flows.gpkg"])
    panel = BudgetPanel()
    panel.open_files([str(path)])
    (_, item), = _dataset_items(panel)
    assert item.text(0) == "trips_march.gpkg" and item.toolTip(0) == long_name
    assert [panel.tree.isColumnHidden(c) for c in (D_SPENT, D_LEFT, D_BUDGET)] == [True] * 3
    assert not panel.tree.isColumnHidden(E_SPENT)
    release = item.child(0)
    assert "OD flows of trips" in release.text(0) and "mobilitydp" not in release.text(0)
    assert "processing_" not in release.text(OUTPUTS) and "flows.gpkg" in release.text(OUTPUTS)
    assert "1 temporary output" in release.text(OUTPUTS)
    header = panel.tree.header()
    right = header.sectionViewportPosition(E_LEFT) + header.sectionSize(E_LEFT)
    assert right + 60 <= panel.usable_width() <= 560, (right, panel.usable_width())
    # a δ release shows the δ columns
    planned = PrivacyCost.of("Gaussian", 0.5, 1e-6, unit_of_privacy="user")
    Ledger(str(path)).reserve("/data/other.gpkg", planned, label="mobilitydp:odflows",
                              budget=Budget(1.0, 1e-5, unit_of_privacy="user")).commit(planned)
    panel.refresh()
    assert not any(panel.tree.isColumnHidden(c) for c in (D_SPENT, D_LEFT, D_BUDGET))
