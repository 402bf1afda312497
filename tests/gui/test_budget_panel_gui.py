"""The privacy-budget panel in the QGIS desktop, opened from its toolbar button after three
releases: docked at a usable width, the dataset's name and ε spent / remaining in view at once,
algorithm names, no temporary paths (it opened 373 px wide under the Results Viewer with the
full path as first column and no ε figure in view)."""
import os
import shutil

import pytest

from .desktop import ROOT, run_desktop, shots_folder


@pytest.fixture(scope="module")
def panel(tmp_path_factory):
    if shutil.which("xvfb-run") is None:
        pytest.fail("xvfb-run is missing: scripts/setup installs it (Debian package xvfb)")
    env = {"GUI_ROOT": ROOT, "GUI_WORK": str(tmp_path_factory.mktemp("panel")),
           "GUI_SHOTS": shots_folder(tmp_path_factory)}
    with open(os.path.join(os.path.dirname(__file__), "budget_panel_snippet.py")) as f:
        result = run_desktop(f.read(), timeout=300, env=env)
    assert result["status"] == "done" and not result["errors"], \
        (result["status"], result["errors"], result["stdout"][-3000:])
    return {**result["result"]["panel"], "shots": env["GUI_SHOTS"]}


def test_name_and_epsilon_columns_in_view(panel):
    assert not panel["floating"] and panel["right"]["name"] <= 220, panel
    assert panel["right"]["remaining"] <= panel["viewport"], panel   # no scrolling to see ε
    assert panel["headers"][:3] == ["Dataset / release", "ε spent", "ε remaining"], panel


def test_rows_read_as_names(panel):
    rows = panel["rows"]
    datasets = [r[0] for r in rows[:2]]
    assert sorted(datasets) == ["census-2019", "paris_iris.geojson"], rows
    releases = [r for r in rows[2:]]
    assert len(releases) == 3 and all("Add DP noise to counts" in r[0] for r in releases), rows
    assert not any("/tmp" in cell or "processing_" in cell for r in rows for cell in r), rows
    assert "δ spent" in panel["headers"]          # one dataset uses δ


def test_screenshot_of_the_panel(panel):
    path = os.path.join(panel["shots"], "budget-panel.png")
    assert os.path.getsize(path) > 5_000, path
