"""One rule for zones in every algorithm that takes them, on real IRIS cells with real defects
(bow-ties and pinched rings as in MassGIS's towns, a buffered copy, a one-zone layer)."""
import pytest

from ..support import zone_world as zw

OVERLAP = "layer is not a partition: 9752 pairs of its polygons overlap, on areas adding up to"
ONE = "layer has only 1 polygon: zones must be at least 2"


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    d = tmp_path_factory.mktemp("zones")
    bad, broken = zw.invalid_iris(d / "bad.geojson")
    return {"bad": bad, "broken": broken, "over": zw.buffered_iris(d / "over.geojson"),
            "one": zw.one_zone(d / "one.geojson"), "trips": zw.trips_csv(d / "trips.csv")[0],
            "events": zw.events_csv(d / "events.csv"),
            "towers": zw.towers_geojson(d / "towers.geojson"),
            "obs": zw.observations_csv(d / "obs.csv"), "dir": d,
            "fixes": zw.fixes_geojson(d / "fixes.geojson", d / "trips.csv")}


def _params(alg, world, zones):
    if alg in ("odflows", "mobilityreport"):
        return dict(INPUT=world["trips"], USER_FIELD="user_id", ORIGIN_X="ox", ORIGIN_Y="oy",
                    DEST_X="dx", DEST_Y="dy", TABLE_CRS="EPSG:4326", START_FIELD="start",
                    END_FIELD="end", ZONES=zones, ZONE_ID_FIELD="iris_id", EPSILON=1.0, SEED=1,
                    OD_TABLE="memory:", FLOWS="memory:", OUTPUT="memory:")
    if alg == "sanitizedensity":
        return dict(INPUT=world["events"], USER_FIELD="user_id", TOWER_FIELD="tower_id",
                    START=zw.START, TIME_FIELD="time", N_SLOTS=24, TOWERS=world["towers"],
                    TOWER_ID_FIELD="cell_id", CENSUS=zones, CENSUS_ID_FIELD="iris_id",
                    EPSILON=1.0, DELTA=1e-4, ELL=10, SEED=3, OUTPUT="memory:")
    if alg == "publishhistograms":
        return dict(INPUT=world["obs"], USER_FIELD="user_id", TIME_FIELD="time",
                    CELL_FIELD="iris_id", CELLS=zones, CELL_ID_FIELD="iris_id", START=zw.START,
                    N_SLOTS=6, METHOD="direct", EPSILON=1.0, SEED=1, OUTPUT="memory:")
    if alg == "aggregateflows":
        return dict(INPUT=world["fixes"], VEHICLE_FIELD="vehicle", TRAJECTORY_FIELD="trip",
                    TIME_FIELD="time", CELLS=zones, CELL_ID_FIELD="iris_id", EPSILON=0.5,
                    SEED=1, FLOWS="memory:", ZONES="memory:",
                    ALLOW_HOLES=True)  # a repaired bow-tie leaves a hole beside it
    return dict(LAYER_A=zones, ID_FIELD_A="iris_id", LAYER_B=world["bad"], ID_FIELD_B="iris_id",
                OUTPUT="memory:", OVERLAPS="memory:")


def _run(alg, params):
    import processing
    from qgis.core import QgsProcessingContext, QgsProcessingFeedback

    class Log(QgsProcessingFeedback):
        warnings = []

        def pushWarning(self, text):  # noqa: N802
            self.warnings.append(text)
    log = Log()
    log.warnings = []
    processing.run("mobilitydp:" + alg, params, context=QgsProcessingContext(), feedback=log)
    return log.warnings


ALGS = ["odflows", "mobilityreport", "publishhistograms", "sanitizedensity", "minimumcover",
        "aggregateflows"]


@pytest.mark.parametrize("alg", ALGS)
def test_invalid_census_cells_repaired_with_the_count_in_the_log(qgis_app, world, alg):
    """sanitizedensity crashed here (TopologyException … null value) before the rule."""
    warnings = _run(alg, _params(alg, world, world["bad"]))
    layer = {"sanitizedensity": "census", "publishhistograms": "cell", "minimumcover": "A",
             "aggregateflows": "tessellation"}.get(alg, "zones")
    assert f"3 of 965 polygons of the {layer} layer were invalid" in "\n".join(warnings)


@pytest.mark.parametrize("alg", ALGS)
def test_overlapping_zones_refused_by_every_algorithm(qgis_app, world, alg):
    """odflows, mobilityreport and publishhistograms accepted these silently, minimumcover
    warned, before the rule."""
    from qgis.core import QgsProcessingException
    with pytest.raises(QgsProcessingException, match=OVERLAP):
        _run(alg, _params(alg, world, world["over"]))


@pytest.mark.parametrize("alg", ALGS)
def test_one_zone_refused_with_a_sentence(qgis_app, world, alg):
    from qgis.core import QgsProcessingException
    with pytest.raises(QgsProcessingException, match=ONE):
        _run(alg, _params(alg, world, world["one"]))


def test_one_zone_through_qgis_process_gives_the_sentence_once(qgis_process, world):
    """Before: "need two arrays of the same length (at least 2 values)"."""
    params = _params("odflows", world, world["one"])
    params.update(OD_TABLE=str(world["dir"] / "od.gpkg"), FLOWS=str(world["dir"] / "f.gpkg"))
    code, _, text = qgis_process("mobilitydp:odflows", params)
    assert code != 0 and ONE in text
    assert not (world["dir"] / "od.gpkg").exists()
