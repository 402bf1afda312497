"""algorithms/common/frame.py: one metric frame from public inputs; any CRS read into it."""
import os

import numpy as np
import pytest

from ..support.qgis import ROOT

TOWERS_CSV = os.path.join(ROOT, "sample_data", "paris_cells_opencellid.csv")
IRIS = os.path.join(ROOT, "sample_data", "paris_iris.geojson")


def _towers_layer():
    from qgis.core import QgsVectorLayer
    uri = (f"file://{TOWERS_CSV}?delimiter=,&xField=lon&yField=lat&crs=EPSG:4326")
    layer = QgsVectorLayer(uri, "towers", "delimitedtext")
    assert layer.isValid() and layer.featureCount() == 627
    return layer


def _reprojected(layer, crs, path):
    import processing
    from qgis.core import QgsVectorLayer
    processing.run("native:reprojectlayer", {"INPUT": layer, "TARGET_CRS": crs,
                                             "OUTPUT": str(path)})
    out = QgsVectorLayer(str(path), os.path.basename(str(path)), "ogr")
    assert out.isValid() and out.crs().authid() == crs
    return out


def _context():
    from qgis.core import QgsProcessingContext
    return QgsProcessingContext()


@pytest.fixture(scope="module")
def layers(qgis_app, tmp_path_factory):
    from qgis.core import QgsVectorLayer
    d = tmp_path_factory.mktemp("frame")
    towers = _towers_layer()
    iris = QgsVectorLayer(IRIS, "iris", "ogr")
    out = {"towers:EPSG:4326": towers, "iris:EPSG:4326": iris}
    for crs in ("EPSG:2154", "EPSG:3857"):
        out[f"towers:{crs}"] = _reprojected(towers, crs, d / f"towers_{crs[5:]}.gpkg")
        out[f"iris:{crs}"] = _reprojected(iris, crs, d / f"iris_{crs[5:]}.gpkg")
    return out


@pytest.mark.parametrize("frame_crs", ["EPSG:2154", "EPSG:4326"])
def test_towers_in_any_crs_land_on_the_same_metres(layers, frame_crs):
    """Issue 10 item 1: every layer is read with its own CRS, not the frame layer's."""
    from mobility_dp.algorithms.common.frame import MetricFrame
    frame = MetricFrame.of_source(layers[f"iris:{frame_crs}"], _context(), "census")
    ref, ref_ids, _ = frame.read_points(layers["towers:EPSG:4326"], "cell_id")
    assert ref.shape == (627, 2)
    for crs in ("EPSG:2154", "EPSG:3857"):
        xy, ids, n_null = frame.read_points(layers[f"towers:{crs}"], "cell_id")
        assert n_null == 0 and list(ids) == list(ref_ids)
        np.testing.assert_allclose(xy, ref, atol=1e-3)  # a millimetre
    # and the towers fall inside the census cells, whatever the census CRS
    polys, _ = frame.read_polygons(layers[f"iris:{frame_crs}"], "census", "iris_id")
    from shapely.geometry import Point
    from shapely.ops import unary_union
    area = unary_union([p for p in polys if p is not None]).buffer(1.0)
    inside = sum(area.contains(Point(x, y)) for x, y in ref)
    assert inside == 510  # the sample IRIS cover 510 of the 627 towers, in any frame


def test_frame_of_a_geographic_public_layer_is_centred_on_it(layers):
    from qgis.core import QgsDistanceArea, QgsGeometry, QgsPointXY

    from mobility_dp.algorithms.common.frame import MetricFrame
    frame = MetricFrame.of_source(layers["iris:EPSG:4326"], _context(), "census")
    assert frame.reprojected and "+proj=aeqd" in frame.crs.toProj()
    ext = layers["iris:EPSG:4326"].extent()
    lon, lat = frame.centre
    assert lon == pytest.approx(ext.center().x(), abs=1e-6)
    assert lat == pytest.approx(ext.center().y(), abs=1e-6)
    assert "from the census layer" in frame.describe() and "N, " in frame.describe()
    a, b = QgsPointXY(2.30, 48.85), QgsPointXY(2.35, 48.87)
    da = QgsDistanceArea()
    da.setEllipsoid("WGS84")
    pa = frame.to_shapely(QgsGeometry.fromPointXY(a))
    pb = frame.to_shapely(QgsGeometry.fromPointXY(b))
    assert pa.distance(pb) == pytest.approx(da.measureLine(a, b), rel=1e-3)
    back = frame.from_shapely(pa).asPoint()
    assert (back.x(), back.y()) == pytest.approx((2.30, 48.85), abs=1e-9)
    # a metric public layer is used as it is, outputs stay in it
    metric = MetricFrame.of_source(layers["iris:EPSG:2154"], _context(), "census")
    assert not metric.reprojected and metric.crs.authid() == "EPSG:2154"


def test_empty_or_invalid_frames_are_refused_never_zero_zero(qgis_app):
    from qgis.core import QgsCoordinateReferenceSystem, QgsProcessingException, QgsRectangle, QgsVectorLayer

    from mobility_dp.algorithms.common.frame import MetricFrame
    empty = QgsVectorLayer("Polygon?crs=EPSG:4326", "area", "memory")
    with pytest.raises(QgsProcessingException, match="empty"):
        MetricFrame.of_source(empty, _context(), "study area")
    with pytest.raises(QgsProcessingException, match="no valid CRS"):
        MetricFrame(QgsCoordinateReferenceSystem(), QgsRectangle(0, 0, 1, 1), _context())
    with pytest.raises(QgsProcessingException, match="not a projected CRS in metres"):
        MetricFrame.of_crs(QgsCoordinateReferenceSystem("EPSG:4326"), _context())
    with pytest.raises(QgsProcessingException, match="not a longitude/latitude"):
        MetricFrame(QgsCoordinateReferenceSystem("EPSG:4326"),
                    QgsRectangle(600000, 6800000, 700000, 6900000), _context())
    # one repeated point is a degenerate but usable public extent: centred on it
    point = MetricFrame(QgsCoordinateReferenceSystem("EPSG:4326"),
                        QgsRectangle(2.35, 48.85, 2.35, 48.85), _context())
    assert point.centre == (2.35, 48.85)
    feet = MetricFrame.of_crs(QgsCoordinateReferenceSystem("EPSG:32631"), _context())
    assert feet.crs.authid() == "EPSG:32631"


def test_geographic_polygons_are_densified_before_projection(qgis_app):
    """A 4-vertex lon/lat box keeps its curved top edge in the metric frame."""
    from qgis.core import (
        QgsCoordinateReferenceSystem,
        QgsFeature,
        QgsGeometry,
        QgsPointXY,
        QgsRectangle,
        QgsVectorLayer,
    )
    from shapely.geometry import LineString, Point

    from mobility_dp.algorithms.common.frame import MetricFrame
    box = QgsVectorLayer("Polygon?crs=EPSG:4326&field=id:integer", "box", "memory")
    f = QgsFeature(box.fields())
    f.setGeometry(QgsGeometry.fromRect(QgsRectangle(1.0, 48.0, 3.0, 49.0)))
    f.setAttributes([1])
    box.dataProvider().addFeatures([f])
    frame = MetricFrame(QgsCoordinateReferenceSystem("EPSG:4326"),
                        QgsRectangle(1.0, 48.0, 3.0, 49.0), _context())
    poly = frame.read_area(box, "box")
    assert len(poly.exterior.coords) > 100
    mid = frame.to_shapely(QgsGeometry.fromPointXY(QgsPointXY(2.0, 49.0)))
    corner_a = frame.to_shapely(QgsGeometry.fromPointXY(QgsPointXY(1.0, 49.0)))
    corner_b = frame.to_shapely(QgsGeometry.fromPointXY(QgsPointXY(3.0, 49.0)))
    assert poly.exterior.distance(mid) < 1.0  # on the densified edge
    chord = LineString([(corner_a.x, corner_a.y), (corner_b.x, corner_b.y)])
    assert chord.distance(Point(mid.x, mid.y)) > 100.0  # the undensified edge would miss it


def test_extent_is_read_in_its_stated_crs(layers):
    from qgis.core import QgsCoordinateTransform, QgsProcessingException, QgsProcessingParameterExtent, QgsRectangle

    from mobility_dp.algorithms.common.base import MobilityDPAlgorithm
    from mobility_dp.algorithms.common.frame import MetricFrame

    class Alg(MobilityDPAlgorithm):
        def initAlgorithm(self, config=None):
            self.addParameter(QgsProcessingParameterExtent("EXT", "Grid extent", optional=True))

    alg = Alg()
    alg.initAlgorithm()
    context = _context()
    frame = MetricFrame.of_source(layers["iris:EPSG:2154"], context, "census")
    stated = frame.read_extent(alg, {"EXT": "2.25,2.42,48.81,48.90 [EPSG:4326]"}, "EXT", context)
    expected = QgsCoordinateTransform(layers["iris:EPSG:4326"].crs(), frame.crs,
                                      context.transformContext()).transformBoundingBox(
        QgsRectangle(2.25, 48.81, 2.42, 48.90))
    assert stated == pytest.approx((expected.xMinimum(), expected.yMinimum(),
                                    expected.xMaximum(), expected.yMaximum()))
    assert 640000 < stated[0] < stated[2] < 665000
    # a bare extent is in the frame's home CRS (here EPSG:2154)
    bare = frame.read_extent(alg, {"EXT": "645000,660000,6857000,6868000"}, "EXT", context)
    assert bare == (645000, 6857000, 660000, 6868000)
    assert frame.read_extent(alg, {"EXT": None}, "EXT", context) is None
    for bad, message in (("650000,650000,6857000,6868000", "degenerate"),
                         ("645000,660000,6857000,6868000 [EPSG:4326]", "outside longitude")):
        with pytest.raises(QgsProcessingException, match=message):
            frame.read_extent(alg, {"EXT": bad}, "EXT", context)
    # the same public extent gives the same grid box in two frames of the same public layer
    again = MetricFrame.of_source(layers["iris:EPSG:2154"], context, "census")
    assert again.read_extent(alg, {"EXT": "2.25,2.42,48.81,48.90 [EPSG:4326]"}, "EXT",
                             context) == stated


def test_choose_frame_uses_public_inputs_only(layers):
    from qgis.core import QgsProcessingException, QgsProcessingParameterExtent, QgsProcessingParameterFeatureSource

    from mobility_dp.algorithms.common.base import MobilityDPAlgorithm

    class Alg(MobilityDPAlgorithm):
        def initAlgorithm(self, config=None):
            self.addParameter(QgsProcessingParameterFeatureSource("INPUT", "Points"))
            self.addParameter(QgsProcessingParameterFeatureSource("AREA", "Study area",
                                                                  optional=True))
            self.addParameter(QgsProcessingParameterExtent("EXT", "Grid extent", optional=True))
            self.add_frame_crs_parameter()

    alg = Alg()
    alg.initAlgorithm()
    context = _context()

    def frame(**params):
        return alg.metric_frame(params, context, public=("AREA",), extent="EXT",
                                crs_of=("INPUT",))

    towers, iris = layers["towers:EPSG:4326"], layers["iris:EPSG:4326"]
    assert frame(INPUT=towers, AREA=iris).origin == "the Study area layer"
    assert frame(INPUT=towers, AREA=iris, FRAME_CRS="EPSG:2154").crs.authid() == "EPSG:2154"
    by_extent = frame(INPUT=towers, EXT="2.2,2.5,48.8,48.9 [EPSG:4326]")
    assert by_extent.centre == (2.35, 48.85)
    assert frame(INPUT=layers["towers:EPSG:2154"]).crs.authid() == "EPSG:2154"
    with pytest.raises(QgsProcessingException, match="not in metres.*Study area; Grid extent"):
        frame(INPUT=towers)  # never the private points' extent
    with pytest.raises(QgsProcessingException, match="gives no CRS"):
        frame(INPUT=towers, EXT="2.2,2.5,48.8,48.9")


def test_web_mercator_is_not_taken_as_metres(layers):
    """EPSG:3857 stretches Paris distances by 1.52: its frame is an aeqd on the extent."""
    from qgis.core import QgsCoordinateReferenceSystem, QgsProcessingException

    from mobility_dp.algorithms.common.frame import MetricFrame, scale_error
    context = _context()
    iris = layers["iris:EPSG:3857"]
    assert scale_error(iris.crs(), iris.extent().center(), context.transformContext()) > 0.5
    frame = MetricFrame.of_source(iris, context, "census")
    assert frame.reprojected and "+proj=aeqd" in frame.crs.toProj()
    same = MetricFrame.of_source(layers["iris:EPSG:4326"], context, "census")
    assert frame.centre == pytest.approx(same.centre, abs=1e-4)  # Mercator y-centre ≠ lat-centre
    lambert = MetricFrame.of_source(layers["iris:EPSG:2154"], context, "census")
    assert not lambert.reprojected  # Lambert-93 keeps distances within 0.1 % in Paris
    with pytest.raises(QgsProcessingException, match="Mercator"):
        MetricFrame.of_crs(QgsCoordinateReferenceSystem("EPSG:3857"), context)


@pytest.mark.parametrize("crs,distorted", [("EPSG:32631", False), ("EPSG:32618", True),
                                           ("EPSG:2154", False), ("EPSG:2975", True)])
def test_a_metric_crs_far_from_its_area_is_kept_but_reported(layers, tmp_path, crs, distorted):
    """UTM 31N and Lambert-93 keep Paris distances; UTM 18N (New York's zone) and the Réunion
    grid stretch them: the frame keeps the CRS (coordinates may be meant as plain metres)
    and its description, printed in every report, says by how much."""
    from mobility_dp.algorithms.common.frame import MetricFrame
    iris = _reprojected(layers["iris:EPSG:4326"], crs, tmp_path / "iris.gpkg")
    frame = MetricFrame.of_source(iris, _context(), "census")
    assert not frame.reprojected and frame.crs.authid() == crs
    assert ("WARNING: its distances are off by up to" in frame.describe()) == distorted, \
        frame.describe()
    assert (frame.distortion > 0.01) == distorted


def test_duplicate_ids_are_refused_naming_two(layers):
    from qgis.core import QgsFeature, QgsGeometry, QgsPointXY, QgsVectorLayer

    from mobility_dp.algorithms.common.frame import MetricFrame
    towers = QgsVectorLayer("Point?crs=EPSG:2154&field=id:string", "t", "memory")
    feats = []
    for i, tower_id in enumerate(["A12", "A12", "B7", "B7", "B7", "C1"]):
        f = QgsFeature(towers.fields())
        f.setGeometry(QgsGeometry.fromPointXY(QgsPointXY(650000 + i, 6860000)))
        f.setAttributes([tower_id])
        feats.append(f)
    towers.dataProvider().addFeatures(feats)
    frame = MetricFrame.of_source(towers, _context(), "towers")
    with pytest.raises(ValueError, match="'B7' appears 3 times and 'A12' appears 2 times; 2 ids "
                                         "are duplicated"):
        frame.read_polygons(towers, "towers", "id")


def test_a_cancel_while_reading_raises_cancelled(layers):
    from qgis.core import QgsProcessingFeedback

    from mobility_dp.algorithms.common.frame import MetricFrame
    from mobility_dp.dpcore.reporting.progress import Cancelled
    frame = MetricFrame.of_source(layers["iris:EPSG:2154"], _context(), "census")
    feedback = QgsProcessingFeedback()
    feedback.cancel()
    with pytest.raises(Cancelled):
        frame.read_points(layers["towers:EPSG:4326"], "cell_id", feedback)
