"""Desktop defects a second look at the dialogs found, checked headless where the cause lives
(the GUI tier, tests/gui, shows the same in the desktop). Each test failed before its fix."""
import os

import pytest

from ..support.qgis import ROOT
from .test_histograms import ATTACK, PUBLISH, _params, cells, observations

IRIS = os.path.join(ROOT, "sample_data", "paris_iris.geojson")


def _dialog_run(alg_id, params, temporary):
    """Run as the dialog does (temporary outputs as output-layer definitions); returns the
    results and the ids registered to load on completion that resolve to no layer (the
    dialog's red "The following layers were not correctly generated")."""
    from qgis.core import (
        QgsApplication,
        QgsProcessingContext,
        QgsProcessingFeedback,
        QgsProcessingOutputLayerDefinition,
        QgsProject,
    )
    context = QgsProcessingContext()
    context.setProject(QgsProject.instance())
    alg = QgsApplication.processingRegistry().createAlgorithmById(alg_id)
    outputs = {name: QgsProcessingOutputLayerDefinition("TEMPORARY_OUTPUT", QgsProject.instance())
               for name in temporary}
    results, ok = alg.run({**params, **outputs}, context, QgsProcessingFeedback())
    assert ok, alg_id
    ids = list(context.layersToLoadOnCompletion())
    return results, ids, [i for i in ids if context.getMapLayer(i) is None]


def test_trajectoryrecovery_registers_no_missing_layer(run_alg, tmp_path):
    """With true trajectories and a temporary accuracy table, every layer it registers exists
    (it registered a stray 'memory:Accuracy per true user')."""
    counts = run_alg(PUBLISH, _params(tmp_path))["OUTPUT"]
    params = {"COUNTS": counts, "CELLS": cells(), "CELL_ID_FIELD": "cell",
              "TRUE_TRAJECTORIES": observations(), "USER_FIELD": "user_id",
              "TIME_FIELD": "time", "REPORT": str(tmp_path / "attack.html")}
    results, ids, missing = _dialog_run(ATTACK, params, ("OUTPUT", "ACCURACY"))
    assert results["RECOVERY_ACCURACY"] == 1.0
    assert missing == [] and len(ids) == 2, ids
    # without the true trajectories the accuracy table is neither written nor registered
    params["TRUE_TRAJECTORIES"] = None
    results, ids, missing = _dialog_run(ATTACK, params, ("OUTPUT", "ACCURACY"))
    assert missing == [] and len(ids) == 1, ids


def _dialog(alg_id):
    """The algorithm's dialog as the toolbox opens it (widgets at their defaults)."""
    from processing.gui.AlgorithmDialog import AlgorithmDialog
    from qgis.core import QgsApplication
    dlg = AlgorithmDialog(QgsApplication.processingRegistry().createAlgorithmById(alg_id))
    return dlg, dlg.mainWidget().wrappers


def _refused(dlg):
    """The parameters Run refuses ("Wrong or missing parameter value: <label>"), by the check
    the dialog applies to each widget's value."""
    alg = dlg.algorithm()
    return [name for name, w in dlg.mainWidget().wrappers.items()
            if alg.parameterDefinition(name) is not None
            and not alg.parameterDefinition(name).checkValueIsAcceptable(w.parameterValue())]


def _label(wrapper):
    """The label the dialog shows beside the widget (QGIS's wrappers and the plugin's)."""
    label = getattr(wrapper, "label", None) or wrapper.wrappedLabel() or \
        wrapper.wrappedWidget()     # a checkbox carries its label itself
    assert label is not None and label.text(), wrapper
    return label.text()


def test_synthesizetrips_time_window_is_required_in_the_dialog(qgis_app):
    """The window synthetic trips refuse to run without is not marked optional: the dialog
    and QGIS's check ask for it by name before a run (it said "[optional]")."""
    from qgis.core import QgsApplication, QgsProcessingContext
    alg = QgsApplication.processingRegistry().algorithmById("mobilitydp:synthesizetrips")
    dlg, wrappers = _dialog("mobilitydp:synthesizetrips")
    try:
        for name in ("START", "END"):
            assert "optional" not in _label(wrappers[name]), _label(wrappers[name])
            assert wrappers[name].parameterValue() is None   # empty, not "now"
        ok, message = alg.checkParameterValues(
            {"INPUT": IRIS, "ZONES": IRIS, "EPSILON": 1.0}, QgsProcessingContext())
        assert not ok and "START" in message, message
        assert {"START", "END"} <= set(_refused(dlg)), _refused(dlg)
    finally:
        dlg.close()
    odflows = QgsApplication.processingRegistry().algorithmById("mobilitydp:odflows")
    assert odflows.parameterDefinition("START").flags() & 8   # FlagOptional: flows take all


@pytest.mark.parametrize("alg_id", ["mobilitydp:sanitizedensity", "mobilitydp:publishhistograms",
                                    "mobilitydp:cdrsummary"])
def test_start_of_the_period_starts_empty_not_now(qgis_app, alg_id):
    """A required start picker started at "now", after every event: a first run failed
    ("… fell before the period"). It starts empty and the dialog asks for it by name."""
    from qgis.core import QgsProcessingContext
    dlg, wrappers = _dialog(alg_id)
    try:
        wrapper = wrappers["START"]
        assert wrapper.parameterValue() is None
        assert "optional" not in _label(wrapper)
        assert "START" in _refused(dlg)          # Run asks for it by name
        wrapper.setParameterValue("2007-09-10T06:30:00", QgsProcessingContext())
        assert "START" not in _refused(dlg)
        assert wrapper.parameterValue() == "2007-09-10T06:30:00"  # a model's or History's text
    finally:
        dlg.close()


def test_generatemobility_start_is_a_date_picker(qgis_app):
    """generatemobility's START was free text; it is a date picker passing the same text."""
    from qgis.gui import QgsDateEdit

    from mobility_dp.dpcore.demo_data import DEFAULT_START
    dlg, wrappers = _dialog("mobilitydp:generatemobility")
    try:
        wrapper = wrappers["START"]
        assert isinstance(getattr(wrapper, "widget", None), QgsDateEdit), wrapper
        assert wrapper.parameterValue() == DEFAULT_START[:10] + "T00:00:00"
    finally:
        dlg.close()


def _skewed_layer(kind, values):
    from qgis.core import QgsFeature, QgsGeometry, QgsPointXY, QgsVectorLayer
    layer = QgsVectorLayer(f"Point?crs=EPSG:4326&field=v:{kind}", "skewed", "memory")
    feats = []
    for k, v in enumerate(values):
        f = QgsFeature(layer.fields())
        f.setGeometry(QgsGeometry.fromPointXY(QgsPointXY(k * 0.001, 0)))
        f.setAttributes([v])
        feats.append(f)
    layer.dataProvider().addFeatures(feats)
    layer.updateExtents()
    return layer


@pytest.mark.parametrize("kind,values", [
    # per-cell relative errors: most small, one huge (the legend read 0 - 0, 0 - 1, 1 - 1, …)
    ("double", [0.0] * 30 + [0.02, 0.04, 0.3, 0.45, 0.7, 0.8, 1.1, 1.3] * 5 + [398.0]),
    # visits per zone: mostly none (four "0 - 0" classes)
    ("integer", [0] * 80 + list(range(1, 21))),
    ("double", [0.0] * 80 + [0.5 * k for k in range(1, 21)])])
def test_legend_classes_are_distinct_and_readable(qgis_app, kind, values):
    """Quantile classes on skewed data: no two classes alike, none empty-and-repeated, and
    labels with the decimals that tell the bounds apart (decimals came from the whole range)."""
    from mobility_dp.algorithms.common.styles import graduated_style
    layer = _skewed_layer(kind, values)
    graduated_style("v")(layer)
    ranges = layer.renderer().ranges()
    labels = [r.label() for r in ranges]
    bounds = [(r.lowerValue(), r.upperValue()) for r in ranges]
    assert len(set(labels)) == len(labels) and len(set(bounds)) == len(bounds), labels
    assert sum(lo == hi for lo, hi in bounds) <= 1, bounds
    for label in labels:                  # "0" (a one-value class) or "0.3 - 0.7"
        low, high = (label.split(" - ") * 2)[:2]
        assert float(low) <= float(high), labels
    assert 2 <= len(ranges) <= 5, labels
    assert min(r.lowerValue() for r in ranges) <= min(values) and \
        max(r.upperValue() for r in ranges) >= max(values), bounds


def _combo_texts(wrapper):
    from qgis.PyQt.QtWidgets import QComboBox
    widget = getattr(wrapper, "widget", None) or wrapper.wrappedWidget()
    boxes = [widget] if isinstance(widget, QComboBox) else widget.findChildren(QComboBox)
    return [b.itemText(i) for b in boxes for i in range(b.count())]


@pytest.mark.parametrize("alg_id,name,unwanted", [
    ("mobilitydp:odflows", "METHOD", "[Not selected]"),        # it has "automatic" already
    ("mobilitydp:publishhistograms", "COMPOSITION", "parallel (removed)"),  # always refused
    ("mobilitydp:sanitizedensity", "METHOD", "EFPA_G"),
    ("mobilitydp:aggregateflows", "METHOD", "UniversalNoise")])
def test_option_lists_offer_what_a_person_can_choose(qgis_app, alg_id, name, unwanted):
    dlg, wrappers = _dialog(alg_id)
    try:
        texts = _combo_texts(wrappers[name])
        assert texts and unwanted not in texts, texts
        camel = [w for t in texts for w in t.split() if any(c.isupper() for c in w[1:]) and
                 any(c.islower() for c in w[1:])]                 # UniversalNoise, not LPA
        assert not [t for t in texts if "_" in t] and not camel, texts
    finally:
        dlg.close()


def test_labels_say_what_they_mean(qgis_app):
    """Geo-indistinguishability's ε says per metre."""
    dlg, wrappers = _dialog("mobilitydp:perturbpoints")
    try:
        assert "per metre" in _label(wrappers["EPSILON"]), _label(wrappers["EPSILON"])
    finally:
        dlg.close()


def test_a_removed_option_is_still_refused_from_scripts(run_alg, tmp_path):
    from qgis.core import QgsProcessingException
    with pytest.raises(QgsProcessingException, match="sequential"):
        run_alg(PUBLISH, _params(tmp_path, METHOD="dynamic_hybrid", COMPOSITION="parallel"))


def test_a_new_ledger_without_budget_names_the_field(run_alg, tmp_path):
    """The refusal names the dialog's field, hidden under the collapsed Advanced section (it
    said only "give its total privacy budget (epsilon, delta)")."""
    from qgis.core import QgsProcessingException
    ledger = tmp_path / "ledger.json"
    with pytest.raises(QgsProcessingException, match="“Total budget ε” \\(under Advanced"):
        run_alg("mobilitydp:noisycounts", {"INPUT": IRIS, "COUNT_FIELD": "population",
                                           "EPSILON": 1.0, "LEDGER": str(ledger),
                                           "DATASET_ID": "iris", "OUTPUT": "memory:"})
    assert not ledger.exists() or "iris" not in ledger.read_text()


def test_spark_bound_help_names_no_issue():
    import re
    import subprocess
    out = subprocess.run([os.path.join(ROOT, "scripts", "spark-bound"), "trips", "--help"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and "spark" in out.stdout.lower(), out.stderr
    assert not re.search(r"issue\s+\d", out.stdout + out.stderr), out.stdout


def test_empty_od_flow_lines_of_the_report_say_why(qgis_app, tmp_path):
    """mobilityreport's empty "OD flow lines" gave no reason (odflows explained its margin)."""
    import processing
    from qgis.core import QgsProcessingContext, QgsProcessingFeedback

    from ..support.od_layers import lines, zones
    from .test_mobilityreport import REPORT_ALG, _params
    warnings = []

    class Feedback(QgsProcessingFeedback):
        def pushWarning(self, text):  # noqa: N802
            warnings.append(text)

    res = processing.run(REPORT_ALG, _params(lines("EPSG:3857"), zones("EPSG:2154"), tmp_path,
                                             EPSILON=0.05),
                         context=QgsProcessingContext(), feedback=Feedback())
    from ..support.qgis import read_layer
    assert read_layer(res["OD_FLOWS"])[1] == []
    (said,) = [w for w in warnings if "OD flow lines" in w]
    assert "margin of error" in said, said


def _panel_text(wrapper):
    """What the panel shows for a parameter: its label, or the checkbox carrying it."""
    label = getattr(wrapper, "label", None)
    if label is None and hasattr(wrapper, "wrappedLabel"):
        label = wrapper.wrappedLabel()
    widget = getattr(wrapper, "widget", None) or wrapper.wrappedWidget()
    return (label or widget).text()


def test_a_checkbox_is_never_marked_optional(qgis_app):
    """odflows' "Directed" checkbox said "[optional]" (it stays optional in QGIS's sense: the
    shipped models predate it); a checkbox always holds a value."""
    dlg, wrappers = _dialog("mobilitydp:odflows")
    try:
        directed = wrappers["DIRECTED"]
        text = _panel_text(directed)
        assert text == dlg.algorithm().parameterDefinition("DIRECTED").description(), text
        assert directed.parameterValue() is False
        directed.setValue(True)
        assert directed.parameterValue() is True
        assert "DIRECTED" not in _refused(dlg)
    finally:
        dlg.close()


@pytest.mark.parametrize("alg_id", ["mobilitydp:odflows", "mobilitydp:mobilityreport",
                                    "mobilitydp:sanitizedensity", "mobilitydp:publishhistograms"])
def test_optional_only_where_the_widget_can_be_left_empty(qgis_app, alg_id):
    """The plugin's widgets say "[optional]" only where they can be left empty: an option list
    or number with a default, or a checkbox, always holds a value (odflows' Method and Publish,
    which have defaults, said "[optional]" beside a value already chosen)."""
    from processing.gui.wrappers import WidgetWrapper
    from qgis.core import QgsProcessingParameterDefinition

    from mobility_dp.algorithms.common.widgets import can_be_empty
    dlg, wrappers = _dialog(alg_id)
    try:
        alg, checked = dlg.algorithm(), 0
        for name, wrapper in wrappers.items():
            p = alg.parameterDefinition(name)
            if p is None or not isinstance(wrapper, WidgetWrapper):
                continue                                  # QGIS's own widget and label
            says = "[optional]" in _panel_text(wrapper)
            assert says == can_be_empty(p), (name, _panel_text(wrapper))
            checked += bool(p.flags() & QgsProcessingParameterDefinition.FlagOptional)
        assert checked >= 2, alg_id
    finally:
        dlg.close()
    if alg_id == "mobilitydp:odflows":
        assert not can_be_empty(alg.parameterDefinition("METHOD"))
        assert not can_be_empty(alg.parameterDefinition("SCALE_SHARE"))
        assert can_be_empty(alg.parameterDefinition("SEED"))


def test_public_population_and_regions_say_unknown_and_off_not_0(qgis_app):
    """"Public population" and "Public regions" showed 0 when not set; their 0 means unknown
    and off: the field is empty with that word, and a run gets 0 as before."""
    dlg, wrappers = _dialog("mobilitydp:odflows")
    try:
        for name, word in (("POPULATION", "unknown"), ("REGION_SIZE", "off")):
            edit = wrappers[name].widget
            assert edit.text() == "" and edit.placeholderText() == word, (name, edit.text())
            value = wrappers[name].parameterValue()
            assert dlg.algorithm().parameterDefinition(name).checkValueIsAcceptable(value)
            assert value in (None, 0.0), value        # None: QGIS passes the default, 0
            wrappers[name].setValue(25000.0)
            assert edit.text() == "25000" and wrappers[name].parameterValue() == 25000.0
    finally:
        dlg.close()
