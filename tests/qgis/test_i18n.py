"""Translations: the catalogue holds every user-visible string of the code, and QGIS's language
setting picks the plugin's .qm (names, labels and help through one ``tr``); option values and
parameter names never change with the language."""
import os
import subprocess
import sys

import pytest

from ..support import ROOT


def _set_locale(name):
    from qgis.core import QgsSettings
    QgsSettings().setValue("locale/overrideFlag", bool(name))
    QgsSettings().setValue("locale/userLocale", name or "")


@pytest.fixture
def french(qgis_app):
    _set_locale("fr_FR")
    yield
    _set_locale("")


def test_catalogue_holds_every_string_of_the_code():
    """`scripts/i18n.py update` was run after the last label change (else translators miss it)."""
    run = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "i18n.py"), "check"],
                         capture_output=True, text=True, timeout=600,
                         env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert run.returncode == 0, run.stdout + run.stderr


def test_translator_follows_qgis_language(french, tmp_path):
    """A catalogue for QGIS's language is installed and used by tr; none for English."""
    from qgis.PyQt.QtCore import QCoreApplication
    from mobility_dp.algorithms.common.i18n import install_translator, plugin_locale, tr
    from mobility_dp.algorithms.counts.noisycounts import NoisyCounts
    (tmp_path / "i18n").mkdir()
    ts = tmp_path / "i18n" / "mobility_dp_fr.ts"
    ts.write_text('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n'
                  '<TS version="2.1" language="fr_FR"><context><name>MobilityDP</name>'
                  f'<message><source>{NoisyCounts.DISPLAY_NAME}</source>'
                  '<translation>Bruit DP sur des comptages</translation></message>'
                  '</context></TS>\n', encoding="utf-8")
    subprocess.run(["lrelease", "-silent", str(ts)], check=True)
    assert plugin_locale() == "fr"
    translator = install_translator(str(tmp_path))
    try:
        assert translator is not None
        assert NoisyCounts().displayName() == "Bruit DP sur des comptages"
        assert tr("a string nobody translated") == "a string nobody translated"
    finally:
        QCoreApplication.removeTranslator(translator)
    assert NoisyCounts().displayName() == NoisyCounts.DISPLAY_NAME
    _set_locale("en_GB")
    assert install_translator(str(tmp_path)) is None     # no English catalogue: text as written
