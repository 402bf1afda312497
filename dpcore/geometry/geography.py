"""Study-area geography for the synthetic generator, tests and benchmarks.

A :class:`Geography` holds tower points and census polygons with their
population, all in metres. :func:`lonlat_to_lambert93` projects to
Lambert-93 (EPSG:2154, the French official projected CRS, GRS80 Lambert
conformal conic with two standard parallels; IGN NTG_71 formulas) in pure
numpy, so the core needs no PROJ. The sample geographies (the repository's
Paris sample, a synthetic grid city) are in ``tests/support/geography.py``.
The QGIS layer reprojects real layers itself; this module is for dpcore only.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import numpy as np

# GRS80 and the EPSG:2154 projection parameters.
_A = 6378137.0
_F = 1 / 298.257222101
_E = np.sqrt(_F * (2 - _F))
_LAT1, _LAT2, _LAT0, _LON0 = np.radians([49.0, 44.0, 46.5, 3.0])
_X0, _Y0 = 700000.0, 6600000.0


def _m(phi):
    return np.cos(phi) / np.sqrt(1 - (_E * np.sin(phi)) ** 2)


def _t(phi):
    es = _E * np.sin(phi)
    return np.tan(np.pi / 4 - phi / 2) / ((1 - es) / (1 + es)) ** (_E / 2)


_N = (np.log(_m(_LAT1)) - np.log(_m(_LAT2))) / (np.log(_t(_LAT1)) - np.log(_t(_LAT2)))
_AF = _A * _m(_LAT1) / (_N * _t(_LAT1) ** _N)
_RHO0 = _AF * _t(_LAT0) ** _N
#: EPSG code of the projected coordinates produced here.
LAMBERT93_EPSG = 2154


def lonlat_to_lambert93(lon, lat):
    """WGS84/CRS84 degrees to Lambert-93 metres (x, y), vectorised."""
    lon, lat = np.radians(np.asarray(lon, dtype=float)), np.radians(np.asarray(lat, dtype=float))
    rho = _AF * _t(lat) ** _N
    theta = _N * (lon - _LON0)
    return _X0 + rho * np.sin(theta), _Y0 + _RHO0 - rho * np.cos(theta)


def lambert93_to_lonlat(x, y):
    """Inverse of :func:`lonlat_to_lambert93` (fixed-point iteration on latitude)."""
    dx, dy = np.asarray(x, dtype=float) - _X0, _RHO0 - (np.asarray(y, dtype=float) - _Y0)
    rho = np.hypot(dx, dy)
    t = (rho / _AF) ** (1 / _N)
    lon = np.arctan2(dx, dy) / _N + _LON0
    lat = np.pi / 2 - 2 * np.arctan(t)
    for _ in range(8):  # converges to < 1e-12 rad at mid latitudes
        es = _E * np.sin(lat)
        lat = np.pi / 2 - 2 * np.arctan(t * ((1 - es) / (1 + es)) ** (_E / 2))
    return np.degrees(lon), np.degrees(lat)


@dataclass
class Geography:
    """Towers (``(n, 2)`` metres, ids) and census zones (shapely polygons in metres)."""

    towers: np.ndarray
    tower_ids: np.ndarray
    zones: list
    population: np.ndarray
    zone_ids: np.ndarray
    epsg: Optional[int] = None

    def __post_init__(self):
        self.towers = np.asarray(self.towers, dtype=float)
        self.population = np.asarray(self.population, dtype=float)
        if self.towers.ndim != 2 or self.towers.shape[1] != 2 or len(self.towers) == 0:
            raise ValueError("towers must be a non-empty (n, 2) array of coordinates")
        if len(self.zones) == 0 or len(self.zones) != len(self.population):
            raise ValueError("need at least one census polygon, with one population each")
        if (np.any(~np.isfinite(self.population)) or np.any(self.population < 0)
                or self.population.sum() <= 0):
            raise ValueError("census population must be non-negative with a positive total")
        if len(self.tower_ids) != len(self.towers) or len(self.zone_ids) != len(self.zones):
            raise ValueError("one id per tower and per zone is required")


def points_in_polygons(zones, k: int, rng: np.random.Generator) -> np.ndarray:
    """``(len(zones), k, 2)`` points uniform inside each polygon (vectorised rejection)."""
    try:
        from shapely import contains_xy  # shapely ≥ 2
    except ImportError:  # shapely 1.8
        from shapely.vectorized import contains as contains_xy
    out = np.empty((len(zones), k, 2))
    for z, poly in enumerate(zones):
        if poly.is_empty or poly.area <= 0:
            raise ValueError(f"census polygon {z} is empty")
        x0, y0, x1, y1 = poly.bounds
        ratio = poly.area / max((x1 - x0) * (y1 - y0), 1e-12)
        got = np.empty((0, 2))
        while len(got) < k:
            m = int(1.5 * (k - len(got)) / ratio) + 8
            cand = rng.random((m, 2)) * [x1 - x0, y1 - y0] + [x0, y0]
            got = np.concatenate([got, cand[contains_xy(poly, cand[:, 0], cand[:, 1])]])
        out[z] = got[:k]
    return out


def zone_centroids(zones) -> np.ndarray:
    return np.array([[p.centroid.x, p.centroid.y] for p in zones])


__all__ = ["Geography", "LAMBERT93_EPSG", "lambert93_to_lonlat", "lonlat_to_lambert93",
           "points_in_polygons", "zone_centroids"]
