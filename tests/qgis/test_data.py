"""mobilitydp:generatemobility and mobilitydp:cdrsummary end to end."""
import os

import numpy as np
import pytest

from ..support.qgis import ROOT, read_layer

GEN = "mobilitydp:generatemobility"
SUM = "mobilitydp:cdrsummary"


@pytest.fixture
def towers_vrt(tmp_path):
    """The OpenCellID sample as a point layer (OGR VRT over the CSV)."""
    path = tmp_path / "towers.vrt"
    path.write_text(
        '<OGRVRTDataSource><OGRVRTLayer name="paris_cells_opencellid">'
        f"<SrcDataSource>{ROOT}/sample_data/paris_cells_opencellid.csv</SrcDataSource>"
        "<GeometryType>wkbPoint</GeometryType><LayerSRS>EPSG:4326</LayerSRS>"
        '<GeometryField encoding="PointFromColumns" x="lon" y="lat"/></OGRVRTLayer>'
        "</OGRVRTDataSource>")
    return str(path)


def _gen_params(towers, iris, tmp_path, **kw):
    params = {"TOWERS": towers, "TOWER_ID_FIELD": "cell_id", "CENSUS": iris,
              "POPULATION_FIELD": "population", "USERS": 1500, "DAYS": 2, "VEHICLES": 40,
              "CHECKIN_USERS": 100, "VENUES": 50, "SEED": 5,
              "CDR": str(tmp_path / "cdr.gpkg"), "TRAJECTORIES": str(tmp_path / "traj.gpkg"),
              "CHECKINS": str(tmp_path / "checkins.gpkg"),
              "REPORT": str(tmp_path / "gen.html")}
    params.update(kw)
    return params


def test_generate_and_summarise_in_process(run_alg, tmp_path, towers_vrt, sample_iris_path):
    res = run_alg(GEN, _gen_params(towers_vrt, sample_iris_path, tmp_path))
    layer, cdr = read_layer(res["CDR"])
    assert layer.wkbType() == 100 and len(cdr) > 800  # NoGeometry table
    ids = {str(r["cell_id"]) for r in read_layer(towers_vrt)[1]}
    assert {str(r["tower_id"]) for r in cdr} <= ids
    epochs = np.array([r["epoch"] for r in cdr])
    assert epochs.min() >= 1189382400 and epochs.max() < 1189382400 + 2 * 86400
    assert all(r["time"].toSecsSinceEpoch() == r["epoch"] for r in cdr[:50])
    tl, traj = read_layer(res["TRAJECTORIES"])
    assert tl.crs().authid() in ("OGC:CRS84", "EPSG:4326") and len(traj) > 100
    pt = traj[0]["_geometry"].asPoint()
    assert 2.2 < pt.x() < 2.5 and 48.8 < pt.y() < 48.95
    _, checkins = read_layer(res["CHECKINS"])
    assert len(checkins) >= 100
    # both GeoPackages load styled (issue 13): their default style is the plugin's
    from qgis.core import QgsVectorLayer
    styled = QgsVectorLayer(res["CHECKINS"], "checkins", "ogr")
    assert styled.renderer().type() == "heatmapRenderer"
    plain = QgsVectorLayer(res["CHECKINS"], "plain", "ogr",
                           QgsVectorLayer.LayerOptions(loadDefaultStyle=False))
    assert plain.renderer().type() == "singleSymbol"  # control
    moving = QgsVectorLayer(res["TRAJECTORIES"], "trajectories", "ogr")
    assert moving.loadDefaultStyle()[1]
    assert moving.temporalProperties().isActive()
    assert moving.temporalProperties().startField() == "time"
    with open(res["REPORT"], encoding="utf-8") as fh:
        assert "visits (distinct user, tower, hour) per user present" in fh.read()

    # same seed, same data
    params = _gen_params(towers_vrt, sample_iris_path, tmp_path, VEHICLES=0, CHECKIN_USERS=0,
                         CDR="memory:")
    for key in ("TRAJECTORIES", "CHECKINS", "REPORT"):
        del params[key]
    again = run_alg(GEN, params)
    assert [f["epoch"] for f in again["CDR"].getFeatures()] == list(epochs)

    out = run_alg(SUM, {"INPUT": res["CDR"], "USER_FIELD": "user_id", "TOWER_FIELD": "tower_id",
                        "TIME_FIELD": "time", "N_SLOTS": 24, "ELLS": "2,5",
                        "START": "2007-09-10T00:00:00",
                        "OUTPUT": str(tmp_path / "hist.gpkg"),
                        "SLOTS": str(tmp_path / "slots.gpkg"),
                        "REPORT": str(tmp_path / "sum.html")})
    _, hist = read_layer(out["OUTPUT"])
    users = {r["user_id"] for r in cdr if r["epoch"] < 1189382400 + 86400}
    assert sum(r["users"] for r in hist) == len(users)
    assert abs(hist[-1]["cum_share"] - 1) < 1e-9
    _, slots = read_layer(out["SLOTS"])
    assert len(slots) == 24 and sum(r["events"] for r in slots) == int(
        (epochs < 1189382400 + 86400).sum())
    with open(out["REPORT"], encoding="utf-8") as fh:
        text = fh.read()
    assert "NOT PRIVATE" in text and "after period" in text


def test_summary_from_csv_file_and_epoch(run_alg, tmp_path):
    path = tmp_path / "events.csv"
    rows = ["u,t,ts"] + [f"{u},{t},{1189382400 + 3600 * h + 5}"
                         for u in range(20) for t, h in ((7, 0), (8, 0), (7, u % 5 + 1))]
    path.write_text("\n".join(rows) + "\n")
    out = run_alg(SUM, {"INPUT": str(path), "USER_FIELD": "u", "TOWER_FIELD": "t",
                        "TIME_FIELD": "ts", "START": "2007-09-10T00:00:00",
                        "OUTPUT": "memory:", "SLOTS": "memory:"})
    hist = {f["visits"]: f["users"] for f in out["OUTPUT"].getFeatures()}
    assert hist == {2: 20}  # two slots each; the two towers of hour 0 are one slot visit
    slot0 = next(out["SLOTS"].getFeatures())
    assert (slot0["events"], slot0["active_users"], slot0["visits"]) == (40, 20, 40)


def _table(rows, fields=("u:integer", "t:string", "ts:string")):
    """A memory table of ``rows`` with ``fields`` (name:type)."""
    from qgis.core import QgsFeature, QgsVectorLayer
    layer = QgsVectorLayer("None?" + "&".join(f"field={f}" for f in fields), "events",
                           "memory")
    feats = []
    for r in rows:
        f = QgsFeature(layer.fields())
        f.setAttributes(list(r))
        feats.append(f)
    layer.dataProvider().addFeatures(feats)
    return layer


@pytest.mark.parametrize("params, message", [
    ({"TIME_FIELD": "nope"}, "nope"),
    ({"rows": []}, "empty"),
    ({"rows": [(1, "a", "yesterday"), (2, "b", "soon")]}, "could be read as a time"),
    ({"ELLS": "ten"}, "comma-separated"),
    ({"START": "not a date"}, "cannot read"),
])
def test_summary_bad_input_leaves_no_output(run_alg, tmp_path, params, message):
    from qgis.core import QgsProcessingException
    rows = params.pop("rows", [(1, "a", "2007-09-10T01:00:00Z")])
    out, report = str(tmp_path / "bad.gpkg"), str(tmp_path / "bad.html")
    p = {"INPUT": _table(rows), "USER_FIELD": "u", "TOWER_FIELD": "t", "TIME_FIELD": "ts",
         "START": "2007-09-10T00:00:00", "OUTPUT": out, "REPORT": report}
    p.update(params)
    with pytest.raises(QgsProcessingException, match=message):
        run_alg(SUM, p)
    assert not os.path.exists(out) and not os.path.exists(report)


@pytest.mark.parametrize("override, message", [
    ({"POPULATION_FIELD": "iris_name"}, "population"),
    ({"START": "2007-09-10T12:00:00"}, "midnight"),
    ({"TOWERS": os.path.join(ROOT, "sample_data", "paris_iris.geojson")}, "must hold points"),
])
def test_generate_bad_input_leaves_no_output(run_alg, tmp_path, towers_vrt, sample_iris_path,
                                             override, message):
    from qgis.core import QgsProcessingException
    params = _gen_params(towers_vrt, sample_iris_path, tmp_path, **override)
    with pytest.raises(QgsProcessingException, match=message):
        run_alg(GEN, params)
    for key in ("CDR", "TRAJECTORIES", "CHECKINS", "REPORT"):
        assert not os.path.exists(params[key])


def test_generate_empty_census_refused(run_alg, tmp_path, towers_vrt):
    from qgis.core import QgsProcessingException, QgsVectorLayer
    empty = QgsVectorLayer("Polygon?crs=EPSG:2154&field=population:integer", "e", "memory")
    params = _gen_params(towers_vrt, empty, tmp_path)
    with pytest.raises(QgsProcessingException, match="no polygon"):
        run_alg(GEN, params)
    assert not os.path.exists(params["CDR"])


def test_qgis_process_generate_then_summary(qgis_process, tmp_path, towers_vrt,
                                            sample_iris_path):
    params = _gen_params(towers_vrt, sample_iris_path, tmp_path, USERS=300, DAYS=7)
    code, data, text = qgis_process(GEN, params)
    assert code == 0, text
    _, cdr = read_layer(data["results"]["CDR"])
    assert len(cdr) > 1000
    out = str(tmp_path / "hist.gpkg")
    code, data, text = qgis_process(SUM, {"INPUT": params["CDR"], "USER_FIELD": "user_id",
                                          "TOWER_FIELD": "tower_id", "TIME_FIELD": "epoch",
                                          "START": "2007-09-10T00:00:00", "OUTPUT": out,
                                          "SLOTS": str(tmp_path / "slots.gpkg")})
    assert code == 0, text
    _, hist = read_layer(out)
    assert sum(r["users"] for r in hist) == len({r["user_id"] for r in cdr})
    bad = str(tmp_path / "bad.gpkg")
    code, _, text = qgis_process(SUM, {"INPUT": params["CDR"], "USER_FIELD": "nobody",
                                       "TOWER_FIELD": "tower_id", "TIME_FIELD": "epoch",
                                       "START": "2007-09-10T00:00:00", "OUTPUT": bad})
    assert code != 0 and "nobody" in text and not os.path.exists(bad)
