"""Sample geographies for tests and benchmarks: the repository's Paris sample (towers,
IRIS zones and population, projected to Lambert-93) and a synthetic grid city."""
from __future__ import annotations

import csv
import importlib
import json
import os

import numpy as np
from shapely.geometry import box, shape

from . import dpcore_names

# The dpcore already imported: ``mobility_dp.dpcore`` in tests, ``dpcore`` in benchmarks (which
# import it from the repository root), so that there is one Geography class either way.
_DPCORE = (dpcore_names() or ["mobility_dp.dpcore"])[0]
_geography = importlib.import_module(_DPCORE + ".geometry.geography")
Geography, LAMBERT93_EPSG = _geography.Geography, _geography.LAMBERT93_EPSG
lonlat_to_lambert93 = _geography.lonlat_to_lambert93
make_rng = importlib.import_module(_DPCORE + ".random.rng").make_rng


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
