"""Where trips come from: a plain file streamed by GDAL, or any layer iterated through QGIS.

Both feed the same :class:`dpcore.ingest.trip_encoder.TripEncoder`, so a layer gives
the same ZonedTrips (same user codes, same row order, hence the same sample
for a seed) whichever path reads it. The file path reprojects whole columns
at once (:func:`to_frame_function`: pyproj, which QGIS on Debian depends on,
on the main thread, else GDAL's osr) with the coordinate operation QGIS itself would use,
and checks its first points against ``QgsCoordinateTransform``.
"""
from __future__ import annotations

import math
import os
import threading
import warnings

import numpy as np
from qgis.core import NULL, QgsCoordinateTransform, QgsFeatureRequest, QgsPointXY, QgsProjUtils, QgsWkbTypes

from ..common.events import INPUT
from ..common.events import _direct_file as _events_direct_file
from ..common.qgis_values import epoch_seconds

#: Features per batch on the QGIS feature path.
LAYER_BATCH = 100_000


def _pyproj_transform(op, src_crs, dst_crs):
    """A vectorised transform by pyproj of the operation QGIS chose (else of the CRS pair)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pyproj warns on import when a venv hides its data
        import pyproj
        try:
            pyproj.datadir.get_data_dir()
        except pyproj.exceptions.DataDirError:
            for path in QgsProjUtils.searchPaths():
                if os.path.isfile(os.path.join(path, "proj.db")):
                    pyproj.datadir.set_data_dir(path)
                    break
        if op:
            return pyproj.Transformer.from_pipeline(op).transform
        return pyproj.Transformer.from_crs(src_crs.toWkt(), dst_crs.toWkt(),
                                           always_xy=True).transform


def _osr_transform(op, src_crs, dst_crs):
    """The same by GDAL's osr, whose PROJ contexts are per thread (safe in any thread)."""
    from osgeo import osr
    a, b = osr.SpatialReference(), osr.SpatialReference()
    a.ImportFromWkt(src_crs.toWkt())
    b.ImportFromWkt(dst_crs.toWkt())
    # QGIS's operation takes x, y as they come (normalised for display): osr must not swap
    # axes around it; without one, osr swaps each CRS's authority order to x, y
    for s in (a, b):
        s.SetAxisMappingStrategy(osr.OAMS_AUTHORITY_COMPLIANT if op else
                                 osr.OAMS_TRADITIONAL_GIS_ORDER)
    options = osr.CoordinateTransformationOptions()
    if op:
        options.SetOperation(op)
    ct = osr.CoordinateTransformation(a, b, options)

    def transform(x, y):
        out = np.asarray(ct.TransformPoints(np.column_stack([x, y])), dtype=float)
        return out[:, 0], out[:, 1]
    return transform


def to_frame_function(src_crs, frame, context):
    """A vectorised ``(x, y) -> (x, y)`` from ``src_crs`` to the frame, or None if the same.

    pyproj (about 4 times faster than osr) only on the main thread (``qgis_process``, the
    Python console): pyproj 3.7 keeps a PROJ context per thread and, in a thread Python did
    not create (QGIS runs a dialog's algorithm in a Qt pool thread), hands out a freed one
    the second time; QGIS 3.40 on Debian 13 (pyproj 3.7.1) died of SIGSEGV in
    ``proj_create`` on the second run from a dialog. Elsewhere, or without pyproj, osr.
    """
    if src_crs == frame.crs:
        return None
    qgs = QgsCoordinateTransform(src_crs, frame.crs, context.transformContext())
    op = qgs.coordinateOperation() if hasattr(qgs, "coordinateOperation") else ""
    transform = None
    if threading.current_thread() is threading.main_thread():
        try:
            transform = _pyproj_transform(op, src_crs, frame.crs)
        except Exception:  # noqa: BLE001 — no pyproj, or one without its data
            transform = None
    if transform is None:
        transform = _osr_transform(op, src_crs, frame.crs)
    checked = []

    def to_frame(x, y):
        fx, fy = (np.asarray(v, dtype=float) for v in transform(x, y))
        if not checked:
            for i in np.flatnonzero(np.isfinite(x) & np.isfinite(y))[:8]:
                p = qgs.transform(QgsPointXY(float(x[i]), float(y[i])))
                if not (abs(p.x() - fx[i]) <= 1e-3 and abs(p.y() - fy[i]) <= 1e-3):
                    raise RuntimeError(f"the vectorised transform gives ({fx[i]}, {fy[i]}) "
                                       f"where QGIS gives ({p.x()}, {p.y()})")
            checked.append(True)
        return fx, fy
    return to_frame


def direct_file(alg, parameters, context, layout):
    """(path, layer name) when INPUT is a whole plain file GDAL can stream, else None.

    The events reader's rule (an OGR file or a plain comma-separated CSV without selection,
    filter or subset); a CSV only as a table (its geometry comes from QGIS's options), and
    points / lines only as simple Point / LineString layers (the WKB parsed on the fast path).
    """
    found = _events_direct_file(alg, parameters, context)
    if found is None or layout == "table":
        return found
    if found[0].lower().endswith((".csv", ".txt", ".tsv")):
        return None
    layer = alg.parameterAsVectorLayer(parameters, INPUT, context)
    flat = QgsWkbTypes.flatType(layer.wkbType())
    return found if flat == (QgsWkbTypes.LineString if layout == "lines" else
                             QgsWkbTypes.Point) else None


def _value(v):
    return None if v is None or v == NULL else v


def _float(value) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return math.nan


def _time(value):
    return epoch_seconds(value)  # a number, text (parsed with the column) or None


def _objects(values):
    return np.asarray(list(values) + [None], dtype=object)[:-1]


def read_layer(source, frame, encoder, *, layout, user_field, fields, to_frame, progress):
    """Iterate ``source`` through QGIS in batches into ``encoder`` (geometries in the frame)."""
    total = max(source.featureCount(), 1)
    rows, n = [], [0]
    has_m = QgsWkbTypes.hasM(source.wkbType())

    def flush():
        if not rows:
            return
        cols = list(zip(*rows))
        if layout == "points":
            encoder.add_fixes(_objects(cols[0]), _objects(cols[1]), _objects(cols[2]),
                              np.asarray(cols[3], float), np.asarray(cols[4], float),
                              in_frame=True)
        elif layout == "lines":
            encoder.add_trips(_objects(cols[0]), *(np.asarray(c, float) for c in cols[1:5]),
                              _objects(cols[5]), _objects(cols[6]),
                              np.asarray(cols[7], float), in_frame=True)
        else:
            ox, oy = (to_frame(np.asarray(cols[1], float), np.asarray(cols[2], float))
                if to_frame else (np.asarray(cols[1], float), np.asarray(cols[2], float)))
            dx, dy = (to_frame(np.asarray(cols[3], float), np.asarray(cols[4], float))
                if to_frame else (np.asarray(cols[3], float), np.asarray(cols[4], float)))
            encoder.add_trips(_objects(cols[0]), ox, oy, dx, dy, _objects(cols[5]),
                              _objects(cols[6]), in_frame=True)
        n[0] += len(rows)
        rows.clear()
        progress(n[0] / total)

    def t(f, name):
        return _time(f[fields[name]]) if fields.get(name) else None

    if layout == "table":
        request = QgsFeatureRequest().setFlags(QgsFeatureRequest.NoGeometry)
        for f in source.getFeatures(request):
            rows.append((_value(f[user_field]), *(_float(f[fields[k]]) for k in
                         ("origin_x", "origin_y", "dest_x", "dest_y")),
                         t(f, "start"), t(f, "end")))
            if len(rows) >= LAYER_BATCH:
                flush()
    else:
        for f, g in frame.features(source, keep_m=has_m):
            if g is None:
                continue
            if layout == "points":
                for p in g.vertices():
                    rows.append((_value(f[user_field]), _value(f[fields["trip"]]),
                                 t(f, "time"), p.x(), p.y()))
            else:
                verts = list(g.vertices())
                a, b = verts[0], verts[-1]
                rows.append((_value(f[user_field]), a.x(), a.y(), b.x(), b.y(),
                             t(f, "start") if fields.get("start") else
                             (a.m() if has_m else math.nan),
                             t(f, "end") if fields.get("end") else
                             (b.m() if has_m else math.nan), g.length()))
            if len(rows) >= LAYER_BATCH:
                flush()
    flush()
