"""Streaming a trips file through GDAL's Arrow interface into a :class:`.trip_encoder.TripEncoder`.

The three layouts of the trip algorithms, read as numpy columns
(``GetArrowStreamAsNumPy``, GDAL ≥ 3.6, always there in QGIS):

* ``table``: origin/destination coordinates in four fields (numbers, or
  text as CSV gives them) and optional start/end time fields;
* ``points``: GPS fixes (WKB points) with a trip id and a time field;
* ``lines``: one WKB LineString per trip (2D, Z, M, ZM; ISO or EWKB type
  codes, little-endian); times from fields, else from the M values of the
  first and last vertex. Lines in a geographic CRS are densified every
  ``densify`` degrees before the length is measured in the frame, as
  QGIS's ``densifyByDistance`` does on the feature path.

Coordinates are parsed from the WKB bytes of a whole batch at once (no
geometry object per feature). Other geometry types are refused with
ValueError: the caller reads such layers through QGIS instead.
"""
from __future__ import annotations

import os
from typing import Optional

import numpy as np

from ..reporting.progress import Progress, report_progress
from .readers import BATCH_ROWS, _check_fields, _NoOp, _row_estimate, open_layer
from .trip_encoder import TripEncoder
from .zones import _expand

LAYOUTS = ("table", "points", "lines")


def _numbers(col) -> np.ndarray:
    """A coordinate column as float64 (NaN where null or not a number)."""
    if isinstance(col, np.ma.MaskedArray):
        data, null = np.ma.getdata(col), np.ma.getmaskarray(col)
    else:
        data, null = np.asarray(col), None
    if data.dtype.kind in "iuf":
        out = data.astype(np.float64)
    else:
        if data.dtype.kind == "O":
            data = np.asarray([b"" if v is None else v for v in data.tolist()] + [b""])[:-1]
        try:
            out = data.astype(np.float64)
        except ValueError:
            out = np.array([_float(v) for v in data.tolist()], dtype=np.float64)
    if null is not None:
        out[null] = np.nan
    return out


def _float(v) -> float:
    try:
        return float(v)
    except (TypeError, ValueError):
        return np.nan


def _wkb_buffer(col) -> tuple:
    """(uint8 buffer, offset of each geometry, null mask) of a WKB column."""
    null = np.ma.getmaskarray(col) if isinstance(col, np.ma.MaskedArray) else None
    data = np.ma.getdata(col) if null is not None else np.asarray(col)
    if data.dtype.kind == "V":
        n, w = data.size, data.dtype.itemsize
        return (np.ascontiguousarray(data).view(np.uint8).reshape(-1),
                np.arange(n, dtype=np.int64) * w, null)
    items = [b"" if v is None else bytes(v) for v in data.tolist()]
    sizes = np.fromiter((len(v) for v in items), dtype=np.int64, count=len(items))
    empty = sizes == 0
    null = empty if null is None else (null | empty)
    return (np.frombuffer(b"".join(items), dtype=np.uint8),
            np.cumsum(sizes) - sizes, null)


def _u32(buf, at) -> np.ndarray:
    b = buf[at[:, None] + np.arange(4)].astype(np.uint32)
    return b[:, 0] | (b[:, 1] << 8) | (b[:, 2] << 16) | (b[:, 3] << 24)


def _type(buf, at, base: int) -> tuple:
    """(number of ordinates, index of M or -1) of the WKB geometries at ``at``."""
    if at.size and (buf[at] != 1).any():
        raise ValueError("big-endian WKB geometries are not read on the fast path")
    code = _u32(buf, at + 1)
    z = ((code & 0x80000000) != 0) | np.isin(code % 4000 // 1000, (1, 3))
    m = ((code & 0x40000000) != 0) | np.isin(code % 4000 // 1000, (2, 3))
    plain = code & 0x0FFFFFFF
    if at.size and ((plain % 1000) != base).any():
        raise ValueError("geometries other than simple points or lines are not read on the "
                         "fast path")
    dims = 2 + z.astype(np.int64) + m.astype(np.int64)
    return dims, np.where(m, 2 + z.astype(np.int64), -1)


def _coords(buf, start, n_vertices, dims) -> np.ndarray:
    """Ordinates of the vertices, (sum n_vertices, 4) float64 (NaN-padded)."""
    owner, k = _expand(np.zeros(start.size, dtype=np.int64), n_vertices)
    out = np.full((owner.size, 4), np.nan)
    for j in range(4):
        sel = np.flatnonzero(dims[owner] > j)
        for a in range(0, sel.size, 1 << 20):  # gathers of ≤ 64 MB
            s = sel[a:a + (1 << 20)]
            at = start[owner[s]] + (k[s] * dims[owner[s]] + j) * 8
            out[s, j] = buf[at[:, None] + np.arange(8)].view("<f8").reshape(-1)
    return out


def wkb_points(col) -> tuple:
    """(x, y, null mask) of a WKB point column."""
    buf, at, null = _wkb_buffer(col)
    ok = np.flatnonzero(~null) if null is not None else np.arange(at.size)
    dims, _ = _type(buf, at[ok], 1)
    xy = np.full((at.size, 2), np.nan)
    xy[ok] = _coords(buf, at[ok] + 5, np.ones(ok.size, dtype=np.int64), dims)[:, :2]
    return xy[:, 0], xy[:, 1], (null if null is not None else np.zeros(at.size, dtype=bool))


def wkb_lines(col) -> tuple:
    """(vertex ordinates (v, 4), first vertex index per line, vertex count, M index or -1,
    indices of the non-null lines) of a WKB LineString column."""
    buf, at, null = _wkb_buffer(col)
    ok = np.flatnonzero(~null) if null is not None else np.arange(at.size)
    at = at[ok]
    dims, m_at = _type(buf, at, 2)
    n_v = _u32(buf, at + 5).astype(np.int64)
    coords = _coords(buf, at + 9, n_v, dims)
    return coords, np.cumsum(n_v) - n_v, n_v, m_at, ok


def densify(x, y, first, n_v, step: float) -> tuple:
    """Vertices with ``floor(len / step)`` evenly spaced extra nodes in each segment
    (QGIS's densifyByDistance), and the new first index and count per line."""
    seg_from = np.flatnonzero(np.ones(x.size, dtype=bool))
    last = first + n_v - 1
    is_seg = np.ones(x.size, dtype=bool)
    is_seg[last[n_v > 0]] = False
    seg_from = seg_from[is_seg]
    extra = np.floor(np.hypot(x[seg_from + 1] - x[seg_from], y[seg_from + 1] - y[seg_from])
                     / step).astype(np.int64)
    pieces = np.ones(x.size, dtype=np.int64)
    pieces[seg_from] = extra + 1
    owner, j = _expand(np.zeros(x.size, dtype=np.int64), pieces)
    nxt = np.minimum(owner + 1, x.size - 1)
    f = j / pieces[owner]
    nx = x[owner] + f * (x[nxt] - x[owner])
    ny = y[owner] + f * (y[nxt] - y[owner])
    starts = np.cumsum(pieces) - pieces
    lines = np.repeat(np.arange(n_v.size), n_v)
    new_n = np.bincount(lines, weights=pieces, minlength=n_v.size).astype(np.int64)
    return nx, ny, starts[first] if first.size else first, new_n


def line_lengths(x, y, first, n_v) -> np.ndarray:
    """Sum of the segment lengths of each line (vertices first[k] .. first[k] + n_v[k] - 1)."""
    seg = np.hypot(np.diff(x), np.diff(y))
    cum = np.r_[0.0, np.cumsum(seg)]
    last = first + np.maximum(n_v, 1) - 1
    return cum[last] - cum[first]


def read_trips_file(path, encoder: TripEncoder, *, layout: str, user_field: str,
                    fields: dict, layer_name: Optional[str] = None,
                    densify_step: Optional[float] = None, progress: Progress = None) -> None:
    """Stream ``path`` (any OGR source) into ``encoder``.

    ``fields``: ``origin_x``, ``origin_y``, ``dest_x``, ``dest_y`` (table),
    ``trip``, ``time`` (points), ``start``, ``end`` (optional). ``progress``
    gets the fraction of rows read (it may raise Cancelled).
    """
    from osgeo import gdal, ogr
    if layout not in LAYOUTS:
        raise ValueError(f"unknown trips layout {layout!r}")
    path = os.fspath(path)
    with gdal.ExceptionMgr(useExceptions=True) if hasattr(gdal, "ExceptionMgr") else _NoOp():
        ds, layer, names = open_layer(path, layer_name)
        wanted = [user_field] + [v for v in fields.values() if v]
        _check_fields(names, wanted, os.path.basename(path))
        ignored = [n for n in names if n not in wanted]
        if layout == "table":
            ignored.append("OGR_GEOMETRY")
        layer.SetIgnoredFields(ignored)
        geom = layer.GetGeometryColumn() or "wkb_geometry"
        total = _row_estimate(path, layer, ogr)
        stream = layer.GetArrowStreamAsNumPy(
            options=[f"MAX_FEATURES_IN_BATCH={BATCH_ROWS}", "INCLUDE_FID=NO",
                     "GEOMETRY_ENCODING=WKB"])
        n = 0
        for batch in stream:
            _batch(encoder, batch, layout, user_field, fields, geom, densify_step)
            n += len(batch[user_field])
            report_progress(progress, n / total if total > 0 else 0.0)


def _batch(encoder, batch, layout, user_field, fields, geom, densify_step) -> None:
    get = batch.get
    if layout == "table":
        encoder.add_trips(batch[user_field], *(_numbers(batch[fields[k]]) for k in
                                               ("origin_x", "origin_y", "dest_x", "dest_y")),
                          get(fields.get("start")), get(fields.get("end")))
        return
    if geom not in batch:
        geom = next(k for k, v in batch.items() if getattr(v, "dtype", None) is not None
                    and v.dtype.kind in "VO" and k not in fields.values() and k != user_field)
    if layout == "points":
        x, y, null = wkb_points(batch[geom])
        keep = np.flatnonzero(~null)
        encoder.add_fixes(batch[user_field][keep], batch[fields["trip"]][keep],
                          batch[fields["time"]][keep], x[keep], y[keep])
        return
    coords, first, n_v, m_at, ok = wkb_lines(batch[geom])
    last = first + n_v - 1
    fx, fy = encoder._frame(coords[:, 0], coords[:, 1])
    if densify_step:
        dxs, dys, dfirst, dn = densify(coords[:, 0], coords[:, 1], first, n_v, densify_step)
        fx2, fy2 = encoder._frame(dxs, dys)
        length = line_lengths(fx2, fy2, dfirst, dn)
    else:
        length = line_lengths(fx, fy, first, n_v)

    def times(name, vertex):
        if fields.get(name):
            return batch[fields[name]][ok]
        t = np.full(ok.size, np.nan)
        has = m_at >= 0
        t[has] = coords[vertex[has], m_at[has]] if has.any() else t[has]
        return t
    encoder.add_trips(batch[user_field][ok], fx[first], fy[first], fx[last], fy[last],
                      times("start", first), times("end", last), length, in_frame=True)
