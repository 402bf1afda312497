"""mobilitydp:odflows in process and through qgis_process, on a hand-made case in mixed CRSs."""
import os

import pytest

from ..support.od_layers import EXPECTED, TRIPS
from ..support.od_layers import lines as _lines
from ..support.od_layers import points as _points
from ..support.od_layers import save as _save
from ..support.od_layers import table as _table
from ..support.od_layers import zones as _zones
from ..support.qgis import read_layer

ALG = "mobilitydp:odflows"


def _params(trips, zones, tmp_path, **kw):
    p = {"INPUT": trips, "USER_FIELD": "user_id", "ZONES": zones, "ZONE_ID_FIELD": "zone",
         "MAX_TRIPS": 5, "EPSILON": 100, "SEED": 3,
         "OD_TABLE": str(tmp_path / "od.gpkg"), "FLOWS": str(tmp_path / "flows.gpkg"),
         "REPORT": str(tmp_path / "report.html")}
    p.update(kw)
    return p


def _text(path):
    with open(path, encoding="utf-8") as fh:
        return fh.read()


def _od(path):
    _, rows = read_layer(path)
    return {(r["origin"], r["dest"]): r["flow"] for r in rows}


@pytest.mark.parametrize("zones_crs", ["EPSG:2154", "EPSG:4326", "EPSG:3857"])
def test_lines_hand_made_case_in_mixed_crs(run_alg, tmp_path, zones_crs):
    res = run_alg(ALG, _params(_lines(), _zones(zones_crs), tmp_path))
    assert _od(res["OD_TABLE"]) == EXPECTED
    layer, lines = read_layer(res["FLOWS"])
    assert {(r["origin"], r["dest"]) for r in lines} == {("z0", "z1"), ("z1", "z0")}
    assert all(r["moe95"] == 0 for r in lines)
    assert res["EPSILON_SPENT"] == pytest.approx(100)
    html = _text(res["REPORT"])
    assert "one user" in html and "discrete Laplace" in html


def test_public_report_holds_no_raw_facts_and_user_field_is_guessed(run_alg, tmp_path):
    res = run_alg(ALG, _params(_lines(), _zones(), tmp_path, USER_FIELD="",
                               INTERNAL_REPORT=str(tmp_path / "internal.html")))
    assert _od(res["OD_TABLE"]) == EXPECTED  # user_id picked by its name
    public, internal = _text(res["REPORT"]), _text(res["INTERNAL_REPORT"])
    assert "trips read" not in public and "Utility against the true flows" not in public
    assert "trips read" in internal and "share within the margin" in internal
    assert res["PRIVACY_UNIT"]


def test_points_and_table_layouts_give_the_same_flows(run_alg, tmp_path):
    res = run_alg(ALG, _params(_points(), _zones(), tmp_path, TRIP_FIELD="trip",
                               TIME_FIELD="time"))
    assert _od(res["OD_TABLE"]) == EXPECTED
    (tmp_path / "b").mkdir()
    res = run_alg(ALG, _params(_table(), _zones(), tmp_path / "b", USER_FIELD="uid",
                               ORIGIN_X="ox", ORIGIN_Y="oy", DEST_X="dx", DEST_Y="dy",
                               TABLE_CRS="EPSG:4326"))
    assert _od(res["OD_TABLE"]) == EXPECTED


def test_time_window_and_bounding(run_alg, tmp_path):
    from qgis.PyQt.QtCore import QDateTime, Qt
    start = QDateTime.fromString("2026-05-25T00:00:00", Qt.DateFormat.ISODate)
    start.setTimeSpec(Qt.TimeSpec.UTC)
    end = QDateTime.fromString("2026-05-25T05:00:00", Qt.DateFormat.ISODate)
    end.setTimeSpec(Qt.TimeSpec.UTC)
    with pytest.raises(Exception, match="5 trips have no time"):
        run_alg(ALG, _params(_lines(), _zones(), tmp_path, START=start, END=end))
    res = run_alg(ALG, _params(_lines(), _zones(), tmp_path, START=start, END=end,
                               START_FIELD="start", END_FIELD="end"))
    # u1's trips at 10:00 and 11:40 are outside the window
    assert _od(res["OD_TABLE"]) == {("z0", "z1"): 2, ("z2", "z2"): 1}
    (tmp_path / "m").mkdir()
    res = run_alg(ALG, _params(_lines(), _zones(), tmp_path / "m", MAX_TRIPS=1, EPSILON=20))
    assert sum(_od(res["OD_TABLE"]).values()) == 2  # one trip per user


def test_noisy_run_with_total_and_gaussian(run_alg, tmp_path):
    res = run_alg(ALG, _params(_lines(), _zones(), tmp_path, EPSILON=1.0, NOISE="gaussian",
                               DELTA=1e-6, TOTAL_SHARE=0.2, TOTAL_CAP=10))
    assert res["EPSILON_SPENT"] == pytest.approx(1.0)
    assert res["DELTA_SPENT"] == pytest.approx(1e-6)
    _, rows = read_layer(res["OD_TABLE"])
    assert all(r["flow"] > 0 and r["moe95"] > 0 for r in rows)
    assert "scale of the kept trips to all trips" in _text(res["REPORT"])


@pytest.mark.parametrize("change,message", [
    (dict(USER_FIELD="start"), "its own user"),
    (dict(EPSILON=0), "epsilon"),
    (dict(NOISE="gaussian", DELTA=0), "delta > 0"),
    (dict(TOTAL_SHARE=0.2, TOTAL_CAP=2, MAX_TRIPS=5), "≥ the trips kept"),
    (dict(ZONE_ID_FIELD="nope"), "(?i)zone id field"),
])
def test_bad_input_refused_without_output(run_alg, tmp_path, change, message):
    from qgis.core import QgsProcessingException
    with pytest.raises(QgsProcessingException, match=message):
        run_alg(ALG, _params(_lines(), _zones(), tmp_path, **change))
    assert not any(os.path.exists(tmp_path / n) for n in ("od.gpkg", "flows.gpkg",
                                                          "report.html"))


def test_all_trips_outside_the_zones_refused(run_alg, tmp_path):
    from qgis.core import QgsProcessingException
    far = [(u, o + 10, d + 10, m) for u, o, d, m in TRIPS]
    with pytest.raises(QgsProcessingException, match="outside every zone"):
        run_alg(ALG, _params(_lines(trips=far), _zones(), tmp_path))
    assert not os.path.exists(tmp_path / "od.gpkg")


def test_qgis_process_json(qgis_app, qgis_process, tmp_path):
    trips = _save(_lines(), tmp_path / "trips.gpkg")
    zones = _save(_zones("EPSG:4326"), tmp_path / "zones.gpkg")
    # ε/m = 20: no noise with probability 1 − 4e-9 per value (and qgis_process refuses ε/Δ > 22)
    p = _params(trips, zones, tmp_path, EPSILON=100, LEDGER=str(tmp_path / "ledger.json"),
                BUDGET_EPSILON=200)
    code, data, text = qgis_process(ALG, p)
    assert code == 0, text
    assert os.path.exists(data["results"]["OD_TABLE"].split("|")[0])
    assert _od(str(tmp_path / "od.gpkg")) == EXPECTED
    assert data["results"]["EPSILON_SPENT"] == pytest.approx(100)
    code, data, text = qgis_process(ALG, dict(p, EPSILON=-1, OD_TABLE=str(tmp_path / "x.gpkg")))
    assert code != 0 and not os.path.exists(tmp_path / "x.gpkg")


@pytest.mark.parametrize("zone_field, labels", [(None, ("1", "2", "3")),
                                                 ("zone", ("z0", "z1", "z2"))])
def test_shipped_model_trips_to_flow_map(qgis_app, tmp_path, zone_field, labels):
    """models/trips_to_od_flows.model3: GPS points → odflows → styled flow map; zones labelled
    by the optional zone id field, else by feature id."""
    import processing
    from qgis.core import QgsProcessingContext, QgsProcessingFeedback, QgsProcessingModelAlgorithm
    model = QgsProcessingModelAlgorithm()
    assert model.fromFile(os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))), "models", "trips_to_od_flows.model3"))
    res = processing.run(model, {
        "trips": _points(), "user_field": "user_id", "trip_field": "trip", "time_field": "time",
        "zones": _zones("EPSG:4326"), "zone_field": zone_field, "max_trips": 5, "epsilon": 100,
        "odflows:flow_map": str(tmp_path / "map.gpkg"), "odflows:od_table": str(tmp_path / "od.gpkg"),
        "odflows:report": str(tmp_path / "report.html"), "ledger": str(tmp_path / "l.json"),
        "dataset_id": "trips-demo", "budget_epsilon": 200},
        context=QgsProcessingContext(), feedback=QgsProcessingFeedback())
    a, b, c = labels
    assert _od(str(tmp_path / "od.gpkg")) == {(a, b): 3, (b, a): 1, (c, c): 1}
    layer, lines = read_layer(str(tmp_path / "map.gpkg"))
    assert len(lines) == 2 and os.path.exists(tmp_path / "report.html")
    assert layer.renderer().type() == "RuleRenderer"  # the arrow style stored in the GeoPackage
    assert res["odflows:flow_map"]
    from mobility_dp.dpcore.accounting.ledger import Ledger
    assert res["odflows:epsilon_spent"] == pytest.approx(100)      # the model charges its ledger
    assert Ledger(str(tmp_path / "l.json")).spent("trips-demo")[0] == pytest.approx(100)


def test_default_picks_people_per_pair_and_says_why(run_alg, tmp_path):
    res = run_alg(ALG, _params(_lines(), _zones(), tmp_path, EPSILON=2.0))
    assert res["EPSILON_SPENT"] == pytest.approx(2.0)
    html = _text(res["REPORT"])
    assert "people per pair, shrunk toward a fitted prior" in html and "assumed sparse" in html
    assert "people per unordered pair" in html and "trip scale" in html
    _, rows = read_layer(res["OD_TABLE"])
    assert rows and all(r["lower95"] <= r["flow"] <= r["upper95"] for r in rows)
    assert all(r["flow"] > 0 for r in rows)
    (tmp_path / "t").mkdir()
    res = run_alg(ALG, _params(_lines(), _zones(), tmp_path / "t", EPSILON=2.0, METHOD="trips"))
    assert "trips per ordered pair" in _text(res["REPORT"])


@pytest.mark.parametrize("method", ["people_shrunk", "trips"])
def test_report_lists_only_flows_above_noise(run_alg, tmp_path, method):
    """Nothing above the simultaneous margin (ε = 0.05): an empty map, said so, and no noisy
    values listed as 'largest flows'; at ε = 20 (control) the drawn flows are listed."""
    res = run_alg(ALG, _params(_lines(), _zones(), tmp_path, EPSILON=0.05, METHOD=method))
    html = _text(res["REPORT"])
    _, lines = read_layer(res["FLOWS"])
    assert not lines and "empty by design" in html and "95 % interval" not in html
    (tmp_path / "c").mkdir()
    res = run_alg(ALG, _params(_lines(), _zones(), tmp_path / "c", EPSILON=20, METHOD=method))
    html = _text(res["REPORT"])
    _, lines = read_layer(res["FLOWS"])
    assert lines and "empty by design" not in html and "95 % interval" in html


def test_public_regions_draw_region_flows_and_need_people_per_pair(run_alg, tmp_path):
    """Squares of 1 km as public regions (one per zone here): 6 users commute 0 ↔ 2, so the
    region pair (0, 2) is drawn, with its interval; the report says how the regions count."""
    trips = TRIPS + [(f"v{k}", 0, 2, 60 + k) for k in range(6)] + \
        [(f"v{k}", 2, 0, 600 + k) for k in range(6)]
    res = run_alg(ALG, _params(_lines(trips=trips), _zones(), tmp_path, EPSILON=20,
                               METHOD="people_shrunk", REGION_SIZE=1000,
                               REGION_FLOWS=str(tmp_path / "regions.gpkg")))
    assert res["EPSILON_SPENT"] == pytest.approx(20)
    _, rows = read_layer(res["REGION_FLOWS"])
    pairs = {(r["origin"], r["dest"]) for r in rows}
    assert ("0", "2") in pairs
    assert all(r["lower95"] > 0 and r["lower95"] <= r["upper95"] for r in rows)
    html = _text(res["REPORT"])
    assert "Flows between public regions" in html and "public noise law" in html
    (tmp_path / "t").mkdir()
    with pytest.raises(Exception, match="people_shrunk"):
        run_alg(ALG, _params(_lines(), _zones(), tmp_path / "t", METHOD="trips",
                             REGION_SIZE=1000))
