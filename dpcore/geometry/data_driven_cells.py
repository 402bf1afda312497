"""Data-driven cells (Pratesi 2012, §5.2, after Andrienko & Andrienko, IEEE TVCG 17(2), 2011).

Sample points are grouped so that every point joins a group whose centroid lies within
radius R (else it starts a new group); groups holding at least N points are grouped again
with half the radius, down to the minimum radius r; the group centroids seed the Voronoi
cells (:func:`.voronoi.voronoi_cells`). Seeds computed from private points disclose those
points' neighbourhoods: use a public or historical sample.
"""
from __future__ import annotations

import numpy as np
from scipy.spatial import cKDTree

from ..reporting.messages import word
from ..reporting.progress import report_progress
from .shapes import clean_polygon
from .tessellation import Tessellation, check_points, outside_mask
from .voronoi import voronoi_cells


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
    pts = check_points(points_xy, "sample points")
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
    points are located with :func:`.tessellation.locate`. The seeds are means of the
    sample points, so a tessellation from private points leaks their
    neighbourhoods (stated in ``warnings``). Refused when every sample point
    lies outside the study area.
    """
    outside_mask(clean_polygon(study_area, "study area")[0],
                 check_points(points_xy, "sample points"), "sample point")
    seeds = data_driven_seeds(points_xy, max_radius=max_radius, min_radius=min_radius,
                              min_points=min_points,
                              progress=None if progress is None else
                              (lambda f: progress(0.5 * f)))
    tess = voronoi_cells(seeds, study_area, noun=word("seed"),
                         progress=None if progress is None else (lambda f: progress(0.5 + 0.5 * f)))
    tess.warnings.append("the cell seeds are centroids of the sample points: unless the sample "
                         "is public or historical, the cells disclose where its points lie")
    return tess
