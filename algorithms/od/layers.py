"""Writing released OD matrices as layers (odflows, mobilityreport), the report's visits per
zone, and the shared help and choices of the OD method.

The OD table holds every pair with a positive noisy flow (absent = 0); the flow lines, between
zone centroids, only the flows between two zones above a public threshold (the simultaneous
margin: no arrows that the noise alone explains). Both carry each value's 95 % margin of error.
"""
import numpy as np
from qgis.core import QgsFeature, QgsFeatureSink, QgsField, QgsFields, QgsGeometry, QgsWkbTypes

from ...dpcore.od.regions import region_centres, shown_pairs
from ...dpcore.od.strategy import AUTO, OD_PEOPLE, OD_TRIPS
from ..common.base import style_on_load
from ..common.field_types import FieldType
from ..common.flow_styles import flow_style
from ..common.i18n import tr
from ..common.styles import graduated_style

METHOD_CHOICES = [(AUTO, "automatic: the public rule picks (see the help; the report says why)"),
                  (OD_PEOPLE, "people per pair: each user once, on their main pair; shrunk"),
                  (OD_TRIPS, "trips per pair: ≤ m trips per user, plain noise (the former "
                             "method)")]

FIELDS = (("origin", FieldType.String), ("dest", FieldType.String), ("flow", FieldType.Double),
          ("moe95", FieldType.Double), ("lower95", FieldType.Double), ("upper95", FieldType.Double))


def write_od(alg, parameters, context, output, data, values, moe, lines_above=None,
             lower=None, upper=None, where=None, lines=False):
    """Write ``values`` (n × n, non-negative) to sink ``output``: a table, or flow lines when
    ``lines`` or ``lines_above`` (the threshold) is given. ``where``: a boolean n × n mask of
    the pairs to write (public: from the noisy values) instead of the threshold.
    ``lower``/``upper``: each value's interval (default: value ∓ ``moe``, clipped at 0).
    Returns the destination id."""
    fields = QgsFields()
    for name, kind in FIELDS:
        fields.append(QgsField(name, kind))
    lines = lines or lines_above is not None
    sink, dest_id = alg.sink(parameters, output, context, fields,
                             QgsWkbTypes.LineString if lines else QgsWkbTypes.NoGeometry,
                             data.zones_crs)
    moe = float(moe)
    if where is not None:
        shown = np.asarray(where, dtype=bool) & (values > 0)
    else:
        shown = values > (float(lines_above) if lines_above is not None else 0.0)
    if lines_above is not None:     # said in the run log if no line is drawn
        alg.explain_empty(output, tr("none of the {} flows exceeds the simultaneous 95 % margin "
                                     "of error (± {:g}): they may be noise alone (see the "
                                     "report)").format(values.size, float(lines_above)))
    if lines:
        np.fill_diagonal(shown, False)  # intra-zone trips: in the OD table only
    pts = data.centroid_points() if lines else None
    ids = data.zone_ids
    for o, d in zip(*np.nonzero(shown)):
        v = float(values[o, d])
        lo = float(lower[o, d]) if lower is not None else max(0.0, v - moe)
        up = float(upper[o, d]) if upper is not None else v + moe
        f = QgsFeature(fields)
        if lines:
            f.setGeometry(QgsGeometry.fromPolylineXY([pts[o], pts[d]]))
        f.setAttributes([ids[o], ids[d], v, (up - lo) / 2.0 if upper is not None else moe,
                         lo, up])
        sink.addFeature(f, QgsFeatureSink.FastInsert)
    if lines:
        top = float(max(values.max(initial=0.0), 1.0))
        style_on_load(context, dest_id, lambda layer: flow_style(layer, top))
    return dest_id


def write_region_lines(alg, parameters, context, output, data, regions, released):
    """Flow lines between public regions (``released``: ``public['regions']`` of the people
    release, R × R upper triangle): the pairs of two regions whose 95 % interval excludes 0,
    drawn between the mean centroids of each region's zones. Returns the destination id."""
    fields = QgsFields()
    for name, kind in FIELDS:
        fields.append(QgsField(name, kind))
    sink, dest_id = alg.sink(parameters, output, context, fields, QgsWkbTypes.LineString,
                             data.zones_crs)
    values = np.asarray(released["values"], dtype=float)
    lower, upper = np.asarray(released["lower"]), np.asarray(released["upper"])
    pts = [data.frame.point_to_home(x, y) for x, y in region_centres(data.centroids, regions)]
    shown = shown_pairs(lower)
    for a, b in zip(*np.nonzero(shown)):
        f = QgsFeature(fields)
        f.setGeometry(QgsGeometry.fromPolylineXY([pts[a], pts[b]]))
        f.setAttributes([str(a), str(b), float(values[a, b]),
                         float(upper[a, b] - lower[a, b]) / 2.0, float(lower[a, b]),
                         float(upper[a, b])])
        sink.addFeature(f, QgsFeatureSink.FastInsert)
    top = float(max(values[shown].max(initial=0.0), 1.0))
    style_on_load(context, dest_id, lambda layer: flow_style(layer, top))
    return dest_id


def write_visits(alg, parameters, context, output, data, entry):
    """The visits per zone (``entry``: the visits statistic released) and per time window,
    with the 95 % margin of error (or, when shrunk, the noisy count's margin and a note)."""
    windows = entry["labels"][0]
    fields = QgsFields()
    fields.append(QgsField("zone", FieldType.String))
    fields.append(QgsField("visits", FieldType.Double))
    fields.append(QgsField("moe95", FieldType.Double))
    for k in range(len(windows)):
        fields.append(QgsField(f"visits_w{k}", FieldType.Double))
    fields.append(QgsField("moe95_w", FieldType.Double))
    fields.append(QgsField("moe95_note", FieldType.String))
    note = (tr("not a 95 % interval: the margin of the noisy count before shrinkage × the "
              "sampling scale; it ignores the shrinkage and the scale's noise")
        if "margin_note" in entry else tr("95 % margin of error of the noisy count"))
    sink, dest_id = alg.sink(parameters, output, context, fields,
                              QgsWkbTypes.MultiPolygon, data.zones_crs)
    counts = np.asarray(entry["counts"], dtype=float)
    for k, feat in enumerate(data.zone_features):
        f = QgsFeature(fields)
        g = QgsGeometry(feat.geometry())
        g.convertToMultiType()
        f.setGeometry(g)
        f.setAttributes([data.zone_ids[k], float(entry["per_zone"][k]),
                         float(entry["per_zone_margin_of_error_95"])]
                        + [float(v) for v in counts[k]]
                        + [float(entry["margin_of_error_95"]), note])
        sink.addFeature(f, QgsFeatureSink.FastInsert)
    style_on_load(context, dest_id, graduated_style("visits"))
    return dest_id
