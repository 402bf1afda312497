"""Study-area geography for dpcore tests, benchmarks and the synthetic generator.

A :class:`Geography` holds tower points and census polygons with their
population, all in metres. :func:`load_paris_sample` reads the repository's
Paris sample (OpenCellID cells, IRIS census cells) and projects it to
Lambert-93 (EPSG:2154, the French official projected CRS, GRS80 Lambert
conformal conic with two standard parallels; IGN NTG_71 formulas) in pure
numpy, so the core needs no PROJ. :func:`grid_city` makes a synthetic city.
The QGIS layer reprojects real layers itself; this module is for dpcore only.
"""
from __future__ import annotations

import csv
import json
import os
from dataclasses import dataclass
from typing import Optional

import numpy as np
from shapely.geometry import box, shape

from .rng import make_rng

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
        if np.any(~np.isfinite(self.population)) or np.any(self.population < 0) \
                or self.population.sum() <= 0:
            raise ValueError("census population must be non-negative with a positive total")
        if len(self.tower_ids) != len(self.towers) or len(self.zone_ids) != len(self.zones):
            raise ValueError("one id per tower and per zone is required")


def _project_coords(coords):
    """GeoJSON coordinate nesting with every position projected to Lambert-93."""
    if coords and isinstance(coords[0], (int, float)):
        return list(lonlat_to_lambert93(coords[0], coords[1]))
    if coords and coords[0] and isinstance(coords[0][0], (int, float)):
        xy = np.asarray(coords, dtype=float)[:, :2]
        return np.column_stack(lonlat_to_lambert93(xy[:, 0], xy[:, 1])).tolist()
    return [_project_coords(c) for c in coords]


def load_paris_sample(directory: str) -> Geography:
    """The Paris sample (``paris_cells_opencellid.csv``, ``paris_iris.geojson``) in Lambert-93."""
    with open(os.path.join(directory, "paris_cells_opencellid.csv"), newline="") as fh:
        rows = list(csv.DictReader(fh))
    lon = np.array([float(r["lon"]) for r in rows])
    lat = np.array([float(r["lat"]) for r in rows])
    towers = np.column_stack(lonlat_to_lambert93(lon, lat))
    with open(os.path.join(directory, "paris_iris.geojson"), encoding="utf-8") as fh:
        features = json.load(fh)["features"]

    zones = [shape({"type": f["geometry"]["type"],
                    "coordinates": _project_coords(f["geometry"]["coordinates"])}).buffer(0)
             for f in features]
    return Geography(towers=towers, tower_ids=np.array([int(r["cell_id"]) for r in rows]),
                     zones=zones,
                     population=np.array([f["properties"]["population"] for f in features],
                                         dtype=float),
                     zone_ids=np.array([f["properties"]["iris_id"] for f in features]),
                     epsg=LAMBERT93_EPSG)


def grid_city(*, n_side: int = 20, cell_m: float = 500.0, n_towers: int = 300,
              seed: int = 0) -> Geography:
    """A square city of ``n_side²`` census squares with population falling off from the centre.

    Towers are denser where people are (drawn by population, jittered in
    their square). Deterministic from ``seed``.
    """
    if n_side < 1 or n_towers < 1 or not cell_m > 0:
        raise ValueError("grid_city needs n_side ≥ 1, n_towers ≥ 1 and cell_m > 0")
    rng = make_rng(seed)
    ij = np.stack(np.meshgrid(np.arange(n_side), np.arange(n_side), indexing="ij"), -1)
    ij = ij.reshape(-1, 2)
    centres = (ij + 0.5) * cell_m
    r = np.hypot(*(centres - n_side * cell_m / 2).T)
    population = np.round(2000 * np.exp(-r / (0.35 * n_side * cell_m)))
    zones = [box(x0, y0, x0 + cell_m, y0 + cell_m) for x0, y0 in ij * cell_m]
    pick = rng.choice(len(zones), size=n_towers, p=population / population.sum())
    towers = (ij[pick] + rng.random((n_towers, 2))) * cell_m
    return Geography(towers=towers, tower_ids=np.arange(n_towers), zones=zones,
                     population=population, zone_ids=np.arange(len(zones)))


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


__all__ = ["Geography", "LAMBERT93_EPSG", "grid_city", "lambert93_to_lonlat",
           "load_paris_sample", "lonlat_to_lambert93", "points_in_polygons", "zone_centroids"]
