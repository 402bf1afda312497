"""Every interval an OD layer publishes holds the value beside it (lower95 ≤ flow ≤ upper95),
through processing.run, for every method and option of odflows and the mobility report's OD
flow lines; the mobility report's visits layer says in the layer which margin it carries.
Coverage by stratum: tests/core/test_interval_coverage.py."""
import pytest

from ..support.lambert_layers import square_cells
from ..support.od_layers import SIZE, X0, Y0, lines
from ..support.qgis import read_layer
from .test_mobilityreport import REPORT_ALG
from .test_mobilityreport import _params as _report_params
from .test_odflows import ALG, _params

N_ZONES = 12
# 120 users on 12 zones: a busy pair (0 ↔ 1) and sparse ones, 1–4 trips on their main pair
TRIPS = [(f"u{k}", 0 if k < 40 else k % N_ZONES, 1 if k < 40 else (k * 7 // 3) % N_ZONES,
          10 * (j + 1) + k % 7) for k in range(120) for j in range(1 + k % 4)] + \
    [(f"u{k}", (k + 1) % N_ZONES, k % N_ZONES, 700 + k) for k in range(0, 120, 5)]


def zones():
    return square_cells(N_ZONES, x0=X0, y0=Y0, size=SIZE, field="zone", prefix="z",
                        name="zones")


ODFLOWS = {
    "people, trips (default)": {},
    "people": dict(PUBLISH="people"),
    "people, directed": dict(DIRECTED=True),
    "people, regions": dict(METHOD="people_shrunk", REGION_SIZE=2000),
    "trips": dict(METHOD="trips"),
    "trips, scaled": dict(METHOD="trips", TOTAL_SHARE=0.2, TOTAL_CAP=10),
    "trips, Gaussian": dict(METHOD="trips", NOISE="gaussian", DELTA=1e-6),
}


def _rows_hold_their_values(path):
    _, rows = read_layer(path)
    return rows, [r for r in rows if not r["lower95"] <= r["flow"] <= r["upper95"]]


@pytest.mark.parametrize("config", list(ODFLOWS))
def test_every_od_table_row_holds_its_value(run_alg, tmp_path, config):
    total = 0
    for seed in range(4):
        out = tmp_path / str(seed)
        out.mkdir()
        kw = dict(ODFLOWS[config], SEED=seed, EPSILON=1.0, MAX_TRIPS=3)
        if "REGION_SIZE" in kw:
            kw["REGION_FLOWS"] = str(out / "regions.gpkg")
        res = run_alg(ALG, _params(lines(trips=TRIPS), zones(), out, **kw))
        for key in ("OD_TABLE", "FLOWS", "REGION_FLOWS"):
            if key in res and res[key]:
                rows, outside = _rows_hold_their_values(res[key])
                assert not outside, (key, outside)
                total += len(rows) if key == "OD_TABLE" else 0
    assert total > 0


@pytest.mark.parametrize("od_method", ["people_shrunk", "trips"])
def test_mobility_report_od_rows_hold_their_values_and_visits_say_their_margin(
        run_alg, tmp_path, od_method):
    res = run_alg(REPORT_ALG, _report_params(
        lines("EPSG:3857", trips=TRIPS), zones(), tmp_path, EPSILON=2.0, OD_METHOD=od_method,
        VISITS_METHOD="shrunk", MAX_TRIPS=3))
    _, outside = _rows_hold_their_values(res["OD_FLOWS"])
    assert not outside
    _, rows = read_layer(res["VISITS"])
    assert rows and all(r["moe95_note"].startswith("not a 95 % interval") for r in rows)
    (tmp_path / "plain").mkdir()
    res = run_alg(REPORT_ALG, _report_params(
        lines("EPSG:3857", trips=TRIPS), zones(), tmp_path / "plain", EPSILON=2.0,
        VISITS_METHOD="plain", MAX_TRIPS=3))
    _, rows = read_layer(res["VISITS"])
    assert rows and all(r["moe95_note"] == "95 % margin of error of the noisy count"
                        for r in rows)


def test_the_od_layers_say_what_their_interval_covers(qgis_app, run_alg, tmp_path):
    """The interval travels with the layer: its description says what lower95/upper95 cover
    (people × trips per person when trips are published, not the trips per pair)."""
    from osgeo import gdal

    from ..support.od_layers import lines, zones
    out = {"OD_TABLE": str(tmp_path / "od.gpkg"), "FLOWS": str(tmp_path / "flows.gpkg")}
    for publish, words in (("trips", "people per pair × the true trips per person"),
                           ("people", "interval of people per pair")):
        run_alg("mobilitydp:odflows", {
            "INPUT": lines("EPSG:4326"), "USER_FIELD": "user_id", "ZONES": zones("EPSG:2154"),
            "ZONE_ID_FIELD": "zone", "MAX_TRIPS": 2, "EPSILON": 2.0, "SEED": 1,
            "METHOD": "people_shrunk", "PUBLISH": publish, **out})
        for path in out.values():
            source = gdal.OpenEx(path, gdal.OF_VECTOR)
            text = source.GetLayer(0).GetMetadataItem("DESCRIPTION") or ""
            assert words in text and "reproducible: not for publication" in text, (path, text)
