"""mobilitydp:aggregateflows, flowmeasures and compareflows, in process and through qgis_process."""
import json
import os

import pytest

from ..support.qgis import read_layer

AGG = "mobilitydp:aggregateflows"
MEASURES = "mobilitydp:flowmeasures"
COMPARE = "mobilitydp:compareflows"

X0, Y0, SIZE = 650000.0, 6860000.0, 1000.0  # Lambert-93, a 4 × 3 grid of 1 km cells

# (vehicle, trip, [(column, row, minute)]): vehicle a goes 0→1→2→3 and back to 2; b 4→5→9;
# c has a gap 8 → 10 (bridged through 9) and a single-cell trip
TRIPS = [("a", 1, [(0, 0, 0), (1, 0, 2), (2, 0, 4), (3, 0, 6), (2, 0, 8)]),
         ("b", 1, [(0, 1, 0), (1, 1, 3), (1, 2, 5)]),
         ("c", 1, [(0, 2, 0), (2, 2, 4)]),
         ("c", 2, [(3, 2, 10), (3, 2, 12)])]
EXPECTED = {("0", "1"): 1, ("1", "2"): 1, ("2", "3"): 1, ("3", "2"): 1, ("4", "5"): 1,
            ("5", "9"): 1, ("8", "9"): 1, ("9", "10"): 1}


def _cells(skip=None, extra=None):
    from qgis.core import QgsFeature, QgsGeometry, QgsRectangle, QgsVectorLayer
    layer = QgsVectorLayer("Polygon?crs=EPSG:2154&field=cell_id:string", "cells", "memory")
    feats = []
    for row in range(3):
        for col in range(4):
            k = row * 4 + col
            if k == skip:
                continue
            f = QgsFeature(layer.fields())
            f.setGeometry(QgsGeometry.fromRect(QgsRectangle(
                X0 + col * SIZE, Y0 + row * SIZE, X0 + (col + 1) * SIZE, Y0 + (row + 1) * SIZE)))
            f.setAttributes([str(k)])
            feats.append(f)
    if extra is not None:
        f = QgsFeature(layer.fields())
        f.setGeometry(QgsGeometry.fromRect(extra))
        f.setAttributes(["extra"])
        feats.append(f)
    layer.dataProvider().addFeatures(feats)
    return layer


def _points(with_time=True, vehicle="vehicle"):
    from qgis.core import QgsFeature, QgsGeometry, QgsPointXY, QgsVectorLayer
    from qgis.PyQt.QtCore import QDateTime, Qt
    layer = QgsVectorLayer(f"Point?crs=EPSG:2154&field={vehicle}:string&field=trip:integer"
                           "&field=time:datetime&field=fix:integer", "gps", "memory")
    feats = []
    base = QDateTime.fromString("2026-05-25T08:00:00", Qt.DateFormat.ISODate)
    base.setTimeSpec(Qt.TimeSpec.UTC)
    for veh, trip, pts in TRIPS:
        for col, row, minute in pts:
            f = QgsFeature(layer.fields())
            f.setGeometry(QgsGeometry.fromPointXY(QgsPointXY(X0 + (col + 0.5) * SIZE,
                                                             Y0 + (row + 0.5) * SIZE)))
            f.setAttributes([veh, trip, base.addSecs(60 * minute) if with_time else None,
                             len(feats)])
            feats.append(f)
    layer.dataProvider().addFeatures(feats)
    return layer


def _geojson_files(tmp_path):
    """The same data as GeoJSON files in Lambert-93 for qgis_process."""
    crs = {"type": "name", "properties": {"name": "urn:ogc:def:crs:EPSG::2154"}}
    cells, points = [], []
    for row in range(3):
        for col in range(4):
            x, y = X0 + col * SIZE, Y0 + row * SIZE
            cells.append({"type": "Feature", "properties": {"cell_id": str(row * 4 + col)},
                          "geometry": {"type": "Polygon", "coordinates": [[
                              [x, y], [x + SIZE, y], [x + SIZE, y + SIZE], [x, y + SIZE],
                              [x, y]]]}})
    for veh, trip, pts in TRIPS:
        for col, row, minute in pts:
            points.append({"type": "Feature",
                           "properties": {"vehicle": veh, "trip": trip,
                                          "time": f"2026-05-25T08:{minute:02d}:00Z"},
                           "geometry": {"type": "Point", "coordinates": [
                               X0 + (col + 0.5) * SIZE, Y0 + (row + 0.5) * SIZE]}})
    paths = []
    for name, feats in (("cells", cells), ("gps", points)):
        path = str(tmp_path / f"{name}.geojson")
        with open(path, "w") as fh:
            json.dump({"type": "FeatureCollection", "crs": crs, "features": feats}, fh)
        paths.append(path)
    return paths


def _params(**kw):
    """UniversalNoise unless ``kw`` says otherwise (the default method is central)."""
    params = {"INPUT": _points(), "VEHICLE_FIELD": "vehicle", "TRAJECTORY_FIELD": "trip",
              "TIME_FIELD": "time", "CELLS": _cells(), "CELL_ID_FIELD": "cell_id",
              "METHOD": "universal", "EPSILON": 0.5, "SEED": 1, "FLOWS": "memory:",
              "ZONES": "memory:"}
    params.update(kw)
    return params


def _flows(layer):
    return {(f["origin"], f["dest"]): f["flow"] for f in layer.getFeatures()}


def test_algorithms_listed_with_help(qgis_app):
    from qgis.core import QgsApplication
    for alg_id, words in ((AGG, ("Unit of privacy", "BalancedNoise", "NOT differentially")),
                          (MEASURES, ("betweenness", "Louvain")),
                          (COMPARE, ("Pearson", "precision"))):
        alg = QgsApplication.processingRegistry().algorithmById(alg_id)
        assert alg is not None, alg_id
        for word in words:
            assert word.lower() in alg.helpString().lower(), (alg_id, word)


def test_exact_flows_at_huge_epsilon(run_alg, tmp_path):
    report, internal = str(tmp_path / "r.html"), str(tmp_path / "internal.html")
    res = run_alg(AGG, _params(EPSILON=20, REPORT=report, INTERNAL_REPORT=internal))
    flows = _flows(res["FLOWS"])
    assert len(flows) == 34  # 17 shared edges of the 4 × 3 grid, both directions
    assert {k: v for k, v in flows.items() if v} == EXPECTED
    zones = {f["cell_id"]: f for f in res["ZONES"].getFeatures()}
    assert len(zones) == 12 and zones["2"]["flow"] == 3 and zones["9"]["flow_in"] == 2
    text = open(report, encoding="utf-8").read()
    assert "one move of one vehicle" in text and "not for publication" in text
    # raw-data facts only in the internal report (issue 10 item 6)
    for fact in ("trajectories that never leave one cell", "GPS gaps bridged", "<td>vehicles",
                 "GPS points", "Pearson", "3 vehicles"):
        assert fact not in text, fact
    text = open(internal, encoding="utf-8").read()
    assert "trajectories that never leave one cell" in text and "GPS gaps bridged" in text
    assert "<td>vehicles</td><td>3</td>" in text


def test_vehicle_field_guessed_by_name_when_empty(run_alg):
    res = run_alg(AGG, {k: v for k, v in _params(EPSILON=20).items() if k != "VEHICLE_FIELD"})
    assert {k: v for k, v in _flows(res["FLOWS"]).items() if v} == EXPECTED


def test_modes_and_costs(run_alg, tmp_path):
    # BalancedNoise (ε, δ): integer output inside ±b of the truth
    res = run_alg(AGG, _params(METHOD="balanced", DELTA=0.1, EPSILON=1.0))
    flows = _flows(res["FLOWS"])
    assert all(float(v).is_integer() for v in flows.values())
    # trajectory-based sensitivity: zeros stay zero, the report says what leaks
    report = str(tmp_path / "leak.html")
    res = run_alg(AGG, _params(SENSITIVITY="trajectory", NOISE="continuous", REPORT=report))
    flows = _flows(res["FLOWS"])
    assert all(v == 0 for k, v in flows.items() if k not in EXPECTED)
    assert "NOT differentially private" in open(report, encoding="utf-8").read()
    # central mode and a Count Sketch
    report, internal = str(tmp_path / "central.html"), str(tmp_path / "central-internal.html")
    res = run_alg(AGG, _params(METHOD="central", MAX_MOVES=2, REPORT=report,
                               INTERNAL_REPORT=internal))
    assert res["EPSILON_SPENT"] == 0.5 and res["PRIVACY_UNIT"] == "ε per vehicle"
    text = open(report, encoding="utf-8").read()
    assert "one vehicle" in text and "repetitions counted" in text
    assert "UniversalNoise, move-based" in open(internal, encoding="utf-8").read()
    res = run_alg(AGG, _params(METHOD="central", MAX_MOVES=2, BOUNDING="distinct", MAX_COUNT=2,
                               REPORT=report))
    assert "vehicles per link" in open(report, encoding="utf-8").read()
    res = run_alg(AGG, _params(SKETCH="count", SKETCH_WIDTH=8, SKETCH_DEPTH=3))
    assert len(_flows(res["FLOWS"])) == 34


def test_default_protects_a_vehicle_and_says_how_many_moves_it_kept(run_alg, tmp_path):
    """The default method is central (ε per vehicle); per move stays selectable and its label
    says it protects one move. Central mode logs the share of the moves its bounding kept."""
    import processing
    from qgis.core import QgsApplication, QgsProcessingContext, QgsProcessingFeedback
    alg = QgsApplication.processingRegistry().algorithmById(AGG)
    assert alg.parameterDefinition("METHOD").defaultValue() == "central"
    from mobility_dp.algorithms.common.params import CHOICES_KEY
    choices = alg.parameterDefinition("METHOD").metadata()[CHOICES_KEY]
    assert "protects one move" in choices["universal"] and "per vehicle" in choices["central"]

    class Log(QgsProcessingFeedback):
        lines = []

        def pushInfo(self, info):  # noqa: N802 (QGIS API)
            self.lines.append(info)

        def pushWarning(self, warning):  # noqa: N802 (QGIS API)
            self.lines.append(warning)
    default = {k: v for k, v in _params(MAX_MOVES=2).items() if k != "METHOD"}
    log = Log()
    res = processing.run(AGG, default, context=QgsProcessingContext(), feedback=log)
    assert res["PRIVACY_UNIT"] == "ε per vehicle"
    kept = [line for line in log.lines if "Central mode kept" in line]
    assert len(kept) == 1 and "% of the moves" in kept[0]
    log.lines.clear()
    res = processing.run(AGG, _params(), context=QgsProcessingContext(), feedback=log)
    assert res["PRIVACY_UNIT"] == "ε per move" and not any("kept" in x for x in log.lines)


def test_ledger_records_dp_runs_and_refuses_leaky_ones(run_alg, tmp_path):
    from qgis.core import QgsProcessingException
    ledger = str(tmp_path / "ledger.json")
    run_alg(AGG, _params(LEDGER=ledger, DATASET_ID="gps", BUDGET_EPSILON=1.0))
    entry = json.load(open(ledger))["datasets"]["gps"]["entries"][0]
    assert entry["epsilon"] == pytest.approx(0.5) and "one move" in entry["parts"][0]["protects"]
    out = str(tmp_path / "leaky.gpkg")
    with pytest.raises(QgsProcessingException, match="not differentially private"):
        run_alg(AGG, _params(METHOD="bounded", LEDGER=ledger, FLOWS=out))
    assert not os.path.exists(out)


@pytest.mark.parametrize("override, message", [
    ({"TIME_FIELD": None}, "need a time field"),
    ({"INPUT": "points_without_time"}, "no valid time"),
    ({"VEHICLE_FIELD": "driver"}, "driver|VEHICLE_FIELD"),
    ({"VEHICLE_FIELD": None, "INPUT": "points_with_car"},
     "Choose the field that identifies one vehicle"),
    ({"CELLS": "overlap"}, "overlap"),
    ({"CELLS": "gap"}, "gap"),
    ({"EPSILON": 0}, "epsilon must be a positive"),
    ({"METHOD": "balanced", "DELTA": 0.0}, "delta > 0"),
    ({"VEHICLE_FIELD": "trip"}, "vehicle and trajectory fields are both 'trip'"),
    ({"VEHICLE_FIELD": "fix"}, r"12 vehicles, 0 moves: every one of the 12 points has its own"),
    ({"START": "2027-01-01T00:00:00"}, r"3 vehicles, 0 moves: .* 8 moves outside the time"),
])
def test_bad_inputs_leave_no_output(run_alg, tmp_path, override, message):
    from qgis.core import QgsProcessingException, QgsRectangle
    special = {"points_without_time": _points(with_time=False),
               "points_with_car": _points(vehicle="car"),
               "overlap": _cells(extra=QgsRectangle(X0 + 500, Y0 + 500, X0 + 1500, Y0 + 1500)),
               "gap": _cells(skip=5)}
    override = {k: special.get(v, v) if isinstance(v, str) else v for k, v in override.items()}
    flows, zones, report = (str(tmp_path / n) for n in ("f.gpkg", "z.gpkg", "r.html"))
    params = _params(FLOWS=flows, ZONES=zones, REPORT=report)
    params.update(override)
    params = {k: v for k, v in params.items() if v is not None}
    with pytest.raises(QgsProcessingException, match=message):
        run_alg(AGG, params)
    assert not any(os.path.exists(p) for p in (flows, zones, report))


def test_measures_and_compare_in_process(run_alg, tmp_path):
    private = run_alg(AGG, _params(EPSILON=0.5, SEED=3, TRUE_FLOWS="memory:"))
    original = {"FLOWS": private["TRUE_FLOWS"], "ZONES": private["ZONES"]}
    assert {k: v for k, v in _flows(original["FLOWS"]).items() if v} == EXPECTED
    assert "TRUE_FLOWS" not in run_alg(AGG, _params())
    zones = original["ZONES"]
    report = str(tmp_path / "m.html")
    res = run_alg(MEASURES, {"FLOWS": original["FLOWS"], "ZONES": zones,
                             "BETWEENNESS_SAMPLES": 0, "ZONE_MEASURES": "memory:",
                             "LINK_MEASURES": "memory:", "BORDERS": "memory:",
                             "REPORT": report})
    zm = {f["zone_id"]: f for f in res["ZONE_MEASURES"].getFeatures()}
    assert zm["2"]["flow_per_zone"] == 3 and zm["2"]["degree"] == 2 and zm["6"]["degree"] == 0
    links = list(res["LINK_MEASURES"].getFeatures())
    assert len(links) == 34 and max(f["edge_betweenness"] for f in links) > 0
    borders = list(res["BORDERS"].getFeatures())
    assert sum(f["zones"] for f in borders) == 12
    assert sum(f.geometry().area() for f in borders) == pytest.approx(12 * SIZE * SIZE)
    res = run_alg(COMPARE, {"ORIGINAL": original["FLOWS"], "PRIVATE": private["FLOWS"],
                            "ZONES": zones, "TABLE": "memory:",
                            "REPORT": str(tmp_path / "c.html")})
    table = {f["measure"]: f for f in res["TABLE"].getFeatures()}
    assert set(table) >= {"flow_per_link", "flow_per_zone", "degree", "clustering",
                          "node_betweenness", "edge_betweenness", "border_precision",
                          "border_recall"}
    assert -1 <= table["flow_per_link"]["pcc"] <= 1
    res = run_alg(COMPARE, {"ORIGINAL": original["FLOWS"], "PRIVATE": original["FLOWS"],
                            "ZONES": zones, "TABLE": "memory:"})
    table = {f["measure"]: f for f in res["TABLE"].getFeatures()}
    assert table["flow_per_link"]["pcc"] == pytest.approx(1)
    assert table["border_precision"]["pcc"] == 1 and table["border_recall"]["pcc"] == 1


def test_measure_layers_store_their_style(run_alg, tmp_path):
    """GeoPackage outputs of flowmeasures load styled (arrows, graduated zones, border colours)."""
    from qgis.core import QgsVectorLayer
    private = run_alg(AGG, _params(EPSILON=0.5, SEED=3))
    paths = {k: str(tmp_path / f"{k}.gpkg") for k in ("ZONE_MEASURES", "LINK_MEASURES", "BORDERS")}
    run_alg(MEASURES, {"FLOWS": private["FLOWS"], "ZONES": private["ZONES"],
                       "BETWEENNESS_SAMPLES": 0, **paths})
    expected = {"ZONE_MEASURES": "graduatedSymbol", "LINK_MEASURES": "RuleRenderer",
                "BORDERS": "categorizedSymbol"}
    for key, path in paths.items():
        assert QgsVectorLayer(path, key, "ogr").renderer().type() == expected[key], key
        plain = QgsVectorLayer(path, key, "ogr", QgsVectorLayer.LayerOptions(loadDefaultStyle=False))
        assert plain.renderer().type() == "singleSymbol"  # control: the stored style styles it


def test_qgis_process_runs(qgis_process, tmp_path):
    cells, gps = _geojson_files(tmp_path)
    flows, zones, report, true = (str(tmp_path / n) for n in ("flows.gpkg", "zones.gpkg",
                                                              "r.html", "true.gpkg"))
    code, data, text = qgis_process(AGG, {
        "INPUT": gps, "VEHICLE_FIELD": "vehicle", "TRAJECTORY_FIELD": "trip",
        "TIME_FIELD": "time", "CELLS": cells, "CELL_ID_FIELD": "cell_id", "EPSILON": 20,
        "METHOD": "universal", "SEED": 2, "FLOWS": flows, "ZONES": zones, "REPORT": report,
        "TRUE_FLOWS": true})
    assert code == 0, text
    assert data["results"]["EPSILON_SPENT"] == 20 and data["results"]["DELTA_SPENT"] == 0
    layer, rows = read_layer(flows)
    got = {(r["origin"], r["dest"]): r["flow"] for r in rows if r["flow"]}
    assert got == EXPECTED
    # the GeoPackage carries its style: offset arrows, zones by median
    from qgis.core import QgsSymbolLayer
    arrow = layer.renderer().rootRule().children()[0].symbol().symbolLayer(0)
    assert arrow.layerType() == "ArrowLine"
    assert arrow.dataDefinedProperties().property(QgsSymbolLayer.PropertyOffset).isActive()
    zone_layer, _ = read_layer(zones)
    assert zone_layer.renderer().classAttribute() == "above_median"
    measures = str(tmp_path / "zm.gpkg")
    code, _, text = qgis_process(MEASURES, {
        "FLOWS": flows, "ZONES": zones, "ZONE_MEASURES": measures,
        "LINK_MEASURES": str(tmp_path / "lm.gpkg"), "BORDERS": str(tmp_path / "b.gpkg")})
    assert code == 0, text
    assert len(read_layer(measures)[1]) == 12
    table = str(tmp_path / "t.gpkg")
    code, _, text = qgis_process(COMPARE, {"ORIGINAL": true, "PRIVATE": flows, "ZONES": zones,
                                           "TABLE": table})
    assert code == 0, text
    assert {r["measure"]: r["pcc"] for r in read_layer(table)[1]}["flow_per_link"] == \
        pytest.approx(1.0)
    # bad input through qgis_process: no time field for points, no output left behind
    bad = str(tmp_path / "bad.gpkg")
    code, _, _ = qgis_process(AGG, {"INPUT": gps, "VEHICLE_FIELD": "vehicle", "CELLS": cells,
                                    "EPSILON": 1, "FLOWS": bad, "ZONES": str(tmp_path / "bz.gpkg")})
    assert code != 0 and not os.path.exists(bad)


def test_holes_accepted_when_the_territory_has_them(run_alg):
    res = run_alg(AGG, _params(CELLS=_cells(skip=5), ALLOW_HOLES=True, EPSILON=20))
    flows = _flows(res["FLOWS"])
    # 4 → 5 and 5 → 9 cross the hole: lost, not invented
    assert {k: v for k, v in flows.items() if v} == {
        k: v for k, v in EXPECTED.items() if "5" not in k}


def _reprojected(layer, authid):
    import processing
    return processing.run("native:reprojectlayer", {
        "INPUT": layer, "TARGET_CRS": authid, "OUTPUT": "memory:"})["OUTPUT"]


def test_same_flows_whatever_the_crs_of_trajectories_and_cells(run_alg):
    """One frame from the tessellation; trajectories read through destination-CRS requests."""
    want = None
    for cells_crs, points_crs in [("EPSG:2154", "EPSG:2154"), ("EPSG:4326", "EPSG:4326"),
                                  ("EPSG:3857", "EPSG:3857"), ("EPSG:4326", "EPSG:2154"),
                                  ("EPSG:3857", "EPSG:4326"), ("EPSG:2154", "EPSG:3857")]:
        res = run_alg(AGG, _params(CELLS=_reprojected(_cells(), cells_crs),
                                   INPUT=_reprojected(_points(), points_crs), METHOD="central",
                                   MAX_MOVES=2, EPSILON=1.0, SEED=7))
        assert res["FLOWS"].crs().authid() == cells_crs
        got = _flows(res["FLOWS"])
        assert len(got) == 34
        if want is None:
            want = got
        assert got == want, (cells_crs, points_crs)


def test_opposite_arrows_are_drawn_side_by_side(run_alg):
    """The two directions 2 → 3 and 3 → 2 (flow 1 each) render without overlapping."""
    import numpy as np
    from qgis.core import QgsFeatureRequest, QgsMapRendererCustomPainterJob, QgsMapSettings, QgsRectangle
    from qgis.PyQt.QtCore import QSize
    from qgis.PyQt.QtGui import QColor, QImage, QPainter

    from mobility_dp.algorithms.common.flow_styles import flow_style

    layer = run_alg(AGG, _params(EPSILON=20))["FLOWS"]

    def pixels(origin, dest):
        one = layer.materialize(QgsFeatureRequest().setFilterExpression(
            f"\"origin\" = '{origin}' AND \"dest\" = '{dest}'"))
        flow_style(one, 1.0)
        settings = QgsMapSettings()
        settings.setLayers([one])
        settings.setDestinationCrs(one.crs())
        settings.setExtent(QgsRectangle(X0 + 2000, Y0, X0 + 4000, Y0 + 1000))
        settings.setOutputSize(QSize(300, 150))
        image = QImage(QSize(300, 150), QImage.Format.Format_ARGB32)
        image.fill(QColor(255, 255, 255))
        painter = QPainter(image)
        job = QgsMapRendererCustomPainterJob(settings, painter)
        job.start()
        job.waitForFinished()
        painter.end()
        bits = image.constBits()
        bits.setsize(image.byteCount())
        return np.frombuffer(bits, np.uint8).reshape(150, 300, 4)[:, :, 1] < 200

    forth, back = pixels("2", "3"), pixels("3", "2")
    assert forth.sum() > 100 and back.sum() > 100
    assert (forth & back).sum() < 0.02 * forth.sum()


def test_sketch_settings_and_k_are_advanced(qgis_app):
    from qgis.core import QgsApplication, QgsProcessingParameterDefinition
    alg = QgsApplication.processingRegistry().algorithmById(AGG)
    for name in ("SKETCH", "SKETCH_WIDTH", "SKETCH_DEPTH", "SKETCH_SEED", "AGGREGATION",
                 "MAX_COUNT"):
        flags = alg.parameterDefinition(name).flags()
        assert flags & QgsProcessingParameterDefinition.FlagAdvanced, name
    time_field = alg.parameterDefinition("TIME_FIELD")
    assert "required for points" in time_field.help()  # the tooltip (issue 27: short labels)
    assert alg.parameterDefinition("VEHICLE_FIELD").defaultValue() in (None, "")
    assert alg.parameterDefinition("METHOD").usesStaticStrings()


def _report_rows(path):
    """(label, value) cells of every two-column table row of an HTML report."""
    import re
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    return re.findall(r"<tr><td>([^<]*)</td><td>([^<]*)</td></tr>", text)


def test_neighbouring_datasets_differ_only_in_noisy_values(run_alg, tmp_path):
    """D and D' (vehicle c removed): the publishable outputs differ only in noisy values.

    Negative control: the internal report does tell them apart (its vehicle count).
    """
    def run(points, name):
        paths = {k: str(tmp_path / f"{name}-{k}.html") for k in ("REPORT", "INTERNAL_REPORT")}
        res = run_alg(AGG, _params(INPUT=points, METHOD="central", MAX_MOVES=3, SEED=4,
                                   **paths))
        layer = res["FLOWS"]
        return ([(f["origin"], f["dest"], f.geometry().asWkt()) for f in layer.getFeatures()],
                _report_rows(paths["REPORT"]), _report_rows(paths["INTERNAL_REPORT"]), res)

    from qgis.core import QgsFeatureRequest
    full = _points()
    neighbour = full.materialize(QgsFeatureRequest().setFilterExpression("\"vehicle\" != 'c'"))
    links_d, public_d, internal_d, res_d = run(full, "d")
    links_n, public_n, internal_n, res_n = run(neighbour, "n")
    assert links_d == links_n and len(public_d) > 8
    noisy = {"released flows below 0", "their mean"}
    assert [r for r in public_d if r[0] not in noisy] == [r for r in public_n if r[0] not in noisy]
    assert res_d["EPSILON_SPENT"] == res_n["EPSILON_SPENT"] == 0.5
    assert ("vehicles", "3") in internal_d and ("vehicles", "2") in internal_n


def test_cancel_before_the_release_leaves_nothing(qgis_app, tmp_path):
    import processing
    from qgis.core import QgsProcessingContext, QgsProcessingException, QgsProcessingFeedback
    ledger = str(tmp_path / "ledger.json")
    outputs = [str(tmp_path / n) for n in ("f.gpkg", "z.gpkg", "r.html")]
    feedback = QgsProcessingFeedback()
    feedback.cancel()
    with pytest.raises(QgsProcessingException, match="nothing was charged"):
        processing.run(AGG, _params(FLOWS=outputs[0], ZONES=outputs[1], REPORT=outputs[2],
                                    LEDGER=ledger, DATASET_ID="gps", BUDGET_EPSILON=1.0),
                       context=QgsProcessingContext(), feedback=feedback)
    assert not any(os.path.exists(p) for p in outputs)
    assert not os.path.exists(ledger) or json.load(open(ledger))["datasets"].get(
        "gps", {"entries": []})["entries"] == []
