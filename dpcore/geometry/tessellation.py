"""Tessellations of a study area: the cells, the study area, the points located in them.

A :class:`Tessellation` is what both tessellations return: Voronoi tower cells
(Acs & Castelluccia, KDD 2014, §4.2: :mod:`.voronoi`) and data-driven cells
(Pratesi 2012, §5.2: :mod:`.data_driven_cells`). This module holds what they
share: the checks of their input points (:func:`check_points`, and
:func:`outside_mask`, which refuses points that all miss the study area), the
default study area (:func:`default_study_area`) and the location of points in
the cells (:func:`locate`).
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from scipy.spatial import cKDTree
from shapely.geometry import MultiPoint
from shapely.geometry.base import BaseGeometry

from ..reporting.messages import Message
from .shapes import areas, covers_xy


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


def check_points(points_xy, what: str) -> np.ndarray:
    """``points_xy`` as an (n, 2) array of finite coordinates; an empty or malformed input is
    refused, naming the points ``what``."""
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
    pts = check_points(points_xy, "points")
    buffer_m = float(buffer_m)
    if not (buffer_m >= 0 and np.isfinite(buffer_m)):
        raise ValueError(f"buffer distance must be a non-negative number, got {buffer_m}")
    area = MultiPoint([tuple(p) for p in np.unique(pts, axis=0)]).convex_hull.buffer(buffer_m)
    if not area.area > 0:
        raise ValueError("the points' convex hull has no area (fewer than 3 distinct points "
                         "or all collinear): give a buffer distance > 0 or a study area")
    return area


def outside_mask(area: BaseGeometry, pts: np.ndarray, noun: str) -> np.ndarray:
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


def locate(tess: Tessellation, points_xy) -> np.ndarray:
    """Cell index of each point (nearest site; -1 outside the study area)."""
    pts = check_points(points_xy, "points")
    cell = cKDTree(tess.sites_xy).query(pts)[1]
    cell[~covers_xy(tess.study_area, pts)] = -1
    return cell
