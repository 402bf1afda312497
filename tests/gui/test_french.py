"""The French dialog in the QGIS desktop (issue 21): with the profile's locale set to French,
odflows' toolbox name, dialog labels, tooltips and option labels are French, while the values
its combo boxes pass on stay the static option strings. Saves odflows-dialog-fr.png (into
docs/ with `make screenshots`, into $GUI_SHOTS, else into a temporary folder). Uses the GUI
tier's runner (tests/gui/desktop.py) and the compiled catalogue i18n/mobility_dp_fr.qm
(scripts/setup compiles it)."""
import os
import shutil
import time

import pytest

from .desktop import ROOT, run_desktop, shots_folder


@pytest.fixture(scope="module")
def french(tmp_path_factory):
    if shutil.which("xvfb-run") is None:
        pytest.fail("xvfb-run is missing: scripts/setup installs it (Debian package xvfb)")
    if not os.path.exists(os.path.join(ROOT, "i18n", "mobility_dp_fr.qm")):
        pytest.fail("i18n/mobility_dp_fr.qm is missing: run scripts/setup (scripts/i18n.py "
                    "compile)")
    env = {"GUI_SHOTS": shots_folder(tmp_path_factory)}
    started = time.time()
    with open(os.path.join(os.path.dirname(__file__), "french_snippet.py")) as f:
        result = run_desktop(f.read(), timeout=300, env=env, locale="fr_FR")
    assert result["status"] == "done" and not result["errors"], \
        (result["status"], result["errors"], result["stdout"][-3000:])
    return {**result["result"], "started": started, "shots": env["GUI_SHOTS"]}


def test_toolbox_name_and_labels_are_french(french):
    assert french["toolbox"] == {"name": "Flux OD des trajets", "group": "Origine–destination"}
    labels = " | ".join(french["labels"])
    for text in ("Zones (polygones publics)", "Méthode", "Bruit", "Registre de confidentialité"):
        assert text in labels, labels
    for english in ("Zones (public polygons)", "Privacy ledger", "Noise"):
        assert english not in french["labels"], labels
    tooltips = " | ".join(french["tooltips"])     # the details of 'Label|details' descriptions
    assert "lignes, points GPS avec un identifiant de trajet" in tooltips, tooltips
    assert "vide = aléa sûr" in tooltips, tooltips


def test_option_labels_french_values_unchanged(french):
    noise = french["combos"]["NOISE"]
    assert noise["texts"] == ["Laplace discret", "gaussien discret"], noise
    assert noise["data"] == ["discrete_laplace", "gaussian"] and noise["value"] == \
        "discrete_laplace"
    method = french["combos"]["METHOD"]
    assert "automatique" in method["texts"] and "auto" in method["data"], method


def test_no_more_horizontal_scrolling_than_qgis_own_dialog(french):
    """French labels are longer: the dialog scrolls no more than native:buffer's in French (whose
    own "Ouvrir le fichier en sortie après l'exécution de l'algorithme" is QGIS's widest)."""
    assert french["scroll"] <= french["control_scroll"], (french["scroll"], french["widest"])


def test_screenshot_of_the_french_dialog(french):
    path = os.path.join(french["shots"], "odflows-dialog-fr.png")
    assert os.path.getsize(path) > 10_000 and os.path.getmtime(path) >= french["started"]
