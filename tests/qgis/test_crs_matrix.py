"""Issue 10 item 1: the algorithms that read two layers give the same result (same seed) with
their inputs in EPSG:4326, a national metric CRS (EPSG:2154), EPSG:3857 and mixed.

The frame comes from the public layer (census cells, study area, partition A), so a change of
that layer's CRS changes the frame slightly (Lambert-93's scale factor in Paris is 1 - 9e-5;
an aeqd frame centred on a Mercator extent moves by metres): areas agree to 1e-3, counts to
1e-6 of the total, and everything discrete (cells, ids, cover, statuses) exactly.
"""
import os

import numpy as np
import pytest

from ..support.qgis import ROOT
from .test_density import write_city

IRIS = os.path.join(ROOT, "sample_data", "paris_iris.geojson")
TOWERS_CSV = os.path.join(ROOT, "sample_data", "paris_cells_opencellid.csv")
COMBOS = [("4326", "4326"), ("2154", "2154"), ("3857", "3857"), ("4326", "2154"),
          ("2154", "3857"), ("3857", "4326")]


def _reprojected(source, crs, path):
    """``source`` (a path or layer) reprojected to EPSG:``crs`` and saved as a GeoPackage."""
    import processing
    processing.run("native:reprojectlayer", {"INPUT": source, "TARGET_CRS": f"EPSG:{crs}",
                                             "OUTPUT": str(path)})
    return str(path)


@pytest.fixture(scope="module")
def paris(qgis_app, tmp_path_factory):
    """The sample towers and IRIS cells, each in the three CRSs."""
    d = tmp_path_factory.mktemp("paris")
    towers = f"file://{TOWERS_CSV}?delimiter=,&xField=lon&yField=lat&crs=EPSG:4326"
    from qgis.core import QgsVectorLayer
    layer = QgsVectorLayer(towers, "towers", "delimitedtext")
    assert layer.isValid()
    return {kind: {crs: _reprojected(src, crs, d / f"{kind}_{crs}.gpkg")
                   for crs in ("4326", "2154", "3857")}
            for kind, src in (("towers", layer), ("iris", IRIS))}


def test_voronoi_cells_agree_in_every_crs(run_alg, paris):
    results = {}
    for t, a in COMBOS[:4]:
        res = run_alg("mobilitydp:voronoitessellation", {
            "INPUT": paris["towers"][t], "ID_FIELD": "cell_id", "STUDY_AREA": paris["iris"][a],
            "OUTPUT": "memory:", "TOWER_TABLE": "memory:"})
        cells = {f["tower_ids"]: f["area_m2"] for f in res["OUTPUT"].getFeatures()}
        table = {f["tower_id"]: f["status"] for f in res["TOWER_TABLE"].getFeatures()}
        results[t, a] = cells, table
    ref_cells, ref_table = results["4326", "4326"]
    assert len(ref_cells) == 565 and len(ref_table) == 627
    for combo, (cells, table) in results.items():
        assert table == ref_table, combo
        assert cells.keys() == ref_cells.keys(), combo
        ratio = np.array([cells[k] / ref_cells[k] for k in ref_cells])
        assert np.abs(ratio - 1).max() < 1e-3, (combo, np.abs(ratio - 1).max())
    # item 3: area_m2 is right (frame from the study area): the cells' total is the IRIS area
    # measured on the ellipsoid by QGIS itself
    from qgis.core import QgsCoordinateTransformContext, QgsDistanceArea, QgsVectorLayer
    iris = QgsVectorLayer(IRIS, "iris", "ogr")
    measure = QgsDistanceArea()
    measure.setSourceCrs(iris.crs(), QgsCoordinateTransformContext())
    measure.setEllipsoid("WGS84")
    ellipsoidal = sum(measure.measureArea(f.geometry()) for f in iris.getFeatures())
    assert sum(ref_cells.values()) == pytest.approx(ellipsoidal, rel=1e-3)


def test_minimum_cover_agrees_in_every_crs(run_alg, paris, tmp_path):
    cells = run_alg("mobilitydp:voronoitessellation", {
        "INPUT": paris["towers"]["4326"], "ID_FIELD": "cell_id", "STUDY_AREA": IRIS,
        "OUTPUT": str(tmp_path / "cells.gpkg"), "TOWER_TABLE": "memory:"})["OUTPUT"]
    a = {crs: _reprojected(cells, crs, tmp_path / f"cells_{crs}.gpkg")
         for crs in ("4326", "2154", "3857")}
    results = {}
    for ca, cb in (COMBOS[0],) + tuple(COMBOS[4:]):
        res = run_alg("mobilitydp:minimumcover", {
            "LAYER_A": a[ca], "ID_FIELD_A": "cell_id", "LAYER_B": paris["iris"][cb],
            "ID_FIELD_B": "iris_id", "OUTPUT": "memory:", "OVERLAPS": "memory:"})
        cover = {(f["source"], f["cell_id"]) for f in res["OUTPUT"].getFeatures()}
        weights = {(f["a_id"], f["b_id"]): f["weight_a_to_b"]
                   for f in res["OVERLAPS"].getFeatures() if f["weight_a_to_b"] > 1e-4}
        results[ca, cb] = cover, weights
    ref_cover, ref_weights = results["4326", "4326"]
    assert 400 < len(ref_cover) < 560
    for combo, (cover, weights) in results.items():
        assert cover == ref_cover, combo
        assert weights.keys() == ref_weights.keys(), combo
        assert max(abs(weights[k] - ref_weights[k]) for k in weights) < 1e-3, combo


def _city(work):
    """The density city of test_density.py with its census and towers in the three CRSs."""
    city = write_city(work)
    layers = {"4326": city}
    for crs in ("2154", "3857"):
        layers[crs] = {k: _reprojected(city[k], crs, work / f"{k}_{crs}.gpkg")
                       for k in ("census", "towers")}
    return city["events"], layers


def test_sanitize_density_agrees_in_every_crs(run_alg, tmp_path):
    events, layers = _city(tmp_path)
    results = {}
    for t, c in COMBOS:
        out = run_alg("mobilitydp:sanitizedensity", {
            "INPUT": events, "USER_FIELD": "user_id", "TOWER_FIELD": "tower_id",
            "TIME_FIELD": "time", "START": "2007-09-10T00:00:00", "N_SLOTS": 24,
            "TOWERS": layers[t]["towers"], "TOWER_ID_FIELD": "tid",
            "CENSUS": layers[c]["census"], "CENSUS_ID_FIELD": "iris",
            "EPSILON": 1.0, "DELTA": 1e-4, "ELL": 10, "SEED": 3, "OUTPUT": "memory:"})["OUTPUT"]
        results[t, c] = {(f["cell_id"], f["slot"]): f["count"] for f in out.getFeatures()}
    ref = results["4326", "4326"]
    total = sum(ref.values())
    assert len(ref) == 9 * 24 and total > 1000
    for combo, counts in results.items():
        assert counts.keys() == ref.keys(), combo
        worst = max(abs(counts[k] - ref[k]) for k in ref)
        assert worst < 1e-6 * total, (combo, worst)


def test_density_refuses_mislabelled_towers_and_duplicate_ids(run_alg, tmp_path):
    """Lon/lat towers labelled EPSG:2154 lie far from Paris; duplicated ids are named."""
    from qgis.core import QgsFeatureRequest, QgsProcessingException, QgsVectorLayer
    city = write_city(tmp_path)
    events = city["events"]
    wrong = QgsVectorLayer("Point?crs=EPSG:2154&field=tid:integer", "towers", "memory")
    right = QgsVectorLayer(city["towers"], "towers", "ogr")
    wrong.dataProvider().addFeatures(list(right.getFeatures()))
    duplicated = right.materialize(QgsFeatureRequest())
    fids = [f.id() for f in duplicated.getFeatures()]
    duplicated.dataProvider().changeAttributeValues({fids[1]: {0: 101}, fids[3]: {0: 103}})
    common = {"INPUT": events, "USER_FIELD": "user_id", "TOWER_FIELD": "tower_id",
              "TIME_FIELD": "time", "START": "2007-09-10T00:00:00", "N_SLOTS": 24,
              "TOWER_ID_FIELD": "tid", "CENSUS": city["census"], "CENSUS_ID_FIELD": "iris",
              "EPSILON": 1.0, "DELTA": 1e-4, "SEED": 3}
    for towers, message in ((wrong, r"all 5 tower\(s\) lie outside the study area"),
                            (duplicated, r"'101' appears 2 times and '103' appears 2 times")):
        out, report = str(tmp_path / "d.gpkg"), str(tmp_path / "d.html")
        with pytest.raises(QgsProcessingException, match=message):
            run_alg("mobilitydp:sanitizedensity", {**common, "TOWERS": towers, "OUTPUT": out,
                                                   "REPORT": report})
        assert not os.path.exists(out) and not os.path.exists(report)


def test_period_refusal_counts_events_before_and_after(run_alg, tmp_path):
    from qgis.core import QgsProcessingException
    city = write_city(tmp_path)
    events = city["events"]
    out = str(tmp_path / "d.gpkg")
    with pytest.raises(QgsProcessingException,
                       match=r"no event falls at a known tower within the period: of \d+ "
                             r"event\(s\).* \d+ fell before the period, 0 fell after it"):
        run_alg("mobilitydp:sanitizedensity", {
            "INPUT": events, "USER_FIELD": "user_id", "TOWER_FIELD": "tower_id",
            "TIME_FIELD": "time", "START": "2026-01-01T00:00:00", "TOWERS": city["towers"],
            "TOWER_ID_FIELD": "tid", "CENSUS": city["census"], "CENSUS_ID_FIELD": "iris",
            "EPSILON": 1.0, "DELTA": 1e-4, "SEED": 3, "OUTPUT": out})
    assert not os.path.exists(out)


def test_data_driven_cells_agree_in_every_crs(run_alg, paris):
    """The public sample (the towers) grouped in the study area's frame, in every CRS pair."""
    results = {}
    for t, a in COMBOS[:4]:
        out = run_alg("mobilitydp:datadriventessellation", {
            "INPUT": paris["towers"][t], "STUDY_AREA": paris["iris"][a], "MAX_RADIUS": 2000,
            "MIN_RADIUS": 250, "MIN_POINTS": 20, "OUTPUT": "memory:"})["OUTPUT"]
        results[t, a] = sorted((f["point_count"], round(f["area_m2"] / 1e4))
                               for f in out.getFeatures())
    ref = results["4326", "4326"]
    assert len(ref) > 50 and sum(n for n, _ in ref) == 627 - 119  # 119 towers lie outside
    for combo, cells in results.items():
        assert [n for n, _ in cells] == [n for n, _ in ref], combo
        assert np.allclose([s for _, s in cells], [s for _, s in ref], rtol=1e-3, atol=1), combo
