"""CRS facts a metric frame is chosen by: metres or not, scale error, names, stated extents."""
from __future__ import annotations

import math
import re

from qgis.core import (
    QgsCoordinateReferenceSystem,
    QgsCoordinateTransform,
    QgsCsException,
    QgsDistanceArea,
    QgsPointXY,
    QgsProcessingException,
    QgsRectangle,
    QgsReferencedRectangle,
    QgsUnitTypes,
)

from .i18n import tr

_BARE_EXTENT = re.compile(r"^\s*[-+0-9.eE]+\s*,\s*[-+0-9.eE]+\s*,\s*[-+0-9.eE]+\s*,"
                          r"\s*[-+0-9.eE]+\s*$")

#: Largest relative error of planar distances a metric frame may have (1 %).
MAX_SCALE_ERROR = 0.01


def is_metric(crs: QgsCoordinateReferenceSystem) -> bool:
    """A projected CRS whose map units are metres (see :func:`scale_error` for distances)."""
    return (crs.isValid() and not crs.isGeographic() and
        crs.mapUnits() == QgsUnitTypes.DistanceMeters)


def scale_error(crs, point: QgsPointXY, transform_context) -> float:
    """Largest relative error of 1 km planar distances (east, north) at ``point`` of ``crs``.

    Web Mercator (EPSG:3857) is in "metres" but stretches distances by
    1/cos(latitude): 52 % in Paris.
    """
    wgs84 = QgsCoordinateReferenceSystem("EPSG:4326")
    to_wgs = QgsCoordinateTransform(crs, wgs84, transform_context)
    area = QgsDistanceArea()
    area.setSourceCrs(wgs84, transform_context)
    area.setEllipsoid("WGS84")
    origin = to_wgs.transform(point)
    errors = []
    for dx, dy in ((1000.0, 0.0), (0.0, 1000.0)):
        true = area.measureLine(origin, to_wgs.transform(QgsPointXY(point.x() + dx,
                                                                    point.y() + dy)))
        # a point outside the CRS's area of use may map to one spot: unknown scale
        errors.append(abs(1000.0 / true - 1.0) if true > 0 and math.isfinite(true) else math.inf)
    return max(errors)


def extent_scale_error(crs, extent, transform_context):
    """Largest :func:`scale_error` at the centre and corners of ``extent`` (None if unknown)."""
    if extent is None or extent.isNull() or not _finite(extent):
        return None
    points = [extent.center()] + [QgsPointXY(x, y) for x in (extent.xMinimum(), extent.xMaximum())
                                  for y in (extent.yMinimum(), extent.yMaximum())]
    try:
        return max(scale_error(crs, p, transform_context) for p in points)
    except QgsCsException:
        return math.inf


def _mercator(crs) -> bool:
    return "+proj=merc" in crs.toProj() or "+proj=webmerc" in crs.toProj()


def crs_name(crs: QgsCoordinateReferenceSystem) -> str:
    return crs.authid() or crs.description() or crs.toProj()


def _finite(rect: QgsRectangle) -> bool:
    return all(math.isfinite(v) for v in
               (rect.xMinimum(), rect.yMinimum(), rect.xMaximum(), rect.yMaximum()))


def _rect_text(rect: QgsRectangle) -> str:
    return (f"{rect.xMinimum():.6g}, {rect.xMaximum():.6g}, {rect.yMinimum():.6g}, "
            f"{rect.yMaximum():.6g}")


def check_extent(rect: QgsRectangle, label: str) -> None:
    """Refuse an empty, degenerate or non-finite extent (never a silent 0°, 0°)."""
    if (rect is None or not _finite(rect) or rect.isNull() or
            not (rect.width() > 0 and rect.height() > 0)):
        text = "empty" if rect is None or rect.isNull() else _rect_text(rect)
        raise QgsProcessingException(tr(
            "{label} is empty or degenerate ({text}): give xmin, xmax, ymin, ymax with xmin < xmax and ymin < "
            "ymax.").format(label=label, text=text))


def stated_extent_crs(alg, parameters, name, context):
    """The CRS an extent parameter states (``[EPSG:n]``, a layer's), or None if bare."""
    value = parameters.get(name)
    if isinstance(value, QgsReferencedRectangle):
        return value.crs() if value.crs().isValid() else None
    if isinstance(value, QgsRectangle) or (isinstance(value, str) and _BARE_EXTENT.match(value)):
        return None
    crs = alg.parameterAsExtentCrs(parameters, name, context)
    return crs if crs.isValid() else None


def check_not_lonlat_in_metres(crs, extent, transform_context, origin: str) -> None:
    """Refuse a layer whose coordinates are longitude/latitude but whose CRS is in metres.

    Its whole extent fits in ±180 × ±90 "metres" and, read in its CRS, lies far (> 5°)
    outside that CRS's area of use: every distance would be ~10⁵ times too small (a
    Voronoi study area of 0.0 m²). Toy coordinates near a CRS's origin fit ±180 × ±90 only
    if the CRS's area of use is there too, so they pass.
    """
    if extent is None or extent.isNull() or not _finite(extent) or not is_metric(crs):
        return
    if not (-180 <= extent.xMinimum() and extent.xMaximum() <= 180 and
            -90 <= extent.yMinimum() and extent.yMaximum() <= 90):
        return
    area = crs.bounds()
    if area.isNull() or area.isEmpty():
        return
    try:
        centre = QgsCoordinateTransform(crs, QgsCoordinateReferenceSystem("EPSG:4326"),
                                        transform_context).transform(extent.center())
        inside = area.buffered(5.0).contains(centre)
    except QgsCsException:
        inside = False
    if not inside:
        raise QgsProcessingException(tr(
            "{origin} is declared in {crs} (metres) but its coordinates ({extent}) look like longitude/latitude: read "
            "in {crs} they lie outside its area of use. Set the layer's CRS to the one its coordinates are in (e.g. "
            "EPSG:4326 for longitude/latitude).").format(origin=origin, crs=crs_name(crs), extent=_rect_text(extent)))
