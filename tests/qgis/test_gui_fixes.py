"""Issue 27 items 1-3 at their shared cause, headless: no stray layer to load, no deprecated
renderer call, and the layer-added hook touches only layers Mobility DP wrote. (The GUI tier,
tests/gui, checks the same in the desktop's dialog log and message log.)"""
import os
import warnings

from ..support.qgis import ROOT

IRIS = os.path.join(ROOT, "sample_data", "paris_iris.geojson")


def _run_in(context, alg_id, params):
    import processing
    from qgis.core import QgsProcessingFeedback
    return processing.run(alg_id, params, context=context, feedback=QgsProcessingFeedback())


def test_temporary_outputs_register_only_real_layers(qgis_app):
    """Every layer registered to load on completion exists (the dialog's "not correctly
    generated" list is exactly the registered ids that do not); native:buffer as control."""
    from qgis.core import (
        QgsApplication,
        QgsProcessingContext,
        QgsProcessingFeedback,
        QgsProcessingOutputLayerDefinition,
        QgsProject,
    )
    for alg_id, params in (
            ("native:buffer", {"INPUT": IRIS, "DISTANCE": 0.001}),
            ("mobilitydp:noisycounts", {"INPUT": IRIS, "COUNT_FIELD": "population",
                                        "EPSILON": 1.0, "SEED": 1})):
        context = QgsProcessingContext()
        context.setProject(QgsProject.instance())
        alg = QgsApplication.processingRegistry().createAlgorithmById(alg_id)
        output = QgsProcessingOutputLayerDefinition("TEMPORARY_OUTPUT", QgsProject.instance())
        results, ok = alg.run({**params, "OUTPUT": output}, context,  # as the dialog does
                              QgsProcessingFeedback())
        assert ok, alg_id
        ids = list(context.layersToLoadOnCompletion())
        assert len(ids) == 1, (alg_id, ids)
        assert context.getMapLayer(ids[0]) is not None, (alg_id, ids)
        assert not ids[0].startswith("memory:"), (alg_id, ids)


def test_graduated_style_uses_no_deprecated_api_and_labels_integers(qgis_app, tmp_path):
    from qgis.core import QgsVectorLayer

    from mobility_dp.algorithms.common.styles import graduated_style
    out = str(tmp_path / "noisy.gpkg")
    _run_in(__import__("qgis.core", fromlist=["x"]).QgsProcessingContext(),
            "mobilitydp:noisycounts", {"INPUT": IRIS, "COUNT_FIELD": "population",
                                       "EPSILON": 1.0, "SEED": 1, "OUTPUT": out})
    layer = QgsVectorLayer(out, "noisy", "ogr")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        graduated_style("noisy_count")(layer)
    assert not [w for w in caught if issubclass(w.category, DeprecationWarning)], \
        [str(w.message) for w in caught]
    labels = [r.label() for r in layer.renderer().ranges()]
    assert len(labels) == 5 and all("." not in label for label in labels), labels


def test_layer_hook_ignores_foreign_geopackages(qgis_app, tmp_path):
    """Adding a GeoPackage the plugin did not write logs nothing and changes nothing."""
    from qgis.core import QgsApplication, QgsProject, QgsVectorLayer

    import mobility_dp
    from mobility_dp.algorithms.common.default_style import has_own_style
    foreign = str(tmp_path / "buffer.gpkg")
    _run_in(__import__("qgis.core", fromlist=["x"]).QgsProcessingContext(), "native:buffer",
            {"INPUT": IRIS, "DISTANCE": 0.001, "OUTPUT": foreign})
    own = str(tmp_path / "noisy.gpkg")
    _run_in(__import__("qgis.core", fromlist=["x"]).QgsProcessingContext(),
            "mobilitydp:noisycounts", {"INPUT": IRIS, "COUNT_FIELD": "population",
                                       "EPSILON": 1.0, "SEED": 1, "OUTPUT": own})
    assert not has_own_style(foreign) and has_own_style(own)
    assert has_own_style(own + "|layername=noisy") and not has_own_style(own + "|layername=x")
    messages = []
    record = lambda message, tag, level: messages.append((tag, message))  # noqa: E731
    plugin = mobility_dp.classFactory(None)
    plugin.initGui()  # (the session's provider is already registered: its message is not ours)
    QgsApplication.messageLog().messageReceived.connect(record)
    try:
        before = os.path.getmtime(foreign)
        layer = QgsVectorLayer(foreign, "foreign", "ogr")
        QgsProject.instance().addMapLayer(layer)
        QgsApplication.processEvents()
        assert messages == [] and os.path.getmtime(foreign) == before
    finally:
        QgsApplication.messageLog().messageReceived.disconnect(record)
        plugin.unload()
        QgsProject.instance().removeAllMapLayers()


def _events_csv(tmp_path):
    path = tmp_path / "events.csv"
    rows = ["u,t,ts"] + [f"{u},{t},{1189382400 + 3600 * h + 5}"
                         for u in range(20) for t, h in ((7, 0), (8, 0), (7, u % 5 + 1))]
    path.write_text("\n".join(rows) + "\n")
    return str(path)


def test_start_picker_reads_the_old_text_forms(run_alg, qgis_process, tmp_path):
    """START is a date-time picker now; text from scripts, models and qgis_process (ISO 8601,
    with an offset, epoch seconds) still gives the same period, and a picked date-time
    (local, as the dialog gives it) is read as UTC wall-clock time."""
    from qgis.core import QgsApplication, QgsProcessingParameterDateTime
    from qgis.PyQt.QtCore import QDate, QDateTime, QTime
    alg = QgsApplication.processingRegistry().algorithmById("mobilitydp:cdrsummary")
    assert isinstance(alg.parameterDefinition("START"), QgsProcessingParameterDateTime)
    events = _events_csv(tmp_path)
    base = {"INPUT": events, "USER_FIELD": "u", "TOWER_FIELD": "t", "TIME_FIELD": "ts",
            "N_SLOTS": 3}
    slots = {}
    for start in ("2007-09-10T00:00:00", "2007-09-10T02:00:00+02:00", "1189382400",
                  QDateTime(QDate(2007, 9, 10), QTime(0, 0))):
        out = run_alg("mobilitydp:cdrsummary", {**base, "START": start, "OUTPUT": "memory:",
                                                "SLOTS": "memory:"})
        slots[str(start)] = [(f["start"].toMSecsSinceEpoch(), f["events"])
                             for f in out["SLOTS"].getFeatures()]
    assert len(set(map(tuple, slots.values()))) == 1, slots
    assert list(slots.values())[0][0] == (1189382400000, 40)
    for start in ("2007-09-10T00:00:00", "1189382400"):  # qgis_process: text only
        code, data, text = qgis_process("mobilitydp:cdrsummary", {
            **base, "START": start, "OUTPUT": str(tmp_path / f"h{start[:4]}.gpkg"),
            "SLOTS": str(tmp_path / f"s{start[:4]}.gpkg")})
        assert code == 0, text
    code, _, text = qgis_process("mobilitydp:cdrsummary", {
        **base, "START": "not a date", "OUTPUT": str(tmp_path / "bad.gpkg")})
    assert code != 0 and "cannot read" in text, text  # our message, not "Incorrect value"


def test_enum_labels_do_not_change_the_values(qgis_app):
    """The dialog shows labels; the parameter's options (what scripts, models, History and
    qgis_process pass) are the static strings, and every label is distinct."""
    from qgis.core import QgsApplication, QgsProcessingParameterEnum

    from mobility_dp.algorithms.common.params import CHOICES_KEY, option_label
    provider = QgsApplication.processingRegistry().providerById("mobilitydp")
    seen = 0
    for alg in provider.algorithms():
        for p in alg.parameterDefinitions():
            if not isinstance(p, QgsProcessingParameterEnum) or CHOICES_KEY not in p.metadata():
                continue
            seen += 1
            choices = p.metadata()[CHOICES_KEY]
            assert set(choices) == set(p.options()) and p.usesStaticStrings(), (alg.id(), p.name())
            labels = [option_label(d) for d in choices.values()]
            assert len(set(labels)) == len(labels) and all(labels), (alg.id(), labels)
            assert p.metadata()["widget_wrapper"]["class"].endswith("EnumLabelWidgetWrapper")
    assert seen >= 15


def test_labels_are_short_with_details_in_tooltips(qgis_app):
    """No label over 45 characters, none says "optional" (QGIS adds [optional]), none names a
    repository path, none with a broken acronym ("oD flows": a lower-case letter before a
    capital in one word); details moved into the tooltip (QgsProcessingParameterDefinition.help)."""
    import re

    from qgis.core import QgsApplication
    provider = QgsApplication.processingRegistry().providerById("mobilitydp")
    long_labels, with_help = [], 0
    for alg in provider.algorithms():
        for p in alg.parameterDefinitions():
            text = p.description()
            if len(text) > 45 or "optional" in text.lower() or "scripts/" in text or "|" in text \
                    or re.search(r"\b[a-z][A-Z]", text):
                long_labels.append((alg.id(), p.name(), text))
            with_help += bool(p.help())
    assert not long_labels, long_labels
    assert with_help > 100


def test_an_empty_output_is_announced_with_its_reason(qgis_app, tmp_path):
    """Issue 27 item 9: odflows at a tiny ε draws no flow line; the run log says so and why.
    Control: at ε = 100 the flows exceed the margin and nothing is announced."""
    import processing
    from qgis.core import QgsProcessingContext, QgsProcessingFeedback

    from ..support.od_layers import lines, zones

    class Feedback(QgsProcessingFeedback):
        warnings = []

        def pushWarning(self, text):  # noqa: N802
            self.warnings.append(text)

    announced = {}
    for epsilon in (0.05, 100):
        feedback = Feedback()
        Feedback.warnings = []
        res = processing.run("mobilitydp:odflows", {
            "INPUT": lines(), "USER_FIELD": "user_id", "ZONES": zones(),
            "ZONE_ID_FIELD": "zone", "MAX_TRIPS": 5, "EPSILON": epsilon, "SEED": 3,
            "METHOD": "trips", "OD_TABLE": str(tmp_path / f"od{epsilon}.gpkg"),
            "FLOWS": str(tmp_path / f"flows{epsilon}.gpkg")},
            context=QgsProcessingContext(), feedback=feedback)
        announced[epsilon] = [w for w in Feedback.warnings if "is empty" in w]
        assert bool(announced[epsilon]) == (_count(res["FLOWS"]) == 0), (epsilon, announced)
    assert announced[100] == []
    assert len(announced[0.05]) == 1 and "exceeds the simultaneous 95 % margin" in \
        announced[0.05][0], announced


def _count(path):
    from qgis.core import QgsVectorLayer
    return QgsVectorLayer(path, "x", "ogr").featureCount()
