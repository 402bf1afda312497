"""algorithms/base.py: metric CRS handling, progress/cancel bridge, error mapping."""
import os

import pytest


def _frame(crs_id, extent):
    from qgis.core import QgsCoordinateReferenceSystem, QgsProcessingContext, QgsRectangle
    from mobility_dp.algorithms.base import MetricFrame
    return MetricFrame(QgsCoordinateReferenceSystem(crs_id), QgsRectangle(*extent),
                       QgsProcessingContext())


def test_geographic_input_is_computed_in_metres(qgis_app):
    from qgis.core import QgsDistanceArea, QgsGeometry, QgsPointXY
    frame = _frame("EPSG:4326", (2.22, 48.81, 2.47, 48.90))
    assert frame.reprojected and "aeqd" in frame.crs.toProj()
    a, b = QgsPointXY(2.30, 48.85), QgsPointXY(2.35, 48.87)
    da = QgsDistanceArea()
    da.setEllipsoid("WGS84")
    true_m = da.measureLine(a, b)
    pa = frame.to_shapely(QgsGeometry.fromPointXY(a))
    pb = frame.to_shapely(QgsGeometry.fromPointXY(b))
    assert pa.distance(pb) == pytest.approx(true_m, rel=1e-3)
    back = frame.from_shapely(pa).asPoint()
    assert back.x() == pytest.approx(2.30, abs=1e-9) and back.y() == pytest.approx(48.85, abs=1e-9)


def test_metric_crs_is_kept(qgis_app):
    frame = _frame("EPSG:2154", (640000, 6850000, 660000, 6870000))
    assert not frame.reprojected and frame.crs.authid() == "EPSG:2154"


def test_invalid_crs_refused(qgis_app):
    from qgis.core import QgsProcessingException
    with pytest.raises(QgsProcessingException, match="no valid CRS"):
        _frame("", (0, 0, 1, 1))


def test_progress_bridge_cancels(qgis_app):
    from qgis.core import QgsProcessingFeedback
    from mobility_dp.algorithms.base import progress_bridge
    from mobility_dp.dpcore.privacy import Cancelled
    feedback = QgsProcessingFeedback()
    progress = progress_bridge(feedback, 10, 50)
    progress(0.5)
    assert feedback.progress() == pytest.approx(30)
    feedback.cancel()
    with pytest.raises(Cancelled):
        progress(0.6)


def test_cancelled_run_leaves_no_output(qgis_app, tmp_path, sample_iris_path):
    from qgis.core import (QgsApplication, QgsProcessingContext, QgsProcessingException,
                           QgsProcessingFeedback)
    alg = QgsApplication.processingRegistry().createAlgorithmById("mobilitydp:noisycounts")
    feedback = QgsProcessingFeedback()
    feedback.cancel()
    out = str(tmp_path / "cancelled.gpkg")
    params = {"INPUT": sample_iris_path, "COUNT_FIELD": "population", "EPSILON": 1.0,
              "OUTPUT": out}
    context = QgsProcessingContext()
    assert alg.prepare(params, context, feedback)
    with pytest.raises(QgsProcessingException, match="Cancelled"):
        alg.processAlgorithm(params, context, feedback)
    assert not os.path.exists(out)


def test_every_algorithm_has_help_and_described_parameters(qgis_app):
    from qgis.core import QgsApplication
    provider = QgsApplication.processingRegistry().providerById("mobilitydp")
    ids = {a.id() for a in provider.algorithms()}
    assert {"mobilitydp:" + n for n in (
        "noisycounts", "voronoitessellation", "datadriventessellation", "minimumcover",
        "generatemobility", "cdrsummary", "sanitizedensity", "comparedensity", "perturbpoints",
        "estimatedistribution", "aggregateflows", "flowmeasures", "compareflows")} <= ids
    for alg in provider.algorithms():
        assert len(alg.shortHelpString()) > 300, alg.id()
        assert alg.group(), alg.id()
        for p in alg.parameterDefinitions():
            assert p.description().strip(), (alg.id(), p.name())
        names = {p.name() for p in alg.parameterDefinitions()}
        if alg.USES_PRIVACY:  # every release has the same privacy parameters
            assert {"EPSILON", "SEED", "LEDGER", "REPORT"} <= names, alg.id()
            assert "Privacy ledger" in alg.shortHelpString(), alg.id()
