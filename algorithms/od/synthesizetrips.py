"""mobilitydp:synthesizetrips — trips → private synthetic trips (a trips layer, user-level DP).

Layers to arrays and back on the release template (:mod:`..common.release`); the model, its
parts, costs, plan and report live in ``dpcore.od.synthesis``.
"""
import numpy as np
from qgis.core import QgsFeature, QgsFeatureSink, QgsField, QgsFields, QgsGeometry, QgsWkbTypes

from ...dpcore.od.synthesis.plan import plan_synthesize_trips
from ...dpcore.od.synthesis.report import synthetic_trips_report
from ..common import specs
from ..common.base import as_float, style_on_load
from ..common.field_types import FieldType
from ..common.i18n import shown
from ..common.outputs import utc_datetime
from ..common.release import ReleasingAlgorithm
from ..common.styles import temporal_lines_style
from .trip_reader import add_trip_parameters, max_trips, read_trips, time_window, trips_ledger_scope

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


class SynthesizeTrips(ReleasingAlgorithm):
    ALGORITHM_ID = "synthesizetrips"
    PLAN = staticmethod(plan_synthesize_trips)
    RELEASE_PROGRESS = (30, 80)
    DISPLAY_NAME = "Synthetic trips"
    GROUP_ID = "od"
    GROUP = "Origin–destination"
    TAGS = ("synthetic", "synthesis", "generative", "trips", "dataset", "privacy", "differential")
    PARAMETERS = (
        lambda alg: add_trip_parameters(alg, default_max_trips=10, window_required=True),
        specs.integer(TRIPS_CAP, "Cap M of trips per person (≥ m)", 30, minimum=1, maximum=200),
        specs.integer(N_TRIPS, "Number of synthetic trips|0 = the noisy total", 0, minimum=0,
                      maximum=50_000_000),
        specs.source(WEIGHTS, "Public weighting points|population, buildings", "point",
                     optional=True),
        specs.field(WEIGHT_FIELD, "Weight field|of the weighting points; empty = 1 each", WEIGHTS,
                    numeric=True, optional=True),
        specs.privacy(default_epsilon=1.0),
        specs.sink(OUTPUT, "Synthetic trips", "line"))

    def public_parameters(self, parameters, context) -> tuple:
        return dict(epsilon=self.epsilon(parameters, context),
                    max_trips=max_trips(self, parameters, context),
                    trips_cap=self.parameterAsInt(parameters, TRIPS_CAP, context),
                    window=time_window(self, parameters, context),
                    n_trips=self.parameterAsInt(parameters, N_TRIPS, context)), None

    def read(self, parameters, context, feedback, inputs, plan) -> tuple:
        data = read_trips(self, parameters, context, feedback)
        return (data.zoned, data.zone_polygons, self._weights(parameters, context, data)), data

    def ledger_scope(self, parameters, context, data, plan, zoned) -> dict:
        return trips_ledger_scope(self, parameters, context, data)

    def write(self, parameters, context, feedback, data, release) -> dict:
        return {OUTPUT: self._write(parameters, context, data, release.values, feedback)}

    def report(self, data, plan, release) -> dict:
        return synthetic_trips_report(
            plan, release, facts=data.facts, warnings=data.warnings, translate=shown,
            inputs=[*data.public_rows, ("zones", len(data.zone_ids)),
                    ("metric frame", data.frame.describe())])

    def _weights(self, parameters, context, data):
        """The public weighting points (xy in the zones' frame, weight), or None."""
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
        return xy, np.nan_to_num(w, nan=0.0)

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
