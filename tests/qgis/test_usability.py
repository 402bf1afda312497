"""Issue 13, across every algorithm: help, static strings in saved models, δ round-trips,
the ledger created from a new path, EPSILON_SPENT in qgis_process results, styled outputs."""
import json
import os
import subprocess
import sys

from ..support.qgis import child_env


def _algorithms():
    """The provider's algorithms (not its shipped models, whose help QGIS writes)."""
    from qgis.core import QgsApplication, QgsProcessingModelAlgorithm
    return [a for a in QgsApplication.processingRegistry().providerById("mobilitydp").algorithms()
            if not isinstance(a, QgsProcessingModelAlgorithm)]


def test_help_is_html_paragraphs_with_tags_and_a_help_page(qgis_app):
    for alg in _algorithms():
        text = alg.shortHelpString()
        assert "\n" not in text, (alg.id(), text[text.index("\n") - 60:text.index("\n") + 20])
        assert text.startswith("<"), alg.id()
        assert {"privacy", "differential", "anonym"} <= set(alg.tags()), alg.id()
        url = alg.helpUrl()
        assert url.startswith("file://") and os.path.exists(url[len("file://"):]), alg.id()


def test_every_enum_is_stored_as_a_static_string(qgis_app):
    from qgis.core import QgsProcessingParameterEnum
    positional = {(alg.name(), p.name()) for alg in _algorithms()
                  for p in alg.parameterDefinitions()
                  if isinstance(p, QgsProcessingParameterEnum) and not p.usesStaticStrings()}
    assert not positional, positional  # issue 13 item 1: every enum migrated
    for alg in _algorithms():
        for p in alg.parameterDefinitions():
            if isinstance(p, QgsProcessingParameterEnum) and p.usesStaticStrings():
                assert all(o in alg.helpString() for o in p.options()), (alg.id(), p.name())


def _model_with(alg_id, values, tmp_path):
    """A one-child model with static parameter values, saved and loaded back."""
    from qgis.core import (
        QgsProcessingModelAlgorithm,
        QgsProcessingModelChildAlgorithm,
        QgsProcessingModelChildParameterSource,
    )
    model = QgsProcessingModelAlgorithm("roundtrip", "tests")
    child = QgsProcessingModelChildAlgorithm(alg_id)
    child.setChildId("child")
    for name, value in values.items():
        child.addParameterSources(name, [QgsProcessingModelChildParameterSource.fromStaticValue(
            value)])
    model.addChildAlgorithm(child)
    path = str(tmp_path / "roundtrip.model3")
    assert model.toFile(path)
    loaded = QgsProcessingModelAlgorithm()
    assert loaded.fromFile(path)
    sources = loaded.childAlgorithm("child").parameterSources()
    return {name: sources[name][0].staticValue() for name in values}, open(path).read()


def test_static_strings_and_tiny_deltas_survive_a_saved_model(qgis_app, tmp_path):
    from qgis.core import QgsProcessingParameterEnum
    static = [(alg.id(), p) for alg in _algorithms() for p in alg.parameterDefinitions()
              if isinstance(p, QgsProcessingParameterEnum) and p.usesStaticStrings()]
    assert static  # aggregateflows and odflows have migrated
    for alg_id, p in static:
        last = p.options()[-1]
        values, text = _model_with(alg_id, {p.name(): last, "DELTA": 1.5e-6}, tmp_path)
        assert values == {p.name(): last, "DELTA": 1.5e-6}, alg_id
        assert f'value="{last}"' in text and 'value="1.5e-06"' in text


def test_delta_round_trips_through_history_command(qgis_app):
    """History stores ``alg.asPythonCommand``; evaluating it gives the same δ back."""
    from qgis.core import QgsApplication, QgsProcessingContext
    alg = QgsApplication.processingRegistry().algorithmById("mobilitydp:noisycounts")
    for delta in (1e-9, 1.5e-6, 1e-15):
        command = alg.asPythonCommand({"INPUT": "x.gpkg", "DELTA": delta},
                                      QgsProcessingContext())
        params = eval(command[command.index("{"):command.rindex("}") + 1])  # noqa: S307
        assert params["DELTA"] == delta, command


GUI_SCRIPT = r"""
import json, sys
from qgis.core import QgsApplication, QgsProcessingContext, QgsProcessingParameterNumber
app = QgsApplication([], True)
app.initQgis()
from qgis.gui import QgsGui, QgsProcessingGui, QgsFileWidget
from qgis.PyQt.QtWidgets import QWidget
from mobility_dp.algorithms.common.params import delta_parameter, ledger_parameter
from mobility_dp.algorithms.common.widgets import LedgerFileWidgetWrapper
context = QgsProcessingContext()
out, keep = {}, []
plain = QgsProcessingParameterNumber("D", "d", QgsProcessingParameterNumber.Double, 0.0)
for name, param in (("ours", delta_parameter("DELTA", "Delta")), ("plain", plain)):
    wrapper = QgsGui.processingGuiRegistry().createParameterWidgetWrapper(
        param, QgsProcessingGui.Standard)
    keep.append((param, wrapper, wrapper.createWrappedWidget(context)))  # Qt owns nothing here
    values = []
    for delta in (1e-9, 1.5e-6, 1e-15, 0.25):
        wrapper.setParameterValue(delta, context)
        values.append(wrapper.parameterValue())
    out[name] = values
dialog = QWidget()
ledger = LedgerFileWidgetWrapper(ledger_parameter("LEDGER", "Ledger"), dialog)
ledger.setValue(sys.argv[1])
out["ledger"] = [int(ledger.widget.storageMode()), int(QgsFileWidget.SaveFile),
                 ledger.widget.confirmOverwrite(), ledger.value()]
print(json.dumps(out))
"""


def test_delta_and_ledger_widgets_in_the_dialog(qgis_app, qgis_plugin_dir, tmp_path):
    new_ledger = str(tmp_path / "not-yet" / "ledger.json")
    out = subprocess.run([sys.executable, "-c", GUI_SCRIPT, new_ledger], capture_output=True,
                         text=True, env=child_env(qgis_plugin_dir), timeout=120)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["ours"] == [1e-9, 1.5e-6, 1e-15, 0.25]
    assert result["plain"][:3] != [1e-9, 1.5e-6, 1e-15]  # control: QGIS's default rounds
    mode, save, confirm, value = result["ledger"]
    assert mode == save and confirm is False and value == new_ledger


MODELER_SCRIPT = r"""
import json, sys
from qgis.core import QgsApplication, QgsProcessingModelAlgorithm
app = QgsApplication([], True)
app.initQgis()
from processing.core.Processing import Processing
Processing.initialize()
import mobility_dp
plugin = mobility_dp.classFactory(None)
plugin.initProcessing()
from processing.modeler.ModelerParametersDialog import ModelerParametersDialog
alg = QgsApplication.processingRegistry().createAlgorithmById("mobilitydp:noisycounts")
dialog = ModelerParametersDialog(alg, QgsProcessingModelAlgorithm("m", "g"))
wrapper = dialog.widget.widget.wrappers["LEDGER"]
wrapper.setValue(sys.argv[1])
child = dialog.createAlgorithm()
print(json.dumps([type(wrapper).__name__, child.parameterSources()["LEDGER"][0].staticValue()]))
"""


def test_ledger_widget_in_the_model_designer(qgis_app, qgis_plugin_dir, tmp_path):
    new_ledger = str(tmp_path / "not-yet" / "ledger.json")
    out = subprocess.run([sys.executable, "-c", MODELER_SCRIPT, new_ledger], capture_output=True,
                         text=True, env=child_env(qgis_plugin_dir), timeout=120)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout.strip().splitlines()[-1]) == ["LedgerFileWidgetWrapper",
                                                               new_ledger]


def _iris_counts(tmp_path):
    """The sample IRIS as a GeoPackage with an integer count field."""
    import processing

    from ..support.qgis import ROOT
    path = str(tmp_path / "iris.gpkg")
    processing.run("native:fieldcalculator", {
        "INPUT": os.path.join(ROOT, "sample_data", "paris_iris.geojson"), "FIELD_NAME": "n",
        "FIELD_TYPE": 1, "FORMULA": "\"population\"", "OUTPUT": path})
    return path


def test_qgis_process_results_carry_the_cost_and_outputs_their_style(qgis_process, tmp_path):
    from qgis.core import QgsVectorLayer
    src = _iris_counts(tmp_path)
    out, ledger = str(tmp_path / "noisy.gpkg"), str(tmp_path / "new" / "ledger.json")
    code, data, text = qgis_process("mobilitydp:noisycounts", {
        "INPUT": src, "COUNT_FIELD": "n", "MECHANISM": "gaussian_analytic", "EPSILON": 0.5, "DELTA": 1.5e-6,
        "SEED": 1, "LEDGER": ledger, "BUDGET_EPSILON": 2, "BUDGET_DELTA": 1e-5, "OUTPUT": out})
    assert code == 0, text
    results = data["results"]
    assert results["EPSILON_SPENT"] == 0.5 and results["DELTA_SPENT"] == 1.5e-6
    assert results["PRIVACY_UNIT"].startswith("ε")
    (ds,) = json.load(open(ledger, encoding="utf-8"))["datasets"].values()  # created
    assert ds["entries"][0]["delta"] == 1.5e-6
    layer = QgsVectorLayer(out, "noisy", "ogr")  # loads its default style from the GeoPackage
    assert layer.isValid() and layer.renderer().type() == "graduatedSymbol"


def test_default_style_keeps_temporal_settings(qgis_app, tmp_path):
    from qgis.core import (
        QgsFeature,
        QgsGeometry,
        QgsPointXY,
        QgsVectorFileWriter,
        QgsVectorLayer,
        QgsVectorLayerTemporalProperties,
    )

    from mobility_dp.algorithms.common.default_style import save_default_style
    mem = QgsVectorLayer("Point?crs=EPSG:2154&field=t0:datetime&field=t1:datetime", "d",
                         "memory")
    f = QgsFeature(mem.fields())
    f.setGeometry(QgsGeometry.fromPointXY(QgsPointXY(650000, 6860000)))
    mem.dataProvider().addFeatures([f])
    path = str(tmp_path / "t.gpkg")
    QgsVectorFileWriter.writeAsVectorFormatV3(mem, path, mem.transformContext(),
                                              QgsVectorFileWriter.SaveVectorOptions())

    def temporal(layer):
        props = layer.temporalProperties()
        props.setMode(QgsVectorLayerTemporalProperties.ModeFeatureDateTimeStartAndEndFromFields)
        props.setStartField("t0")
        props.setEndField("t1")
        props.setIsActive(True)

    assert save_default_style(path, temporal) == ""
    layer = QgsVectorLayer(path, "t", "ogr")
    # QGIS 3.22's constructor applies the default style's symbology but not its temporal
    # part; loading the default style (Layer Properties > Style > Default) applies it all.
    assert layer.loadDefaultStyle()[1]
    props = layer.temporalProperties()
    assert props.isActive() and props.startField() == "t0" and props.endField() == "t1"
    plain = QgsVectorLayer(str(tmp_path / "t.gpkg"), "t", "ogr", QgsVectorLayer.LayerOptions(
        loadDefaultStyle=False))
    assert not plain.temporalProperties().isActive()  # control: the style is what carries it
    # with the plugin's GUI hook, adding the layer to a project restores it all
    from qgis.core import QgsProject

    import mobility_dp
    plugin = mobility_dp.classFactory(None)
    plugin.initGui()
    try:
        added = QgsVectorLayer(path, "t", "ogr")
        assert not added.temporalProperties().isActive()  # QGIS 3.22 on its own
        QgsProject.instance().addMapLayer(added)
        assert added.temporalProperties().isActive()
        other = QgsVectorLayer(_iris_counts(tmp_path), "iris", "ogr")  # no Mobility DP style
        QgsProject.instance().addMapLayer(other)
        assert not other.temporalProperties().isActive()
    finally:
        plugin.unload()
        QgsProject.instance().removeAllMapLayers()


def test_default_style_of_a_geopackage_of_several_layers_is_stored_inside_it(qgis_app,
                                                                             tmp_path):
    """One sidecar cannot style several layers: each layer's style goes into the file, and
    only the layer styled is recognised as Mobility DP's."""
    from qgis.core import QgsVectorFileWriter, QgsVectorLayer

    from mobility_dp.algorithms.common.default_style import (
        has_own_style,
        save_default_style,
        sidecar_path,
    )
    path = str(tmp_path / "two.gpkg")
    for name in ("a", "b"):
        mem = QgsVectorLayer("Point?crs=EPSG:2154&field=n:integer", name, "memory")
        options = QgsVectorFileWriter.SaveVectorOptions()
        options.layerName = name
        if name == "b":
            options.actionOnExistingFile = QgsVectorFileWriter.CreateOrOverwriteLayer
        QgsVectorFileWriter.writeAsVectorFormatV3(mem, path, mem.transformContext(), options)
    assert save_default_style(path + "|layername=a", lambda layer: None) == ""
    assert not os.path.exists(sidecar_path(path))
    assert has_own_style(path + "|layername=a") and not has_own_style(path + "|layername=b")
    assert not has_own_style(path)  # several layers, none named
