"""The French desktop scanned for English left from the plugin: every algorithm's dialog at its
default size (labels, tooltips, option labels, placeholders, help) and the run logs of six, from
the Run button (a refused run included), with the profile's locale set to French. QGIS's own lines
(its header, parameter dictionaries, paths) are left out; what remains is the plugin's."""
import os
import re
import shutil

import pytest

from .desktop import ROOT, run_desktop, shots_folder

#: Every algorithm of the plugin (its dialogs are scanned; the shipped models are QGIS's).
ALGORITHMS = sorted(name[:-len(".html")] for name in os.listdir(
    os.path.join(ROOT, "algorithms", "help")) if name.endswith(".html"))

#: Words of English prose a French text of the plugin never holds (whole words, any case).
ENGLISH = {"the", "of", "and", "is", "are", "was", "were", "with", "from", "this", "that",
           "per", "for", "by", "not", "nothing", "charged", "published", "spent", "cost",
           "optional", "selected", "set", "field", "layer", "empty", "ledger", "privacy",
           "release", "unit", "user", "users", "trips", "window", "time", "start", "end",
           "choose", "give", "must", "only", "which", "its", "their", "when", "none", "no",
           "cancelled", "written", "output", "outputs", "input", "noise"}
#: QGIS's own log lines (French or not): version header, the parameters and results it echoes
#: (a dict on QGIS 3.22, one "  OUTPUT_ID: value" line per output on 3.40 and 3.44).
QGIS_LINE = re.compile(r"^(Version|Révision|Algorithme|Paramètres|Résultats|Exécution|"
                       r"Execution completed|[A-Z][A-Z0-9_]*: |"
                       r"Chargement|\{|'|Entrée|Sortie|QGIS|Qt |Python|GDAL|GEOS|PROJ|PDAL)")
#: Tokens that are no prose: paths, ids, option values, numbers, quoted names.
NOT_PROSE = re.compile(r"(\S*[/\\]\S*|\S+\.\w{2,5}\b|'[^']*'|«[^»]*»|\b\w*_\w*\b|"
                       r"<[^>]+>|\b[A-Z]{2,}\w*\b|\d\S*)")


def english_words(text: str) -> list:
    """The English prose words of ``text`` (paths, ids, quoted names and markup removed)."""
    prose = NOT_PROSE.sub(" ", text)
    return sorted({w for w in re.findall(r"[^\W\d_]+", prose) if w.lower() in ENGLISH})


def _english_lines(text: str, qgis_lines=False) -> list:
    found = []
    for line in text.splitlines():
        if not line.strip() or (not qgis_lines and QGIS_LINE.match(line.strip())):
            continue
        words = english_words(line)
        if len(words) >= 2:
            found.append((words, line[:200]))
    return found


@pytest.fixture(scope="module")
def scan(tmp_path_factory):
    if shutil.which("xvfb-run") is None:
        pytest.fail("xvfb-run is missing: scripts/setup installs it (Debian package xvfb)")
    if not os.path.exists(os.path.join(ROOT, "i18n", "mobility_dp_fr.qm")):
        pytest.fail("i18n/mobility_dp_fr.qm is missing: run scripts/i18n.py compile")
    env = {"GUI_ROOT": ROOT, "GUI_WORK": str(tmp_path_factory.mktemp("scan")),
           "GUI_SHOTS": shots_folder(tmp_path_factory)}
    with open(os.path.join(os.path.dirname(__file__), "french_scan_snippet.py")) as f:
        result = run_desktop(f.read(), timeout=600, env=env, locale="fr_FR")
    assert result["status"] == "done" and not result["errors"], \
        (result["status"], result["errors"], result["stdout"][-3000:])
    return {**result["result"], "shots": env["GUI_SHOTS"], "all_messages": result["messages"]}


def test_the_detector_finds_english_and_passes_french():
    """Negative control: the plugin's English refusal is found, its French one is not."""
    assert len(english_words("Nothing was published and nothing was charged to the privacy "
                             "ledger.")) >= 4
    assert english_words("Rien n'a été publié et rien n'a été imputé au registre de "
                         "confidentialité (/tmp/the_ledger.json, 'user_id').") == []


def test_every_dialog_is_scanned(scan):
    assert len(ALGORITHMS) == 20 and scan["algorithms"] == ALGORITHMS, scan["algorithms"]


@pytest.mark.parametrize("alg", ALGORITHMS)
def test_dialog_has_no_english(scan, alg):
    d = scan["dialogs"][alg]
    english = {t[:120]: english_words(t) for t in d["texts"] + [d["name"], d["group"]]
               if len(english_words(t)) >= 2 or t.strip() in ("[optional]", "[Not selected]",
                                                                 "not set")}
    english.update({f"help: {w[1][:120]}": w[0] for w in _english_lines(
        re.sub(r"<[^>]+>", "\n", d["help"]), qgis_lines=True)})
    assert not english, english


@pytest.mark.parametrize("run", ["noisycounts", "perturbpoints", "sanitizedensity",
                                 "cdrsummary", "odflows", "synthesizetrips",
                                 "refused odflows", "refused noisycounts",
                                 "refused perturbpoints"])
def test_run_log_has_no_english(scan, run):
    log = scan["runs"][run]["log"]
    assert log.strip(), run
    if run.startswith("refused"):
        assert "Rien n'a été publié" in log, log[-1500:]
        if run == "refused noisycounts":               # dpcore's ledger refusal, in French
            assert "budget de confidentialité dépassé" in log, log[-1500:]
        if run == "refused perturbpoints":             # dpcore's plain text, as a template
            assert "ε = 500 par mètre déplace un point de" in log, log[-1500:]
    elif run != "cdrsummary":                         # every release logs its cost in French
        assert "Coût de confidentialité de cette publication" in log, log[-1500:]
    assert not _english_lines(log), _english_lines(log)
    messages = [m["message"] for m in scan["runs"][run]["messages"]
                if m["tag"] in ("Mobility DP", "Processing")]
    assert not [m for m in messages if len(english_words(m)) >= 2], messages


def test_screenshots_of_two_french_dialogs(scan):
    for name in ("sanitizedensity", "synthesizetrips"):
        path = os.path.join(scan["shots"], f"{name}-dialog-fr.png")
        assert os.path.getsize(path) > 10_000, path


def test_each_message_is_recorded_once(scan):
    """The GUI tier's runner recorded every message-log entry twice."""
    done = [m["message"] for m in scan["all_messages"] if "trajectories.gpkg" in m["message"]
            and m["message"].startswith("Résultats")]     # the one generatemobility run
    assert len(done) == 1, done


def test_french_help_panes_do_not_scroll(scan):
    """The French help pane, ~10 % longer than the English one, also fits on one screen."""
    scrolling = {a: d["help_scroll"] for a, d in scan["dialogs"].items() if d["help_scroll"]}
    assert not scrolling, scrolling


@pytest.mark.parametrize("alg", ALGORITHMS)
def test_french_labels_do_not_scroll_sideways(scan, alg):
    """At the default size a French dialog scrolls no more than QGIS's own French buffer
    dialog (perturbpoints scrolled 107 px, QGIS's own 37)."""
    d = scan["dialogs"][alg]
    assert d["scroll"] <= scan["control_scroll"], (d["scroll"], d["widest"])
