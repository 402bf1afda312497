"""Points and public grids shared by perturbpoints and estimatedistribution.

* :func:`read_single_points` reads one point per feature, in a CRS of the caller's
  choice (``QgsFeatureRequest.setDestinationCrs``), with the attributes asked
  for; multipoints with several parts are refused.
* :func:`public_grid` builds the grid of the grid mechanisms from the public
  ``GRID_EXTENT`` parameter only, read in its stated CRS (a bare extent is in
  the input layer's CRS): the metric frame is the extent's CRS when it is in
  metres, else an azimuthal equidistant projection centred on the extent. The
  same extent and cell size therefore give the same grid in both algorithms,
  whatever the CRS of the points.
* :func:`transform_xy` moves coordinate arrays between CRSs.

The help text of the mechanism and grid parameters, shared by both algorithms,
lives here too.
"""
from __future__ import annotations

import math

import numpy as np
from qgis.core import (
    QgsCoordinateReferenceSystem,
    QgsCoordinateTransform,
    QgsFeatureRequest,
    QgsGeometry,
    QgsLineString,
    QgsLineSymbol,
    QgsMarkerSymbol,
    QgsPointXY,
    QgsSingleSymbolRenderer,
)

from ...dpcore.geoind import Grid
from ..common.crs import check_not_lonlat_in_metres, crs_name, stated_extent_crs
from ..common.frame import MetricFrame

WGS84 = QgsCoordinateReferenceSystem("EPSG:4326")
GRID_EXTENT = "GRID_EXTENT"
CELL_SIZE = "CELL_SIZE"
MECHANISMS = (
    ("planar_laplace", "planar Laplace|planar Laplace, continuous (radius ~ Gamma(2, 1/ε), uniform direction), "
                       "each point moved along the geodesic on the WGS84 ellipsoid"),
    ("laplace", "discretised planar Laplace (grid)|discretised planar Laplace on grid cells (Alvim et al.; "
                "reports are cell centres)"),
    ("geometric", "geometric (grid)|geometric mechanism on grid cells (Alvim et al.; reports are cell centres)"),
    ("krr", "k-ary randomized response (grid)|over the cells (plain ε, no metric, for comparison)"))
BOUNDARIES = (
    ("remap", "remap to the nearest cell|a report falling outside the grid is moved to the nearest cell (exactly "
              "ε·d-private)"),
    ("renormalise", "renormalise (costs 2ε)|the mechanism is renormalised over the grid as Alvim et al. §IV, which "
                    "only guarantees 2ε·d (the report and the ledger count 2ε)"))



def read_single_points(source, crs, context, feedback=None, fields=()):
    """(xy in ``crs`` (n×2), {field: list of values}, features without geometry).

    Features without geometry are skipped (and counted); a multipoint with
    one part is taken as that point, one with several parts is refused, and so is a layer
    whose coordinates are longitude/latitude declared in a metric CRS (as every frame refuses).
    """
    check_not_lonlat_in_metres(source.sourceCrs(), source.sourceExtent(),
                               context.transformContext(), "The input layer")
    request = QgsFeatureRequest().setDestinationCrs(crs, context.transformContext())
    request.setSubsetOfAttributes(list(fields), source.fields())
    xs, ys, nulls = [], [], 0
    values = {name: [] for name in fields}
    for f in source.getFeatures(request):
        if feedback is not None and feedback.isCanceled():
            break
        g = f.geometry()
        if g is None or g.isNull() or g.isEmpty():
            nulls += 1
            continue
        if g.isMultipart():
            parts = g.constGet().numGeometries()
            if parts != 1:
                raise ValueError(
                    f"feature {f.id()} is a multipoint with {parts} parts: split multipart "
                    "features into single points first (Vector geometry > Multipart to "
                    "singleparts); each point is then perturbed and counted on its own")
            p = QgsPointXY(g.constGet().geometryN(0))
        else:
            p = g.asPoint()
        xs.append(p.x())
        ys.append(p.y())
        for name in fields:
            values[name].append(f[name])
    xy = np.column_stack((xs, ys)) if xs else np.empty((0, 2))
    return xy, values, nulls


def transform_xy(xy, src, dst, context) -> np.ndarray:
    """Coordinates ``xy`` (n×2) from CRS ``src`` to ``dst``.

    The points go through QGIS as one line string, transformed in C++ and
    read back from its WKB: 14× faster than one ``transform`` call per point
    (0.3 s instead of 4.4 s for 200,000 points, measured on this stack).
    """
    xy = np.asarray(xy, dtype=float).reshape(-1, 2)
    if src == dst or len(xy) == 0:
        return xy.copy()
    line = QgsLineString(xy[:, 0].tolist(), xy[:, 1].tolist())
    line.transform(QgsCoordinateTransform(src, dst, context.transformContext()))
    wkb = bytes(line.asWkb())
    order = "<" if wkb[0] == 1 else ">"
    return np.frombuffer(wkb, dtype=f"{order}f8", offset=9).reshape(-1, 2).copy()


def cell_size(alg, parameters, context) -> float:
    cell = alg.parameterAsDouble(parameters, CELL_SIZE, context)
    if not (cell > 0 and math.isfinite(cell)):
        raise ValueError(f"cell size must be a positive number of metres, got {cell}")
    return cell


def public_grid(alg, parameters, context, source, cell: float):
    """(Grid in frame metres, MetricFrame, hint for points off the grid) from GRID_EXTENT.

    The extent is required: a grid is a public parameter, never the bounding
    box of the private points.
    """
    if not alg.parameter_given(parameters, GRID_EXTENT):
        raise ValueError("the grid mechanisms need a grid extent: give the public area the grid "
                         "covers (xmin,xmax,ymin,ymax [EPSG:n], or a layer's extent); it is "
                         "never taken from the points, whose bounding box is private")
    crs = stated_extent_crs(alg, parameters, GRID_EXTENT, context) or source.sourceCrs()
    rect = alg.parameterAsExtent(parameters, GRID_EXTENT, context)
    frame = MetricFrame.of_extent(rect, crs, context, origin="the grid extent")
    xmin, ymin, xmax, ymax = frame.read_extent(alg, parameters, GRID_EXTENT, context,
                                               label="the grid extent")
    grid = Grid.covering(xmin, ymin, xmax, ymax, cell)
    hint = ""
    if not crs.isGeographic() and max(abs(rect.xMinimum()), abs(rect.xMaximum()),
                                      abs(rect.yMinimum()), abs(rect.yMaximum())) <= 180.0:
        hint = (f"the grid extent ({rect.xMinimum():g}, {rect.xMaximum():g}, "
                f"{rect.yMinimum():g}, {rect.yMaximum():g}) looks like degrees but is read in "
                f"{crs_name(crs)} (metres): state its CRS, e.g. "
                f"'{rect.xMinimum():g},{rect.xMaximum():g},{rect.yMinimum():g},"
                f"{rect.yMaximum():g} [EPSG:4326]'")
    return grid, frame, hint


def mechanism_frame(alg, parameters, context, source, mechanism: str, area_parameter: str) -> tuple:
    """``(grid, frame, hint)`` of ``mechanism``: planar Laplace has no grid, and a frame only
    with the study area (the layer parameter named ``area_parameter``) it remaps into; the grid
    mechanisms have the public grid (:func:`public_grid`) and refuse a study area."""
    if mechanism == "planar_laplace":
        if not alg.parameter_given(parameters, area_parameter):
            return None, None, ""
        area = alg.source_or_raise(parameters, area_parameter, context)
        return None, MetricFrame.of_source(area, context, "study area"), ""
    if alg.parameter_given(parameters, area_parameter):
        raise ValueError("a study area applies to planar Laplace only; grid mechanisms "
                         "use the grid extent")
    return public_grid(alg, parameters, context, source, cell_size(alg, parameters, context))


def describe_grid(grid: Grid, frame) -> str:
    return (f"{grid.ny} × {grid.nx} cells of {grid.cell:g} m from ({grid.x0:.1f}, "
            f"{grid.y0:.1f}) in {frame.describe()}")


def cell_polygon(bounds, transform=None) -> QgsGeometry:
    """The square (x0, y0, x1, y1) as a polygon, densified and transformed if asked."""
    x0, y0, x1, y1 = bounds
    geom = QgsGeometry.fromPolygonXY([[QgsPointXY(x0, y0), QgsPointXY(x1, y0),
                                       QgsPointXY(x1, y1), QgsPointXY(x0, y1),
                                       QgsPointXY(x0, y0)]])
    if transform is not None:
        geom = QgsGeometry(geom.densifyByCount(8))
        geom.transform(transform)
    return geom


def reports_style(layer) -> None:
    """Perturbed points: small semi-transparent dark red circles (dense areas read as darker)."""
    symbol = QgsMarkerSymbol.createSimple({"name": "circle", "color": "178,24,43,140",
                                           "outline_style": "no", "size": "1.6"})
    layer.setRenderer(QgsSingleSymbolRenderer(symbol))
    layer.triggerRepaint()


def displacement_style(layer) -> None:
    """Displacement lines (data owner only): thin grey lines."""
    symbol = QgsLineSymbol.createSimple({"line_color": "90,90,90,160", "line_width": "0.2"})
    layer.setRenderer(QgsSingleSymbolRenderer(symbol))
    layer.triggerRepaint()

