"""Issue 30: the valid baseline run of every algorithm, from which the fuzzing harness mutates.

One small synthetic world (Lambert-93 cells, towers, CDR events, GPS points, trips, check-ins,
and the outputs of a few algorithms that others read: flows, counts, a mobility report) and one
baseline per algorithm id: a function ``world -> parameters`` whose run completes. An algorithm
without a baseline is still fuzzed from its parameter definitions (see ``generic_baseline``),
and ``test_every_algorithm_has_a_baseline`` asks its owner to add one.
"""
from __future__ import annotations

import os
import shutil

from ..support.od_layers import lines, save, zones
from ..support.qgis import ROOT
from .test_density import write_city
from .test_flows import _cells as flow_cells
from .test_flows import _points as flow_points
from .test_geoind import _points as checkin_points
from .test_histograms import cells as walk_cells
from .test_histograms import observations

X0, Y0 = 650000.0, 6860000.0


class World:
    """The layers and files of every baseline (memory layers are copied per case)."""

    def __init__(self, directory):
        import pathlib
        self.dir = pathlib.Path(directory)
        self.city = write_city(self.dir)
        self.iris = os.path.join(ROOT, "sample_data", "paris_iris.geojson")
        self.flow_points, self.flow_cells = flow_points(), flow_cells()
        self.walk_cells, self.walks = walk_cells(), observations()
        self.checkins = checkin_points(n=120, crs="EPSG:4326")[0]
        self.grid_points = checkin_points(n=120, crs="EPSG:2154")[0]
        self.trips = save(lines("EPSG:4326"), self.dir / "trips.gpkg")
        self.zones = save(zones("EPSG:2154"), self.dir / "zones.gpkg")
        self.census = _with_population(self.city["census"])
        self.derived = {}

    def derive(self, run):
        """Outputs of the algorithms other algorithms read (run once per session)."""
        d = self.dir
        flows = run("mobilitydp:aggregateflows", dict(
            BASELINES["aggregateflows"](self), FLOWS=str(d / "flows.gpkg"),
            ZONES=str(d / "flow_zones.gpkg"), SEED=1, EPSILON=5))
        counts = run("mobilitydp:publishhistograms", dict(
            BASELINES["publishhistograms"](self), OUTPUT=str(d / "counts.gpkg"), SEED=1))
        report = run("mobilitydp:mobilityreport", dict(
            BASELINES["mobilityreport"](self), STATISTICS=str(d / "stats.json"), SEED=1))
        shutil.copy(report["STATISTICS"], d / "stats2.json")
        self.derived = {"flows": flows["FLOWS"], "counts": counts["OUTPUT"],
                        "stats": report["STATISTICS"], "stats2": str(d / "stats2.json")}


def _with_population(path):
    """The city's census squares with a population field (for the synthetic generator)."""
    from qgis.core import QgsFeatureRequest, QgsField, QgsVectorLayer

    from mobility_dp.algorithms.common.field_types import FieldType
    layer = QgsVectorLayer(path, "census", "ogr").materialize(QgsFeatureRequest())
    layer.dataProvider().addAttributes([QgsField("population", FieldType.Int)])
    layer.updateFields()
    idx = layer.fields().indexOf("population")
    layer.dataProvider().changeAttributeValues({f.id(): {idx: 50 + 10 * k} for k, f in
                                                enumerate(layer.getFeatures())})
    return layer


BASELINES = {
    "declarepopulation": lambda w: {"POPULATION_ID": "residents", "EPSILON": 52.0,
                                    "HORIZON": "per year 2026", "EPSILON_PER_WEEK": 1.0,
                                    "EPSILON_PER_MONTH": 4.0},
    "noisycounts": lambda w: {"INPUT": w.iris, "COUNT_FIELD": "population", "EPSILON": 1.0,
                              "KEEP_FIELDS": ["iris_name"]},
    "voronoitessellation": lambda w: {"INPUT": w.city["towers"], "ID_FIELD": "tid",
                                      "STUDY_AREA": w.city["census"], "BUFFER": 100},
    "datadriventessellation": lambda w: {"INPUT": w.grid_points, "MAX_RADIUS": 800,
                                         "MIN_RADIUS": 100, "MIN_POINTS": 20},
    "minimumcover": lambda w: {"LAYER_A": w.city["census"], "ID_FIELD_A": "iris",
                               "LAYER_B": w.city["census"], "ID_FIELD_B": "iris"},
    "generatemobility": lambda w: {"TOWERS": w.city["towers"], "TOWER_ID_FIELD": "tid",
                                   "CENSUS": w.census, "POPULATION_FIELD": "population",
                                   "USERS": 40, "DAYS": 1, "VEHICLES": 3, "CHECKIN_USERS": 5,
                                   "VENUES": 4, "SEED": 2},
    "cdrsummary": lambda w: {"INPUT": w.city["events"], "USER_FIELD": "user_id",
                             "TOWER_FIELD": "tower_id", "TIME_FIELD": "time",
                             "START": "2007-09-10T00:00:00", "N_SLOTS": 24},
    "sanitizedensity": lambda w: {"INPUT": w.city["events"], "USER_FIELD": "user_id",
                                  "TOWER_FIELD": "tower_id", "TIME_FIELD": "time",
                                  "START": "2007-09-10T00:00:00", "N_SLOTS": 24,
                                  "TOWERS": w.city["towers"], "TOWER_ID_FIELD": "tid",
                                  "CENSUS": w.city["census"], "CENSUS_ID_FIELD": "iris",
                                  "ELL": 8, "EPSILON": 1.0, "DELTA": 1e-4},
    "publishhistograms": lambda w: {"INPUT": w.walks, "USER_FIELD": "user_id",
                                    "TIME_FIELD": "time", "CELLS": w.walk_cells,
                                    "CELL_ID_FIELD": "cell", "START": "2026-05-25T10:00:00",
                                    "N_SLOTS": 5, "METHOD": "direct", "EPSILON": 100},
    "trajectoryrecovery": lambda w: {"COUNTS": w.derived["counts"], "CELLS": w.walk_cells,
                                     "CELL_ID_FIELD": "cell", "TRUE_TRAJECTORIES": w.walks,
                                     "USER_FIELD": "user_id", "TIME_FIELD": "time",
                                     "CELL_FIELD": "cell"},
    "comparedensity": lambda w: {"TRUE_LAYER": w.derived["counts"],
                                 "PRIVATE_LAYER": w.derived["counts"], "EMD_SLOTS": 2},
    "perturbpoints": lambda w: {"INPUT": w.checkins, "EPSILON": 0.01, "USER_FIELD": "user",
                                "MAX_POINTS_PER_USER": 3, "KEEP_FIELDS": ["v"]},
    "estimatedistribution": lambda w: {"INPUT": w.grid_points, "MECHANISM": "planar_laplace",
                                       "EPSILON": 0.01, "CELL_SIZE": 500, "ITERATIONS": 20,
                                       "GRID_EXTENT": f"{X0},{X0 + 4000},{Y0},{Y0 + 2500} "
                                                      "[EPSG:2154]"},
    "aggregateflows": lambda w: {"INPUT": w.flow_points, "VEHICLE_FIELD": "vehicle",
                                 "TRAJECTORY_FIELD": "trip", "TIME_FIELD": "time",
                                 "CELLS": w.flow_cells, "CELL_ID_FIELD": "cell_id",
                                 "EPSILON": 0.5},
    "flowmeasures": lambda w: {"FLOWS": w.derived["flows"], "ZONES": w.flow_cells,
                               "ZONE_ID_FIELD": "cell_id", "BETWEENNESS_SAMPLES": 0},
    "compareflows": lambda w: {"ORIGINAL": w.derived["flows"], "PRIVATE": w.derived["flows"],
                               "ZONES": w.flow_cells, "ZONE_ID_FIELD": "cell_id",
                               "BETWEENNESS_SAMPLES": 0},
    "odflows": lambda w: {"INPUT": w.trips, "USER_FIELD": "user_id", "ZONES": w.zones,
                          "ZONE_ID_FIELD": "zone", "MAX_TRIPS": 2, "EPSILON": 2.0},
    "mobilityreport": lambda w: {"INPUT": w.trips, "USER_FIELD": "user_id",
                                 "START_FIELD": "start", "END_FIELD": "end", "ZONES": w.zones,
                                 "ZONE_ID_FIELD": "zone", "MAX_TRIPS": 2, "EPSILON": 2.0},
    "comparereports": lambda w: {"FIRST": w.derived["stats"], "SECOND": w.derived["stats2"]},
    "synthesizetrips": lambda w: {"INPUT": w.trips, "USER_FIELD": "user_id", "ZONES": w.zones,
                                  "ZONE_ID_FIELD": "zone", "START_FIELD": "start",
                                  "END_FIELD": "end", "START": "2026-05-25T00:00:00",
                                  "END": "2026-05-26T00:00:00", "MAX_TRIPS": 2,
                                  "TRIPS_CAP": 10, "N_TRIPS": 50, "EPSILON": 1.0},
}


def generic_baseline(alg) -> dict:
    """Parameters of an algorithm without a baseline: every default (it may well refuse)."""
    return {p.name(): p.defaultValue() for p in alg.parameterDefinitions()
            if p.defaultValue() is not None}


def run_algorithm(algorithm_id, params):
    """processing.run; a failure names the algorithm and the errors it reported."""
    import processing
    from qgis.core import QgsProcessingContext, QgsProcessingException, QgsProcessingFeedback

    class Feedback(QgsProcessingFeedback):
        errors = []

        def reportError(self, error, fatalError=False):  # noqa: N802,N803 (QGIS API)
            self.errors.append(error)

    feedback = Feedback()
    try:
        return processing.run(algorithm_id, params, context=QgsProcessingContext(),
                              feedback=feedback)
    except QgsProcessingException as exc:
        raise AssertionError(f"{algorithm_id}: {exc}: {feedback.errors}") from exc
