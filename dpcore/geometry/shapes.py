"""Shapely helpers shared by the tessellation and cover stages.

They run on shapely 1.8 (Debian's QGIS stack) and shapely 2 (vectorised
through its ufunc-style API). Geometries are in a projected CRS in metres.
"""
from __future__ import annotations

import warnings
from typing import Sequence

import numpy as np
import shapely
from shapely.geometry import MultiPolygon, Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union
from shapely.prepared import prep
from shapely.strtree import STRtree
from shapely.validation import make_valid

#: shapely 2's vectorised API is there. Read from the API, not ``__version__``: Debian unstable's
#: shapely 2.1 reports the version "0+unknown".
SHAPELY2 = hasattr(shapely, "get_coordinates")


def _polygonal_part(geom: BaseGeometry) -> BaseGeometry:
    """The polygons of a geometry (make_valid may return a collection)."""
    if isinstance(geom, (Polygon, MultiPolygon)):
        return geom
    parts = [g for g in getattr(geom, "geoms", []) if isinstance(g, (Polygon, MultiPolygon))]
    return unary_union(parts) if parts else Polygon()


def polygon_union(geoms: Sequence) -> BaseGeometry:
    """The union of polygons, an invalid one repaired first (``make_valid``, polygonal part).

    GEOS 3.12+ (QGIS 3.40's stack) refuses a union with an invalid input (TopologyException),
    where GEOS 3.11 (QGIS 3.22's) returned one; a repaired bow-tie covers the same ground.
    """
    return unary_union([g if g.is_valid else _polygonal_part(make_valid(g)) for g in geoms])


def clean_polygon(geom, name: str = "polygon") -> tuple:
    """Return ``(polygonal geometry, repaired)``; refuse what cannot be used.

    An invalid polygon (self-intersection, bow-tie, ...) is repaired with
    ``make_valid`` and only its polygonal part is kept; ``repaired`` tells the
    caller to warn. Null, empty, non-polygonal or zero-area input is refused
    with a ``ValueError``.
    """
    if geom is None or not isinstance(geom, BaseGeometry):
        raise ValueError(f"{name} is missing (null geometry)")
    if geom.is_empty:
        raise ValueError(f"{name} is empty")
    if not isinstance(geom, (Polygon, MultiPolygon)) and geom.geom_type != "GeometryCollection":
        raise ValueError(f"{name} must be a polygon, got {geom.geom_type}")
    repaired = not geom.is_valid
    if repaired:
        geom = _polygonal_part(make_valid(geom))
    else:
        geom = _polygonal_part(geom)
    if geom.is_empty or not geom.area > 0:
        raise ValueError(f"{name} has no area" + (" after repair" if repaired else ""))
    return geom, repaired


def intersecting_pairs(tree_geoms: Sequence, query_geoms: Sequence) -> tuple:
    """Index pairs ``(i_query, j_tree)`` whose geometries intersect.

    An STRtree on ``tree_geoms`` gives the candidates (shapely 2 answers all
    queries in one call with the exact predicate; shapely 1.8 returns
    bounding-box candidates through ``query_items``, filtered here).
    """
    if len(tree_geoms) == 0 or len(query_geoms) == 0:
        return np.zeros(0, dtype=np.intp), np.zeros(0, dtype=np.intp)
    if SHAPELY2:
        q, t = STRtree(np.asarray(tree_geoms, dtype=object)).query(
            np.asarray(query_geoms, dtype=object), predicate="intersects")
        return q.astype(np.intp), t.astype(np.intp)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # 1.8 announces the 2.0 API change
        tree = STRtree(list(tree_geoms))
        qi, tj = [], []
        for i, g in enumerate(query_geoms):
            pg = prep(g)
            for j in tree.query_items(g):
                if pg.intersects(tree_geoms[j]):
                    qi.append(i)
                    tj.append(j)
    return np.asarray(qi, dtype=np.intp), np.asarray(tj, dtype=np.intp)


def areas(geoms: Sequence) -> np.ndarray:
    if SHAPELY2:
        return shapely.area(np.asarray(geoms, dtype=object)).astype(float)
    return np.fromiter((g.area for g in geoms), dtype=float, count=len(geoms))


def intersections(geoms_a: Sequence, geoms_b) -> list:
    """Element-wise ``a[k] ∩ b[k]`` (``geoms_b`` may be one geometry)."""
    if SHAPELY2:
        b = geoms_b if isinstance(geoms_b, BaseGeometry) else np.asarray(geoms_b, dtype=object)
        return list(shapely.intersection(np.asarray(geoms_a, dtype=object), b))
    if isinstance(geoms_b, BaseGeometry):
        return [g.intersection(geoms_b) for g in geoms_a]
    return [a.intersection(b) for a, b in zip(geoms_a, geoms_b)]


def covers_xy(area: BaseGeometry, xy: np.ndarray) -> np.ndarray:
    """Boolean mask of the points (rows of ``xy``) inside or on ``area``."""
    xy = np.asarray(xy, dtype=float).reshape(-1, 2)
    if SHAPELY2:
        shapely.prepare(area)
        return np.asarray(shapely.intersects_xy(area, xy[:, 0], xy[:, 1]), dtype=bool)
    pa = prep(area)
    return np.fromiter((pa.intersects(Point(x, y)) for x, y in xy), dtype=bool, count=len(xy))


def within_mask(geoms: Sequence, area: BaseGeometry) -> np.ndarray:
    """Boolean mask of the geometries lying inside ``area`` (no clipping needed)."""
    if SHAPELY2:
        shapely.prepare(area)
        return np.asarray(shapely.contains(area, np.asarray(geoms, dtype=object)), dtype=bool)
    pa = prep(area)
    return np.fromiter((pa.contains(g) for g in geoms), dtype=bool, count=len(geoms))


def polygons_from_rings(coords: np.ndarray, offsets: np.ndarray) -> list:
    """Simple polygons from closed rings ``coords[offsets[k]:offsets[k+1]]``."""
    if SHAPELY2:
        n = len(offsets) - 1
        return list(shapely.from_ragged_array(
            shapely.GeometryType.POLYGON, np.ascontiguousarray(coords, dtype=float),
            (np.asarray(offsets, dtype=np.int64), np.arange(n + 1, dtype=np.int64))))
    return [Polygon(coords[offsets[k]:offsets[k + 1]]) for k in range(len(offsets) - 1)]
