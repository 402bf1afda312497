"""mobilitydp:generatemobility — synthetic CDR, GPS trajectories and check-ins on real geography.

Layers to arrays and back; the generator lives in ``dpcore.demo_data``.
"""
import numpy as np
from qgis.core import (
    QgsFeature,
    QgsFeatureSink,
    QgsField,
    QgsFields,
    QgsGeometry,
    QgsPointXY,
    QgsProcessing,
    QgsProcessingParameterFeatureSink,
    QgsProcessingParameterFeatureSource,
    QgsProcessingParameterField,
    QgsProcessingParameterNumber,
    QgsWkbTypes,
)

from ...dpcore.demo_data import (
    DEFAULT_START,
    generate_cdr,
    generate_checkins,
    generate_population,
    generate_trajectories,
)
from ...dpcore.geometry.geography import Geography
from ...dpcore.random.rng import make_rng
from ...dpcore.reporting import report as dpreport
from ..common.base import REPORT, MetricFrame, MobilityDPAlgorithm, as_float, id_type, progress_bridge, tr
from ..common.field_types import FieldType
from ..common.outputs import style_on_load, utc_datetime
from ..common.params import date_text_parameter, enum_parameter
from ..common.styles import heatmap_style, temporal_points_style

TOWERS = "TOWERS"
TOWER_ID_FIELD = "TOWER_ID_FIELD"
CENSUS = "CENSUS"
POPULATION_FIELD = "POPULATION_FIELD"
USERS = "USERS"
DAYS = "DAYS"
START = "START"
ACTIVITY = "ACTIVITY"
VEHICLES = "VEHICLES"
CHECKIN_USERS = "CHECKIN_USERS"
VENUES = "VENUES"
SEED = "SEED"
CDR = "CDR"
TRAJECTORIES = "TRAJECTORIES"
CHECKINS = "CHECKINS"

ACTIVITY_CHOICES = [
    ("mean_iris_count_91", "≈7.6 visits per user and week (mean IRIS count 91, Fig. 2b)"),
    ("events_13_55", "13.55 visits per user and week (§4.1)"),
    ("k_over_n_69", "≈68.9 visits per user and week (K/N, §5.4.1)"),
]


class GenerateMobility(MobilityDPAlgorithm):
    ALGORITHM_ID = "generatemobility"
    DISPLAY_NAME = "Generate synthetic mobility data"
    GROUP_ID = "data"
    GROUP = "Data"
    USES_PRIVACY = False

    def initAlgorithm(self, config=None):  # noqa: N802
        self.addParameter(QgsProcessingParameterFeatureSource(
            TOWERS, tr("Towers (points)"), [QgsProcessing.TypeVectorPoint]))
        self.addParameter(QgsProcessingParameterField(
            TOWER_ID_FIELD, tr("Tower id field (default: feature id)"),
            parentLayerParameterName=TOWERS, optional=True))
        self.addParameter(QgsProcessingParameterFeatureSource(
            CENSUS, tr("Census zones (polygons)"), [QgsProcessing.TypeVectorPolygon]))
        self.addParameter(QgsProcessingParameterField(
            POPULATION_FIELD, tr("Population field"), parentLayerParameterName=CENSUS,
            type=QgsProcessingParameterField.Numeric))
        self.addParameter(QgsProcessingParameterNumber(
            USERS, tr("Number of users"), QgsProcessingParameterNumber.Integer, 20000,
            minValue=1, maxValue=5_000_000))
        self.addParameter(QgsProcessingParameterNumber(
            DAYS, tr("Days"), QgsProcessingParameterNumber.Integer, 7, minValue=1, maxValue=56))
        self.addParameter(date_text_parameter(START, tr("Start date (UTC)"), DEFAULT_START))
        self.addParameter(enum_parameter(ACTIVITY, tr("Phone activity"), ACTIVITY_CHOICES,
                                         "mean_iris_count_91"))
        self.addParameter(QgsProcessingParameterNumber(
            VEHICLES, tr("Vehicles with GPS trajectories|0 = none"),
            QgsProcessingParameterNumber.Integer, 500, minValue=0, maxValue=100_000))
        self.addParameter(QgsProcessingParameterNumber(
            CHECKIN_USERS, tr("Check-in users (0 = none)"),
            QgsProcessingParameterNumber.Integer, 2000, minValue=0, maxValue=1_000_000))
        self.addParameter(QgsProcessingParameterNumber(
            VENUES, tr("Venues"), QgsProcessingParameterNumber.Integer, 500, minValue=1,
            maxValue=1_000_000))
        self.addParameter(QgsProcessingParameterNumber(
            SEED, tr("Seed (empty = random)"), QgsProcessingParameterNumber.Integer, None,
            optional=True, minValue=0))
        self.addParameter(QgsProcessingParameterFeatureSink(
            CDR, tr("Call data records"), QgsProcessing.TypeVector))
        self.addParameter(QgsProcessingParameterFeatureSink(
            TRAJECTORIES, tr("GPS trajectory points"), QgsProcessing.TypeVectorPoint,
            optional=True, createByDefault=True))
        self.addParameter(QgsProcessingParameterFeatureSink(
            CHECKINS, tr("Check-ins"), QgsProcessing.TypeVectorPoint, optional=True,
            createByDefault=True))
        self.add_report_parameter()

    def _geography(self, parameters, context):
        towers = self.source_or_raise(parameters, TOWERS, context)
        if QgsWkbTypes.geometryType(towers.wkbType()) != QgsWkbTypes.PointGeometry:
            raise ValueError("the tower layer must hold points (antenna positions); for tower "
                             "cells (polygons) use their tower points")
        census = self.source_or_raise(parameters, CENSUS, context)
        pop_field = self.parameterAsString(parameters, POPULATION_FIELD, context)
        if census.fields().lookupField(pop_field) < 0:
            raise ValueError(f"the population field '{pop_field}' is not in the census layer")
        id_field = self.parameterAsString(parameters, TOWER_ID_FIELD, context) or None
        if id_field and towers.fields().lookupField(id_field) < 0:
            raise ValueError(f"the tower id field '{id_field}' is not in the tower layer")
        frame = MetricFrame(census.sourceCrs(), census.sourceExtent(), context)
        zones, population, zone_ids = [], [], []
        for f in census.getFeatures():
            g = f.geometry()
            if g is None or g.isNull() or g.isEmpty():
                continue
            poly = frame.to_shapely(g).buffer(0)
            if poly.is_empty:
                continue
            p = as_float(f[pop_field])
            if not np.isfinite(p) or p < 0:
                raise ValueError(f"census zone {f.id()} has an invalid population ({f[pop_field]})")
            zones.append(poly)
            population.append(p)
            zone_ids.append(f.id())
        if not zones:
            raise ValueError("the census layer has no polygon")
        xy, ids = [], []
        for f in towers.getFeatures():
            g = f.geometry()
            if g is None or g.isNull() or g.isEmpty():
                continue
            pt = frame.layer_to_shapely(g, towers.sourceCrs(), context)
            for part in getattr(pt, "geoms", [pt]):
                xy.append((part.x, part.y))
                ids.append(f[id_field] if id_field else f.id())
        if not xy:
            raise ValueError("the tower layer has no point")
        geo = Geography(towers=np.asarray(xy), tower_ids=np.asarray(ids, dtype=object),
                        zones=zones, population=np.asarray(population),
                        zone_ids=np.asarray(zone_ids))
        return geo, frame, census, towers, id_field

    def execute(self, parameters, context, feedback):
        geo, frame, census, towers, id_field = self._geography(parameters, context)
        n_users = self.parameterAsInt(parameters, USERS, context)
        days = self.parameterAsInt(parameters, DAYS, context)
        start = self.parameterAsString(parameters, START, context).strip()
        preset = self.enum_value(parameters, ACTIVITY, context)
        n_vehicles = self.parameterAsInt(parameters, VEHICLES, context)
        n_checkin = self.parameterAsInt(parameters, CHECKIN_USERS, context)
        n_venues = self.parameterAsInt(parameters, VENUES, context)
        seed = self.seed(parameters, context)
        if seed is None:
            seed = int(make_rng(None).integers(0, 2**31))
        rng = make_rng(seed)

        pop = generate_population(geo, n_users, rng=rng, days=days, start=start,
                                  progress=progress_bridge(feedback, 0, 15))
        cdr = generate_cdr(pop, rng=rng, activity=preset,
                           progress=progress_bridge(feedback, 15, 35))
        trips = (generate_trajectories(geo, rng=rng, n_vehicles=n_vehicles, days=days,
                                       start=start, progress=progress_bridge(feedback, 35, 45))
                 if n_vehicles else None)
        checkins = (generate_checkins(geo, rng=rng, n_users=n_checkin, n_venues=n_venues)
                    if n_checkin else None)

        results = {CDR: self._write_cdr(parameters, context, feedback, cdr, geo, towers,
                                        id_field)}
        if trips is not None and self.parameter_given(parameters, TRAJECTORIES):
            results[TRAJECTORIES] = self._write_points(
                parameters, context, feedback, TRAJECTORIES, frame, census,
                [("vehicle_id", FieldType.LongLong), ("trip_id", FieldType.LongLong),
                 ("time", FieldType.DateTime), ("epoch", FieldType.LongLong)],
                trips.x, trips.y,
                zip(trips.vehicle_id.tolist(), trips.trip_id.tolist(),
                    map(utc_datetime, trips.t.tolist()), trips.t.tolist()), (75, 90))
            style_on_load(context, results[TRAJECTORIES], temporal_points_style("time"))
        if checkins is not None and self.parameter_given(parameters, CHECKINS):
            results[CHECKINS] = self._write_points(
                parameters, context, feedback, CHECKINS, frame, census,
                [("user_id", FieldType.LongLong), ("venue_id", FieldType.LongLong)],
                checkins.x, checkins.y,
                zip(checkins.user.tolist(), checkins.venue.tolist()), (90, 100))
            style_on_load(context, results[CHECKINS], heatmap_style())

        rows = [("towers", len(geo.towers)), ("census zones", len(geo.zones)),
                ("users", n_users), ("days", days), ("start", start),
                ("phone activity", preset), ("seed", seed), ("metric frame", frame.describe())]
        results[REPORT] = self.write_analysis_report(parameters, context, title=self.DISPLAY_NAME,
            privacy_note="The output is synthetic: it is drawn from the census population and "
                         "tower positions only and describes no real person.",
            rows=rows, sections=[("Generated data", dpreport.table(_summary(
                geo, cdr, (trips, n_vehicles, days), (checkins, n_checkin))))])
        return results

    def _write_cdr(self, parameters, context, feedback, cdr, geo, towers, id_field):
        fields = QgsFields()
        fields.append(QgsField("user_id", FieldType.LongLong))
        fields.append(QgsField("tower_id", id_type(towers, id_field)))
        fields.append(QgsField("time", FieldType.DateTime))
        fields.append(QgsField("epoch", FieldType.LongLong))
        sink, dest_id = self.sink(parameters, CDR, context, fields, QgsWkbTypes.NoGeometry)
        step = progress_bridge(feedback, 45, 75)
        tower_ids = geo.tower_ids.tolist()
        n = len(cdr)
        for i, (u, t, s) in enumerate(zip(cdr.user.tolist(), cdr.tower.tolist(),
                                          cdr.time.tolist())):
            f = QgsFeature(fields)
            f.setAttributes([u, tower_ids[t], utc_datetime(s), s])
            sink.addFeature(f, QgsFeatureSink.FastInsert)
            if i % 20000 == 0:
                step(i / max(n, 1))
        return dest_id

    def _write_points(self, parameters, context, feedback, name, frame, census, spec, x, y,
                      attributes, span):
        fields = QgsFields()
        for field_name, kind in spec:
            fields.append(QgsField(field_name, kind))
        sink, dest_id = self.sink(parameters, name, context, fields,
                                  QgsWkbTypes.Point, census.sourceCrs())
        step = progress_bridge(feedback, *span)
        n = len(x)
        for i, (px, py, attrs) in enumerate(zip(x.tolist(), y.tolist(), attributes)):
            g = QgsGeometry.fromPointXY(QgsPointXY(px, py))
            if frame.reprojected:
                g.transform(frame.backward)
            f = QgsFeature(fields)
            f.setGeometry(g)
            f.setAttributes(list(attrs))
            sink.addFeature(f, QgsFeatureSink.FastInsert)
            if i % 20000 == 0:
                step(i / max(n, 1))
        return dest_id


def _summary(geo, cdr, vehicles, checkin_users) -> list:
    """The report's rows on what was generated: events, visits per user, vehicles (``vehicles``:
    the trajectories or None, the number of vehicles and days), check-ins (``checkin_users``:
    the check-ins or None, the number of their users)."""
    (trips, n_vehicles, days), (checkins, n_checkin) = vehicles, checkin_users
    hours = (cdr.time - int(cdr.start)) // 3600
    key = (cdr.user.astype(np.int64) * cdr.n_hours + hours) * len(geo.towers) + cdr.tower
    visits = np.unique(key).size
    present = np.unique(cdr.user).size
    summary = [("CDR events", len(cdr)), ("users with at least one event", present),
               ("visits (distinct user, tower, hour) per user present",
                f"{visits / max(present, 1):.2f} (target {cdr.visits_target:.2f})")]
    if trips is not None:
        summary += [("vehicles", n_vehicles), ("trips", trips.n_trips),
                    ("trips per vehicle and day", f"{trips.n_trips / n_vehicles / days:.2f}"),
                    ("GPS points", trips.t.size)]
    if checkins is not None:
        summary += [("check-in users", n_checkin), ("check-ins", checkins.user.size)]
    return summary
