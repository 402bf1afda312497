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


def _catalogue():
    """scripts/i18n.py as a module (read_ts, compile_all)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("mobility_dp_i18n",
                                                  os.path.join(ROOT, "scripts", "i18n.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def french_qm(tmp_path_factory):
    """The repository's French catalogue compiled (as scripts/setup does) into a plugin-like
    folder; returns (folder, source -> translation)."""
    catalogue = _catalogue()
    folder = tmp_path_factory.mktemp("fr")
    catalogue.compile_all(str(folder / "i18n"))
    return str(folder), catalogue.read_ts(catalogue.ts_path("fr"))


@pytest.fixture
def in_french(french, french_qm):
    """QGIS set to French with the plugin's compiled French catalogue installed."""
    from qgis.PyQt.QtCore import QCoreApplication

    from mobility_dp.algorithms.common.i18n import install_translator
    translator = install_translator(french_qm[0])
    assert translator is not None
    yield french_qm[1]
    QCoreApplication.removeTranslator(translator)


def _mobility_algorithms():
    from qgis.core import QgsApplication, QgsProcessingModelAlgorithm
    provider = QgsApplication.processingRegistry().providerById("mobilitydp")
    return [a for a in provider.algorithms() if not isinstance(a, QgsProcessingModelAlgorithm)]


def test_french_translations_keep_markup():
    """Every French translation keeps the HTML tags, <code> contents (values, field names),
    {placeholders} and the label|details separator of its source."""
    import re
    known = _catalogue().read_ts(_catalogue().ts_path("fr"))
    translated = {s: t for s, t in known.items() if t}
    assert len(translated) > 500
    for source, text in translated.items():
        for pattern in (r"</?[a-zA-Z0-9]+>", r"<code>(.*?)</code>", r"\{[^}]*\}"):
            assert sorted(re.findall(pattern, source)) == sorted(re.findall(pattern, text)), \
                (source, text)
        assert source.count("|") == text.count("|"), (source, text)


def test_toolbox_names_and_help_are_french(in_french):
    algorithms = _mobility_algorithms()
    assert len(algorithms) >= 20
    for alg in algorithms:
        assert alg.displayName() == in_french[alg.DISPLAY_NAME], alg.id()
        assert alg.group() == in_french[alg.GROUP], alg.id()
    names = {a.id(): a.displayName() for a in algorithms}
    assert names["mobilitydp:odflows"] == "Flux OD des trajets"
    assert names["mobilitydp:noisycounts"] == "Ajouter du bruit DP à des comptages"
    groups = {a.group() for a in algorithms}
    assert {"Comptages", "Densité", "Pavage", "Évaluation"} <= groups
    help_text = [a for a in algorithms if a.id() == "mobilitydp:odflows"][0].helpString()
    assert "<h3>Méthode : ce qui est compté</h3>" in help_text
    assert "<h3>Paramètres de confidentialité</h3>" in help_text


def test_english_names_unchanged(qgis_app):
    for alg in _mobility_algorithms():
        assert alg.displayName() == alg.DISPLAY_NAME and alg.group() == alg.GROUP


def _definitions(algorithm_id):
    """name -> (description, type, default, options or None) of a new instance's parameters."""
    from qgis.core import QgsApplication
    alg = QgsApplication.processingRegistry().createAlgorithmById(algorithm_id)
    return {p.name(): (p.description(), p.type(), p.defaultValue(),
                       p.options() if hasattr(p, "options") else None)
            for p in alg.parameterDefinitions()}


def test_dialog_labels_french_names_and_values_unchanged(qgis_app, french_qm):
    """odflows' dialog in French: labels translated; parameter names, types, defaults and the
    static option values are those of the English dialog."""
    from qgis.PyQt.QtCore import QCoreApplication

    from mobility_dp.algorithms.common.i18n import install_translator
    english = _definitions("mobilitydp:odflows")
    _set_locale("fr_FR")
    translator = install_translator(french_qm[0])
    try:
        french = _definitions("mobilitydp:odflows")
    finally:
        QCoreApplication.removeTranslator(translator)
        _set_locale("")
    assert list(french) == list(english)
    changed = 0
    for name, (label, kind, default, options) in english.items():
        assert french[name][1:] == (kind, default, options), name  # values never translated
        assert french[name][0] == (french_qm[1].get(label) or label), name
        changed += french[name][0] != label
    assert changed >= len(english) // 2, "most labels should read differently in French"
    assert french["OD_TABLE"][0] == "Table OD"
    assert french["MAX_TRIPS"][0].startswith("Nombre maximal de trajets par utilisateur")


def _noisycounts_report(run_alg, folder, sample_iris_path, **extra):
    report = str(folder / "report.html")
    run_alg("mobilitydp:noisycounts", {"INPUT": sample_iris_path, "COUNT_FIELD": "population",
                                       "EPSILON": 0.5, "SEED": 7, "OUTPUT": "memory:",
                                       "REPORT": report, **extra})
    with open(report, encoding="utf-8") as fh:
        return fh.read()


def test_report_headings_follow_the_language(in_french, run_alg, tmp_path, sample_iris_path):
    """noisycounts run through processing.run: the report's title and headings are French, and
    the static option value given as a script would still selects its mechanism."""
    (tmp_path / "fr").mkdir()
    text = _noisycounts_report(run_alg, tmp_path / "fr", sample_iris_path,
                               MECHANISM="gaussian_analytic", DELTA=1e-6)
    for heading in ("<h1>Ajouter du bruit DP à des comptages</h1>",
                    "<h2>Garantie de confidentialité</h2>", "<h2>Paramètres</h2>",
                    "<h2>Bruit</h2>", "<b>Unité de confidentialité :</b>",
                    "Reproductible : pas pour publication"):
        assert heading in text, heading
    assert "Privacy guarantee" not in text and "<h2>Parameters</h2>" not in text
    assert "Gaussian" in text and "δ = 1e-06" in text          # the value picked the mechanism


def test_report_headings_english(qgis_app, run_alg, tmp_path, sample_iris_path):
    text = _noisycounts_report(run_alg, tmp_path, sample_iris_path)
    for heading in ("<h1>Add DP noise to counts</h1>", "<h2>Privacy guarantee</h2>",
                    "<h2>Parameters</h2>", "<h2>Noise</h2>", "<b>Unit of privacy:</b>"):
        assert heading in text, heading


def test_saved_model_runs_in_french(in_french, run_alg, tmp_path):
    """A shipped model (its child algorithms' enum values stored as static strings) runs
    unchanged under French."""
    from qgis.core import QgsFeature, QgsGeometry, QgsPointXY, QgsVectorLayer
    layer = QgsVectorLayer("Point?crs=EPSG:4326&field=user_id:integer", "checkins", "memory")
    features = []
    for i in range(80):
        f = QgsFeature(layer.fields())
        f.setGeometry(QgsGeometry.fromPointXY(QgsPointXY(2.30 + (i % 9) * 0.01,
                                                         48.84 + (i // 9) * 0.005)))
        f.setAttributes([i])
        features.append(f)
    layer.dataProvider().addFeatures(features)
    res = run_alg("mobilitydp:Perturb check-ins and estimate distribution", {
        "checkins": layer, "epsilon": 0.01, "cell_size": 500,
        "grid_extent": "2.25,2.42,48.81,48.91 [EPSG:4326]", "seed": 3,
        "perturb:perturbed": str(tmp_path / "perturbed.gpkg"),
        "perturb:perturb_report": str(tmp_path / "perturbed.html"),
        "estimate:distribution": str(tmp_path / "distribution.gpkg")})
    from ..support.qgis import read_layer
    _, reports = read_layer(res["perturb:perturbed"])
    assert len(reports) == 80
    with open(tmp_path / "perturbed.html", encoding="utf-8") as fh:
        assert "<h2>Garantie de confidentialité</h2>" in fh.read()


def test_qgis_process_help_follows_the_profile_locale(qgis_plugin_dir, tmp_path, french_qm):
    """qgis_process reads the locale of its profile (QGIS_CUSTOM_CONFIG_PATH): with a French
    QGIS3.ini, the plugin's help and argument labels are French."""
    import shutil
    plugins = tmp_path / "plugins"
    plugins.mkdir()
    plugin = plugins / "mobility_dp"
    shutil.copytree(ROOT, plugin, ignore=shutil.ignore_patterns(
        ".git", ".venv*", "i18n", "tests", "benchmarks", "docs", "__pycache__"))
    shutil.copytree(os.path.join(french_qm[0], "i18n"), plugin / "i18n")
    ini = tmp_path / "profile" / "profiles" / "default" / "QGIS" / "QGIS3.ini"
    ini.parent.mkdir(parents=True)
    ini.write_text("[locale]\noverrideFlag=true\nuserLocale=fr_FR\n\n"
                   "[PythonPlugins]\nmobility_dp=true\n", encoding="utf-8")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "QGIS_PLUGINPATH": str(plugins),
           "QGIS_CUSTOM_CONFIG_PATH": str(tmp_path / "profile")}
    run = subprocess.run(["/usr/bin/qgis_process.bin", "help", "mobilitydp:noisycounts"],
                         capture_output=True, text=True, env=env, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Ajouter du bruit DP à des comptages (mobilitydp:noisycounts)" in run.stdout
    assert "<b>Unité de confidentialité</b>" in run.stdout and "Aide complète" in run.stdout
    assert "MECHANISM: Mécanisme" in run.stdout and "discrete_laplace" in run.stdout


def test_check_sees_what_tr_is_handed(tmp_path):
    """`scripts/i18n.py check` reads the strings ``tr`` gets through a local name or a
    conditional (the failure rule "Nothing was published…" reached tr as a variable and was
    missing from the catalogue while the check said every string was there), and refuses an
    f-string or a concatenation handed to tr, or ``self.tr`` (another context)."""
    code = tmp_path / "module.py"
    code.write_text(
        "def failure_message(charge, message):\n"
        "    rule = ('Nothing was published and nothing was charged.'\n"
        "            if charge is None else charge.contract.fail())\n"
        "    return f'{message} {_tr(rule)}'\n"
        "def label(kind, alg):\n"
        "    alg.tr('[Not selected]')\n"
        "    tr('Start' if kind else 'End')\n"
        "    return tr(f'Choose the {kind} field') + tr('a' + kind)\n", encoding="utf-8")
    strings, problems = _catalogue()._scan_tr_calls([str(code)])
    assert "Nothing was published and nothing was charged." in strings
    assert {"Start", "End"} <= set(strings)
    assert len(problems) == 3 and any("alg.tr" in p for p in problems), problems


def test_ledger_refusals_from_dpcore_are_french(in_french, run_alg, tmp_path, sample_iris_path):
    """The ledger's refusals (budget exceeded, a budget changed, another unit) and the unit
    field's are raised in dpcore: they reach a French user in French, numbers and names kept
    (they were English)."""
    from qgis.core import QgsProcessingException

    from mobility_dp.algorithms.common.i18n import shown
    from mobility_dp.dpcore.accounting.costs import Budget
    from mobility_dp.dpcore.accounting.ledger import Ledger
    from mobility_dp.dpcore.accounting.units import check_units_not_all_distinct
    ledger = str(tmp_path / "ledger.json")
    params = {"INPUT": sample_iris_path, "COUNT_FIELD": "population", "EPSILON": 0.75,
              "LEDGER": ledger, "DATASET_ID": "iris", "BUDGET_EPSILON": 1.0, "OUTPUT": "memory:"}
    run_alg("mobilitydp:noisycounts", params)
    with pytest.raises(QgsProcessingException) as refused:
        run_alg("mobilitydp:noisycounts", params)
    text = str(refused.value)
    assert "budget de confidentialité dépassé pour le jeu de données « iris »" in text, text
    assert "ε=0.75" in text and "Aucun bruit n'a été tiré" in text, text
    assert "exceeded" not in text and "No noise" not in text, text
    with pytest.raises(QgsProcessingException, match="ne peut plus être modifié"):
        run_alg("mobilitydp:noisycounts", {**params, "BUDGET_EPSILON": 2.0})
    with pytest.raises(ValueError) as unit:
        Ledger(ledger).reserve("iris", 0.1, 0.0, unit="ε per metre")
    assert shown(unit.value.args[0]).startswith(
        "le jeu de données « iris » tient son budget en ε = 1, δ = 0 (ε, unité de "
        "confidentialité : "), shown(unit.value.args[0])
    assert "ε par mètre" in shown(unit.value.args[0])
    with pytest.raises(ValueError) as field:
        check_units_not_all_distinct(["a", "b", "c"], kind="user", field="fid", what="events")
    assert shown(field.value.args[0]).startswith(
        "chacun des 3 événements a son propre utilisateur (3 valeurs distinctes dans le champ "
        "utilisateur 'fid')")
    assert str(field.value).startswith("every one of the 3 events has its own user")  # logs
    assert Budget(1.0, 0.0).describe() == "ε = 1, δ = 0 (ε)"


def test_report_warnings_follow_the_language(in_french, run_alg, tmp_path):
    """A dpcore warning (aggregateflows' noisy total, a message with values) reaches the French
    log and the French publishable report in French (the report printed it in English)."""
    from .test_flows_totals import NOISE, _run
    log, public, _ = _run(tmp_path, "fr", MAX_MOVES=2, EPSILON=0.5)
    french = "le total publié peut être faux de plus"
    assert any(french in w for w in log), log
    assert french in public and NOISE not in public
