"""mobilitydp:perturbpoints and mobilitydp:estimatedistribution, in process and via qgis_process."""
import json
import math
import os

import numpy as np
import pytest

from ..support.qgis import read_layer

PERTURB = "mobilitydp:perturbpoints"
ESTIMATE = "mobilitydp:estimatedistribution"
X0, Y0 = 650000.0, 6860000.0        # Paris, Lambert-93 metres


def _points(n=400, crs="EPSG:2154", multipart=False, null_every=0, seed=0):
    """Two clusters of points with a user id; optional multipoints / null geometries."""
    from qgis.core import QgsFeature, QgsGeometry, QgsPointXY, QgsVectorLayer
    rng = np.random.default_rng(seed)
    xy = np.vstack([rng.normal([X0 + 1000, Y0 + 1500], 200, (n // 2, 2)),
                    rng.normal([X0 + 3000, Y0 + 800], 150, (n - n // 2, 2))])
    kind = "MultiPoint" if multipart else "Point"
    layer = QgsVectorLayer(f"{kind}?crs={crs}&field=user:string&field=v:integer", "pts", "memory")
    feats = []
    for i, (x, y) in enumerate(xy):
        f = QgsFeature(layer.fields())
        if crs == "EPSG:4326":       # a crude lon/lat placement near Paris
            x, y = 2.35 + (x - X0) / 73000.0, 48.86 + (y - Y0) / 111000.0
        if null_every and i % null_every == 0:
            pass
        elif multipart:
            f.setGeometry(QgsGeometry.fromMultiPointXY([QgsPointXY(x, y), QgsPointXY(x + 5, y)]))
        else:
            f.setGeometry(QgsGeometry.fromPointXY(QgsPointXY(x, y)))
        f.setAttributes([f"u{i % 100}", i])
        feats.append(f)
    layer.dataProvider().addFeatures(feats)
    return layer, xy


def test_algorithms_listed_with_help(qgis_app):
    from qgis.core import QgsApplication
    for alg_id, words in ((PERTURB, ("per metre", "Unit of privacy", "Study area", "m·ε")),
                          (ESTIMATE, ("Iterative Bayesian Update", "no privacy is spent"))):
        alg = QgsApplication.processingRegistry().algorithmById(alg_id)
        assert alg is not None and alg.group() == "Points"
        for w in words:
            assert w.lower() in alg.helpString().lower(), (alg_id, w)


def test_planar_laplace_in_process(run_alg, tmp_path):
    layer, xy = _points()
    out, lines, report = (str(tmp_path / n) for n in ("p.gpkg", "l.gpkg", "r.html"))
    res = run_alg(PERTURB, {"INPUT": layer, "EPSILON": 0.01, "SEED": 1, "OUTPUT": out,
                            "DISPLACEMENT": lines, "REPORT": report, "KEEP_FIELDS": ["v"]})
    out_layer, rows = read_layer(res["OUTPUT"])
    order = np.array([r["v"] for r in rows])          # the opted-in field follows its point
    assert len(rows) == len(xy) and sorted(order) == list(range(len(xy)))
    assert np.mean(order == np.arange(len(xy))) < 0.05                 # rows shuffled (issue 25)
    assert [f.name() for f in out_layer.fields()] == ["fid", "v"]     # only the opted-in field
    got = np.array([[r["_geometry"].asPoint().x(), r["_geometry"].asPoint().y()] for r in rows])
    shift = np.hypot(*(got - xy[order]).T)
    assert shift.mean() == pytest.approx(200.0, rel=0.15)      # 2/ε
    _, lrows = read_layer(res["DISPLACEMENT"])
    # Geodesic lengths; Lambert-93's scale factor near Paris is 0.99988, hence rtol 3e-4.
    np.testing.assert_allclose(sorted(r["displacement_m"] for r in lrows), sorted(shift),
                               rtol=3e-4)
    text = open(report, encoding="utf-8").read()
    assert "planar Laplace" in text and "200 m apart" in text and "not for publication" in text
    assert "expected displacement" in text


def test_level_radius_users_and_ledger(run_alg, tmp_path):
    layer, _ = _points()
    ledger = str(tmp_path / "ledger.json")
    res = run_alg(PERTURB, {"INPUT": layer, "LEVEL": math.log(4), "RADIUS": 200.0, "SEED": 2,
                            "USER_FIELD": "user", "MAX_POINTS_PER_USER": 5, "LEDGER": ledger,
                            "DATASET_ID": "pts", "BUDGET_EPSILON": 1.0, "OUTPUT": "memory:"})
    assert res["OUTPUT"].featureCount() == 400 and res["OUTPUT"].fields().count() == 0
    entry = json.load(open(ledger))["datasets"]["pts"]["entries"][0]
    assert entry["epsilon"] == pytest.approx(5 * math.log(4) / 200)      # m = 5, public
    assert entry["unit"] == "ε per metre"
    # L left empty (the dialog no longer shows 1.386294…): ln 4, as before
    res = run_alg(PERTURB, {"INPUT": layer, "RADIUS": 200.0, "SEED": 2, "OUTPUT": "memory:"})
    assert res["EPSILON_SPENT"] == pytest.approx(math.log(4) / 200)
    res = run_alg(PERTURB, {"INPUT": layer, "EPSILON": 0.01, "SEED": 2, "USER_FIELD": "user",
                            "MAX_POINTS_PER_USER": 1, "EXCESS_POINTS": "sample",
                            "OUTPUT": "memory:"})
    assert res["OUTPUT"].featureCount() == 100


def test_geographic_layer_is_perturbed_in_metres(run_alg, tmp_path):
    layer, _ = _points(crs="EPSG:4326")
    res = run_alg(PERTURB, {"INPUT": layer, "EPSILON": 0.01, "SEED": 3, "OUTPUT": "memory:",
                            "DISPLACEMENT": "memory:"})
    assert res["OUTPUT"].crs().authid() == "EPSG:4326"
    pt = next(res["OUTPUT"].getFeatures()).geometry().asPoint()
    assert 2.2 < pt.x() < 2.5 and 48.8 < pt.y() < 48.95
    from qgis.core import QgsDistanceArea
    da = QgsDistanceArea()
    da.setEllipsoid("WGS84")
    lengths = [da.measureLength(f.geometry()) for f in res["DISPLACEMENT"].getFeatures()]
    assert np.mean(lengths) == pytest.approx(200.0, rel=0.15)


def test_study_area_remap(run_alg):
    from qgis.core import QgsFeature, QgsGeometry, QgsVectorLayer
    layer, _ = _points()
    area = QgsVectorLayer("Polygon?crs=EPSG:2154", "area", "memory")
    f = QgsFeature()
    f.setGeometry(QgsGeometry.fromWkt(
        f"POLYGON(({X0} {Y0}, {X0 + 4000} {Y0}, {X0 + 4000} {Y0 + 2500}, {X0} {Y0 + 2500}, "
        f"{X0} {Y0}))"))
    area.dataProvider().addFeatures([f])
    res = run_alg(PERTURB, {"INPUT": layer, "EPSILON": 0.002, "SEED": 4, "STUDY_AREA": area,
                            "OUTPUT": "memory:"})
    pts = [g.geometry().asPoint() for g in res["OUTPUT"].getFeatures()]
    assert all(X0 - 1e-6 <= p.x() <= X0 + 4000 + 1e-6 and Y0 - 1e-6 <= p.y() <= Y0 + 2500 + 1e-6
               for p in pts)


def test_grid_mechanism_then_estimate(run_alg, tmp_path):
    layer, xy = _points(2000)
    extent = f"{X0},{X0 + 4500},{Y0},{Y0 + 3000} [EPSG:2154]"
    res = run_alg(PERTURB, {"INPUT": layer, "MECHANISM": "geometric", "EPSILON": 0.01, "CELL_SIZE": 150,
                            "GRID_EXTENT": extent, "SEED": 5, "OUTPUT": "memory:"})
    reports = res["OUTPUT"]
    centres = np.array([[f.geometry().asPoint().x(), f.geometry().asPoint().y()]
                        for f in reports.getFeatures()])
    np.testing.assert_allclose((centres - [X0, Y0]) % 150, 75.0, atol=1e-6)
    out, report = str(tmp_path / "est.gpkg"), str(tmp_path / "est.html")
    est = run_alg(ESTIMATE, {"INPUT": reports, "MECHANISM": "geometric", "EPSILON": 0.01,
                             "CELL_SIZE": 150, "GRID_EXTENT": extent, "OUTPUT": out,
                             "REPORT": report})
    _, rows = read_layer(est["OUTPUT"])
    assert len(rows) == 30 * 20
    prob = np.array([r["probability"] for r in rows])
    assert prob.sum() == pytest.approx(1.0) and sum(r["reports"] for r in rows) == 2000
    assert sum(r["estimated_count"] for r in rows) == pytest.approx(2000)
    cells = ((xy[:, 1] - Y0) // 150).astype(int) * 30 + ((xy[:, 0] - X0) // 150).astype(int)
    truth = np.bincount(cells, minlength=600) / 2000
    raw = np.array([r["raw_share"] for r in rows])
    from mobility_dp.dpcore.geoind import Grid, emd
    grid = Grid(X0, Y0, 150.0, 30, 20)
    assert emd(prob, truth, grid) < emd(raw, truth, grid)
    assert "spends no privacy" in open(report, encoding="utf-8").read()


@pytest.mark.parametrize("override, message", [
    ({"EPSILON": 0}, "epsilon must be a positive"),
    ({"EPSILON": -0.01}, "epsilon must be a positive"),
    ({"RADIUS": 0}, "radius must be a positive"),
    ({"RADIUS": -100}, "radius must be a positive"),
    ({"MECHANISM": "geometric", "CELL_SIZE": 0}, "cell size must be a positive"),
    ({"USER_FIELD": "nope", "MAX_POINTS_PER_USER": 2}, "nope"),
    ({"MAX_POINTS_PER_USER": 2}, "needs a user id field"),
    ({"USER_FIELD": "user"}, "maximum number of points per user"),
    ({"USER_FIELD": "v", "MAX_POINTS_PER_USER": 1}, "every one of the 150 points has its own user"),
    ({"USER_FIELD": "user", "MAX_POINTS_PER_USER": 1}, "user 'u[0-9]+' has 2 points"),
    ({"USER_FIELD": "user", "MAX_POINTS_PER_USER": 2, "KEEP_FIELDS": ["user"]},
     "cannot be copied"),
    ({"MECHANISM": "geometric"}, "need a grid extent"),
])
def test_bad_parameters_leave_no_output(run_alg, tmp_path, override, message):
    from qgis.core import QgsProcessingException
    layer, _ = _points(150)              # users u0..u99: 50 users with 2 points
    out, report = str(tmp_path / "bad.gpkg"), str(tmp_path / "bad.html")
    params = {"INPUT": layer, "EPSILON": 0.01, "OUTPUT": out, "REPORT": report}
    params.update(override)
    with pytest.raises(QgsProcessingException, match=message):
        run_alg(PERTURB, params)
    assert not os.path.exists(out) and not os.path.exists(report)


def test_multipoints_refused_and_null_geometries_reported(run_alg, tmp_path):
    from qgis.core import QgsProcessingException
    out = str(tmp_path / "multi.gpkg")
    with pytest.raises(QgsProcessingException, match="multipoint with 2 parts"):
        run_alg(PERTURB, {"INPUT": _points(20, multipart=True)[0], "EPSILON": 0.01,
                          "OUTPUT": out})
    assert not os.path.exists(out)
    report, internal = str(tmp_path / "nulls.html"), str(tmp_path / "nulls-internal.html")
    res = run_alg(PERTURB, {"INPUT": _points(50, null_every=10)[0], "EPSILON": 0.01, "SEED": 1,
                            "OUTPUT": "memory:", "REPORT": report, "INTERNAL_REPORT": internal})
    assert res["OUTPUT"].featureCount() == 45
    # a raw-data fact: in the internal report only
    assert "features without geometry (skipped)</td><td>5<" in open(internal, encoding="utf-8").read()
    assert "without geometry" not in open(report, encoding="utf-8").read()


def _write_gpkg(layer, path):
    from qgis.core import QgsCoordinateTransformContext, QgsVectorFileWriter
    options = QgsVectorFileWriter.SaveVectorOptions()
    options.driverName = "GPKG"
    err = QgsVectorFileWriter.writeAsVectorFormatV3(layer, path, QgsCoordinateTransformContext(),
                                                    options)
    assert err[0] == QgsVectorFileWriter.NoError, err


def test_qgis_process_perturb_and_estimate(qgis_process, qgis_app, tmp_path):
    layer, _ = _points(500)
    src = str(tmp_path / "in.gpkg")
    _write_gpkg(layer, src)
    out, report = str(tmp_path / "qp.gpkg"), str(tmp_path / "qp.html")
    code, data, text = qgis_process(PERTURB, {"INPUT": src, "EPSILON": 0.01, "SEED": 1,
                                              "OUTPUT": out, "REPORT": report})
    assert code == 0, text
    out_layer, rows = read_layer(data["results"]["OUTPUT"])
    assert len(rows) == 500
    assert out_layer.renderer().symbol().color().red() == 178        # stored default style
    assert data["results"]["EPSILON_SPENT"] == pytest.approx(0.01)
    assert "per metre" in data["results"]["PRIVACY_UNIT"]
    grid_out = str(tmp_path / "grid.gpkg")
    code, data, text = qgis_process(ESTIMATE, {"INPUT": out, "EPSILON": 0.01, "CELL_SIZE": 300,
                                               "OUTPUT": grid_out})
    assert code == 0, text
    grid_layer, rows = read_layer(grid_out)
    assert sum(r["probability"] for r in rows) == pytest.approx(1.0)
    assert grid_layer.renderer().type() == "graduatedSymbol"      # style stored in the GeoPackage
    bad = str(tmp_path / "qp_bad.gpkg")
    code, _, text = qgis_process(PERTURB, {"INPUT": src, "EPSILON": 0.01, "RADIUS": -5,
                                           "OUTPUT": bad})
    assert code != 0 and "radius must be a positive" in text
    assert not os.path.exists(bad)


@pytest.mark.parametrize("override, message", [
    ({"EPSILON": 0}, "epsilon must be a positive"),
    ({"CELL_SIZE": -150}, "cell size must be a positive"),
])
def test_estimate_bad_parameters_leave_no_output(run_alg, tmp_path, override, message):
    from qgis.core import QgsProcessingException
    layer, _ = _points(50)
    out, report = str(tmp_path / "bad.gpkg"), str(tmp_path / "bad.html")
    params = {"INPUT": layer, "EPSILON": 0.01, "OUTPUT": out, "REPORT": report}
    params.update(override)
    with pytest.raises(QgsProcessingException, match=message):
        run_alg(ESTIMATE, params)
    assert not os.path.exists(out) and not os.path.exists(report)
