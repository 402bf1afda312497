"""The trip reader (issue 28): a GeoPackage or CSV streamed by GDAL gives the same ZonedTrips as
the same trips read feature by feature through QGIS, for the three layouts, on the Paris IRIS
(a geographic zones layer, so the frame is an azimuthal equidistant projection)."""
import os

import numpy as np
import pytest

from ..support.od_layers import save as _save

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ZONES = os.path.join(ROOT, "sample_data", "paris_iris.geojson")
T0 = 1_780_000_000


def _rng():
    return np.random.default_rng(28)


def _places(rng, n):
    return rng.uniform([2.27, 48.83], [2.40, 48.89], (n, 2))


def _table_layer():
    from qgis.core import QgsFeature, QgsVectorLayer
    layer = QgsVectorLayer("None?field=user_id:integer&field=ox:double&field=oy:double"
                           "&field=dx:double&field=dy:double&field=start:string"
                           "&field=end:integer", "od", "memory")
    rng = _rng()
    feats = []
    for _k in range(400):
        (ox, oy), (dx, dy) = np.round(_places(rng, 2), 5)  # the GPKG writer keeps 5 decimals
        f = QgsFeature(layer.fields())
        t = T0 + int(rng.integers(0, 86400))
        f.setAttributes([int(rng.integers(0, 60)) * 7, float(ox), float(oy), float(dx),
                         float(dy), str(np.datetime_as_string(np.datetime64(t, "s"))), t + 900])
        feats.append(f)
    layer.dataProvider().addFeatures(feats)
    return layer


def _points_layer():
    from qgis.core import QgsFeature, QgsGeometry, QgsPointXY, QgsVectorLayer
    layer = QgsVectorLayer("Point?crs=EPSG:4326&field=user_id:string&field=trip:string"
                           "&field=time:integer", "gps", "memory")
    rng = _rng()
    feats = []
    for _k in range(900):
        x, y = _places(rng, 1)[0]
        f = QgsFeature(layer.fields())
        f.setGeometry(QgsGeometry.fromPointXY(QgsPointXY(float(x), float(y))))
        f.setAttributes([f"u{rng.integers(0, 30)}", f"t{rng.integers(0, 8)}",
                         T0 + int(rng.integers(0, 3600))])
        feats.append(f)
    layer.dataProvider().addFeatures(feats)
    return layer


def _lines_layer(m_times):
    from qgis.core import QgsFeature, QgsGeometry, QgsLineString, QgsPoint, QgsVectorLayer
    kind = "LineStringM" if m_times else "LineString"
    layer = QgsVectorLayer(f"{kind}?crs=EPSG:4326&field=user_id:string&field=start:string"
                           "&field=end:string", "trips", "memory")
    rng = _rng()
    feats = []
    for _k in range(300):
        pts = _places(rng, int(rng.integers(2, 6)))
        t = T0 + int(rng.integers(0, 86400))
        line = QgsLineString([QgsPoint(float(x), float(y), m=float(t + 60 * i)) if m_times
                              else QgsPoint(float(x), float(y)) for i, (x, y) in enumerate(pts)])
        f = QgsFeature(layer.fields())
        f.setGeometry(QgsGeometry(line))
        iso = str(np.datetime_as_string(np.datetime64(t, "s")))
        f.setAttributes([f"user {rng.integers(0, 40)}", None if m_times else iso,
                         None if m_times else str(t + 1200)])
        feats.append(f)
    layer.dataProvider().addFeatures(feats)
    return layer


LAYOUTS = {
    "table": (_table_layer, dict(ORIGIN_X="ox", ORIGIN_Y="oy", DEST_X="dx", DEST_Y="dy",
                                 START_FIELD="start", END_FIELD="end",
                                 TABLE_CRS="EPSG:4326")),
    "points": (_points_layer, dict(TRIP_FIELD="trip", TIME_FIELD="time")),
    "lines": (lambda: _lines_layer(False), dict(START_FIELD="start", END_FIELD="end")),
    "lines with M times": (lambda: _lines_layer(True), {}),
}


def _read(layer_or_path, extra):
    from qgis.core import QgsApplication, QgsProcessingContext, QgsProcessingFeedback

    from mobility_dp.algorithms.od.trip_reader import read_trips
    alg = QgsApplication.processingRegistry().createAlgorithmById("mobilitydp:odflows")
    context = QgsProcessingContext()
    params = {"INPUT": layer_or_path, "USER_FIELD": "user_id", "ZONES": ZONES,
              "ZONE_ID_FIELD": "iris_id", "MAX_TRIPS": 3, **extra}
    return read_trips(alg, params, context, QgsProcessingFeedback())


@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_streamed_file_equals_feature_reader(qgis_app, tmp_path, layout):
    make, extra = LAYOUTS[layout]
    layer = make()
    path = _save(layer, tmp_path / "trips.gpkg")
    direct, through_qgis = _read(path, extra), _read(layer, extra)
    assert (direct.engine, through_qgis.engine) == ("gdal", "qgis")
    a, b = direct.zoned, through_qgis.zoned
    assert a.n == b.n > 20
    np.testing.assert_array_equal(a.user, b.user)
    np.testing.assert_array_equal(a.origin_zone, b.origin_zone)
    np.testing.assert_array_equal(a.dest_zone, b.dest_zone)
    np.testing.assert_allclose(a.trips.origin, b.trips.origin, rtol=0, atol=1e-6)
    np.testing.assert_allclose(a.trips.dest, b.trips.dest, rtol=0, atol=1e-6)
    np.testing.assert_allclose(a.trips.length, b.trips.length, rtol=1e-9, atol=1e-6)
    np.testing.assert_array_equal(a.trips.start, b.trips.start)
    np.testing.assert_array_equal(a.trips.end, b.trips.end)
    assert np.isfinite(a.trips.start).all()
    assert direct.facts[:5] == through_qgis.facts[:5]


def test_csv_table_is_streamed_with_text_columns(qgis_app, tmp_path):
    layer = _table_layer()
    csv = tmp_path / "od.csv"
    rows = ["user_id,ox,oy,dx,dy,start,end"]
    for f in layer.getFeatures():
        rows.append(",".join(str(v) for v in f.attributes()))
    csv.write_text("\n".join(rows) + "\n")
    _, extra = LAYOUTS["table"]
    from qgis.core import QgsVectorLayer
    text = QgsVectorLayer(f"file://{csv}?delimiter=,", "od", "delimitedtext")
    assert text.isValid() and text.providerType() == "delimitedtext"
    assert _read(text, extra).engine == "gdal"
    direct, through_qgis = _read(str(csv), extra), _read(layer, extra)
    assert direct.engine == "gdal"
    np.testing.assert_array_equal(direct.zoned.user, through_qgis.zoned.user)
    np.testing.assert_array_equal(direct.zoned.origin_zone, through_qgis.zoned.origin_zone)
    np.testing.assert_array_equal(direct.trips.start, through_qgis.trips.start)



@pytest.mark.parametrize("streamed", [True, False])
def test_cancelling_stops_the_reader(qgis_app, tmp_path, streamed):
    """The reader reports progress per batch and stops with dpcore's Cancelled."""
    from qgis.core import QgsApplication, QgsProcessingContext, QgsProcessingFeedback

    from mobility_dp.algorithms.od.trip_reader import read_trips
    from mobility_dp.dpcore.reporting.progress import Cancelled
    make, extra = LAYOUTS["table"]
    layer = make()
    source = _save(layer, tmp_path / "trips.gpkg") if streamed else layer
    alg = QgsApplication.processingRegistry().createAlgorithmById("mobilitydp:odflows")
    feedback = QgsProcessingFeedback()
    feedback.cancel()
    with pytest.raises(Cancelled):
        read_trips(alg, {"INPUT": source, "USER_FIELD": "user_id", "ZONES": ZONES,
                         "MAX_TRIPS": 3, **extra}, QgsProcessingContext(), feedback)


@pytest.mark.parametrize("target", ["aeqd", "EPSG:3035 pinned"])
def test_reprojection_in_a_qt_thread_uses_osr_and_agrees_with_qgis(qgis_app, monkeypatch,
                                                                   target):
    """A dialog runs the algorithm in a Qt pool thread, where pyproj 3.7 hands out a freed PROJ
    context the second time (QGIS 3.40 on Debian 13 died of SIGSEGV): there the vectorised
    transform is GDAL's osr, twice in one Qt thread, and gives QGIS's own coordinates; on the
    main thread pyproj is used (the control that the recorder sees pyproj calls). "pinned":
    the project's transform context names the operation, which both paths follow."""
    from types import SimpleNamespace

    from qgis.core import (
        QgsCoordinateReferenceSystem,
        QgsCoordinateTransform,
        QgsDatumTransform,
        QgsPointXY,
        QgsProcessingContext,
    )
    from qgis.PyQt.QtCore import QThread

    from mobility_dp.algorithms.od import trip_sources

    src = QgsCoordinateReferenceSystem("EPSG:4326")
    frame = SimpleNamespace(crs=QgsCoordinateReferenceSystem.fromProj(
        "+proj=aeqd +lat_0=48.86 +lon_0=2.34 +x_0=0 +y_0=0 +ellps=WGS84 +units=m +no_defs")
        if target == "aeqd" else QgsCoordinateReferenceSystem("EPSG:3035"))
    assert frame.crs.isValid()
    context = QgsProcessingContext()
    if target.endswith("pinned"):
        transforms = context.transformContext()
        op = QgsDatumTransform.operations(src, frame.crs)[0].proj
        assert transforms.addCoordinateOperation(src, frame.crs, op)
        context.setTransformContext(transforms)
        assert QgsCoordinateTransform(src, frame.crs, transforms).coordinateOperation() == op
    xy = _places(_rng(), 50)
    calls = []
    real = trip_sources._pyproj_transform
    monkeypatch.setattr(trip_sources, "_pyproj_transform",
                        lambda *a: calls.append(QThread.currentThread()) or real(*a))

    def project():
        to_frame = trip_sources.to_frame_function(src, frame, context)
        return to_frame(xy[:, 0].copy(), xy[:, 1].copy())

    results, errors = [], []

    class Worker(QThread):
        def run(self):
            try:
                for _ in range(2):  # the second context in one thread is the one that crashed
                    results.append(project())
            except Exception as exc:  # noqa: BLE001 — reported below
                errors.append(exc)

    worker = Worker()
    worker.start()
    assert worker.wait(60_000)
    assert not errors and len(results) == 2 and not calls   # no pyproj off the main thread
    main = project()
    assert len(calls) == 1 and calls[0] == qgis_app.thread()  # the control: pyproj seen
    qgs = QgsCoordinateTransform(src, frame.crs, context.transformContext())
    expected = np.array([[p.x(), p.y()] for p in (qgs.transform(QgsPointXY(*map(float, v)))
                                                  for v in xy)])
    for fx, fy in results + [main]:
        np.testing.assert_allclose(np.column_stack([fx, fy]), expected, rtol=0, atol=1e-6)
