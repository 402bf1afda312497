"""Writing released OD matrices as layers (odflows, mobilityreport).

The OD table holds every pair with a positive noisy flow (absent = 0); the flow lines, between
zone centroids, only the flows between two zones above a public threshold (the simultaneous
margin: no arrows that the noise alone explains). Both carry each value's 95 % margin of error.
"""
import numpy as np
from qgis.core import (QgsFeature, QgsFeatureSink, QgsField, QgsFields, QgsGeometry,
                       QgsWkbTypes)

from ..common.base import style_on_load
from ..common.flow_styles import flow_style
from ..common.field_types import FieldType

FIELDS = (("origin", FieldType.String), ("dest", FieldType.String), ("flow", FieldType.Double),
          ("moe95", FieldType.Double), ("lower95", FieldType.Double), ("upper95", FieldType.Double))


def write_od(alg, parameters, context, output, data, values, moe, lines_above=None):
    """Write ``values`` (n × n, non-negative) to sink ``output``: a table, or flow lines when
    ``lines_above`` (the threshold) is given. Returns the destination id."""
    fields = QgsFields()
    for name, kind in FIELDS:
        fields.append(QgsField(name, kind))
    lines = lines_above is not None
    sink, dest_id = alg.sink(parameters, output, context, fields,
                             QgsWkbTypes.LineString if lines else QgsWkbTypes.NoGeometry,
                             data.zones_crs)
    moe = float(moe)
    shown = values > (float(lines_above) if lines else 0.0)
    if lines:
        np.fill_diagonal(shown, False)  # intra-zone trips: in the OD table only
    pts = data.centroid_points() if lines else None
    ids = data.zone_ids
    for o, d in zip(*np.nonzero(shown)):
        v = float(values[o, d])
        f = QgsFeature(fields)
        if lines:
            f.setGeometry(QgsGeometry.fromPolylineXY([pts[o], pts[d]]))
        f.setAttributes([ids[o], ids[d], v, moe, max(0.0, v - moe), v + moe])
        sink.addFeature(f, QgsFeatureSink.FastInsert)
    if lines:
        top = float(max(values.max(initial=0.0), 1.0))
        style_on_load(context, dest_id, lambda layer: flow_style(layer, top))
    return dest_id
