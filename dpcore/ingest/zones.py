"""Vectorised point-in-zone lookup for millions of trip ends: a raster index with exact checks.

:func:`dpcore.flows.cells.locate_points` answers with one STRtree query on
shapely 2, but on shapely 1.8 (QGIS's Python on Debian 12) it tests every
zone's bounding-box candidates one zone at a time: ~4 µs per point on the
965 Paris IRIS, most of the time of an OD run. :class:`ZoneIndex` gives the
same answer (the lowest zone index among the zones the point intersects,
-1 outside every zone; on shapely 1.8 the contains-then-touches rule of
``locate_points``) at ~0.1 µs per point:

* a grid of square cells over the zones' extent (~4,000 cells per zone,
  1–16 M cells). Every cell centre is filled by an even–odd scanline over
  all zone edges at once, giving the lowest zone holding the centre;
* *boundary* cells are those an edge may touch: edges are sampled every
  half cell and each sample's cell is marked with its 3 × 3 neighbourhood,
  so any cell an edge crosses is marked (a point of the edge in the cell is
  within a quarter cell of a sample). Any other cell lies wholly inside the
  same zones as its centre, so its points take the centre's zone;
* points in boundary cells are tested exactly (shapely, prepared) against
  the cell's candidates: the zones with an edge sample nearby and the zones
  holding its centre (a zone containing the whole cell has no edge there).

Memory: 4 bytes per grid cell + ~20 bytes per candidate (≈ 100 MB for the
965 IRIS), independent of the number of points.
"""
from __future__ import annotations

import math
import warnings

import numpy as np
import shapely

from ..geometry.shapes import SHAPELY2

_NONE = np.iinfo(np.int32).max


def _rings(polygon) -> list:
    """Every ring (exterior and holes, all parts) of a polygonal geometry as (k, 2) arrays."""
    parts = getattr(polygon, "geoms", [polygon])
    out = []
    for p in parts:
        if p.is_empty:
            continue
        out.append(np.asarray(p.exterior.coords, dtype=float)[:, :2])
        out.extend(np.asarray(r.coords, dtype=float)[:, :2] for r in p.interiors)
    return out


def _expand(first: np.ndarray, count: np.ndarray) -> tuple:
    """(owner, value) of the integer ranges first[k] .. first[k] + count[k] - 1."""
    count = np.maximum(count, 0)
    owner = np.repeat(np.arange(count.size), count)
    starts = np.cumsum(count) - count
    return owner, first[owner] + (np.arange(owner.size) - starts[owner])


class ZoneIndex:
    """Locate points in zones (polygons in one metric frame); see the module doc."""

    def __init__(self, polygons, cells_per_zone: int = 4096):
        self.polygons = list(polygons)
        n = len(self.polygons)
        if n == 0:
            raise ValueError("no zones to locate points in")
        if SHAPELY2:
            shapely.prepare(np.asarray(self.polygons, dtype=object))
        bounds = np.array([p.bounds for p in self.polygons], dtype=float).reshape(-1, 4)
        lo, hi = bounds[:, :2].min(axis=0), bounds[:, 2:].max(axis=0)
        span = np.maximum(hi - lo, 1e-9)
        target = min(max(cells_per_zone * n, 1 << 20), 1 << 24)
        c = math.sqrt(span[0] * span[1] / target)
        c = max(c, span.max() / 8192.0)  # a very thin extent: keep the grid at ≤ 8192 columns
        self.cell = c
        self.x0, self.y0 = lo[0] - 2 * c, lo[1] - 2 * c
        self.nx = int(math.ceil(span[0] / c)) + 5
        self.ny = int(math.ceil(span[1] / c)) + 5
        edges, zone = [], []
        for k, poly in enumerate(self.polygons):
            for ring in _rings(poly):
                edges.append(np.hstack([ring[:-1], ring[1:]]))
                zone.append(np.full(len(ring) - 1, k, dtype=np.int64))
        e = np.vstack(edges)
        ez = np.concatenate(zone)
        fill_cell, fill_zone = self._fill(e, ez)
        grid = np.full(self.nx * self.ny, _NONE, dtype=np.int32)
        np.minimum.at(grid, fill_cell, fill_zone.astype(np.int32))
        self.grid = grid
        s_cell, s_zone = self._edge_cells(e, ez)
        boundary = np.zeros(self.nx * self.ny, dtype=bool)
        boundary[s_cell] = True
        self.boundary = boundary
        on_b = boundary[fill_cell]
        cand = np.unique(np.concatenate([s_cell * n + s_zone,
                                         fill_cell[on_b] * n + fill_zone[on_b]]))
        self.cand_cell, self.cand_zone = cand // n, (cand % n).astype(np.int32)

    # -- construction ------------------------------------------------------
    def _fill(self, e, ez) -> tuple:
        """(cell, zone) of every cell centre inside a zone (even–odd scanline rule)."""
        c, y0 = self.cell, self.y0
        ya, yb = np.minimum(e[:, 1], e[:, 3]), np.maximum(e[:, 1], e[:, 3])
        first = np.ceil((ya - y0) / c - 0.5).astype(np.int64)
        last = np.ceil((yb - y0) / c - 0.5).astype(np.int64) - 1
        k, row = _expand(first, last - first + 1)       # edges crossing row centres [ya, yb)
        yc = y0 + (row + 0.5) * c
        x1, y1, x2, y2 = e[k, 0], e[k, 1], e[k, 2], e[k, 3]
        xc = x1 + (yc - y1) * (x2 - x1) / (y2 - y1)
        z = ez[k]
        order = np.lexsort((xc, row, z))
        xc, row, z = xc[order], row[order], z[order]
        group = np.r_[True, (row[1:] != row[:-1]) | (z[1:] != z[:-1])]
        pos = np.arange(z.size) - np.maximum.accumulate(np.where(group, np.arange(z.size), 0))
        a = np.flatnonzero((pos % 2 == 0)[:-1] & ~group[1:])   # span xc[a] .. xc[a + 1]
        col0 = np.ceil((xc[a] - self.x0) / c - 0.5).astype(np.int64)
        col1 = np.ceil((xc[a + 1] - self.x0) / c - 0.5).astype(np.int64) - 1
        s, col = _expand(col0, col1 - col0 + 1)
        return row[a][s] * self.nx + col, z[a][s]

    def _edge_cells(self, e, ez) -> tuple:
        """(cell, zone) of the cells within one cell of a sample taken every half cell."""
        c = self.cell
        length = np.hypot(e[:, 2] - e[:, 0], e[:, 3] - e[:, 1])
        n_s = np.ceil(length / (0.5 * c)).astype(np.int64) + 1
        k, i = _expand(np.zeros(n_s.size, dtype=np.int64), n_s)
        t = i / np.maximum(n_s[k] - 1, 1)
        x = e[k, 0] + t * (e[k, 2] - e[k, 0])
        y = e[k, 1] + t * (e[k, 3] - e[k, 1])
        col = np.floor((x - self.x0) / c).astype(np.int64)
        row = np.floor((y - self.y0) / c).astype(np.int64)
        base = np.unique((row * self.nx + col) * len(self.polygons) + ez[k])
        cell0, zone = base // len(self.polygons), base % len(self.polygons)
        cells, zones = [], []
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                cells.append(cell0 + dr * self.nx + dc)
                zones.append(zone)
        return np.concatenate(cells), np.concatenate(zones)

    # -- queries -------------------------------------------------------------
    def locate(self, x, y) -> np.ndarray:
        """Zone index (int32) of each point, -1 outside every zone (see the module doc)."""
        x = np.asarray(x, dtype=float).reshape(-1)
        y = np.asarray(y, dtype=float).reshape(-1)
        out = np.full(x.size, -1, dtype=np.int32)
        with np.errstate(invalid="ignore"):
            col = np.floor((x - self.x0) / self.cell)
            row = np.floor((y - self.y0) / self.cell)
            ok = (col >= 0) & (col < self.nx) & (row >= 0) & (row < self.ny)
        idx = np.flatnonzero(ok)
        cell = row[idx].astype(np.int64) * self.nx + col[idx].astype(np.int64)
        value = self.grid[cell]
        out[idx] = np.where(value == _NONE, -1, value)
        on_b = self.boundary[cell]
        if on_b.any():
            p, pc = idx[on_b], cell[on_b]
            first = np.searchsorted(self.cand_cell, pc, side="left")
            last = np.searchsorted(self.cand_cell, pc, side="right")
            owner, j = _expand(first, last - first)
            out[p] = self._exact(x, y, p[owner], self.cand_zone[j], p)
        return out

    def _exact(self, x, y, point, zone, points) -> np.ndarray:
        """Lowest zone each of ``points`` intersects among its (point, zone) candidates."""
        best = np.full(x.size, _NONE, dtype=np.int64)
        order = np.argsort(zone, kind="stable")
        point, zone = point[order], zone[order]
        cuts = np.flatnonzero(np.r_[True, zone[1:] != zone[:-1], True])
        tests = [shapely.intersects_xy] if SHAPELY2 else self._shapely18_tests()
        for t, test in enumerate(tests):
            for a, b in zip(cuts[:-1], cuts[1:]):
                pts = point[a:b]
                if t:  # the second (touches) pass only for points not yet placed
                    pts = pts[best[pts] == _NONE]
                    if pts.size == 0:
                        continue
                hit = np.asarray(test(self.polygons[zone[a]], x[pts], y[pts]), dtype=bool)
                best[pts[hit]] = np.minimum(best[pts[hit]], zone[a])
        res = best[points]
        return np.where(res == _NONE, -1, res).astype(np.int32)

    @staticmethod
    def _shapely18_tests():
        from shapely import vectorized

        def quiet(fn):
            def test(poly, xs, ys):
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    return fn(poly, xs, ys)
            return test
        return [quiet(vectorized.contains), quiet(vectorized.touches)]
