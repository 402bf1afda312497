"""Issue 30: the metric frame round-trips coordinates within a millimetre (hypothesis).

A point of a public extent, in the extent's CRS (lon/lat, Web Mercator, a national grid),
goes into the run's metric frame (``to_shapely``) and back (``from_shapely``); the two
positions are less than 1 mm apart on the ellipsoid, anywhere the extent may be (up to
±80° latitude, across the antimeridian excluded) and whatever its size (up to 10°).
"""
from hypothesis import given, settings
from hypothesis import strategies as st

MM = 1e-3


@settings(max_examples=60, deadline=None, derandomize=True)
@given(lon=st.floats(-170, 160), lat=st.floats(-80, 70), size=st.floats(0.001, 10),
       fx=st.floats(0, 1), fy=st.floats(0, 1),
       crs=st.sampled_from(("EPSG:4326", "EPSG:3857", "EPSG:2154")))
def test_frame_round_trip_within_a_millimetre(qgis_app, lon, lat, size, fx, fy, crs):
    from qgis.core import (
        QgsCoordinateReferenceSystem,
        QgsCoordinateTransform,
        QgsDistanceArea,
        QgsGeometry,
        QgsPointXY,
        QgsProcessingContext,
        QgsProject,
        QgsRectangle,
    )

    from mobility_dp.algorithms.common.frame import MetricFrame
    if crs == "EPSG:2154":      # the national grid only near France
        lon, lat, size = -5 + (lon + 170) / 330 * 13, 42 + (lat + 80) / 150 * 9, min(size, 3)
    wgs84 = QgsCoordinateReferenceSystem("EPSG:4326")
    target = QgsCoordinateReferenceSystem(crs)
    to_crs = QgsCoordinateTransform(wgs84, target, QgsProject.instance())
    rect = to_crs.transformBoundingBox(QgsRectangle(lon, lat, lon + size, lat + size))
    frame = MetricFrame.of_extent(rect, target, QgsProcessingContext())
    point = to_crs.transform(QgsPointXY(lon + fx * size, lat + fy * size))
    back = frame.from_shapely(frame.to_shapely(QgsGeometry.fromPointXY(point))).asPoint()
    area = QgsDistanceArea()
    area.setSourceCrs(wgs84, QgsProject.instance().transformContext())
    area.setEllipsoid("WGS84")
    to_wgs = QgsCoordinateTransform(target, wgs84, QgsProject.instance())
    assert area.measureLine(to_wgs.transform(point), to_wgs.transform(back)) < MM


def test_round_trip_check_has_power(qgis_app):
    """Negative control: a 2 mm shift is seen by the same measurement."""
    from qgis.core import QgsCoordinateReferenceSystem, QgsDistanceArea, QgsPointXY, QgsProject
    area = QgsDistanceArea()
    area.setSourceCrs(QgsCoordinateReferenceSystem("EPSG:4326"),
                      QgsProject.instance().transformContext())
    area.setEllipsoid("WGS84")
    assert area.measureLine(QgsPointXY(2.35, 48.86), QgsPointXY(2.35, 48.86 + 2e-3 / 111e3)) > MM
