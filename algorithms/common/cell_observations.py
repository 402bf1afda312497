"""Cells and located observations for the Chen et al. stage (publishhistograms, trajectoryrecovery).

Cells are the public frame; observations (user, time, and either a cell id
field or a point geometry located in the cells) are read through the frame,
whatever their CRS. Observation facts (rows, users, drops) come from raw
data: they go to internal reports only.
"""
import numpy as np
from qgis.core import NULL, QgsProcessing, QgsProcessingParameterFeatureSource, QgsProcessingParameterField

from ...dpcore.flows.cells import locate_points
from ...dpcore.ingest import parse_times
from .base import tr
from .qgis_values import epoch_seconds


def add_cell_parameters(alg, cells: str, id_field: str):
    alg.addParameter(QgsProcessingParameterFeatureSource(
        cells, tr("Cells (polygons; the public frame)"), [QgsProcessing.TypeVectorPolygon]))
    alg.addParameter(QgsProcessingParameterField(
        id_field, tr("Cell id field (empty: feature id)"), parentLayerParameterName=cells,
        optional=True))


def add_observation_parameters(alg, source: str, label: str, *, user: str, time: str,
                               cell: str, optional: bool = False):
    """The observations layer, its user field (no default), time field and cell id field."""
    alg.addParameter(QgsProcessingParameterFeatureSource(
        source, tr(label), [QgsProcessing.TypeVector], optional=optional))
    alg.add_unit_field_parameter(user, "User field", source)
    alg.addParameter(QgsProcessingParameterField(
        time, tr("Time field"), parentLayerParameterName=source, optional=optional))
    alg.addParameter(QgsProcessingParameterField(
        cell, tr("Cell id field|empty: locate the point geometry in the cells"),
        parentLayerParameterName=source, optional=True))


def read_cells(alg, parameters, context, frame, cells: str, id_field: str):
    """(shapely polygons in metres, ids, geometries in the cells' CRS, centroids in metres)."""
    source = alg.source_or_raise(parameters, cells, context)
    field = alg.parameterAsString(parameters, id_field, context) or None
    polygons, ids = frame.read_polygons(source, "cell", field)
    if not polygons or all(p is None for p in polygons):
        raise ValueError("the cells layer has no polygon")
    geometries = [f.geometry() for f in source.getFeatures()]
    centroids = np.array([[p.centroid.x, p.centroid.y] if p is not None else [np.nan, np.nan]
                          for p in polygons])
    return polygons, ids, geometries, centroids, source


def read_observations(alg, parameters, context, feedback, frame, polygons, cell_ids, *,
                      source: str, user: str, time: str, cell: str):
    """(users, cell index (−1: in no cell), epoch seconds (NaN: unreadable), facts)."""
    src = alg.source_or_raise(parameters, source, context)
    user_field = alg.unit_field(parameters, user, src, context, feedback)
    time_field = alg.parameterAsString(parameters, time, context)
    if not time_field:
        raise ValueError("the time field is required")
    cell_field = alg.parameterAsString(parameters, cell, context) or None
    attributes = [user_field, time_field] + ([cell_field] if cell_field else [])
    users, times, cells, xy = [], [], [], []
    for feature, g in frame.features(src, attributes, feedback):
        users.append(feature[user_field])
        times.append(epoch_seconds(feature[time_field]))
        if cell_field:
            cells.append(str(feature[cell_field]))
        elif g is None:
            xy.append((np.nan, np.nan))
        else:
            p = g.asPoint() if not g.isMultipart() else g.asMultiPoint()[0]
            xy.append((p.x(), p.y()))
    if not users:
        raise ValueError("the observations layer is empty")
    if cell_field:
        index = {str(k): i for i, k in enumerate(cell_ids)}
        cell_idx = np.array([index.get(c, -1) for c in cells], dtype=np.int64)
    else:
        xy = np.asarray(xy, dtype=float).reshape(-1, 2)
        cell_idx = np.full(len(users), -1, dtype=np.int64)
        ok = np.isfinite(xy).all(axis=1)
        cell_idx[ok] = locate_points(polygons, xy[ok, 0], xy[ok, 1])
    keep = np.array([u is not None and u != NULL for u in users], dtype=bool)
    users = np.array([str(u) for u in users], dtype=object)
    alg.check_unit_ids(users[keep], kind="user", field=user_field, what="observations")
    seconds = parse_times(np.array(times + [None], dtype=object)[:-1])
    outside = int((cell_idx[keep] < 0).sum())
    facts = {"rows": len(users), "without user": int((~keep).sum()),
             "outside every cell": outside, "user field": user_field}
    return users[keep], cell_idx[keep], seconds[keep], facts
