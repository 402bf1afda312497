"""Neighbouring datasets: perturbpoints and noisycounts publish nothing but their noisy values.

D and D′ differ in one unit of privacy (one point moved 5 km away, one user's points moved, one
count changed by one). Everything publishable apart from the noisy values — the REPORT (minus its
time stamp), the output's fields and feature count, EPSILON_SPENT / PRIVACY_UNIT — must be
identical. Negative control: the INTERNAL_REPORT (raw-data facts) does tell D from D′.
Before the geo fixes this failed for items 5 (noisycounts copied the true count), 7 (the report
printed a frame centred on the true points) and 8 (m·ε with m read from the data).
"""
import re

import numpy as np

from test_geoind_frames import X0, Y0, _area, _layer, _xy

PERTURB = "mobilitydp:perturbpoints"
NOISY = "mobilitydp:noisycounts"


def _public(path):
    text = open(path, encoding="utf-8").read()
    return re.sub(r", run [^<]*\.</p>", "</p>", text)


def _run(run_alg, alg, params, tmp_path, name):
    paths = {"REPORT": str(tmp_path / f"{name}.html"),
             "INTERNAL_REPORT": str(tmp_path / f"{name}-internal.html")}
    res = run_alg(alg, dict(params, OUTPUT="memory:", **paths))
    out = res["OUTPUT"]
    return {"report": _public(paths["REPORT"]), "internal": _public(paths["INTERNAL_REPORT"]),
            "fields": out.fields().names(), "count": out.featureCount(),
            "spent": (res["EPSILON_SPENT"], res["DELTA_SPENT"], res["PRIVACY_UNIT"]),
            "layer": out}


def _same_public(d, n):
    assert d["report"] == n["report"]
    assert (d["fields"], d["count"], d["spent"]) == (n["fields"], n["count"], n["spent"])
    assert d["internal"] != n["internal"]                  # negative control


def test_perturbpoints_one_point_moved(run_alg, tmp_path):
    xy = _xy(200)
    moved = xy.copy()
    moved[0] = [X0 + 9000.0, Y0 - 5000.0]       # outside the study area and the points' bbox
    common = {"EPSILON": 0.01, "SEED": 3, "STUDY_AREA": _area("EPSG:3857"),
              "KEEP_FIELDS": ["venue_id"]}
    d = _run(run_alg, PERTURB, dict(common, INPUT=_layer(xy, "EPSG:4326")), tmp_path, "d")
    n = _run(run_alg, PERTURB, dict(common, INPUT=_layer(moved, "EPSG:4326")), tmp_path, "n")
    _same_public(d, n)


def test_perturbpoints_one_user_moved_and_grid(run_alg, tmp_path):
    xy = _xy(240)                                 # users u0..u59, 4 points each
    moved = xy.copy()
    moved[np.arange(240) % 60 == 7] += [2500.0, 1800.0]
    common = {"EPSILON": 0.01, "SEED": 4, "USER_FIELD": "user", "MAX_POINTS_PER_USER": 6,
              "MECHANISM": "geometric", "CELL_SIZE": 200,
              "GRID_EXTENT": f"{X0 - 500},{X0 + 4000},{Y0 - 500},{Y0 + 2500} [EPSG:2154]"}
    d = _run(run_alg, PERTURB, dict(common, INPUT=_layer(xy, "EPSG:2154")), tmp_path, "d")
    n = _run(run_alg, PERTURB, dict(common, INPUT=_layer(moved, "EPSG:2154")), tmp_path, "n")
    _same_public(d, n)
    assert d["spent"][0] == 0.06                  # m·ε with m the public parameter


def _zones(counts):
    from qgis.core import QgsFeature, QgsGeometry, QgsPointXY, QgsVectorLayer
    layer = QgsVectorLayer("Polygon?crs=EPSG:2154&field=zone:string&field=population:integer",
                           "zones", "memory")
    feats = []
    for i, c in enumerate(counts):
        f = QgsFeature(layer.fields())
        x = X0 + 1000 * i
        f.setGeometry(QgsGeometry.fromRect(QgsGeometry.fromPointXY(
            QgsPointXY(x, Y0)).buffer(400, 1).boundingBox()))
        f.setAttributes([f"z{i}", c])
        feats.append(f)
    layer.dataProvider().addFeatures(feats)
    return layer


def test_noisycounts_one_count_changed(run_alg, tmp_path):
    counts = [12, 40, 7, 0, 25]
    changed = list(counts)
    changed[2] += 1
    common = {"COUNT_FIELD": "population", "EPSILON": 1.0, "SEED": 5, "KEEP_FIELDS": ["zone"]}
    d = _run(run_alg, NOISY, dict(common, INPUT=_zones(counts)), tmp_path, "d")
    n = _run(run_alg, NOISY, dict(common, INPUT=_zones(changed)), tmp_path, "n")
    assert d["report"] == n["report"]
    assert (d["fields"], d["count"], d["spent"]) == (n["fields"], n["count"], n["spent"])
    assert "population" not in d["fields"]
    values = [[f[name] for name in d["fields"]] for f in d["layer"].getFeatures()]
    others = [[f[name] for name in n["fields"]] for f in n["layer"].getFeatures()]
    assert [v[0] for v in values] == [v[0] for v in others]          # only the copied zone id
    # Negative control: the noisy values themselves do tell D from D' (same seed, c + 1).
    assert values[2][-1] != others[2][-1] and values[:2] == others[:2]
