"""The trips job's public inputs on the Spark driver: the zones and the metric frame.

The zones file is read by GDAL (polygons as WKB, their ids as text, their CRS), for
:mod:`.spark_trips` to broadcast to its executors; the metric frame of trip length and radius
of gyration (the mobility report's statistics) is ``--frame-crs``, else the zones' CRS when it
is a projected CRS in metres, as the one-machine path chooses it. GDAL and OSR are imported
when called: they are on the driver only.
"""
from __future__ import annotations


def read_zones(path: str, id_field: str):
    """(WKB polygons, ids as text, CRS WKT) of a zones file, read by GDAL on the driver."""
    from osgeo import ogr
    ds = ogr.Open(path)
    if ds is None:
        raise ValueError(f"GDAL cannot open the zones file {path}")
    layer = ds.GetLayer(0)
    wkbs, ids = [], []
    for f in layer:
        g = f.GetGeometryRef()
        if g is None:
            raise ValueError(f"zone {f.GetFID()} has no geometry")
        wkbs.append(bytes(g.ExportToWkb()))
        ids.append(str(f.GetField(id_field)) if id_field else str(f.GetFID()))
    srs = layer.GetSpatialRef()
    return wkbs, ids, srs.ExportToWkt() if srs is not None else ""


def _metric_name(text: str) -> str:
    """The name (EPSG:n, else the text) of a projected CRS in metres other than Mercator,
    whose distances grow with latitude: the frames the one-machine path keeps as they are
    (algorithms/common/frame.py); '' for any other CRS."""
    from osgeo import osr
    srs = osr.SpatialReference()
    try:
        ok = bool(text) and srs.SetFromUserInput(text) == 0
    except RuntimeError:
        ok = False
    proj = srs.ExportToProj4() if ok else ""
    if (not (ok and srs.IsProjected() and srs.GetLinearUnits() == 1.0) or
            "+proj=merc" in proj or "+proj=webmerc" in proj):
        return ""
    code = srs.GetAuthorityCode(None)
    return f"{srs.GetAuthorityName(None)}:{code}" if code else text


def metric_frame(frame_crs, zones_crs: str) -> tuple:
    """(name of the metric frame of the trip ends, '') — ``frame_crs``, else the zones' CRS
    when it is one — or (None, why there is none); refuses a ``frame_crs`` that is not one."""
    if frame_crs:
        if not _metric_name(frame_crs):
            raise ValueError(f"--frame-crs {frame_crs} is not a projected CRS in metres (nor "
                             "Mercator): give the UTM zone or national grid of the area")
        return frame_crs, ""
    name = _metric_name(zones_crs)
    return (name, "") if name else (None, (
        "the zones' CRS is not a projected CRS in metres and no --frame-crs was given: run "
        "scripts/spark-bound trips with --frame-crs (e.g. the area's UTM zone; the same CRS "
        "as the release's FRAME_CRS)"))
