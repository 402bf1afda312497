"""mobilitydp:synthesizetrips — trips → private synthetic trips (a trips layer, user-level DP).

Layers to arrays and back; the model, its parts and costs live in ``dpcore.od.synthesis``.
"""
import numpy as np
from qgis.core import (
    QgsFeature,
    QgsFeatureSink,
    QgsField,
    QgsFields,
    QgsGeometry,
    QgsProcessing,
    QgsProcessingParameterFeatureSink,
    QgsProcessingParameterFeatureSource,
    QgsProcessingParameterField,
    QgsProcessingParameterNumber,
    QgsWkbTypes,
)

from ...dpcore.od.figures import released
from ...dpcore.od.synthesis import UNIT, plan_synthetic_trips, release_synthetic_trips
from ...dpcore.od.synthesis.evaluate import compare, profile
from ...dpcore.od.synthesis.parts import TITLES
from ...dpcore.od.synthesis.place import Anchors
from ...dpcore.random.rng import make_rng
from ...dpcore.reporting import report as dpreport
from ..common.base import MobilityDPAlgorithm, as_float, style_on_load, tr
from ..common.field_types import FieldType
from ..common.outputs import temporal_lines_style, utc_datetime
from .trips import add_trip_parameters, max_trips, read_trips, reserve, time_window

TRIPS_CAP = "TRIPS_CAP"
N_TRIPS = "N_TRIPS"
WEIGHTS = "WEIGHTS"
WEIGHT_FIELD = "WEIGHT_FIELD"
OUTPUT = "OUTPUT"
FIELDS = (("user_id", FieldType.String), ("trip_id", FieldType.Int),
          ("start", FieldType.DateTime), ("end", FieldType.DateTime),
          ("length_m", FieldType.Double),
          ("travel_min", FieldType.Double), ("origin_zone", FieldType.String),
          ("dest_zone", FieldType.String))


class SynthesizeTrips(MobilityDPAlgorithm):
    ALGORITHM_ID = "synthesizetrips"
    DISPLAY_NAME = "Synthetic trips"
    GROUP_ID = "od"
    GROUP = "Origin–destination"
    TAGS = ("synthetic", "synthesis", "generative", "trips", "dataset", "privacy", "differential")

    def initAlgorithm(self, config=None):  # noqa: N802
        add_trip_parameters(self, default_max_trips=10, window_required=True)
        self.addParameter(QgsProcessingParameterNumber(
            TRIPS_CAP, tr("Cap M of trips per person (≥ m)"),
            QgsProcessingParameterNumber.Integer,
            30, minValue=1, maxValue=200))
        self.addParameter(QgsProcessingParameterNumber(
            N_TRIPS, tr("Number of synthetic trips|0 = the noisy total"),
            QgsProcessingParameterNumber.Integer, 0, minValue=0, maxValue=50_000_000))
        self.addParameter(QgsProcessingParameterFeatureSource(
            WEIGHTS, tr("Public weighting points|population, buildings"),
            [QgsProcessing.TypeVectorPoint], optional=True))
        self.addParameter(QgsProcessingParameterField(
            WEIGHT_FIELD, tr("Weight field|of the weighting points; empty = 1 each"),
            parentLayerParameterName=WEIGHTS, type=QgsProcessingParameterField.Numeric,
            optional=True))
        self.add_privacy_parameters(default_epsilon=1.0)
        self.addParameter(QgsProcessingParameterFeatureSink(
            OUTPUT, tr("Synthetic trips"), QgsProcessing.TypeVectorLine))

    def execute(self, parameters, context, feedback):
        window = time_window(self, parameters, context)
        n_trips = self.parameterAsInt(parameters, N_TRIPS, context)
        params = dict(epsilon=self.epsilon(parameters, context),
                      max_trips=max_trips(self, parameters, context),
                      trips_cap=self.parameterAsInt(parameters, TRIPS_CAP, context))
        plan = plan_synthetic_trips(**params)        # refuses bad parameters before reading data
        data = read_trips(self, parameters, context, feedback)
        zoned = data.zoned          # with its user ids: they break the main pairs' ties
        anchors = self._anchors(parameters, context, data)
        rng = self.rng(parameters, context)
        with reserve(self, parameters, context, plan) as reservation:
            release = release_synthetic_trips(
                zoned, rng=rng, progress=self.progress(feedback, 30, 80),
                polygons=data.zone_polygons, window=window, anchors=anchors,
                n_trips=n_trips or None, **params)
            reservation.released(release)
        results = {OUTPUT: self._write(parameters, context, data, release.values, feedback)}
        results.update(self._report(parameters, context, data, zoned, release, params))
        return results

    def _anchors(self, parameters, context, data):
        source = self.parameterAsSource(parameters, WEIGHTS, context)
        if source is None:
            return None
        field = self.parameterAsString(parameters, WEIGHT_FIELD, context)
        if field and source.fields().lookupField(field) < 0:
            raise ValueError(f"the weight field '{field}' is not in the weighting points")
        xy, w = [], []
        for f, g in data.frame.features(source):
            if g is None:
                continue
            for p in g.vertices():
                xy.append((p.x(), p.y()))
                w.append(as_float(f[field]) if field else 1.0)
        if not xy:
            raise ValueError("the weighting points layer has no points")
        return Anchors.of(data.zone_polygons, xy, np.nan_to_num(w, nan=0.0))

    def _write(self, parameters, context, data, synthetic, feedback):
        fields = QgsFields()
        for name, kind in FIELDS:
            fields.append(QgsField(name, kind))
        sink, dest_id = self.sink(parameters, OUTPUT, context, fields, QgsWkbTypes.LineString,
                                  data.zones_crs)
        t, z = synthetic.zoned.trips, synthetic.zoned
        ids, width = data.zone_ids, len(str(max(int(t.user.max()), 1)))
        for k in range(t.n):
            if k % 20000 == 0:
                feedback.setProgress(80 + 15 * k / max(t.n, 1))
            f = QgsFeature(fields)
            f.setGeometry(QgsGeometry.fromPolylineXY(
                [data.frame.point_to_home(*t.origin[k]), data.frame.point_to_home(*t.dest[k])]))
            f.setAttributes([f"synthetic-{int(t.user[k]):0{width}d}", k + 1,
                             utc_datetime(t.start[k]), utc_datetime(t.end[k]),
                             float(t.length[k]), float((t.end[k] - t.start[k]) / 60.0),
                             ids[z.origin_zone[k]], ids[z.dest_zone[k]]])
            sink.addFeature(f, QgsFeatureSink.FastInsert)
        style_on_load(context, dest_id, temporal_lines_style("start", "end"))
        return dest_id

    def _report(self, parameters, context, data, zoned, release, params):
        pub = release.public
        rows = [*data.public_rows, ("zones", len(data.zone_ids)),
                ("metric frame", data.frame.describe())]
        rows += list(params.items())
        parts = [(TITLES[k], f"{eps:.4g}", f"{pub['sensitivity_per_part'][k]:g}")
                 for k, eps in pub["epsilon_per_part"].items()]
        model = [(k, v) for k, v in pub["model"].summary().items()] + [
            ("start hour split by trip class", pub["start_hour_by_class"]),
            ("start hour periods (hours each)", pub["start_hour_period_hours"]),
            ("start hours shrunk towards the uniform law", pub["start_hour_shrunk_to_uniform"]),
            ("travel time periods (minutes each)", pub["travel_time_period_minutes"]),
            ("travel times shrunk towards the uniform law",
             pub["travel_time_shrunk_to_uniform"]),
            ("95 % interval of the noisy total of trips",
             "{:,.0f}–{:,.0f}".format(*pub["noisy_trips_interval_95"])),
            ("travel time split by distance class", pub["travel_time_by_distance_class"]),
            ("pairs raked to the home–main distances (sparse pairs)",
             pub["pairs_raked_to_distances"]),
            ("trips drawn as chains of stops (consecutive trips)",
             pub["chained_trajectories"]),
            ("synthetic trips drawn", pub["trips_drawn"]), ("their number", pub["count_from"])]
        sections = [("The model's parts and their cost", dpreport.table(
                        parts, ("part", "ε", "sensitivity (one user)"))),
                    ("The released model (noisy totals, choices of the public rule)",
                     released(dpreport.table(model))),
                    ("What the synthetic trips are good for", "<p>" + tr(
                        "Good for: tools and models that need a trips dataset; the shape of "
                        "trip length, start time, travel time and trips per person; trips per "
                        "zone and hour on coarse zones; each person's pattern. Not for: OD flows "
                        "between census zones (use OD flows of trips), small areas, rare trips, "
                        "exact counts.") + "</p>")]
        truth = profile(zoned, make_rng(0))
        measures = compare(truth, profile(release.values.zoned, make_rng(1)))
        internal_sections = [
            ("Input", dpreport.table(list(data.facts), ("quantity", "value"))),
            ("Synthetic against the raw trips (JS: Jensen–Shannon divergence, base 2)",
             dpreport.table([(k, f"{v:.4g}") for k, v in measures.items()],
                            ("measure", "value")))]
        return self.write_reports(parameters, context, release=release, unit_of_privacy=UNIT,
                                  parameter_rows=rows, sections=sections,
                                  internal_sections=internal_sections,
                                  internal_warnings=data.warnings)
