"""Voronoi cells of sites clipped to a study area (Acs & Castelluccia, KDD 2014, §4.2).

Each mobile-network site owns the part of the study area closer to it than to any other site;
Formula (1) then maps tower counts to census cells (:mod:`dpcore.geometry.cover`). The
data-driven tessellation (:mod:`.data_driven_cells`) clips its seeds' cells the same way.

The Voronoi diagram comes from ``scipy.spatial.Voronoi`` with four far-away
guard points, so that every site's region is a bounded convex polygon that
reaches past the study area (this also handles 1 or 2 sites and collinear
sites, on which Qhull alone fails); the regions are then clipped to the
study area, only cells crossing its boundary being intersected. The cells
partition the study area exactly up to floating-point noise.
"""
from __future__ import annotations

from itertools import chain

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import connected_components
from scipy.spatial import Voronoi, cKDTree
from shapely.geometry import MultiPolygon, Polygon
from shapely.geometry.base import BaseGeometry

from ..reporting.messages import Message, word
from ..reporting.progress import report_progress
from .shapes import areas, clean_polygon, intersections, polygons_from_rings, within_mask
from .tessellation import Tessellation, check_points, outside_mask

#: Guard points sit this many bounding radii away from the centre of the
#: sites and area; 3 is enough for their bisectors to miss the area.
_GUARD_FACTOR = 10.0


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
    pts = check_points(points_xy, f"{noun}s")
    merge_distance = float(merge_distance)
    if not (merge_distance >= 0 and np.isfinite(merge_distance)):
        raise ValueError(f"merge distance must be a non-negative number, got {merge_distance}")
    area, repaired = clean_polygon(study_area, "study area")
    warnings = ["the study area polygon was invalid and has been repaired"] if repaired else []
    outside = outside_mask(area, pts, noun)

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
