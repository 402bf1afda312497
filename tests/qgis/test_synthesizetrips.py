"""mobilitydp:synthesizetrips in process and through qgis_process (issue 31)."""
import os

import pytest

from ..support.od_layers import lines as _lines
from ..support.od_layers import save as _save
from ..support.od_layers import zones as _zones
from ..support.qgis import read_layer

ALG = "mobilitydp:synthesizetrips"
# 40 users, each 2–4 trips between the three 1 km zones, minutes of 2026-05-25
TRIPS = [(f"u{u}", u % 3, (u + 1 + (k % 2)) % 3, 400 + 37 * k + 3 * u)
         for u in range(40) for k in range(2 + u % 3)]


def _window():
    from qgis.PyQt.QtCore import QDateTime, Qt
    out = []
    for text in ("2026-05-25T00:00:00", "2026-05-26T00:00:00"):
        dt = QDateTime.fromString(text, Qt.DateFormat.ISODate)
        dt.setTimeSpec(Qt.TimeSpec.UTC)
        out.append(dt)
    return out


def _params(trips, zones, tmp_path, **kw):
    start, end = _window()
    p = {"INPUT": trips, "USER_FIELD": "user_id", "ZONES": zones, "ZONE_ID_FIELD": "zone",
         "START_FIELD": "start", "END_FIELD": "end", "START": start, "END": end,
         "MAX_TRIPS": 5, "TRIPS_CAP": 10, "N_TRIPS": 300, "EPSILON": 1.0, "SEED": 3,
         "OUTPUT": str(tmp_path / "synthetic.gpkg"), "REPORT": str(tmp_path / "report.html")}
    p.update(kw)
    return p


def _anchors(lonlat, weights=None):
    from qgis.core import QgsFeature, QgsGeometry, QgsPointXY, QgsVectorLayer
    layer = QgsVectorLayer("Point?crs=EPSG:4326&field=w:double", "anchors", "memory")
    feats = []
    for k, (x, y) in enumerate(lonlat):
        f = QgsFeature(layer.fields())
        f.setGeometry(QgsGeometry.fromPointXY(QgsPointXY(x, y)))
        f.setAttributes([1.0 if weights is None else weights[k]])
        feats.append(f)
    layer.dataProvider().addFeatures(feats)
    return layer


def test_weighting_points_place_every_end(run_alg, tmp_path):
    from ..support.lambert_layers import lambert93_to
    from ..support.od_layers import centre
    tf = lambert93_to("EPSG:4326")
    pts = [centre(k, tf, dx) for k in range(3) for dx in (-200.0, 200.0)]
    anchors = _anchors([(p.x(), p.y()) for p in pts], [1, 0, 1, 1, 1, 1])
    res = run_alg(ALG, _params(_lines(trips=TRIPS), _zones(), tmp_path, WEIGHTS=anchors,
                               WEIGHT_FIELD="w"))
    layer, _ = read_layer(res["OUTPUT"])
    from qgis.core import QgsCoordinateReferenceSystem, QgsCoordinateTransform, QgsProject
    back = QgsCoordinateTransform(layer.crs(), QgsCoordinateReferenceSystem("EPSG:4326"),
                                  QgsProject.instance())
    used = {(round(back.transform(p).x(), 6), round(back.transform(p).y(), 6))
            for f in layer.getFeatures() for p in f.geometry().asPolyline()}
    allowed = {(round(p.x(), 6), round(p.y(), 6)) for p in pts}
    assert used <= allowed and (round(pts[1].x(), 6), round(pts[1].y(), 6)) not in used


def _text(path):
    with open(path, encoding="utf-8") as fh:
        return fh.read()


def test_synthetic_trips_hold_no_input_record(run_alg, tmp_path):
    trips = _lines(trips=TRIPS)
    res = run_alg(ALG, _params(trips, _zones(), tmp_path,
                               INTERNAL_REPORT=str(tmp_path / "internal.html")))
    assert res["EPSILON_SPENT"] == pytest.approx(1.0)
    layer, rows = read_layer(res["OUTPUT"])
    assert len(rows) == 300
    assert {r["origin_zone"] for r in rows} <= {"z0", "z1", "z2"}
    users = {f["user_id"] for f in trips.getFeatures()}
    assert not users & {r["user_id"] for r in rows}
    assert all(r["user_id"].startswith("synthetic-") for r in rows)
    inputs = {(round(p.x(), 9), round(p.y(), 9)) for f in trips.getFeatures()
              for p in f.geometry().vertices()}
    from qgis.core import QgsCoordinateReferenceSystem, QgsCoordinateTransform, QgsProject
    tf = QgsCoordinateTransform(layer.crs(), QgsCoordinateReferenceSystem("EPSG:4326"),
                                QgsProject.instance())
    out = {(round(tf.transform(p).x(), 9), round(tf.transform(p).y(), 9))
           for f in layer.getFeatures() for p in f.geometry().asPolyline()}
    assert not inputs & out
    # no input trip's times come back as a record (its start and end to the second); a single
    # start may fall in an input's second by chance (300 random starts, ~10 input minutes an hour)
    records = {(f["start"], f["end"]) for f in trips.getFeatures()}
    second = "yyyy-MM-ddTHH:mm:ss"
    assert not records & {(r["start"].toString(second), r["end"].toString(second)) for r in rows}
    assert all(r["end"] >= r["start"] for r in rows)
    assert layer.temporalProperties().isActive() or layer.loadDefaultStyle()[1]
    public, internal = _text(res["REPORT"]), _text(res["INTERNAL_REPORT"])
    assert "main pair" in public and "OD flows of trips" in public
    assert "JS trip length" in internal and "JS trip length" not in public
    assert "trips read" in internal and "trips read" not in public


def test_rows_are_shuffled_and_count_defaults_to_the_noisy_total(run_alg, tmp_path):
    res = run_alg(ALG, _params(_lines(trips=TRIPS), _zones("EPSG:4326"), tmp_path,
                               N_TRIPS=0, EPSILON=5.0))
    _, rows = read_layer(res["OUTPUT"])
    assert 0.5 * len(TRIPS) < len(rows) < 2 * len(TRIPS)
    users = [r["user_id"] for r in rows]
    runs = sum(a != b for a, b in zip(users, users[1:]))
    assert runs > 0.5 * len(users)   # a person's trips are not grouped


@pytest.mark.parametrize("change,message", [
    (dict(START=None, END=None), "START"),   # QGIS asks for the required window
    (dict(TRIPS_CAP=2), "cap M"),
    (dict(EPSILON=0), "epsilon"),
    (dict(START_FIELD="", END_FIELD=""), "no time"),
    (dict(WEIGHTS="__far__"), "weighting points"),
])
def test_bad_input_refused_without_output(run_alg, tmp_path, change, message):
    from qgis.core import QgsProcessingException
    if change.get("WEIGHTS") == "__far__":
        change = dict(WEIGHTS=_anchors([(0.0, 0.0)]))
    with pytest.raises(QgsProcessingException, match=message):
        run_alg(ALG, _params(_lines(trips=TRIPS), _zones(), tmp_path, **change))
    assert not any(os.path.exists(tmp_path / n) for n in ("synthetic.gpkg", "report.html"))


def test_qgis_process_json(qgis_app, qgis_process, tmp_path):
    trips = _save(_lines(trips=TRIPS), tmp_path / "trips.gpkg")
    zones = _save(_zones("EPSG:4326"), tmp_path / "zones.gpkg")
    p = _params(trips, zones, tmp_path, START="2026-05-25T00:00:00",
                END="2026-05-26T00:00:00", LEDGER=str(tmp_path / "ledger.json"),
                BUDGET_EPSILON=3)
    code, data, text = qgis_process(ALG, p)
    assert code == 0, text
    assert data["results"]["EPSILON_SPENT"] == pytest.approx(1.0)
    layer, rows = read_layer(str(tmp_path / "synthetic.gpkg"))
    assert len(rows) == 300
    code, data, text = qgis_process(ALG, dict(p, TRIPS_CAP=1,
                                              OUTPUT=str(tmp_path / "x.gpkg")))
    assert code != 0 and not os.path.exists(tmp_path / "x.gpkg")
