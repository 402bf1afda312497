"""The layers of mobilitydp:aggregateflows: the tessellation and the GPS trajectories read in
the tessellation's metric frame, the flows and the flow per zone written in the cells' CRS."""
import numpy as np
from qgis.core import (
    NULL,
    QgsCoordinateTransform,
    QgsFeature,
    QgsFeatureSink,
    QgsField,
    QgsFields,
    QgsGeometry,
    QgsPointXY,
    QgsWkbTypes,
)

from ..common.base import epoch_seconds, style_on_load
from ..common.field_types import FieldType
from ..common.flow_styles import flow_style, zone_style
from ..common.progress import raise_if_cancelled


def read_interval(alg, parameters, context, start: str, end: str):
    """The time interval τ of the parameters ``start`` and ``end`` in epoch seconds (an open
    end: ±inf), or None when neither is given."""
    start, end = (alg.parameterAsDateTime(parameters, k, context) if
                  alg.parameter_given(parameters, k) else None for k in (start, end))
    if start is None and end is None:
        return None
    return (epoch_seconds(start) if start is not None and start.isValid() else -np.inf,
            epoch_seconds(end) if end is not None and end.isValid() else np.inf)


def read_tessellation(alg, parameters, context, feedback, frame, cells, id_field):
    """``(cells source, polygons, cell ids)`` of the tessellation ``cells`` (id field parameter
    ``id_field``) in ``frame``; refused when a cell has no geometry."""
    cells_source = alg.source_or_raise(parameters, cells, context)
    id_field = alg.parameterAsString(parameters, id_field, context)
    if id_field and cells_source.fields().lookupField(id_field) < 0:
        raise ValueError(f"the cell id field '{id_field}' is not in the tessellation")
    polys, cell_ids = frame.read_polygons(cells_source, "tessellation", id_field)
    raise_if_cancelled(feedback)
    feedback.setProgress(5)
    missing = [i for i, p in zip(cell_ids, polys) if p is None]
    if missing:
        raise ValueError(f"cell {missing[0]} of the tessellation has no geometry")
    return cells_source, polys, cell_ids


def read_trajectories(alg, parameters, context, frame, source, feedback, names):
    """``(vehicle field, (vehicle, trajectory, time, x, y) per GPS fix)``, read in the frame's
    CRS; ``names`` are the parameters of the vehicle, trajectory and time fields.

    Not through ``frame.features``: densifying a line would invent fixes.
    """
    vehicle_key, trajectory_key, time_key = names
    names = {k: alg.parameterAsString(parameters, k, context)
             for k in (trajectory_key, time_key)}
    for key, what in ((trajectory_key, "trajectory"), (time_key, "time")):
        if names[key] and source.fields().lookupField(names[key]) < 0:
            raise ValueError(f"the {what} field '{names[key]}' is not in the trajectory layer")
    names[vehicle_key] = alg.unit_field(parameters, vehicle_key, source, context, feedback)
    if names[vehicle_key] == names[trajectory_key]:
        raise ValueError(f"the vehicle and trajectory fields are both "
                         f"'{names[vehicle_key]}': each trip would count as its own "
                         "vehicle; choose the field that identifies the vehicle")
    lines = QgsWkbTypes.geometryType(source.wkbType()) == QgsWkbTypes.LineGeometry
    if lines and not QgsWkbTypes.hasM(source.wkbType()):
        raise ValueError("trajectory lines need the time of each vertex as M values")
    if not lines and not names[time_key]:
        raise ValueError("trajectory points need a time field (Time field is required for "
                         "points; only lines carry their times as M values)")
    vehicle, trajectory, times, xs, ys = [], [], [], [], []
    request = frame.request(source, [n for n in names.values() if n])
    for f in source.getFeatures(request):
        raise_if_cancelled(feedback)
        if not f.hasGeometry():
            continue
        veh = f[names[vehicle_key]]
        traj = (f[names[trajectory_key]] if names[trajectory_key] else
            (f.id() if lines else 0))
        t = None if lines else epoch_seconds(f[names[time_key]])
        for v in f.geometry().vertices():
            vehicle.append(None if veh == NULL else str(veh))
            trajectory.append(None if traj == NULL else str(traj))
            times.append(v.m() if lines else t)
            xs.append(v.x())
            ys.append(v.y())
    if not xs:
        raise ValueError("the trajectory layer has no points")
    return names[vehicle_key], (np.array(vehicle, dtype=object),
                                  np.array(trajectory, dtype=object),
                                  np.array(times, dtype=object), np.array(xs), np.array(ys))


def write_flow_layers(alg, parameters, context, feedback, names, held, release) -> dict:
    """The flows, the flow per zone and (asked for) the true flows, ``names`` their outputs;
    the central mode's note on the vehicles kept goes to the holder's log only."""
    flows_name, zones_name, true_name = names
    _, cells_source, frame, cell_ids = held
    text, low = release.internal["kept_note"]
    if text:
        (feedback.pushWarning if low else feedback.pushInfo)(text)
    flows = np.asarray(release.values, dtype=float)
    results = {flows_name: write_flows(alg, parameters, context, flows_name, cells_source, frame,
                                       cell_ids, release.public, flows),
               zones_name: write_zones(alg, parameters, context, zones_name, cells_source,
                                       cell_ids, release.public)}
    feedback.setProgress(95)
    if alg.parameter_given(parameters, true_name):
        results[true_name] = write_flows(alg, parameters, context, true_name, cells_source, frame,
                                         cell_ids, release.public, release.internal["true_flows"])
    return results


def _sink(alg, parameters, context, name, specs, wkb, crs):
    fields = QgsFields()
    for field_name, kind in specs:
        fields.append(QgsField(field_name, kind))
    sink, dest_id = alg.sink(parameters, name, context, fields, wkb, crs)
    return fields, sink, dest_id


def write_flows(alg, parameters, context, name, cells_source, frame, cell_ids, public, flows):
    """The flows between the centroids of adjacent cells (``public``: the release's public
    facts), in the cells' CRS."""
    fields, sink, dest_id = _sink(
        alg, parameters, context, name, (("origin", FieldType.String), ("dest", FieldType.String),
                                     ("flow", FieldType.Double)),
        QgsWkbTypes.LineString, cells_source.sourceCrs())
    back = QgsCoordinateTransform(frame.crs, cells_source.sourceCrs(),
                                  context.transformContext())
    pts = [back.transform(QgsPointXY(cx, cy)) for cx, cy in public["cell_centroids"]]
    for o, d, v in zip(public["move_origin"].tolist(), public["move_dest"].tolist(),
                       flows.tolist()):
        f = QgsFeature(fields)
        f.setGeometry(QgsGeometry.fromPolylineXY([pts[o], pts[d]]))
        f.setAttributes([str(cell_ids[o]), str(cell_ids[d]), v])
        sink.addFeature(f, QgsFeatureSink.FastInsert)
    top = float(max(flows.max(initial=0.0), 1e-9))
    style_on_load(context, dest_id, lambda layer: flow_style(layer, top))
    return dest_id


def write_zones(alg, parameters, context, name, cells_source, cell_ids, public):
    """The cells with their flows out, in, total and whether above the median."""
    fields, sink, dest_id = _sink(
        alg, parameters, context, name, (("cell_id", FieldType.String),
                                     ("flow_out", FieldType.Double),
                                     ("flow_in", FieldType.Double), ("flow", FieldType.Double),
                                     ("above_median", FieldType.Bool)),
        QgsWkbTypes.multiType(cells_source.wkbType()), cells_source.sourceCrs())
    for k, feat in enumerate(cells_source.getFeatures()):
        f = QgsFeature(fields)
        g = QgsGeometry(feat.geometry())
        g.convertToMultiType()
        f.setGeometry(g)
        f.setAttributes([str(cell_ids[k]), float(public["flow_out"][k]),
                         float(public["flow_in"][k]), float(public["flow_per_zone"][k]),
                         bool(public["above_median"][k])])
        sink.addFeature(f, QgsFeatureSink.FastInsert)
    style_on_load(context, dest_id, zone_style)
    return dest_id
