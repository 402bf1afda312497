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
                       QgsWkbTypes)

from ...dpcore.flows.cells import locate_points
from ...dpcore.ingest import parse_times
from ...dpcore.od.trips import Trips, in_window, trips_from_fixes, user_codes
from ...dpcore.privacy import Cancelled
from .frame import MetricFrame
from .trip_parameters import (DEST_X, DEST_Y, END_FIELD, INPUT, ORIGIN_X, ORIGIN_Y,  # noqa: F401
                              START_FIELD, TABLE_CRS, TIME_FIELD, TRIP_FIELD, TRIPS_HELP,
                              USER_FIELD, ZONE_ID_FIELD, ZONES, add_trip_parameters, max_trips,
                              time_window)
from .values import epoch_seconds

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
