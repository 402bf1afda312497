"""The privacy-budget panel in the QGIS desktop on a ledger with two populations: what a person
reads — each population's name and policy (total ε over its horizon, caps per week / month),
what its people spent and have left in total and per period, its datasets (name; path in the
tooltip) and their releases with their period — docked at a usable width (the panel before
populations listed the six files as six unrelated datasets, each with its own budget)."""
import os
import shutil

import pytest

from .desktop import ROOT, run_desktop, shots_folder


@pytest.fixture(scope="module")
def panel(tmp_path_factory):
    if shutil.which("xvfb-run") is None:
        pytest.fail("xvfb-run is missing: scripts/setup installs it (Debian package xvfb)")
    env = {"GUI_ROOT": ROOT, "GUI_WORK": str(tmp_path_factory.mktemp("populations")),
           "GUI_SHOTS": shots_folder(tmp_path_factory)}
    with open(os.path.join(os.path.dirname(__file__),
                           "budget_panel_populations_snippet.py")) as f:
        result = run_desktop(f.read(), timeout=300, env=env)
    assert result["status"] == "done" and not result["errors"], \
        (result["status"], result["errors"], result["stdout"][-3000:])
    return {**result["result"]["panel"], "shots": env["GUI_SHOTS"]}


def _row(rows, first):
    found = [r for r in rows if r["texts"][0] == first]
    assert len(found) == 1, (first, [r["texts"][0] for r in rows])
    return found[0]


def test_populations_with_their_policy_and_totals(panel):
    headers = panel["headers"]
    col = {name: headers.index(name) for name in
           ("ε spent", "ε remaining", "ε budget", "Period", "Status / outputs")}
    populations = panel["rows"]["population"]
    assert [r["texts"][0] for r in populations] == ["bikeshare-members",
                                                    "paris-subscribers"], populations
    assert populations[1]["tooltip"].startswith("Population paris-subscribers\npolicy: ε 12")
    bikes, subscribers = (r["texts"] for r in populations)
    assert [subscribers[col[c]] for c in ("ε spent", "ε remaining", "ε budget", "Period")] == [
        "3", "9", "12", "2026"], subscribers
    assert subscribers[col["Status / outputs"]] == \
        "policy: ε 12 over 2026; at most ε 1 per week, ε 4 per month; 4 dataset(s)"
    assert [bikes[col[c]] for c in ("ε spent", "ε remaining", "ε budget")] == ["2.5", "3.5", "6"]
    assert bikes[col["Status / outputs"]] == \
        "policy: ε 6 over 2026; at most ε 2 per month; 2 dataset(s)"


def test_spent_and_remaining_per_period(panel):
    col = {name: panel["headers"].index(name)
           for name in ("ε spent", "ε remaining", "ε budget", "Period")}
    periods = {(r["parent"], r["texts"][col["Period"]].replace(" (current)", "")): r
               for r in panel["rows"]["period"]}
    for parent, label, name, spent, left, cap in (
            ("paris-subscribers", "2026-W45", "Cap per week", "1", "0", "1"),
            ("paris-subscribers", "2026-W46", "Cap per week", "1", "0", "1"),
            ("paris-subscribers", "2026-W47", "Cap per week", "0.5", "0.5", "1"),
            ("paris-subscribers", "2026-W48", "Cap per week", "0.5", "0.5", "1"),
            ("paris-subscribers", "2026-11", "Cap per month", "3", "1", "4"),
            ("bikeshare-members", "2026-10", "Cap per month", "1.5", "0.5", "2"),
            ("bikeshare-members", "2026-11", "Cap per month", "1", "1", "2")):
        row = periods[(parent, label)]
        assert [row["texts"][0]] + [row["texts"][col[c]] for c in (
            "ε spent", "ε remaining", "ε budget")] == [name, spent, left, cap], row
    # a spent week is coloured (less than 20 % of its cap remains), a half-spent one is not
    assert periods[("paris-subscribers", "2026-W45")]["coloured"]
    assert not periods[("paris-subscribers", "2026-W47")]["coloured"]
    # the current period is marked (whatever today is: it is listed even without a release)
    assert sum("(current)" in r["texts"][col["Period"]] for r in panel["rows"]["period"]) == 3


def test_datasets_in_their_population_and_releases_with_periods(panel):
    datasets = panel["rows"]["dataset"]
    by_parent = {}
    for r in datasets:
        by_parent.setdefault(r["parent"], []).append(r["texts"][0])
    assert by_parent == {
        "paris-subscribers": ["week_45.gpkg", "week_46.csv", "week_47_3857.gpkg",
                                         "week_48_subset.gpkg"],
        "bikeshare-members": ["november.gpkg", "october.gpkg"]}, by_parent
    assert _row(datasets, "week_46.csv")["tooltip"] == "/data/trips/week_46.csv"
    col = panel["headers"].index("Period")
    releases = {r["parent"]: r["texts"] for r in panel["rows"]["release"]}
    assert releases["week_47_3857.gpkg"][col] == "2026-W47, 2026-11"
    assert releases["october.gpkg"][col] == "2026-10"
    assert not any("/out/" in t for r in releases.values() for t in r)   # names, not paths


def test_name_and_epsilon_columns_in_view(panel):
    assert not panel["floating"] and panel["right"]["name"] <= 220, panel
    assert panel["right"]["remaining"] <= panel["viewport"], panel
    assert panel["headers"][:3] == ["Dataset / release", "ε spent", "ε remaining"], panel


def test_screenshot_of_two_populations(panel):
    path = os.path.join(panel["shots"], "budget-panel-populations.png")
    assert os.path.getsize(path) > 5_000, path
