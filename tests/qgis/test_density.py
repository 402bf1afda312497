"""mobilitydp:sanitizedensity and mobilitydp:comparedensity, in process and through qgis_process."""
import csv
import datetime as dt
import json
import os
import re

import numpy as np
import pytest

from ..support.qgis import read_layer

SANITIZE = "mobilitydp:sanitizedensity"
COMPARE = "mobilitydp:comparedensity"
START = dt.datetime(2007, 9, 10, tzinfo=dt.timezone.utc).timestamp()
N_SLOTS = 24


def _square(lon, lat, size=0.01):
    return [[[lon, lat], [lon + size, lat], [lon + size, lat + size], [lon, lat + size],
             [lon, lat]]]


def _geojson(path, features):
    with open(path, "w") as fh:
        json.dump({"type": "FeatureCollection", "features": features}, fh)
    return str(path)


def write_city(directory):
    """A 3 × 3 grid of census squares near Paris (CRS84), 5 towers, 600 users' events."""
    squares = [{"type": "Feature", "properties": {"iris": 10 + 3 * i + j},
                "geometry": {"type": "Polygon",
                             "coordinates": _square(2.30 + 0.01 * i, 48.85 + 0.01 * j)}}
               for i in range(3) for j in range(3)]
    rng = np.random.default_rng(0)
    towers_xy = np.array([[2.305, 48.855], [2.325, 48.855], [2.315, 48.865], [2.305, 48.875],
                          [2.325, 48.875]])
    towers = [{"type": "Feature", "properties": {"tid": 101 + k},
               "geometry": {"type": "Point", "coordinates": xy.tolist()}}
              for k, xy in enumerate(towers_xy)]
    events = directory / "events.csv"
    with open(events, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["user_id", "tower_id", "time"])
        for u in range(600):
            home = 101 + rng.integers(5)
            for _ in range(rng.integers(1, 12)):
                hour = rng.integers(N_SLOTS)
                tower = home if rng.random() < 0.7 else 101 + rng.integers(5)
                w.writerow([f"u{u}", tower, int(START + 3600 * hour + rng.integers(3600))])
    return {"census": _geojson(directory / "census.geojson", squares),
            "towers": _geojson(directory / "towers.geojson", towers),
            "events": str(events), "dir": directory}


@pytest.fixture
def city(tmp_path):
    return write_city(tmp_path)


def _params(city, **kw):
    p = {"INPUT": city["events"], "USER_FIELD": "user_id", "TOWER_FIELD": "tower_id",
         "START": "2007-09-10T00:00:00",
         "TIME_FIELD": "time", "N_SLOTS": N_SLOTS, "TOWERS": city["towers"],
         "TOWER_ID_FIELD": "tid", "CENSUS": city["census"], "CENSUS_ID_FIELD": "iris",
         "EPSILON": 1.0, "DELTA": 1e-4, "ELL": 10, "SEED": 3, "OUTPUT": "memory:"}
    p.update(kw)
    return p


def test_sanitize_in_process_with_all_outputs(run_alg, city):
    d = city["dir"]
    out, wide, diag, truth, report, internal = (
        str(d / n) for n in ("density.gpkg", "wide.gpkg", "diag.gpkg", "truth.gpkg",
                             "report.html", "internal.html"))
    res = run_alg(SANITIZE, _params(city, METHOD="efpa_g", OUTPUT=out, WIDE=wide,
                                    DIAGNOSTICS=diag, TRUTH=truth,
                                    REPORT=report, INTERNAL_REPORT=internal, EVALUATE=True))
    layer, rows = read_layer(res["OUTPUT"])
    assert len(rows) == 9 * N_SLOTS
    # the GeoPackage carries its style: graduated counts that play in the Temporal Controller
    assert layer.renderer().type() == "graduatedSymbol"
    assert layer.loadDefaultStyle()[1] and layer.temporalProperties().isActive()
    assert layer.crs().authid() in ("OGC:CRS84", "EPSG:4326")
    assert {r["cell_id"] for r in rows} == set(range(10, 19))
    assert all(r["count"] >= 0 for r in rows)
    first = min(rows, key=lambda r: (r["slot"], r["cell_id"]))
    assert first["slot_start"].toSecsSinceEpoch() == START
    assert first["slot_end"].toSecsSinceEpoch() == START + 3600
    _, wide_rows = read_layer(res["WIDE"])
    assert len(wide_rows) == 9 and len([k for k in wide_rows[0] if k.startswith("s")]) == N_SLOTS
    _, diag_rows = read_layer(res["DIAGNOSTICS"])
    assert diag_rows and all(r["cluster"] >= 0 for r in diag_rows)
    _, truth_rows = read_layer(res["TRUTH"])
    total_true = sum(r["count"] for r in truth_rows)
    assert 600 <= total_true <= 600 * 11
    with open(report, encoding="utf-8") as fh:
        text = fh.read()
    for word in ("Gaussian", "exponential", "discrete Laplace", "not for publication",
                 "one user", "Released density", "released total by slot"):
        assert word.lower() in text.lower(), word
    # the publishable report holds no raw-data fact; the internal one holds them all
    for word in ("Utility against the true density", "events read", "rows read", "users</td>",
                 "mean MRE"):
        assert word.lower() not in text.lower(), word
    with open(internal, encoding="utf-8") as fh:
        text = fh.read()
    for word in ("Utility against the true density", "rows read", "mean MRE", "internal"):
        assert word.lower() in text.lower(), word


@pytest.mark.parametrize("method,delta_spent", [("efpa", 0.0), ("lpa", 0.0),
                                                ("lpa_direct", 0.0), ("visits", 0.0)])
def test_other_methods_and_ledger(run_alg, city, method, delta_spent):
    ledger = str(city["dir"] / "ledger.json")
    res = run_alg(SANITIZE, _params(city, METHOD=method, LEDGER=ledger, DATASET_ID="cdr",
                                    BUDGET_EPSILON=5, BUDGET_DELTA=1e-3))
    assert res["OUTPUT"].featureCount() == 9 * N_SLOTS
    entry = json.load(open(ledger))["datasets"]["cdr"]["entries"][0]
    assert entry["epsilon"] == pytest.approx(1.0) and entry["delta"] == delta_spent


def test_default_visits_estimates_distinct_people_and_says_so(run_alg, city):
    """The default method counts distinct (user, tower, hour) visits: the truth's own quantity."""
    d = city["dir"]
    report, internal = str(d / "v.html"), str(d / "v_internal.html")
    res = run_alg(SANITIZE, _params(city, OUTPUT=str(d / "v.gpkg"), TRUTH="memory:",
                                    REPORT=report, INTERNAL_REPORT=internal, EVALUATE=True,
                                    EPSILON=0.3))
    _, rows = read_layer(res["OUTPUT"])
    assert len(rows) == 9 * N_SLOTS and all(r["count"] >= 0 for r in rows)
    # Laplace on the pooled shares: ε-DP, δ is not spent (at ε = 1 too: see above)
    assert res["EPSILON_SPENT"] == pytest.approx(0.3) and res["DELTA_SPENT"] == 0.0
    text = open(report, encoding="utf-8").read()
    for word in ("distinct people per tower and slot", "rank kept", "margins of error",
                 "visits", "slots pooled per noise draw", "weekend day"):
        assert word in text, word
    assert "distinct (user, tower, slot) visits K" in open(internal, encoding="utf-8").read()


def test_visits_refuses_a_bounded_counts_table(run_alg, city, tmp_path):
    from qgis.core import QgsProcessingException
    table = tmp_path / "bounded"
    table.mkdir()
    params = _params(city, INPUT=None, BOUNDED_COUNTS=str(table),
                     OUTPUT=str(tmp_path / "no.gpkg"))
    with pytest.raises(QgsProcessingException, match="needs the events layer"):
        run_alg(SANITIZE, params)
    assert not os.path.exists(tmp_path / "no.gpkg")


def test_tower_cells_as_polygons_and_no_improvements(run_alg, city):
    cells = run_alg("mobilitydp:voronoitessellation",
                    {"INPUT": city["towers"], "ID_FIELD": "tid", "STUDY_AREA": city["census"],
                     "OUTPUT": "memory:", "TOWER_TABLE": "memory:"})["OUTPUT"]
    # the Voronoi output names its towers in "tower_ids" (one tower per cell here)
    res = run_alg(SANITIZE, _params(city, TOWERS=cells, TOWER_ID_FIELD="tower_ids",
                                    METHOD="efpa_g", IMPROVEMENTS=False))
    assert res["OUTPUT"].featureCount() == 9 * N_SLOTS


def _overlapping_census(city):
    data = json.load(open(city["census"]))
    data["features"].append(dict(data["features"][0], properties={"iris": 99}))
    return _geojson(city["dir"] / "overlapping.geojson", data["features"])


def _unknown_towers(city):
    path = city["dir"] / "unknown.csv"
    with open(path, "w") as fh:
        fh.write("user_id,tower_id,time\n" + "".join(f"u{i},999,{int(START) + 10}\n"
                                                     for i in range(20)))
    return str(path)


def test_compare_unknown_plot_cell(run_alg, city):
    from qgis.core import QgsProcessingException
    res = run_alg(SANITIZE, _params(city, TRUTH="memory:"))
    with pytest.raises(QgsProcessingException, match="to plot are not in the layers"):
        run_alg(COMPARE, {"TRUE_LAYER": res["TRUTH"], "PRIVATE_LAYER": res["OUTPUT"],
                          "CELLS": "12,4242", "EMD_SLOTS": 0, "OUTPUT": "memory:"})


@pytest.mark.parametrize("override, message", [
    ({"DELTA": 1.0}, "delta must be in"),
    ({"EPSILON": 0}, "epsilon must be a positive"),
    ({"ELL": 0}, "ELL"),
    ({"USER_FIELD": "nobody"}, "nobody"),
    ("unknown_towers", "no event falls at a known tower"),
    ("overlapping", "not a partition"),
])
def test_bad_inputs_leave_no_output(run_alg, city, override, message):
    from qgis.core import QgsProcessingException
    if override == "unknown_towers":
        override = {"INPUT": _unknown_towers(city)}
    elif override == "overlapping":
        override = {"CENSUS": _overlapping_census(city)}
    out, report = str(city["dir"] / "bad.gpkg"), str(city["dir"] / "bad.html")
    with pytest.raises(QgsProcessingException, match=message):
        run_alg(SANITIZE, _params(city, OUTPUT=out, REPORT=report, **override))
    assert not os.path.exists(out) and not os.path.exists(report)


def test_compare_in_process(run_alg, city):
    res = run_alg(SANITIZE, _params(city, TRUTH="memory:"))
    report = str(city["dir"] / "compare.html")
    cmp = run_alg(COMPARE, {"TRUE_LAYER": res["TRUTH"], "PRIVATE_LAYER": res["OUTPUT"],
                            "EMD_SLOTS": 4, "CELLS": "12, 17", "OUTPUT": "memory:",
                            "REPORT": report})
    rows = list(cmp["OUTPUT"].getFeatures())
    assert len(rows) == 9
    mre = np.array([r["mre"] for r in rows], dtype=float)
    assert np.all(mre >= 0)
    with open(report, encoding="utf-8") as fh:
        text = fh.read()
    assert "mean EMD over 4 slots" in text and "Pearson" in text
    assert "cell 12" in text or "the chosen cells" in text
    # a layer compared with itself has no error
    same = run_alg(COMPARE, {"TRUE_LAYER": res["TRUTH"], "PRIVATE_LAYER": res["TRUTH"],
                             "EMD_SLOTS": 0, "OUTPUT": "memory:"})["OUTPUT"]
    assert all(f["mre"] == 0 for f in same.getFeatures())


def test_compare_bad_field(run_alg, city):
    from qgis.core import QgsProcessingException
    res = run_alg(SANITIZE, _params(city, TRUTH="memory:"))
    out = str(city["dir"] / "cmp_bad.gpkg")
    with pytest.raises(QgsProcessingException, match="has no field .nope."):
        run_alg(COMPARE, {"TRUE_LAYER": res["TRUTH"], "PRIVATE_LAYER": res["OUTPUT"],
                          "TRUE_COUNT_FIELD": "nope", "OUTPUT": out})
    assert not os.path.exists(out)


def test_qgis_process_sanitize_and_compare(qgis_process, city):
    d = city["dir"]
    out, truth, report = str(d / "qp.gpkg"), str(d / "qp_truth.gpkg"), str(d / "qp.html")
    diag, wide = str(d / "qp_diag.gpkg"), str(d / "qp_wide.gpkg")
    code, data, text = qgis_process(SANITIZE, _params(city, METHOD="efpa_g", OUTPUT=out,
                                                      TRUTH=truth, WIDE=wide,
                                                      DIAGNOSTICS=diag, REPORT=report))
    assert code == 0, text
    _assert_stored_style(diag, "categorizedSymbol", "cluster")
    _assert_stored_style(wide, "graduatedSymbol", "s00")       # the first of 24 slots
    assert data["results"]["OUTPUT"] == out
    # the planned cost was reserved and spent: efpa_g spends all of ε and δ, for one user
    assert data["results"]["EPSILON_SPENT"] == pytest.approx(1.0)
    assert data["results"]["DELTA_SPENT"] == pytest.approx(1e-4)
    assert "user" in data["results"]["PRIVACY_UNIT"]
    _, rows = read_layer(out)
    assert len(rows) == 9 * N_SLOTS
    cmp_out = str(d / "qp_cmp.gpkg")
    code, data, text = qgis_process(COMPARE, {"TRUE_LAYER": truth, "PRIVATE_LAYER": out,
                                              "EMD_SLOTS": 2, "OUTPUT": cmp_out})
    assert code == 0, text
    _, rows = read_layer(cmp_out)
    assert len(rows) == 9
    _assert_stored_style(cmp_out, "graduatedSymbol", "mre")


def _assert_stored_style(path, renderer_type, field):
    """The GeoPackage loads styled on its own (issue 13): its default style is the plugin's."""
    from qgis.core import QgsVectorLayer
    layer = QgsVectorLayer(path, "styled", "ogr")
    assert layer.isValid()
    assert layer.renderer().type() == renderer_type, layer.renderer().type()
    assert layer.renderer().classAttribute() == field
    assert len(layer.renderer().legendSymbolItems()) >= 2
    plain = QgsVectorLayer(path, "plain", "ogr", QgsVectorLayer.LayerOptions(loadDefaultStyle=False))
    assert plain.renderer().type() == "singleSymbol"  # control: the stored style is what styles it


def test_qgis_process_bad_delta(qgis_process, city):
    out = str(city["dir"] / "qp_bad.gpkg")
    code, _, text = qgis_process(SANITIZE, _params(city, OUTPUT=out, DELTA=1.5))
    assert code != 0 and "delta must be in" in text
    assert not os.path.exists(out)


def test_long_output_gets_temporal_properties(run_alg, city):
    from qgis.core import QgsVectorLayerTemporalProperties

    from mobility_dp.algorithms.common.styles import temporal_counts_style
    layer = run_alg(SANITIZE, _params(city))["OUTPUT"]
    temporal_counts_style("count")(layer)
    props = layer.temporalProperties()
    assert props.isActive()
    # round class bounds, no duplicated class, no 4-decimal labels (issue 13 item 9)
    labels = [r.label() for r in layer.renderer().ranges()]
    assert len(set(labels)) == len(labels) >= 3, labels
    assert not any(re.search(r"\d\.\d{3}", label) for label in labels), labels
    assert props.mode() == QgsVectorLayerTemporalProperties.ModeFeatureDateTimeStartAndEndFromFields
    assert (props.startField(), props.endField()) == ("slot_start", "slot_end")
    assert layer.renderer().classAttribute() == "count"
