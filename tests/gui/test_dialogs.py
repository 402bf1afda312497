"""GUI tier (issue 27): the QGIS desktop under Xvfb, a fresh profile, the plugin enabled.

One QGIS session (tests/gui/dialogs_snippet.py, run by tests/gui/desktop.py) opens every
algorithm's dialog at its default size, runs a representative set from the dialog with
temporary and GeoPackage outputs (native:buffer as the control), adds a GeoPackage the plugin
did not write, and saves screenshots of the main dialogs (into docs/ with `make screenshots`). The tests below read what
that session recorded: what a user sees in the dialog's log, the Log Messages panel, the
combo boxes and the scroll bars.
"""
import os
import re
import shutil

import pytest

from .desktop import ROOT, run_desktop, shots_folder

#: The dialogs run from the Run button (the snippet's names).
RUNS = ("noisycounts temporary", "noisycounts gpkg", "perturbpoints temporary",
        "sanitizedensity temporary", "sanitizedensity gpkg", "odflows temporary",
        "model temporary")
CONTROL = ("buffer temporary", "buffer gpkg")
#: Log Messages entries no user should meet after a run (tags and text).
BAD_TAGS = {"Python warning", "Python error", "Mobility DP"}
BAD_TEXT = re.compile(r"Traceback|DeprecationWarning|No styles available|Error", re.I)


@pytest.fixture(scope="module")
def session(tmp_path_factory):
    if shutil.which("xvfb-run") is None:
        pytest.fail("xvfb-run is missing: scripts/setup installs it (Debian package xvfb)")
    work = tmp_path_factory.mktemp("gui")
    env = {"GUI_ROOT": ROOT, "GUI_WORK": str(work), "GUI_SHOTS": shots_folder(tmp_path_factory)}
    with open(os.path.join(os.path.dirname(__file__), "dialogs_snippet.py")) as f:
        result = run_desktop(f.read(), timeout=420, env=env)
    assert result["status"] == "done" and not result["errors"], \
        (result["status"], result["errors"], result["stdout"][-3000:])
    return {**result, "shots": env["GUI_SHOTS"]}


#: a Python warning raised in QGIS's own Python (e.g. its codecs.open under Python 3.14), not ours
QGIS_OWN_WARNING = re.compile(r"warning:(/usr/lib/python3/dist-packages/qgis/|/usr/share/qgis/)")
#: QGIS's welcome page asks feed.qgis.org for news; an offline machine logs this (not ours)
QGIS_NEWS_FEED = re.compile(r"News feed request failed")


def _bad_messages(messages):
    return [m for m in messages if (m["tag"] in BAD_TAGS or BAD_TEXT.search(m["message"]))
            and not (m["tag"] == "Python warning" and QGIS_OWN_WARNING.match(m["message"]))
            and not (m["tag"] not in BAD_TAGS and QGIS_NEWS_FEED.match(m["message"]))]


def test_every_algorithm_dialog_opens(session):
    dialogs = session["result"]["dialogs"]
    ids = [a for a in dialogs if a.startswith("mobilitydp:")]
    assert len(ids) >= 26, ids  # 20 algorithms and 6 shipped models
    assert not session["modals"], session["modals"]
    assert not _bad_messages(session["result"]["startup_messages"])
    for alg_id, d in dialogs.items():
        assert not _bad_messages(d["messages"]), (alg_id, d["messages"])


@pytest.mark.parametrize("name", CONTROL + RUNS)
def test_run_from_the_dialog_is_clean(session, name):
    """No red "not correctly generated", no warning or traceback, in the dialog or the log."""
    run = session["result"]["runs"][name]
    log = run["log"]
    assert "Execution completed" in log, log[-2000:]
    assert "not correctly generated" not in log, log[log.find("not correctly"):][:400]
    assert not re.search(r"Traceback|Warning|deprecated", log), log[-2000:]
    assert not _bad_messages(run["messages"]), run["messages"]


def test_no_horizontal_scrolling_at_the_default_size(session):
    dialogs = session["result"]["dialogs"]
    assert dialogs["native:buffer"]["scroll"] == 0  # the control
    scrolling = {a: d["scroll"] for a, d in dialogs.items() if d["scroll"] > 0}
    assert not scrolling, scrolling


def test_the_help_pane_does_not_scroll(session):
    """The dialog's help pane says what the algorithm does and costs on one screen (the full
    help is behind its link): the whole help once scrolled through ~12,000 characters."""
    panes = {a: d["help"] for a, d in session["result"]["dialogs"].items()
             if a.startswith("mobilitydp:") and not d["model"]}
    assert len(panes) >= 18 and all(p and p[1] > 200 for p in panes.values()), panes
    scrolling = {a: p for a, p in panes.items() if p[2] > 0}
    assert not scrolling, scrolling


def test_options_are_shown_by_their_labels(session):
    """Each static-string option shows its label, not the value scripts pass (efpa_g)."""
    raw = {}
    for alg_id, d in session["result"]["dialogs"].items():
        if not alg_id.startswith("mobilitydp:"):
            continue
        for name, combo in d["combos"].items():
            shown = set(combo["texts"]) & {v for v in combo["values"] if "_" in v or v.islower()}
            if shown or not combo["texts"]:
                raw[f"{alg_id} {name}"] = sorted(shown) or "no options shown"
    assert not raw, raw


def test_labels_are_short_and_say_optional_once(session):
    for alg_id, d in session["result"]["dialogs"].items():
        for label in d["labels"]:
            assert label.count("optional") <= 1, (alg_id, label)
            assert "scripts/" not in label, (alg_id, label)


def test_a_foreign_geopackage_gets_no_plugin_message(session):
    foreign = session["result"]["foreign"]
    assert foreign["valid"] and foreign["added"] == 1
    assert foreign["messages"] == [], foreign["messages"]


def test_an_output_geopackage_is_added_without_choosing_items(session):
    """Add Vector Layer on an output opens no "Select Items to Add" dialog and loads it styled
    (graduated counts that play in the Temporal Controller); control: the same file with its
    style stored inside it makes QGIS list the style table and ask."""
    added = session["result"]["add_vector"]
    assert added["own"]["modals"] == [] and added["own"]["valid"], added["own"]
    assert added["own"]["renderer"] == "graduatedSymbol" and added["own"]["temporal"]
    titles = [m["title"] for m in added["infile"]["modals"]]
    assert len(titles) == 1 and titles[0].startswith("Select Items to Add"), added


def test_screenshots_of_the_main_dialogs(session):
    shots = session["shots"]
    for name in ("sanitizedensity", "noisycounts", "odflows", "perturbpoints"):
        path = os.path.join(shots, f"{name}-dialog.png")
        assert os.path.getsize(path) > 10_000, path
