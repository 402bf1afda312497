"""Reading trips and zones for the whole-trip algorithms (odflows, mobilityreport).

One public frame per run, from the zones layer (public); every source is read
through a feature request in that frame's CRS, so layers in any CRS work.
Trips come from one of three layouts, told apart by the geometry type:

* lines: one feature per trip, first and last vertex; times from start/end
  fields, else from the M values of the first and last vertex;
* points: GPS fixes with a trip id and a time; first and last fix per trip;
* a table without geometry: origin and destination coordinates in four
  fields, in a stated CRS.

The user field defines the unit of privacy: it has no default of its own
(a known name such as ``user_id`` is picked, never the feature id; see
``MobilityDPAlgorithm.unit_field``), and a field giving every trip its own
user is refused.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
from qgis.core import (NULL, QgsCoordinateReferenceSystem, QgsCoordinateTransform, QgsPointXY,
                       QgsProcessing, QgsProcessingParameterCrs, QgsProcessingParameterDateTime,
                       QgsProcessingParameterFeatureSource, QgsProcessingParameterField,
                       QgsProcessingParameterNumber, QgsWkbTypes)

from ..dpcore.flows.cells import locate_points
from ..dpcore.ingest import parse_times
from ..dpcore.od.trips import Trips, in_window, trips_from_fixes, user_codes
from ..dpcore.privacy import Cancelled
from .base import MetricFrame, advanced, epoch_seconds, tr

INPUT = "INPUT"
USER_FIELD = "USER_FIELD"
TRIP_FIELD = "TRIP_FIELD"
TIME_FIELD = "TIME_FIELD"
START_FIELD = "START_FIELD"
END_FIELD = "END_FIELD"
ORIGIN_X, ORIGIN_Y, DEST_X, DEST_Y = "ORIGIN_X", "ORIGIN_Y", "DEST_X", "DEST_Y"
TABLE_CRS = "TABLE_CRS"
ZONES = "ZONES"
ZONE_ID_FIELD = "ZONE_ID_FIELD"
START = "START"
END = "END"
MAX_TRIPS = "MAX_TRIPS"

TRIPS_HELP = """
<h3>Trips</h3>
<p><b>Trips</b>: one of three layouts. <i>Lines</i>: one line per trip; the trip goes from its
first to its last vertex, its length is the line's length, its times come from the start and end
time fields or else from the M values of the first and last vertex. <i>Points</i>: GPS fixes
with a <b>trip id</b> field and a <b>time</b> field; a trip goes from its first to its last fix
(by time) and its length is the sum of the straight segments between fixes. <i>Table</i> (no
geometry): the <b>origin x / y</b> and <b>destination x / y</b> fields in the <b>CRS of the
coordinate fields</b>; the length is the straight distance. Times are date-times, ISO 8601 text
(naive = UTC) or epoch seconds.</p>
<p><b>User field</b>: identifies the person (or vehicle) whose trips are protected together: the
unit of privacy. It must not be a per-trip key such as the feature id: a field that gives every
trip its own user is refused.</p>
<p><b>Zones</b>: any polygon layer (census areas, districts, a grid). It is public: its CRS
defines the metric frame of the run, and every other layer is reprojected to it. Trips that start
or end outside every zone are dropped and counted (a warning above 5 %, a refusal when none is
left). <b>Zone id field</b> (optional; default the feature id) names the zones in the outputs.</p>
<p><b>Start</b> / <b>end</b> (optional): the time window; only trips that start and end inside
it count (trips without times are then dropped).</p>
<p><b>Maximum trips per user (m)</b>: a public bound. Each user keeps at most m of their trips in
the window, chosen uniformly at random, so that one user changes every count by at most m. It is
never derived from the data (a bound taken from the data would itself leak). Larger m keeps more
trips of busy users but needs more noise.</p>
"""


def add_trip_parameters(alg, *, default_max_trips: int = 5):
    """The trips, fields, zones, time window and m parameters (shared help: TRIPS_HELP)."""
    alg.addParameter(QgsProcessingParameterFeatureSource(
        INPUT, tr("Trips (lines, GPS points with a trip id, or a table of origin/destination "
                  "coordinates)"),
        [QgsProcessing.TypeVectorLine, QgsProcessing.TypeVectorPoint, QgsProcessing.TypeVector]))
    alg.add_unit_field_parameter(USER_FIELD, "User field (the unit of privacy)", INPUT,
                                 kind="user")
    optional_fields = [(TRIP_FIELD, "Trip id field (points)"), (TIME_FIELD, "Time field (points)"),
                       (START_FIELD, "Start time field (lines, table)"),
                       (END_FIELD, "End time field (lines, table)"),
                       (ORIGIN_X, "Origin x field (table)"), (ORIGIN_Y, "Origin y field (table)"),
                       (DEST_X, "Destination x field (table)"),
                       (DEST_Y, "Destination y field (table)")]
    for name, label in optional_fields:
        alg.addParameter(QgsProcessingParameterField(name, tr(label),
                                                     parentLayerParameterName=INPUT,
                                                     optional=True))
    alg.addParameter(advanced(QgsProcessingParameterCrs(
        TABLE_CRS, tr("CRS of the coordinate fields (table)"), "EPSG:4326", optional=True)))
    alg.addParameter(QgsProcessingParameterFeatureSource(
        ZONES, tr("Zones (public polygons)"), [QgsProcessing.TypeVectorPolygon]))
    alg.addParameter(QgsProcessingParameterField(
        ZONE_ID_FIELD, tr("Zone id field"), parentLayerParameterName=ZONES, optional=True))
    alg.addParameter(QgsProcessingParameterDateTime(START, tr("Start of the time window"),
                                                    optional=True))
    alg.addParameter(QgsProcessingParameterDateTime(END, tr("End of the time window"),
                                                    optional=True))
    alg.addParameter(QgsProcessingParameterNumber(
        MAX_TRIPS, tr("Maximum trips per user (m, public)"),
        QgsProcessingParameterNumber.Integer, default_max_trips, minValue=1))


@dataclass
class TripInput:
    """Trips in the zones' metric frame, their zone indices, and facts for the reports."""

    frame: MetricFrame
    zones_crs: QgsCoordinateReferenceSystem
    trips: Trips
    origin_zone: np.ndarray
    dest_zone: np.ndarray
    zone_ids: list
    zone_polygons: list
    zone_features: list
    centroids: np.ndarray
    facts: list = field(default_factory=list)      # raw-data counts: internal only
    warnings: list = field(default_factory=list)   # raw-data warnings: internal only

    def centroid_points(self):
        """Zone centroids as points in the zones' CRS."""
        return [self.frame.point_to_home(x, y) for x, y in self.centroids]


def _field(alg, parameters, name, context, source, what, required=False):
    value = alg.parameterAsString(parameters, name, context)
    if value and source.fields().lookupField(value) < 0:
        raise ValueError(f"the {what} field '{value}' is not in the trips layer")
    if required and not value:
        raise ValueError(f"a {what} field is required for this layout of trips")
    return value or None


def _time(value):
    t = epoch_seconds(value)
    return math.nan if t is None else t


def time_window(alg, parameters, context):
    """(start, end) of the time window in epoch seconds, None where unset."""
    out = []
    for key in (START, END):
        value = parameters.get(key)
        dt = alg.parameterAsDateTime(parameters, key, context) if value not in (None, "") else None
        out.append(epoch_seconds(dt) if dt is not None and dt.isValid() else None)
    if out[0] is not None and out[1] is not None and out[1] <= out[0]:
        raise ValueError("the end of the time window must be after its start")
    return out


def _zones(alg, parameters, context, frame, source):
    id_field = alg.parameterAsString(parameters, ZONE_ID_FIELD, context)
    if id_field and source.fields().lookupField(id_field) < 0:
        raise ValueError(f"the zone id field '{id_field}' is not in the zones layer")
    polys, ids = frame.read_polygons(source, "zones", id_field or None)
    empty = sum(p is None for p in polys)
    if empty:
        raise ValueError(f"{empty} of {len(polys)} zones have no geometry")
    if not polys:
        raise ValueError("the zones layer has no polygons")
    return polys, [str(i) for i in ids], list(source.getFeatures())


def _read_rows(alg, parameters, context, feedback, source, frame, user_field):
    """Raw trip rows in the frame: (user, trip key, time, x, y) per fix, or per-trip arrays."""
    kind = QgsWkbTypes.geometryType(source.wkbType())
    names = {k: _field(alg, parameters, k, context, source, w) for k, w in
             ((TRIP_FIELD, "trip id"), (TIME_FIELD, "time"), (START_FIELD, "start time"),
              (END_FIELD, "end time"))}
    users, o, d, start, end, length = [], [], [], [], [], []
    n_total = max(source.featureCount(), 1)
    if kind == QgsWkbTypes.PointGeometry:
        trip_f = _field(alg, parameters, TRIP_FIELD, context, source, "trip id", True)
        time_f = _field(alg, parameters, TIME_FIELD, context, source, "time", True)
        trip, t, xs, ys = [], [], [], []
        for k, (f, g) in enumerate(frame.features(source)):
            if k % 20000 == 0:
                _check_cancel(feedback, 20 * k / n_total)
            if g is None:
                continue
            for p in g.vertices():
                users.append(_none(f[user_field]))
                trip.append(_none(f[trip_f]))
                t.append(_time(f[time_f]))
                xs.append(p.x())
                ys.append(p.y())
        if not xs:
            raise ValueError("the trips layer has no points")
        codes, unique = user_codes(users)
        trips = trips_from_fixes(codes, [f"{u}\x1f{tr_}" for u, tr_ in zip(codes, trip)],
                                 parse_times(np.array(t, dtype=object)), xs, ys)
        alg.check_unit_ids(trips.user.tolist(), kind="user", field=user_field, what="trips")
        return trips, unique
    if kind == QgsWkbTypes.LineGeometry:
        has_m = QgsWkbTypes.hasM(source.wkbType())
        for k, (f, g) in enumerate(frame.features(source)):
            if k % 20000 == 0:
                _check_cancel(feedback, 20 * k / n_total)
            if g is None:
                continue
            verts = list(g.vertices())
            users.append(_none(f[user_field]))
            o.append((verts[0].x(), verts[0].y()))
            d.append((verts[-1].x(), verts[-1].y()))
            length.append(g.length())
            start.append(_time(f[names[START_FIELD]]) if names[START_FIELD] else
                         (verts[0].m() if has_m else math.nan))
            end.append(_time(f[names[END_FIELD]]) if names[END_FIELD] else
                       (verts[-1].m() if has_m else math.nan))
    else:
        cols = [_field(alg, parameters, k, context, source, w, True) for k, w in
                ((ORIGIN_X, "origin x"), (ORIGIN_Y, "origin y"), (DEST_X, "destination x"),
                 (DEST_Y, "destination y"))]
        crs = alg.parameterAsCrs(parameters, TABLE_CRS, context)
        if not crs.isValid():
            raise ValueError("give the CRS of the coordinate fields")
        to_frame = QgsCoordinateTransform(crs, frame.crs, context.transformContext())
        bad = 0
        for k, f in enumerate(source.getFeatures()):
            if k % 20000 == 0:
                _check_cancel(feedback, 20 * k / n_total)
            xy = [_float(f[c]) for c in cols]
            if not all(math.isfinite(v) for v in xy):
                bad += 1
                continue
            a = to_frame.transform(QgsPointXY(xy[0], xy[1]))
            b = to_frame.transform(QgsPointXY(xy[2], xy[3]))
            users.append(_none(f[user_field]))
            o.append((a.x(), a.y()))
            d.append((b.x(), b.y()))
            length.append(math.hypot(b.x() - a.x(), b.y() - a.y()))
            start.append(_time(f[names[START_FIELD]]) if names[START_FIELD] else math.nan)
            end.append(_time(f[names[END_FIELD]]) if names[END_FIELD] else math.nan)
        if bad:
            raise ValueError(f"{bad} rows of the trips table have missing or non-numeric "
                             "coordinates")
    if not users:
        raise ValueError("the trips layer has no trips")
    codes, unique = user_codes(users)
    alg.check_unit_ids(codes.tolist(), kind="user", field=user_field, what="trips")
    times = parse_times(np.array(start + end, dtype=object))
    return Trips(codes, o, d, times[:len(start)], times[len(start):], length), unique


def _none(value):
    return None if value is None or value == NULL else value


def _float(value) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return math.nan


def _check_cancel(feedback, percent):
    if feedback is not None:
        if feedback.isCanceled():
            raise Cancelled()
        feedback.setProgress(percent)


def read_trips(alg, parameters, context, feedback) -> TripInput:
    """Zones (public frame) and the trips in the time window with their zone indices."""
    source = alg.source_or_raise(parameters, INPUT, context)
    zones_source = alg.source_or_raise(parameters, ZONES, context)
    frame = alg.metric_frame(parameters, context, public=(ZONES,))
    polys, zone_ids, zone_feats = _zones(alg, parameters, context, frame, zones_source)
    user_field = alg.unit_field(parameters, USER_FIELD, source, context, feedback)
    trips, _ = _read_rows(alg, parameters, context, feedback, source, frame, user_field)
    n_read = trips.n
    start, end = time_window(alg, parameters, context)
    inside = in_window(trips, start, end)
    if not inside.any():
        untimed = int(np.count_nonzero(~(np.isfinite(trips.start) & np.isfinite(trips.end))))
        raise ValueError(f"none of the {n_read} trips lies in the time window"
                         + (f"; {untimed} trips have no time (choose the time fields)"
                            if untimed else ""))
    trips = trips.subset(np.flatnonzero(inside))
    o = locate_points(polys, trips.origin[:, 0], trips.origin[:, 1])
    d = locate_points(polys, trips.dest[:, 0], trips.dest[:, 1])
    located = (o >= 0) & (d >= 0)
    n_out = int((~located).sum())
    if not located.any():
        raise ValueError(f"all {trips.n} trips in the window start or end outside every zone "
                         "(check the layers' CRSs)")
    warnings = []
    if n_out > 0.05 * trips.n:
        warnings.append(f"{n_out} of {trips.n} trips ({100 * n_out / trips.n:.1f} %) start or "
                        "end outside every zone and were dropped")
    keep = np.flatnonzero(located)
    facts = [("trips read", n_read), ("trips in the time window", trips.n),
             ("trips outside the zones (dropped)", n_out), ("trips used", keep.size),
             ("users", int(np.unique(trips.user[keep]).size))]
    centroids = np.array([[p.centroid.x, p.centroid.y] for p in polys])
    return TripInput(frame, frame.home_crs, trips.subset(keep), o[keep], d[keep],
                     zone_ids, polys, zone_feats, centroids, facts, warnings)


def reserve(alg, parameters, context, plan):
    """The ledger charge of a whole-trip release (dataset id default: the trips' source)."""
    return alg.reserve_budget(parameters, context,
                              default_dataset_id=alg.layer_source_id(parameters, INPUT, context),
                              planned=plan)


def max_trips(alg, parameters, context) -> int:
    return alg.parameterAsInt(parameters, MAX_TRIPS, context)
