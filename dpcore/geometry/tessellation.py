"""Voronoi tessellations of a study area: tower cells and data-driven cells.

* Tower cells (Acs & Castelluccia, KDD 2014, §4.2): each mobile-network
  site owns the part of the study area closer to it than to any other site;
  Formula (1) then maps tower counts to census cells (:mod:`dpcore.geometry.cover`).
* Data-driven cells (Pratesi 2012, §5.2, after Andrienko & Andrienko, IEEE
  TVCG 17(2), 2011): sample points are grouped so that every point joins a
  group whose centroid lies within radius R (else it starts a new group);
  groups holding at least N points are grouped again with half the radius,
  down to the minimum radius r; the group centroids seed the Voronoi cells.
  Seeds computed from private points disclose those points' neighbourhoods:
  use a public or historical sample.

The Voronoi diagram comes from ``scipy.spatial.Voronoi`` with four far-away
guard points, so that every site's region is a bounded convex polygon that
reaches past the study area (this also handles 1 or 2 sites and collinear
sites, on which Qhull alone fails); the regions are then clipped to the
study area, only cells crossing its boundary being intersected. The cells
partition the study area exactly up to floating-point noise.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import chain

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import connected_components
from scipy.spatial import Voronoi, cKDTree
from shapely.geometry import MultiPoint, MultiPolygon, Polygon
from shapely.geometry.base import BaseGeometry

from ..reporting.messages import Message, word
from ..reporting.progress import report_progress
from .shapes import areas, clean_polygon, covers_xy, intersections, polygons_from_rings, within_mask

#: Guard points sit this many bounding radii away from the centre of the
#: sites and area; 3 is enough for their bisectors to miss the area.
_GUARD_FACTOR = 10.0


@dataclass
class Tessellation:
    """Cells of a study area, one per site whose Voronoi cell meets it.

    ``cells[k]`` is the polygon of site ``sites_xy[k]``; ``point_cell[i]`` is
    the cell of input point ``i`` (its site's cell; -1 when that cell misses
    the study area); ``outside[i]`` flags the input points outside the area;
    ``n_merged`` counts points that share their site with an earlier point
    (duplicates, co-located towers within the merge distance).
    """

    cells: list
    sites_xy: np.ndarray
    point_cell: np.ndarray
    outside: np.ndarray
    n_merged: int
    study_area: BaseGeometry
    warnings: list = field(default_factory=list)

    @property
    def cell_area(self) -> np.ndarray:
        return areas(self.cells)

    @property
    def n_outside(self) -> int:
        return int(self.outside.sum())

    @property
    def n_dropped(self) -> int:
        """Input points whose site's cell misses the study area."""
        return int((self.point_cell < 0).sum())


def _points(points_xy, what: str) -> np.ndarray:
    pts = np.asarray(points_xy, dtype=float)
    if pts.size == 0:
        raise ValueError(f"no {what}: the point layer is empty")
    if pts.ndim != 2 or pts.shape[1] != 2:
        raise ValueError(f"{what} must be an (n, 2) array of x, y coordinates, got {pts.shape}")
    if not np.isfinite(pts).all():
        raise ValueError(f"{what} have non-finite coordinates")
    return pts


def default_study_area(points_xy, buffer_m: float) -> BaseGeometry:
    """The points' convex hull buffered by ``buffer_m`` metres."""
    pts = _points(points_xy, "points")
    buffer_m = float(buffer_m)
    if not (buffer_m >= 0 and np.isfinite(buffer_m)):
        raise ValueError(f"buffer distance must be a non-negative number, got {buffer_m}")
    area = MultiPoint([tuple(p) for p in np.unique(pts, axis=0)]).convex_hull.buffer(buffer_m)
    if not area.area > 0:
        raise ValueError("the points' convex hull has no area (fewer than 3 distinct points "
                         "or all collinear): give a buffer distance > 0 or a study area")
    return area


def _outside(area: BaseGeometry, pts: np.ndarray, noun: str) -> np.ndarray:
    """Mask of the points outside ``area``; refused when every point is outside.

    A layer whose points all miss the study area is a wrong layer or a
    mislabelled CRS (lon/lat read as metres, or the reverse): its Voronoi
    cells would cover the area with one meaningless cell.
    """
    outside = ~covers_xy(area, pts)
    if outside.all():
        gap = MultiPoint([tuple(p) for p in pts[:10000]]).distance(area)
        raise ValueError(Message(
            "all {n} {noun}(s) lie outside the study area (the nearest is {km:.3g} km away): "
            "check that each layer's CRS is set correctly and that the layers cover the same "
            "place", n=len(pts), noun=noun, km=gap / 1000))
    return outside


def _merge_sites(pts: np.ndarray, merge_distance: float) -> tuple:
    """``(site of each point, site coordinates)``; sites are the mean of their points.

    Identical coordinates always share a site. With ``merge_distance > 0``,
    points linked by a chain of gaps below it share a site (single linkage:
    connected components of the ``cKDTree.query_pairs`` graph).
    """
    uniq, inverse = np.unique(pts, axis=0, return_inverse=True)
    inverse = inverse.ravel()
    if merge_distance > 0 and len(uniq) > 1:
        pairs = cKDTree(uniq).query_pairs(merge_distance, output_type="ndarray")
        graph = sp.coo_matrix((np.ones(len(pairs)), (pairs[:, 0], pairs[:, 1])),
                              shape=(len(uniq), len(uniq)))
        _, comp = connected_components(graph, directed=False)
        inverse = comp[inverse]
    n_sites = int(inverse.max()) + 1
    counts = np.bincount(inverse, minlength=n_sites)
    sites = np.column_stack([np.bincount(inverse, weights=pts[:, d], minlength=n_sites)
                             for d in (0, 1)]) / counts[:, None]
    return inverse, sites


def _voronoi_regions(sites: np.ndarray, bounds: tuple) -> tuple:
    """Bounded Voronoi polygons of ``sites`` reaching past ``bounds``.

    Returns ``(polygons, first_site, site_polygon)``: Qhull merges sites
    closer than its precision into one region, so ``first_site[k]`` is the
    first site of polygon ``k`` and ``site_polygon[i]`` the polygon of site i.
    """
    lo = np.minimum(sites.min(axis=0), bounds[:2])
    hi = np.maximum(sites.max(axis=0), bounds[2:])
    centre = (lo + hi) / 2
    radius = max(float(np.hypot(*(hi - lo))) / 2, 1.0)
    guards = centre + _GUARD_FACTOR * radius * np.array([[1, 0], [0, 1], [-1, 0], [0, -1]])
    vor = Voronoi(np.vstack([sites - centre, guards - centre]))
    region_of_site = vor.point_region[:len(sites)]
    regions, first_site, site_poly = np.unique(region_of_site, return_index=True,
                                               return_inverse=True)
    rings = [vor.regions[r] for r in regions]
    lengths = np.fromiter(map(len, rings), dtype=np.intp, count=len(rings))
    flat = np.fromiter(chain.from_iterable(rings), dtype=np.intp, count=int(lengths.sum()))
    if (flat < 0).any() or (lengths < 3).any():
        raise RuntimeError("Voronoi region of a site is unbounded despite the guard points")
    # order every ring by angle around its site: scipy does not document Qhull's order
    owner = np.repeat(np.arange(len(rings)), lengths)
    rel = vor.vertices[flat] - (sites[first_site] - centre)[owner]
    order = np.lexsort((np.arctan2(rel[:, 1], rel[:, 0]), owner))
    coords = vor.vertices[flat[order]] + centre
    starts = np.concatenate([[0], np.cumsum(lengths)])
    closed = np.empty((len(coords) + len(rings), 2))
    new_starts = starts + np.arange(len(rings) + 1)
    close_at = new_starts[1:] - 1
    keep = np.ones(len(closed), dtype=bool)
    keep[close_at] = False
    closed[keep] = coords
    closed[close_at] = coords[starts[:-1]]
    return polygons_from_rings(closed, new_starts), first_site, site_poly.ravel()


def _polygonal(geom: BaseGeometry) -> BaseGeometry:
    """Drop the lines and points an intersection may add along the boundary."""
    if isinstance(geom, (Polygon, MultiPolygon)):
        return geom
    polys = [g for g in getattr(geom, "geoms", []) if isinstance(g, (Polygon, MultiPolygon))]
    parts = list(chain.from_iterable(getattr(g, "geoms", [g]) for g in polys))
    return MultiPolygon(parts) if len(parts) > 1 else (parts[0] if parts else Polygon())


def voronoi_cells(points_xy, study_area, *, merge_distance: float = 0.0, progress=None,
                  noun: str = word("tower")) -> Tessellation:
    """Voronoi cells of the points' sites, clipped to ``study_area``.

    ``points_xy``: (n, 2) coordinates in metres (one row per tower; explode
    multipoints and skip null geometries before). ``study_area``: a shapely
    polygon; an invalid one is repaired with ``make_valid`` (and warned),
    an empty or area-less one refused. ``merge_distance``: towers closer
    than this (chained) share one site; identical coordinates always do.

    Towers outside the study area are counted (``outside``) and keep their
    cell if it still meets the area (refused when every tower is outside); sites whose cell misses the area are
    dropped (``point_cell == -1``). Both are reported in ``warnings``, which
    call the points ``noun``.
    """
    pts = _points(points_xy, f"{noun}s")
    merge_distance = float(merge_distance)
    if not (merge_distance >= 0 and np.isfinite(merge_distance)):
        raise ValueError(f"merge distance must be a non-negative number, got {merge_distance}")
    area, repaired = clean_polygon(study_area, "study area")
    warnings = ["the study area polygon was invalid and has been repaired"] if repaired else []
    outside = _outside(area, pts, noun)

    site_of_point, sites = _merge_sites(pts, merge_distance)
    report_progress(progress, 0.1)
    polys, poly_site, site_poly = _voronoi_regions(sites, area.bounds)
    report_progress(progress, 0.4)
    inside = within_mask(polys, area)
    border = np.flatnonzero(~inside)
    for k, g in zip(border, intersections([polys[k] for k in border], area)):
        polys[k] = _polygonal(g)
    report_progress(progress, 0.8)
    # cells are numbered in the order of their first input point
    point_poly = site_poly[site_of_point]
    first_point = np.full(len(polys), len(pts))
    np.minimum.at(first_point, point_poly, np.arange(len(pts)))
    order = np.argsort(first_point, kind="stable")
    order = order[areas([polys[k] for k in order]) > 0]
    new_index = np.full(len(polys), -1)
    new_index[order] = np.arange(len(order))
    point_cell = new_index[point_poly]
    n_sites_used = len(polys)

    if outside.any():
        warnings.append(Message("{n} {noun}(s) lie outside the study area",
                                n=int(outside.sum()), noun=noun))
    if (point_cell < 0).any():
        warnings.append(Message("{n} {noun}(s) were dropped: their Voronoi cell does not meet "
                                "the study area", n=int((point_cell < 0).sum()), noun=noun))
    if n_sites_used < len(pts):
        warnings.append(Message("{n} {noun}(s) share their site with another (duplicate "
                                "coordinates or closer than the merge distance)",
                                n=len(pts) - n_sites_used, noun=noun))
    report_progress(progress, 1.0)
    return Tessellation(cells=[polys[k] for k in order],
                        sites_xy=sites[poly_site[order]], point_cell=point_cell,
                        outside=outside, n_merged=len(pts) - n_sites_used,
                        study_area=area, warnings=warnings)


def _group(xy: np.ndarray, radius: float) -> np.ndarray:
    """Andrienko & Andrienko's grouping: centroids of groups of radius ``radius``.

    Points are taken in order; each joins the group with the nearest
    centroid within ``radius`` (the centroid moves to the group's mean) or
    starts a new group. A grid of ``radius``-sized buckets indexes the
    centroids. Then every point is redistributed to its nearest centroid and
    the centroids recomputed. The loop is sequential by nature (each
    assignment moves a centroid), hence plain Python.
    """
    grid: dict = {}
    sums: list = []
    counts: list = []
    for x, y in xy.tolist():
        gx, gy = int(np.floor(x / radius)), int(np.floor(y / radius))
        best, best_d2 = -1, radius * radius
        for key in ((gx + dx, gy + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)):
            for g in grid.get(key, ()):
                cx, cy = sums[g][0] / counts[g], sums[g][1] / counts[g]
                d2 = (cx - x) ** 2 + (cy - y) ** 2
                if d2 <= best_d2:
                    best, best_d2 = g, d2
        if best < 0:
            best = len(sums)
            sums.append([x, y])
            counts.append(1)
            grid.setdefault((gx, gy), []).append(best)
            continue
        old = (int(np.floor(sums[best][0] / counts[best] / radius)),
               int(np.floor(sums[best][1] / counts[best] / radius)))
        sums[best][0] += x
        sums[best][1] += y
        counts[best] += 1
        new = (int(np.floor(sums[best][0] / counts[best] / radius)),
               int(np.floor(sums[best][1] / counts[best] / radius)))
        if new != old:
            grid[old].remove(best)
            grid.setdefault(new, []).append(best)
    centroids = np.asarray(sums) / np.asarray(counts, dtype=float)[:, None]
    label = cKDTree(centroids).query(xy)[1]
    n = np.bincount(label, minlength=len(centroids))
    used = n > 0
    return np.column_stack([np.bincount(label, weights=xy[:, d], minlength=len(centroids))
                            for d in (0, 1)])[used] / n[used, None]


def data_driven_seeds(points_xy, *, max_radius: float, min_radius: float,
                      min_points: int, progress=None) -> np.ndarray:
    """Seeds of the data-driven tessellation (Pratesi 2012, §5.2).

    Group the points with radius ``max_radius``; a group of at least
    ``min_points`` points is grouped again with half its radius (never below
    ``min_radius``) until its radius reaches ``min_radius``. Returns the
    final groups' centroids, shape (k, 2).
    """
    pts = _points(points_xy, "sample points")
    max_radius, min_radius = float(max_radius), float(min_radius)
    if not (0 < min_radius <= max_radius and np.isfinite(max_radius)):
        raise ValueError("radii must satisfy 0 < minimum radius <= maximum radius, got "
                         f"r={min_radius}, R={max_radius}")
    if int(min_points) != min_points or min_points < 2:
        raise ValueError(f"minimum number of points to subdivide must be an integer >= 2, "
                         f"got {min_points}")
    seeds = []
    stack = [(pts, max_radius)]
    done = 0
    while stack:
        xy, radius = stack.pop()
        centroids = _group(xy, radius)
        if radius <= min_radius or len(centroids) == 0:
            seeds.append(centroids)
            done += len(xy)
            report_progress(progress, 0.9 * done / len(pts))
            continue
        label = cKDTree(centroids).query(xy)[1]
        n = np.bincount(label, minlength=len(centroids))
        dense = n >= min_points
        seeds.append(centroids[~dense & (n > 0)])
        done += int(n[~dense].sum())
        report_progress(progress, 0.9 * done / len(pts))
        sub = max(radius / 2, min_radius)
        stack.extend((xy[label == k], sub) for k in np.flatnonzero(dense))
    return np.vstack(seeds)


def data_driven_cells(points_xy, study_area, *, max_radius: float, min_radius: float,
                      min_points: int, progress=None) -> Tessellation:
    """Data-driven tessellation: Voronoi cells of :func:`data_driven_seeds`.

    ``point_cell`` of the result refers to the seeds; the input sample
    points are located with :func:`locate`. The seeds are means of the
    sample points, so a tessellation from private points leaks their
    neighbourhoods (stated in ``warnings``). Refused when every sample point
    lies outside the study area.
    """
    _outside(clean_polygon(study_area, "study area")[0], _points(points_xy, "sample points"),
             "sample point")
    seeds = data_driven_seeds(points_xy, max_radius=max_radius, min_radius=min_radius,
                              min_points=min_points,
                              progress=None if progress is None else
                              (lambda f: progress(0.5 * f)))
    tess = voronoi_cells(seeds, study_area, noun=word("seed"),
                         progress=None if progress is None else (lambda f: progress(0.5 + 0.5 * f)))
    tess.warnings.append("the cell seeds are centroids of the sample points: unless the sample "
                         "is public or historical, the cells disclose where its points lie")
    return tess


def locate(tess: Tessellation, points_xy) -> np.ndarray:
    """Cell index of each point (nearest site; -1 outside the study area)."""
    pts = _points(points_xy, "points")
    cell = cKDTree(tess.sites_xy).query(pts)[1]
    cell[~covers_xy(tess.study_area, pts)] = -1
    return cell
