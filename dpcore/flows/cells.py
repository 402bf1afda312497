"""The territory partition of the flow stage: checks, adjacency, point location.

Pratesi (2012) §3.1 assumes cells ``C = {c_1, …, c_p}`` that *partition*
the territory; a move joins two *adjacent* cells, i.e. cells that share a
stretch of boundary (a shared corner alone is not adjacency). The vector
of moves M (Def. 3.1.5) is built from these ordered adjacent pairs.

A layer with overlapping cells is refused (moves would be ambiguous), and
so is one with holes between its cells (moves across them are lost) unless
the caller says the territory itself has holes (lakes, excluded areas):
they cannot be told apart from gaps. Gaps on the outer edge cannot be told
apart from the territory's own boundary, so only interior holes count.
"""
from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.ops import unary_union

from ..geometry.shapes import SHAPELY2, areas, intersecting_pairs, intersections
from ..geometry.zones import check_zones

#: Overlaps and holes smaller than this fraction of the median cell area are
#: floating-point noise of the tessellation, not errors.
_AREA_TOLERANCE = 1e-6
#: Shared boundaries shorter than this fraction of √(median cell area) are
#: corner contacts, not adjacency.
_LENGTH_TOLERANCE = 1e-6


@dataclass
class Cells:
    """Checked cells with their adjacency (ordered pairs, both directions)."""

    polygons: list
    origin: np.ndarray  # adjacency pairs, origin cell index
    dest: np.ndarray    # adjacency pairs, destination cell index
    hole_areas: tuple = ()  # interior holes accepted with allow_holes

    @property
    def n(self) -> int:
        return len(self.polygons)

    def locate(self, x, y, boundary: bool = True) -> np.ndarray:
        """:func:`locate_points` with the cells' bounds computed once."""
        if not hasattr(self, "_bounds"):
            self._bounds = np.array([p.bounds for p in self.polygons]).reshape(-1, 4)
        return locate_points(self.polygons, x, y, bounds=self._bounds, boundary=boundary)

    def centroids(self) -> np.ndarray:
        return np.array([[c.centroid.x, c.centroid.y] for c in self.polygons]).reshape(-1, 2)


def check_partition(polygons, allow_holes: bool = False) -> tuple:
    """The zones' rule (:func:`check_zones`: repair, two cells or more, no overlap); then
    refuse interior holes unless ``allow_holes``.

    Returns ``(polygons, repaired_count, hole areas)``.
    """
    zones = check_zones(polygons, None, "tessellation")
    cleaned = zones.polygons
    tol = _AREA_TOLERANCE * float(np.median(areas(cleaned)))
    union = unary_union(cleaned)
    holes = [r for p in getattr(union, "geoms", [union]) for r in p.interiors]
    hole_areas = [shapely.geometry.Polygon(r).area for r in holes]
    big = tuple(a for a in hole_areas if a > tol)
    if big and not allow_holes:
        raise ValueError(f"the tessellation is not a partition: {len(big)} gap(s) between cells "
                         f"(largest {max(big):.6g} m²); if the territory itself has holes, "
                         "allow them")
    return cleaned, len(zones.repaired), big


def adjacency(polygons) -> tuple:
    """Ordered pairs ``(origin, dest)`` of cells sharing a boundary of positive length."""
    i, j = intersecting_pairs(polygons, polygons)
    keep = i < j
    i, j = i[keep], j[keep]
    if i.size == 0:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    scale = np.sqrt(np.median(areas(polygons)))
    shared = np.array([g.length for g in intersections([polygons[k] for k in i],
                                                       [polygons[k] for k in j])])
    touch = shared > _LENGTH_TOLERANCE * scale
    i, j = i[touch], j[touch]
    origin = np.concatenate([i, j]).astype(np.int64)
    dest = np.concatenate([j, i]).astype(np.int64)
    order = np.lexsort((dest, origin))
    return origin[order], dest[order]


def prepare_cells(polygons, allow_holes: bool = False) -> Cells:
    """Check a partition and compute its adjacency."""
    cleaned, _, holes = check_partition(polygons, allow_holes)
    origin, dest = adjacency(cleaned)
    return Cells(cleaned, origin, dest, holes)


def locate_points(polygons, x, y, bounds=None, boundary: bool = True) -> np.ndarray:
    """Index of the cell holding each point (x[i], y[i]); -1 outside every cell.

    A point on a shared boundary goes to the lowest cell index; a missing cell (None, e.g. a
    NULL geometry) holds no point. shapely 2
    answers with one vectorised STRtree query; on shapely 1.8 the points
    are sorted by x, each cell tests only the points of its bounding box
    with ``shapely.vectorized`` (1.8 has no vectorised tree query), and
    points on a boundary need a second pass (``touches``), skipped when
    ``boundary`` is False: such points then get -1 on shapely 1.8.
    """
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    n = x.size
    cell = np.full(n, np.iinfo(np.int64).max, dtype=np.int64)
    if SHAPELY2:
        tree = shapely.STRtree(np.asarray(polygons, dtype=object))
        pts = shapely.points(x, y)
        q, t = tree.query(pts, predicate="intersects")
        np.minimum.at(cell, q, t)
    else:
        from shapely import vectorized
        order = np.argsort(x, kind="stable")
        xs, ys = x[order], y[order]
        if bounds is None:   # a missing (None) or empty cell holds no point
            bounds = np.array([p.bounds if p is not None and not p.is_empty else
                               (np.inf, np.inf, -np.inf, -np.inf) for p in polygons]).reshape(-1, 4)
        for pass_ in (vectorized.contains, vectorized.touches)[:2 if boundary else 1]:
            for k, poly in enumerate(polygons):
                if poly is None:
                    continue
                minx, miny, maxx, maxy = bounds[k]
                lo = np.searchsorted(xs, minx, side="left")
                hi = np.searchsorted(xs, maxx, side="right")
                cand = np.arange(lo, hi)
                cand = cand[(ys[cand] >= miny) & (ys[cand] <= maxy)]
                if pass_ is vectorized.touches:
                    cand = cand[cell[order[cand]] == np.iinfo(np.int64).max]
                if cand.size == 0:
                    continue
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    inside = pass_(poly, xs[cand], ys[cand])
                hit = order[cand[inside]]
                cell[hit] = np.minimum(cell[hit], k)
            if not (cell == np.iinfo(np.int64).max).any():
                break
    cell[cell == np.iinfo(np.int64).max] = -1
    return cell
