"""Tessellation stage end to end: voronoitessellation, datadriventessellation, minimumcover."""
import os
import re

import numpy as np
import pytest
from shapely import wkb
from shapely.ops import unary_union

from ..support.qgis import ROOT, read_layer

VORONOI = "mobilitydp:voronoitessellation"
DATADRIVEN = "mobilitydp:datadriventessellation"
COVER = "mobilitydp:minimumcover"
TOWERS_CSV = os.path.join(ROOT, "sample_data", "paris_cells_opencellid.csv")


def shapely_geoms(rows):
    return [wkb.loads(bytes(r["_geometry"].asWkb())) for r in rows]


def towers_layer():
    from qgis.core import QgsVectorLayer
    uri = f"file://{TOWERS_CSV}?delimiter=,&xField=lon&yField=lat&crs=EPSG:4326"
    layer = QgsVectorLayer(uri, "towers", "delimitedtext")
    assert layer.isValid() and layer.featureCount() == 627
    return layer


def save_gpkg(layer, path):
    from qgis.core import QgsCoordinateTransformContext, QgsVectorFileWriter
    opts = QgsVectorFileWriter.SaveVectorOptions()
    opts.driverName = "GPKG"
    err = QgsVectorFileWriter.writeAsVectorFormatV3(layer, path,
                                                    QgsCoordinateTransformContext(), opts)
    assert err[0] == QgsVectorFileWriter.NoError, err
    return path


def memory_layer(kind, geometries_wkt, crs="EPSG:2154", fields="field=name:string"):
    from qgis.core import QgsFeature, QgsGeometry, QgsVectorLayer
    layer = QgsVectorLayer(f"{kind}?crs={crs}&{fields}", "layer", "memory")
    feats = []
    for i, wkt in enumerate(geometries_wkt):
        f = QgsFeature(layer.fields())
        if wkt is not None:
            f.setGeometry(QgsGeometry.fromWkt(wkt))
        f.setAttributes([f"f{i}"])
        feats.append(f)
    layer.dataProvider().addFeatures(feats)
    return layer


def points(xy, crs="EPSG:2154"):
    return memory_layer("Point", [f"POINT({x} {y})" for x, y in xy], crs)


SQUARE_WKT = "POLYGON((0 0, 1000 0, 1000 1000, 0 1000, 0 0))"


def read_text(path):
    with open(path, encoding="utf-8") as fh:
        return fh.read()


def report_value(text, label):
    m = re.search(re.escape(label) + r"</td><td>([^<]*)<", text)
    assert m, label
    return m.group(1)


# --- registration and help ----------------------------------------------------------------

@pytest.mark.parametrize("alg_id", [VORONOI, DATADRIVEN, COVER])
def test_algorithms_registered_with_help(qgis_app, alg_id):
    from qgis.core import QgsApplication
    alg = QgsApplication.processingRegistry().algorithmById(alg_id)
    assert alg is not None and alg.group() == "Tessellation"
    assert "Privacy" in alg.shortHelpString() and "Epsilon" not in alg.helpString()
    for p in alg.parameterDefinitions():
        assert p.description(), p.name()


# --- Voronoi tower tessellation -----------------------------------------------------------

def test_paris_voronoi_in_process(run_alg, tmp_path, sample_iris_path):
    out, table, report = (str(tmp_path / n) for n in ("cells.gpkg", "towers.gpkg", "r.html"))
    res = run_alg(VORONOI, {"INPUT": towers_layer(), "ID_FIELD": "cell_id",
                            "STUDY_AREA": sample_iris_path, "OUTPUT": out,
                            "TOWER_TABLE": table, "REPORT": report})
    layer, cells = read_layer(res["OUTPUT"])
    assert layer.crs().authid() == "EPSG:4326" and len(cells) == 565
    _, towers = read_layer(res["TOWER_TABLE"])
    status = [t["status"] for t in towers]
    assert len(towers) == 627
    assert (status.count("inside"), status.count("outside"), status.count("dropped")) == \
        (508, 57, 62)
    # the cells partition the IRIS union, checked in degrees: the points where cell edges
    # cross the IRIS boundary move by the reprojection's curvature (~10 m² over 92 km²)
    _, iris = read_layer(sample_iris_path)
    union = unary_union(shapely_geoms(iris))
    geoms = shapely_geoms(cells)
    assert sum(g.area for g in geoms) == pytest.approx(union.area, rel=1e-6)
    assert unary_union(geoms).symmetric_difference(union).area < 1e-6 * union.area
    # tower ids, counts and areas are consistent with the tower table
    assert sum(c["tower_count"] for c in cells) == 627 - 62
    by_cell = {c["cell_id"]: c["tower_ids"].split(",") for c in cells}
    for t in towers:
        if t["status"] != "dropped":
            assert str(t["tower_id"]) in by_cell[t["cell_id"]]
    from qgis.core import QgsDistanceArea
    da = QgsDistanceArea()
    da.setEllipsoid("WGS84")
    iris_m2 = sum(da.measureArea(r["_geometry"]) for r in iris)
    assert sum(c["area_m2"] for c in cells) == pytest.approx(iris_m2, rel=1e-4)
    text = read_text(report)
    assert "No noise is added" in text and "119 tower(s) lie outside" in text


def test_edge_cases_one_two_towers_duplicates_multipoint_null(run_alg, tmp_path):
    def run(layer, **kw):
        res = run_alg(VORONOI, dict({"INPUT": layer, "OUTPUT": "memory:",
                                     "TOWER_TABLE": "memory:"}, **kw))
        return list(res["OUTPUT"].getFeatures()), list(res["TOWER_TABLE"].getFeatures())

    cells, _ = run(points([(500, 500)]), BUFFER=500)
    assert len(cells) == 1 and cells[0]["area_m2"] == pytest.approx(np.pi * 500 ** 2, rel=0.01)
    cells, _ = run(points([(0, 0), (1000, 0)]), BUFFER=100)
    assert len(cells) == 2 and cells[0]["area_m2"] == pytest.approx(cells[1]["area_m2"])
    square = memory_layer("Polygon", [SQUARE_WKT])
    layer = memory_layer("MultiPoint", ["MULTIPOINT((100 100), (900 900))", "POINT(100 100)",
                                        None, "POINT(500 500)"])
    cells, towers = run(layer, STUDY_AREA=square, ID_FIELD="name")
    assert len(cells) == 3 and len(towers) == 4  # 2 parts + duplicate + 1; null skipped
    assert sorted(c["tower_count"] for c in cells) == [1, 1, 2]
    assert [t["tower_id"] for t in towers] == ["f0", "f0", "f1", "f3"]
    assert towers[0]["cell_id"] == towers[2]["cell_id"]
    collinear = points([(0, 0), (100, 0), (200, 0)])
    cells, _ = run(collinear, STUDY_AREA=square)
    assert len(cells) == 3


def test_invalid_study_area_repaired_and_reported(run_alg, tmp_path):
    bowtie = memory_layer("Polygon", ["POLYGON((0 0, 1000 1000, 1000 0, 0 1000, 0 0))"])
    report = str(tmp_path / "r.html")
    res = run_alg(VORONOI, {"INPUT": points([(100, 500), (900, 500)]), "STUDY_AREA": bowtie,
                            "OUTPUT": "memory:", "TOWER_TABLE": "memory:", "REPORT": report})
    cells = list(res["OUTPUT"].getFeatures())
    assert sum(c["area_m2"] for c in cells) == pytest.approx(500000)
    assert "repaired" in read_text(report)


def _lambert(wkt):
    """A toy polygon moved into Lambert-93's area of use: coordinates of 0..2 in EPSG:2154 look
    like longitude/latitude and are refused before the checks the bad-input cases are about."""
    from qgis.core import QgsGeometry
    g = QgsGeometry.fromWkt(wkt)
    g.translate(650000, 6860000)
    return g.asWkt()


@pytest.mark.parametrize("layer_fn, extra, message", [
    (lambda: points([]), {}, "empty"),
    (lambda: points([(0, 0), (100, 0), (200, 0)]), {"BUFFER": 0}, "collinear"),
    (lambda: points([(0, 0), (1, 1)]),
     {"STUDY_AREA": "EMPTY_AREA"}, "no polygon"),
    (lambda: points([(650000, 6860000), (650001, 6860001)]),   # in Lambert-93's area of use
     {"STUDY_AREA": "LINE_AREA"}, "must be a polygon|no area"),
])
def test_voronoi_bad_inputs_leave_no_output(run_alg, tmp_path, layer_fn, extra, message):
    from qgis.core import QgsProcessingException
    areas = {"EMPTY_AREA": memory_layer("Polygon", []),
             "LINE_AREA": memory_layer("Polygon", [_lambert("POLYGON((0 0, 1 1, 2 2, 0 0))")])}
    extra = {k: areas.get(v, v) if isinstance(v, str) else v for k, v in extra.items()}
    out, table, report = (str(tmp_path / n) for n in ("c.gpkg", "t.gpkg", "r.html"))
    with pytest.raises(QgsProcessingException, match=message):
        run_alg(VORONOI, dict({"INPUT": layer_fn(), "OUTPUT": out, "TOWER_TABLE": table,
                               "REPORT": report}, **extra))
    assert not any(os.path.exists(p) for p in (out, table, report))


# --- data-driven tessellation -------------------------------------------------------------

def blob_points(seed=1):
    rng = np.random.default_rng(seed)
    return np.vstack([rng.normal(300, 40, (600, 2)), rng.uniform(0, 1000, (200, 2))])


def test_data_driven_in_process(run_alg, tmp_path):
    xy = blob_points()
    report = str(tmp_path / "r.html")
    res = run_alg(DATADRIVEN, {"INPUT": points(xy), "MAX_RADIUS": 200, "MIN_RADIUS": 25,
                               "MIN_POINTS": 50, "STUDY_AREA": memory_layer("Polygon", [SQUARE_WKT]),
                               "OUTPUT": "memory:", "REPORT": report})
    cells = list(res["OUTPUT"].getFeatures())
    assert len(cells) > 10
    assert sum(c["area_m2"] for c in cells) == pytest.approx(1e6)
    inside = ((xy >= 0) & (xy <= 1000)).all(axis=1).sum()
    assert sum(c["point_count"] for c in cells) == inside
    # cells are smaller in the dense blob than elsewhere
    near = [c["area_m2"] for c in cells if np.hypot(c["seed_x"] - 300, c["seed_y"] - 300) < 80]
    far = [c["area_m2"] for c in cells if np.hypot(c["seed_x"] - 300, c["seed_y"] - 300) > 300]
    assert near and far and np.median(near) < 0.25 * np.median(far)
    text = read_text(report)
    assert "not differentially private" in text.lower() and "public or historical" in text


def test_data_driven_bad_radii_leave_no_output(run_alg, tmp_path):
    from qgis.core import QgsProcessingException
    out = str(tmp_path / "dd.gpkg")
    with pytest.raises(QgsProcessingException, match="radi"):
        run_alg(DATADRIVEN, {"INPUT": points(blob_points()), "MAX_RADIUS": 10, "MIN_RADIUS": 50,
                             "MIN_POINTS": 5, "OUTPUT": out})
    assert not os.path.exists(out)


# --- minimum cover ------------------------------------------------------------------------

def test_paris_minimum_cover_in_process(run_alg, tmp_path, sample_iris_path):
    cells = run_alg(VORONOI, {"INPUT": towers_layer(), "ID_FIELD": "cell_id",
                              "STUDY_AREA": sample_iris_path, "OUTPUT": str(tmp_path / "v.gpkg"),
                              "TOWER_TABLE": "memory:"})["OUTPUT"]
    out, table, report = (str(tmp_path / n) for n in ("cover.gpkg", "overlaps.gpkg", "r.html"))
    res = run_alg(COVER, {"LAYER_A": cells, "ID_FIELD_A": "cell_id", "LAYER_B": sample_iris_path,
                          "ID_FIELD_B": "iris_id", "OUTPUT": out, "OVERLAPS": table,
                          "REPORT": report})
    text = read_text(report)
    n_a, n_b = int(report_value(text, "|A| cells")), int(report_value(text, "|B| cells"))
    n_e, n_c = int(report_value(text, "|E| overlapping pairs")), int(report_value(text, "|C| cover size"))
    assert (n_a, n_b) == (565, 965)
    assert report_value(text, "every overlap has a cell in the cover") == "yes"
    _, cover = read_layer(res["OUTPUT"])
    _, overlaps = read_layer(res["OVERLAPS"])
    assert len(cover) == n_c and len(overlaps) == n_e
    # the cover is a vertex cover of the overlap table and close to the core's 475
    in_cover = {(c["source"], c["cell_id"]) for c in cover}
    assert all(("A", str(o["a_id"])) in in_cover or ("B", str(o["b_id"])) in in_cover
               for o in overlaps)
    assert abs(n_c - 475) <= 5 and abs(n_e - 3276) <= 20
    # Formula 1 weights of each tower cell sum to 1 (both layers cover the same area)
    sums = {}
    for o in overlaps:
        sums[o["a_id"]] = sums.get(o["a_id"], 0.0) + o["weight_a_to_b"]
    assert len(sums) == 565 and np.allclose(list(sums.values()), 1.0, atol=1e-6)
    assert "Warning" not in text


def test_cover_refuses_a_non_partition(run_alg, tmp_path):
    """The zones' rule of every algorithm: overlaps beyond slivers are refused (it warned)."""
    from qgis.core import QgsProcessingException
    a = memory_layer("Polygon", ["POLYGON((0 0, 500 0, 500 1000, 0 1000, 0 0))",
                                 "POLYGON((500 0, 1000 0, 1000 1000, 500 1000, 500 0))",
                                 "POLYGON((400 0, 600 0, 600 1000, 400 1000, 400 0))"])
    b = memory_layer("Polygon", ["POLYGON((0 0, 1000 0, 1000 250, 0 250, 0 0))",
                                 "POLYGON((0 250, 1000 250, 1000 1000, 0 1000, 0 250))"])
    with pytest.raises(QgsProcessingException, match=r"the A layer is not a partition: 2 pairs "
                       r"of its polygons overlap, on areas adding up to 16.7 % of the layer's"):
        run_alg(COVER, {"LAYER_A": a, "LAYER_B": b, "OUTPUT": "memory:", "OVERLAPS": "memory:",
                        "REPORT": str(tmp_path / "r.html")})


@pytest.mark.parametrize("a_wkts, field, message", [
    (["POLYGON((0 0, 1 0, 1 1, 0 0))", None], None, "no geometry"),
    (["POLYGON((0 0, 1 0, 1 1, 0 0))", "POLYGON((1 0, 2 0, 2 1, 1 0))"], "name_dup", "duplicate"),
    ([], None, "has no polygon"),
])
def test_cover_bad_inputs_leave_no_output(run_alg, tmp_path, a_wkts, field, message):
    from qgis.core import QgsProcessingException
    a = memory_layer("Polygon", [None if w is None else _lambert(w) for w in a_wkts])
    if field == "name_dup":
        a.dataProvider().changeAttributeValues({f.id(): {0: "same"} for f in a.getFeatures()})
        field = "name"
    b = memory_layer("Polygon", [_lambert("POLYGON((0 0, 2 0, 2 2, 0 2, 0 0))")])
    out, table = str(tmp_path / "c.gpkg"), str(tmp_path / "o.gpkg")
    params = {"LAYER_A": a, "LAYER_B": b, "OUTPUT": out, "OVERLAPS": table}
    if field:
        params["ID_FIELD_A"] = field
    with pytest.raises(QgsProcessingException, match=message):
        run_alg(COVER, params)
    assert not os.path.exists(out) and not os.path.exists(table)


# --- qgis_process -------------------------------------------------------------------------

def test_qgis_process_voronoi_then_cover(qgis_process, qgis_app, tmp_path, sample_iris_path):
    towers = save_gpkg(towers_layer(), str(tmp_path / "towers.gpkg"))
    cells, table = str(tmp_path / "cells.gpkg"), str(tmp_path / "tt.gpkg")
    code, data, text = qgis_process(VORONOI, {"INPUT": towers, "ID_FIELD": "cell_id",
                                              "STUDY_AREA": sample_iris_path, "OUTPUT": cells,
                                              "TOWER_TABLE": table})
    assert code == 0, text
    assert data["results"]["OUTPUT"] == cells
    assert len(read_layer(cells)[1]) == 565 and len(read_layer(table)[1]) == 627
    cover, overlaps, report = (str(tmp_path / n) for n in ("cv.gpkg", "ov.gpkg", "cv.html"))
    code, data, text = qgis_process(COVER, {"LAYER_A": cells, "ID_FIELD_A": "cell_id",
                                            "LAYER_B": sample_iris_path, "ID_FIELD_B": "iris_id",
                                            "OUTPUT": cover, "OVERLAPS": overlaps,
                                            "REPORT": report})
    assert code == 0, text
    n_c = int(report_value(read_text(report), "|C| cover size"))
    assert len(read_layer(cover)[1]) == n_c


def test_qgis_process_data_driven(qgis_process, qgis_app, tmp_path):
    pts = save_gpkg(points(blob_points()), str(tmp_path / "pts.gpkg"))
    out = str(tmp_path / "dd.gpkg")
    code, data, text = qgis_process(DATADRIVEN, {"INPUT": pts, "MAX_RADIUS": 200,
                                                 "MIN_RADIUS": 25, "MIN_POINTS": 50,
                                                 "BUFFER": 50, "OUTPUT": out})
    assert code == 0, text
    assert len(read_layer(out)[1]) > 10


def test_qgis_process_bad_inputs(qgis_process, qgis_app, tmp_path):
    collinear = save_gpkg(points([(0, 0), (100, 0), (200, 0)]), str(tmp_path / "col.gpkg"))
    out, table = str(tmp_path / "c.gpkg"), str(tmp_path / "t.gpkg")
    code, _, text = qgis_process(VORONOI, {"INPUT": collinear, "BUFFER": 0, "OUTPUT": out,
                                           "TOWER_TABLE": table})
    assert code != 0 and "collinear" in text
    assert not os.path.exists(out) and not os.path.exists(table)


# --- refusals of nonsense geography (issue 10 items 3 and 4) --------------------------------

def test_voronoi_refuses_duplicate_tower_ids_naming_two(run_alg, tmp_path):
    from qgis.core import QgsProcessingException
    layer = points([(100, 100), (900, 100), (500, 900), (300, 300)])
    layer.dataProvider().changeAttributeValues({2: {0: "f0"}, 4: {0: "f2"}})  # fids from 1
    out, table = str(tmp_path / "c.gpkg"), str(tmp_path / "t.gpkg")
    with pytest.raises(QgsProcessingException,
                       match=r"tower id field 'name' has duplicate values: 'f0' appears 2 times "
                             r"and 'f2' appears 2 times"):
        run_alg(VORONOI, {"INPUT": layer, "ID_FIELD": "name", "STUDY_AREA":
                          memory_layer("Polygon", [SQUARE_WKT]), "OUTPUT": out,
                          "TOWER_TABLE": table})
    assert not os.path.exists(out) and not os.path.exists(table)


def test_voronoi_refuses_towers_all_outside_the_study_area(run_alg, tmp_path, sample_iris_path):
    """Lon/lat coordinates in a layer labelled EPSG:2154 (a mislabelled CRS) miss Paris."""
    from qgis.core import QgsProcessingException
    wrong = points([(2.35, 48.85), (2.36, 48.86), (2.34, 48.87)], crs="EPSG:2154")
    out, table = str(tmp_path / "c.gpkg"), str(tmp_path / "t.gpkg")
    with pytest.raises(QgsProcessingException,
                       match=r"all 3 tower\(s\) lie outside the study area .* CRS"):
        run_alg(VORONOI, {"INPUT": wrong, "STUDY_AREA": sample_iris_path, "OUTPUT": out,
                          "TOWER_TABLE": table})
    assert not os.path.exists(out) and not os.path.exists(table)


def test_cover_refuses_layers_that_do_not_overlap(run_alg, tmp_path):
    from qgis.core import QgsProcessingException
    a = memory_layer("Polygon", [SQUARE_WKT, "POLYGON((1000 0, 2000 0, 2000 1000, 1000 1000, 1000 0))"])
    b = memory_layer("Polygon", ["POLYGON((5000 0, 6000 0, 6000 1000, 5000 1000, 5000 0))",
                                 "POLYGON((6000 0, 7000 0, 7000 1000, 6000 1000, 6000 0))"])
    out, table = str(tmp_path / "c.gpkg"), str(tmp_path / "o.gpkg")
    with pytest.raises(QgsProcessingException, match="no polygon of 'layer' .A. overlaps"):
        run_alg(COVER, {"LAYER_A": a, "LAYER_B": b, "OUTPUT": out, "OVERLAPS": table})
    assert not os.path.exists(out) and not os.path.exists(table)
