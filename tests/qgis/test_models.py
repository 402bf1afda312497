"""Issue 13 item 8: the shipped models are registered by the provider and run headless through
qgis_process on real towers and census cells, their outputs styled from their GeoPackages."""
import os

import pytest

from ..support.qgis import ROOT, read_layer

IRIS = os.path.join(ROOT, "sample_data", "paris_iris.geojson")
TOWERS_CSV = os.path.join(ROOT, "sample_data", "paris_cells_opencellid.csv")
MODELS = ("Towers to minimum cover", "Generate sanitize and compare density",
          "Perturb check-ins and estimate distribution", "Trajectories to flow measures",
          "Trips to OD flow map", "Trips to synthetic trips and comparison")


@pytest.fixture(scope="module")
def towers(qgis_app, tmp_path_factory):
    """The OpenCellID towers as a GeoPackage (qgis_process takes file paths)."""
    import processing
    path = str(tmp_path_factory.mktemp("towers") / "towers.gpkg")
    uri = f"file://{TOWERS_CSV}?delimiter=,&xField=lon&yField=lat&crs=EPSG:4326"
    from qgis.core import QgsVectorLayer
    processing.run("native:savefeatures", {"INPUT": QgsVectorLayer(uri, "t", "delimitedtext"),
                                           "OUTPUT": path})
    return path


def test_models_are_registered_under_the_provider(qgis_app):
    from qgis.core import QgsApplication, QgsProcessingModelAlgorithm
    provider = QgsApplication.processingRegistry().providerById("mobilitydp")
    models = {a.displayName(): a for a in provider.algorithms()
              if isinstance(a, QgsProcessingModelAlgorithm)}
    assert set(MODELS) <= set(models)
    for name in MODELS:
        model = models[name]
        assert model.id() == f"mobilitydp:{name}"
        assert model.destinationParameterDefinitions(), name  # children resolved
        for child_id, child in model.childAlgorithms().items():
            assert child.algorithm() is not None, (name, child_id)
            ok, issues = model.validateChildAlgorithm(child_id)  # not red in the designer
            assert ok, (name, child_id, issues)
            sources = child.parameterSources()
            if "LEDGER" in sources:              # a release: the population can be named
                assert [s.parameterName() for s in sources["POPULATION_ID"]] == \
                    ["population_id"], (name, child_id)
        assert model.group() == "Models", name  # one toolbox group for the shipped models


def _run(qgis_process, name, params, tmp_path):
    code, data, text = qgis_process(f"mobilitydp:{name}", params)
    assert code == 0, text
    return data["results"]


def _ledger(tmp_path, budget=10.0, **kw):
    """The ledger inputs every releasing model takes."""
    return {"ledger": str(tmp_path / "ledger.json"), "budget_epsilon": budget, **kw}


def _charged(tmp_path, dataset, results, *children):
    """The model's releases charged the ledger under ``dataset`` and output their ε."""
    from mobility_dp.dpcore.accounting.dataset_ids import dataset_id
    from mobility_dp.dpcore.accounting.ledger import Ledger
    ledger = Ledger(str(tmp_path / "ledger.json"))
    ident = dataset if "/" not in dataset else dataset_id(dataset)
    spent = [results[f"{child}:epsilon_spent"] for child in children]
    assert all(e > 0 for e in spent)
    assert ledger.spent(ident)[0] == pytest.approx(sum(spent))
    assert len(ledger.entries(ident)) == len(children)


def test_towers_to_cover(qgis_process, towers, tmp_path):
    res = _run(qgis_process, "Towers to minimum cover", {
        "towers": towers, "tower_id": "cell_id", "census": IRIS, "census_id": "iris_id",
        "voronoi:tower_cells": str(tmp_path / "cells.gpkg"),
        "cover:cover": str(tmp_path / "cover.gpkg"),
        "cover:overlaps": str(tmp_path / "overlaps.gpkg")}, tmp_path)
    layer, cells = read_layer(res["voronoi:tower_cells"])
    assert 400 < len(cells) <= 627
    _, cover = read_layer(res["cover:cover"])
    assert {r["source"] for r in cover} <= {"A", "B", "tower", "census"} and len(cover) > 10


def test_generate_sanitize_compare(qgis_process, towers, tmp_path):
    res = _run(qgis_process, "Generate sanitize and compare density", {
        "towers": towers, "tower_id": "cell_id", "census": IRIS, "census_id": "iris_id",
        "population": "population", "users": 300, "days": 1, "slots": 24, "epsilon": 1.0,
        "start": "2024-03-04T00:00:00",
        "seed": 5, **_ledger(tmp_path, dataset_id="synthetic-demo", population_id="demo people"),
        "sanitize:density": str(tmp_path / "density.gpkg"),
        "sanitize:density_report": str(tmp_path / "density.html"),
        "compare:comparison": str(tmp_path / "comparison.gpkg"),
        "compare:comparison_report": str(tmp_path / "comparison.html")}, tmp_path)
    layer, rows = read_layer(res["sanitize:density"])
    assert rows and {r["slot"] for r in rows} <= set(range(24))
    assert layer.renderer().type() == "graduatedSymbol"  # the style stored in the GeoPackage
    assert layer.loadDefaultStyle()[1]  # QGIS 3.22 applies the temporal part only on (re)load
    props = layer.temporalProperties()
    assert props.isActive() and props.startField() == "slot_start"
    assert os.path.getsize(res["compare:comparison_report"]) > 1000
    assert "not for publication" in open(res["sanitize:density_report"], encoding="utf-8").read()
    _charged(tmp_path, "synthetic-demo", res, "sanitize")
    from mobility_dp.dpcore.accounting.ledger import Ledger
    assert Ledger(str(tmp_path / "ledger.json")).population("synthetic-demo") == "demo people"


def _points(towers, tmp_path, kind, **params):
    """Synthetic check-ins or trajectories over the sample census (generatemobility)."""
    import processing
    out = str(tmp_path / f"{kind.lower()}.gpkg")
    processing.run("mobilitydp:generatemobility", {
        "TOWERS": towers, "CENSUS": IRIS, "POPULATION_FIELD": "population", "USERS": 50,
        "DAYS": 1, "START": "2024-03-04T00:00:00", "SEED": 2, "CDR": "TEMPORARY_OUTPUT",
        kind: out, **params})
    return out


def test_perturb_and_estimate(qgis_process, towers, tmp_path):
    checkins = _points(towers, tmp_path, "CHECKINS", CHECKIN_USERS=100, VENUES=50)
    res = _run(qgis_process, "Perturb check-ins and estimate distribution", {
        "checkins": checkins, "epsilon": 0.01, "cell_size": 500,
        "grid_extent": "2.25,2.42,48.81,48.91 [EPSG:4326]", "seed": 3,
        **_ledger(tmp_path, budget=0.05),
        "perturb:perturbed": str(tmp_path / "perturbed.gpkg"),
        "perturb:perturb_report": str(tmp_path / "perturbed.html"),
        "estimate:distribution": str(tmp_path / "distribution.gpkg")}, tmp_path)
    _, reports = read_layer(res["perturb:perturbed"])
    _, cells = read_layer(res["estimate:distribution"])
    assert len(reports) > 50 and len(cells) > 20
    _charged(tmp_path, checkins, res, "perturb")


def test_trajectories_to_flow_measures(qgis_process, towers, tmp_path):
    trajectories = _points(towers, tmp_path, "TRAJECTORIES", VEHICLES=30)
    res = _run(qgis_process, "Trajectories to flow measures", {
        "trajectories": trajectories, "vehicle": "vehicle_id", "trajectory": "trip_id",
        "time": "time", "epsilon": 1.0, "seed": 4, "cell_points": towers,
        **_ledger(tmp_path), "tessellate:cells": str(tmp_path / "cells.gpkg"),
        "aggregate:flows": str(tmp_path / "flows.gpkg"),
        "aggregate:flows_report": str(tmp_path / "flows.html"),
        "measures:zone_measures": str(tmp_path / "zones.gpkg"),
        "measures:link_measures": str(tmp_path / "links.gpkg"),
        "compare:comparison": str(tmp_path / "comparison.gpkg"),
        "compare:comparison_report": str(tmp_path / "comparison.html")}, tmp_path)
    _, cells = read_layer(res["tessellate:cells"])
    _, zones = read_layer(res["measures:zone_measures"])
    _, comparison = read_layer(res["compare:comparison"])
    assert cells and zones and comparison
    _charged(tmp_path, trajectories, res, "aggregate")


def test_trips_to_synthetic_trips_and_comparison(qgis_process, tmp_path):
    """trips → synthetic trips → mobility report of both → comparison (issue 31)."""
    from ..support.od_layers import lines, save, zones
    from .test_synthesizetrips import TRIPS
    trips = save(lines(trips=TRIPS), tmp_path / "trips.gpkg")
    res = _run(qgis_process, "Trips to synthetic trips and comparison", {
        "trips": trips, "user_field": "user_id", "start_field": "start", "end_field": "end",
        "zones": save(zones("EPSG:4326"), tmp_path / "zones.gpkg"),
        "start": "2026-05-25T00:00:00", "end": "2026-05-26T00:00:00", "max_trips": 5,
        "epsilon": 1.0, "report_epsilon": 1.0, "seed": 4, **_ledger(tmp_path),
        "synthesize:synthetic_trips": str(tmp_path / "synthetic.gpkg"),
        "synthesize:synthetic_report": str(tmp_path / "synthetic.html"),
        "compare:comparison_report": str(tmp_path / "comparison.html")}, tmp_path)
    layer, rows = read_layer(res["synthesize:synthetic_trips"])
    assert len(rows) > 10 and all(r["user_id"].startswith("synthetic-") for r in rows)
    with open(res["compare:comparison_report"], encoding="utf-8") as fh:
        html = fh.read()
    assert "trip_length" in html or "Trip length" in html
    _charged(tmp_path, trips, res, "synthesize", "report_raw")   # ε 1 + 1 on the raw trips
