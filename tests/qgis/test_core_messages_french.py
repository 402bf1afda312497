"""A refusal dpcore raises in plain English (no ``Message``) reaches a French QGIS user in
French through qgis_process, numbers kept; an English QGIS gets the English text (control);
the plugin prints a refusal no more often than QGIS prints a native algorithm's own."""
import os
import shutil
import subprocess

import pytest

from ..support import ROOT
from .test_i18n import french, french_qm, in_french  # noqa: F401  (fixtures)

COUNTS = ('{"type":"FeatureCollection","crs":{"type":"name","properties":{"name":'
          '"urn:ogc:def:crs:EPSG::2154"}},"features":[%s]}')
FEATURE = ('{"type":"Feature","properties":{"id":%d,"n":%s},'
           '"geometry":{"type":"Point","coordinates":[%d,6860000]}}')


@pytest.fixture(scope="module")
def plugin_copy(tmp_path_factory):
    """The plugin copied with its French catalogue compiled, a count layer with one NULL, and
    a QGIS profile per language (the locale qgis_process reads)."""
    from .test_i18n import _catalogue
    root = tmp_path_factory.mktemp("core_french")
    plugin = root / "plugins" / "mobility_dp"
    shutil.copytree(ROOT, plugin, ignore=shutil.ignore_patterns(
        ".git", ".venv*", "i18n", "tests", "benchmarks", "docs", "__pycache__"))
    _catalogue().compile_all(str(plugin / "i18n"))
    for lang, locale in (("fr", "fr_FR"), ("en", "en_US")):
        ini = root / lang / "profiles" / "default" / "QGIS" / "QGIS3.ini"
        ini.parent.mkdir(parents=True)
        ini.write_text(f"[locale]\noverrideFlag=true\nuserLocale={locale}\n\n"
                       "[PythonPlugins]\nmobility_dp=true\n", encoding="utf-8")
    layer = root / "counts.geojson"
    layer.write_text(COUNTS % ",".join(FEATURE % (k, n, 650000 + 1000 * k) for k, n in
                                       enumerate(("3", "null", "5", "null"))), encoding="utf-8")
    return root


def _run(root, lang, *args):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen",
           "QGIS_PLUGINPATH": str(root / "plugins"), "QGIS_CUSTOM_CONFIG_PATH": str(root / lang)}
    return subprocess.run(["/usr/bin/qgis_process.bin", *args], capture_output=True, text=True,
                          env=env, timeout=300)


def _refuse(root, lang):
    return _run(root, lang, "run", "mobilitydp:noisycounts", "--",
                f"INPUT={root / 'counts.geojson'}", "COUNT_FIELD=n", "EPSILON=1",
                f"OUTPUT={root / lang}.gpkg")


def test_core_refusal_is_french_in_a_french_qgis(plugin_copy):
    run = _refuse(plugin_copy, "fr")
    assert run.returncode != 0
    assert "2 comptage(s) manquant(s) (NULL) ou non fini(s)" in run.stderr, run.stderr
    assert "Rien n'a été publié" in run.stderr, run.stderr
    assert "missing (NULL)" not in run.stdout + run.stderr
    assert not os.path.exists(f"{plugin_copy / 'fr'}.gpkg")


def test_core_refusal_stays_english_in_an_english_qgis(plugin_copy):
    """Control: the same run with an English profile shows dpcore's text as written."""
    run = _refuse(plugin_copy, "en")
    assert run.returncode != 0
    assert "2 count(s) are missing (NULL) or not finite" in run.stderr, run.stderr
    assert "comptage" not in run.stdout + run.stderr


def test_a_refusal_is_printed_as_often_as_a_native_algorithm_s(plugin_copy):
    """QGIS 3.22's qgis_process prints an algorithm's exception through the message log and
    the console feedback (three times in text mode); the plugin adds no print of its own."""
    ours = _refuse(plugin_copy, "en").stderr.count("count(s) are missing (NULL)")
    native_err = _run(plugin_copy, "en", "run", "native:extractbyexpression", "--",
                      f"INPUT={plugin_copy / 'counts.geojson'}", "EXPRESSION=((",
                      f"OUTPUT={plugin_copy / 'native.gpkg'}").stderr
    # QGIS's expression parser words the error per version (3.22/3.40: the parser's own text;
    # 3.44: "Incomplete expression.")
    native = max(native_err.count(text) for text in ("syntax error, unexpected end of file",
                                                     "Incomplete expression."))
    assert ours >= 1 and ours == native, (ours, native)


def test_core_warning_through_the_run_feedback_is_french(in_french):
    """A dpcore warning the glue pushes to the run's log (plain English, a value inside)
    is French, its value kept; a value that is itself a catalogue word is translated too;
    text no template makes stays as written."""
    from qgis.core import QgsProcessingFeedback

    from mobility_dp.algorithms.common.i18n import shown, translating_feedback

    class Log(QgsProcessingFeedback):
        lines = []

        def pushWarning(self, text):  # noqa: N802
            self.lines.append(text)

    log = Log()
    translating_feedback(log).pushWarning(
        "1 of 3 points (33.3 %) lie outside the study area")
    assert log.lines == ["1 points sur 3 (33.3 %) se trouvent hors de la zone d'étude"], log.lines
    assert shown("the share of ε for the trip scale must be in (0, 1), got 1.5") == \
        "la part de ε pour l'échelle de trajets doit être dans (0, 1), reçu 1.5"
    assert shown("need one id per census") == "il faut un identifiant par recensement"
    assert shown("a sentence dpcore never wrote") == "a sentence dpcore never wrote"
    from mobility_dp.dpcore.accounting.unique_ids import check_unique_ids
    with pytest.raises(ValueError) as duplicate:      # the field's words passed by position
        check_unique_ids(["a", "a", "b"], "census id field 'iris'")
    assert shown(duplicate.value.args[0]).startswith(
        "valeurs en double dans le champ d'identifiant de recensement 'iris' : "), \
        shown(duplicate.value.args[0])


def test_core_message_stays_english_without_a_catalogue(qgis_app):
    """Control: with no French catalogue installed the same text is shown as written."""
    from mobility_dp.algorithms.common.i18n import shown
    text = "the share of ε for the trip scale must be in (0, 1), got 1.5"
    assert shown(text) == text
