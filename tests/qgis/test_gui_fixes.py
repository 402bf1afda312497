"""Issue 27 items 1-3 at their shared cause, headless: no stray layer to load, no deprecated
renderer call, and the layer-added hook touches only layers Mobility DP wrote. (The GUI tier,
tests/gui, checks the same in the desktop's dialog log and message log.)"""
import os
import warnings

from conftest import ROOT

IRIS = os.path.join(ROOT, "sample_data", "paris_iris.geojson")


def _run_in(context, alg_id, params):
    import processing
    from qgis.core import QgsProcessingFeedback
    return processing.run(alg_id, params, context=context, feedback=QgsProcessingFeedback())


def test_temporary_outputs_register_only_real_layers(qgis_app):
    """Every layer registered to load on completion exists (the dialog's "not correctly
    generated" list is exactly the registered ids that do not); native:buffer as control."""
    from qgis.core import (QgsApplication, QgsProcessingContext, QgsProcessingFeedback,
                           QgsProcessingOutputLayerDefinition, QgsProject)
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
    from mobility_dp.algorithms.common.outputs import graduated_style
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
    from mobility_dp.algorithms.common.layer_hook import has_own_style
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
