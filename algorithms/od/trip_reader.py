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

Reading streams (see :mod:`.trip_sources`): a plain file through GDAL's Arrow
interface, any other layer through QGIS in batches, both into the compact
arrays of :class:`dpcore.od.trip_arrays.ZonedTrips` (68 bytes per trip kept), with
zones located by :class:`dpcore.ingest.zones.ZoneIndex`.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from qgis.core import QgsCoordinateReferenceSystem, QgsWkbTypes

from ...dpcore.accounting.units import check_distinct_count
from ...dpcore.ingest.table import bounded_table_dataset_id
from ...dpcore.ingest.trip_encoder import TripEncoder
from ...dpcore.ingest.trip_files import read_trips_file
from ...dpcore.ingest.trip_table import check_trip_tables, read_trip_tables
from ...dpcore.ingest.zones import ZoneIndex
from ...dpcore.od.trip_arrays import ZonedTrips
from ...dpcore.od.trip_tables import TripTables
from ..common.base import release_period
from ..common.frame import MetricFrame
from ..common.frame_reading import DENSIFY_DEGREES
from ..common.i18n import tr
from ..common.progress import progress_bridge
from ..common.seeded import is_seeded_record
from .trip_parameters import (
    BOUNDED_TRIPS,
    DEST_X,
    DEST_Y,
    END_FIELD,
    INPUT,
    ORIGIN_X,
    ORIGIN_Y,
    START_FIELD,
    TABLE_CRS,
    TIME_FIELD,
    TRIP_FIELD,
    USER_FIELD,
    ZONE_ID_FIELD,
    ZONES,
    add_trip_parameters,
    max_trips,
    time_window,
)
from .trip_sources import direct_file, read_layer, to_frame_function

# The trip parameters are declared in trip_parameters and re-exported here: an OD algorithm
# imports its reader and its parameters from this one module.
__all__ = [
    "ZONES", "TripInput", "add_trip_parameters", "bounded_trips_dir",
    "max_trips", "read_trips", "read_zoned", "time_window", "trips_ledger_scope",
]


@dataclass
class TripInput:
    """Trips in the zones' metric frame with their zones (``zoned``), and facts for the reports.

    ``trips``, ``origin_zone`` and ``dest_zone`` are ``zoned``'s arrays. From a Spark job's
    bounded trips (BOUNDED_TRIPS), ``zoned`` is their :class:`dpcore.od.trip_tables.TripTables`
    (``tables`` is True) and ``dataset_id`` the id the job recorded. ``public_rows``: the
    public report's rows on the input (the trips' source; a Spark job's public parameters).
    """

    frame: MetricFrame
    zones_crs: QgsCoordinateReferenceSystem
    zoned: ZonedTrips
    zone_ids: list
    zone_polygons: list
    zone_features: list
    centroids: np.ndarray
    facts: list = field(default_factory=list)      # raw-data counts: internal only
    warnings: list = field(default_factory=list)   # raw-data warnings: internal only
    engine: str = "qgis"
    dataset_id: object = None
    public_rows: list = field(default_factory=list)
    sketch: object = None                          # the people's sketch of a Spark job

    @property
    def tables(self) -> bool:
        return isinstance(self.zoned, TripTables)

    @property
    def trips(self):
        return self.zoned.trips

    @property
    def origin_zone(self):
        return self.zoned.origin_zone

    @property
    def dest_zone(self):
        return self.zoned.dest_zone

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


def _layout(alg, parameters, context, source):
    """(layout, field names, CRS of the raw coordinates) of the trips layer."""
    kind = QgsWkbTypes.geometryType(source.wkbType())
    names = {k: _field(alg, parameters, p, context, source, w) for k, p, w in
             (("start", START_FIELD, "start time"), ("end", END_FIELD, "end time"))}
    coordinates = all(alg.parameterAsString(parameters, p, context)
                      for p in (ORIGIN_X, ORIGIN_Y, DEST_X, DEST_Y))
    if coordinates:  # the coordinate fields win over a geometry (a CSV's WKT column)
        kind = QgsWkbTypes.NullGeometry
    elif (kind in (QgsWkbTypes.PointGeometry, QgsWkbTypes.LineGeometry) and
            not source.sourceCrs().isValid()):
        raise ValueError(
            "the trips layer has geometries but no CRS (a CSV whose WKT column was read as "
            "the geometry?): set the layer's CRS, or give the four coordinate fields (origin "
            "and destination x and y) and their CRS to read the trips as a table")
    if kind == QgsWkbTypes.PointGeometry:
        names["trip"] = _field(alg, parameters, TRIP_FIELD, context, source, "trip id", True)
        names["time"] = _field(alg, parameters, TIME_FIELD, context, source, "time", True)
        return "points", names, source.sourceCrs()
    if kind == QgsWkbTypes.LineGeometry:
        return "lines", names, source.sourceCrs()
    for k, p, w in (("origin_x", ORIGIN_X, "origin x"), ("origin_y", ORIGIN_Y, "origin y"),
                    ("dest_x", DEST_X, "destination x"), ("dest_y", DEST_Y, "destination y")):
        names[k] = _field(alg, parameters, p, context, source, w, True)
    crs = alg.parameterAsCrs(parameters, TABLE_CRS, context)
    if not crs.isValid():
        raise ValueError("give the CRS of the coordinate fields")
    return "table", names, crs


def read_zoned(alg, parameters, context, feedback, frame, zones, progress=None):
    """(ZonedTrips, raw facts, engine) of INPUT: streamed from its file when it is a plain
    file GDAL reads, else through QGIS; either way the same arrays."""
    source = alg.source_or_raise(parameters, INPUT, context)
    user_field = alg.unit_field(parameters, USER_FIELD, source, context, feedback)
    layout, names, src_crs = _layout(alg, parameters, context, source)
    progress = progress or progress_bridge(feedback, 0, 30)
    to_frame = to_frame_function(src_crs, frame, context)
    encoder = TripEncoder(zones, to_frame=to_frame, window=time_window(alg, parameters, context))
    direct = direct_file(alg, parameters, context, layout)
    if direct is not None:
        read_trips_file(direct[0], encoder, layout=layout, user_field=user_field,
                        fields=names, layer_name=direct[1], progress=progress,
                        densify_step=DENSIFY_DEGREES if layout == "lines" and
                        src_crs.isGeographic() else None)
    else:
        read_layer(source, frame, encoder, layout=layout, user_field=user_field, fields=names,
                   to_frame=to_frame, progress=progress)
    zoned, facts = encoder.finish()
    check_distinct_count(facts["read"], facts["users_read"], kind="user", field=user_field,
                         what="trips")
    return zoned, facts, "gdal" if direct is not None else "qgis"


def bounded_trips_dir(alg, parameters, context) -> str:
    """The BOUNDED_TRIPS directory ('' when the algorithm has none or it is empty); refuses
    both or neither of it and the trips layer."""
    table = (alg.parameterAsFile(parameters, BOUNDED_TRIPS, context)
             if alg.parameterDefinition(BOUNDED_TRIPS) is not None else "")
    if (alg.parameterDefinition(BOUNDED_TRIPS) is not None and
            bool(table) == (alg.parameterAsSource(parameters, INPUT, context) is not None)):
        raise ValueError("give either the trips layer or a bounded-trips directory (exactly one)")
    return table


def _from_tables(alg, parameters, context, table, zone_ids, m):
    """(TripTables in the zones' order, raw facts, public rows, dataset id, people's sketch)
    of BOUNDED_TRIPS."""
    tables, record = read_trip_tables(table, zone_ids)
    check_trip_tables(record, max_trips=m, window=time_window(alg, parameters, context))
    alg.seeded_source = is_seeded_record(record)
    dropped = record.get("dropped", {})
    facts = [("bounded trips", table), ("rows read by Spark", record.get("n_rows")),
             *[(f"rows not used: {k.replace('_', ' ')}", v) for k, v in dropped.items()],
             ("trips used", tables.n), ("users", tables.n_users),
             ("trips kept by the bounding (≤ m per user)", int(tables.trips.sum())),
             ("read by", "spark")]
    window = record.get("window") or [None, None]
    public = [("bounding", f"ran on Apache Spark {record.get('spark_version', '')} "
                           f"({record.get('master', '')}) with scripts/spark-bound trips"),
              ("bounding parameters", f"m = {record['max_trips']}, time window "
                                      f"{window[0]} – {window[1]} (epoch s; None = open)"),
              ("bounding randomness", record.get("randomness", "unknown"))]
    return (tables, facts, public, lambda: bounded_table_dataset_id(record, table),
            record.get("people_sketch"))


def read_trips(alg, parameters, context, feedback, *, bounded_max_trips=None) -> TripInput:
    """Zones (public frame) and the trips in the time window with their zone indices, or the
    Spark job's bounded tables (BOUNDED_TRIPS; ``bounded_max_trips``: the m the release uses
    of them, None when it uses no trips per pair)."""
    zones_source = alg.source_or_raise(parameters, ZONES, context)
    frame = alg.metric_frame(parameters, context, public=(ZONES,))
    polys, zone_ids, zone_feats = _zones(alg, parameters, context, frame, zones_source)
    centroids = np.array([[p.centroid.x, p.centroid.y] for p in polys])
    table = bounded_trips_dir(alg, parameters, context)
    source = alg.parameterAsSource(parameters, INPUT, context)
    trips_row = ("trips", source.sourceName() if source is not None else
                 tr("bounded trips of a Spark job"))
    if table:
        tables, facts, public, default_id, sketch = _from_tables(alg, parameters, context, table,
                                                            zone_ids, bounded_max_trips)
        progress_bridge(feedback, 0, 30)(1.0)
        return TripInput(frame, frame.home_crs, tables, zone_ids, polys, zone_feats, centroids,
                         facts, [], "spark", default_id, [trips_row, *public], sketch)
    zoned, facts, engine = read_zoned(alg, parameters, context, feedback, frame,
                                      ZoneIndex(polys))
    n_read, n_window, n_out = facts["read"], facts["in_window"], facts["outside"]
    if n_window == 0:
        untimed = facts["untimed"]
        raise ValueError(f"none of the {n_read} trips lies in the time window"
                         + (f"; {untimed} trips have no time (choose the time fields)"
                            if untimed else ""))
    if zoned.n == 0:
        raise ValueError(f"all {n_window} trips in the window start or end outside every zone "
                         "(check the layers' CRSs)")
    warnings = []
    if n_out > 0.05 * n_window:
        warnings.append(f"{n_out} of {n_window} trips ({100 * n_out / n_window:.1f} %) start or "
                        "end outside every zone and were dropped")
    for w in warnings:          # the run's log (the data holder's), never the public report
        feedback.pushWarning(w)
    facts = [("trips read", n_read), ("trips in the time window", n_window),
             ("trips outside the zones (dropped)", n_out), ("trips used", zoned.n),
             ("users", zoned.n_users), ("read by", engine)]
    return TripInput(frame, frame.home_crs, zoned, zone_ids, polys, zone_feats, centroids,
                     facts, warnings, engine, public_rows=[trips_row])


def trips_ledger_scope(alg, parameters, context, data) -> dict:
    """What the ledger charges for a whole-trip release besides its cost: the default dataset
    id, the trips' source or the one a Spark job recorded for its bounded trips (one budget
    whichever path ran); the people, the users of the whole input (before the window and the
    zones), or the sketch of them the Spark job's tables carry; the period, the time window, an
    open end taken from the trips' times."""
    window = time_window(alg, parameters, context)
    if data.tables:
        return {"default_dataset_id": data.dataset_id, "sketch": data.sketch,
                "period": release_period(window)}
    trips = data.trips
    return {"default_dataset_id": alg.input_dataset_id(parameters, INPUT, context),
            "ids": lambda: data.zoned.user_ids,
            "period": release_period(window, np.concatenate([trips.start, trips.end]))}

