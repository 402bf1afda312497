"""Paris sample data projected to metres, for tests and benchmarks.

A local equirectangular projection centred on Paris (distortion < 0.1 %
over the city) replaces pyproj, which the shapely-2 stack lacks.
"""
import csv
import json
import os

import numpy as np
import shapely
from shapely.geometry import shape

DATA = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                    "sample_data")
EARTH_RADIUS = 6371008.8
LON0, LAT0 = 2.35, 48.86


def project(lonlat):
    lonlat = np.asarray(lonlat, dtype=float)
    x = np.radians(lonlat[..., 0] - LON0) * EARTH_RADIUS * np.cos(np.radians(LAT0))
    y = np.radians(lonlat[..., 1] - LAT0) * EARTH_RADIUS
    return np.stack([x, y], axis=-1)


def _project_geom(geom):
    if hasattr(shapely, "transform"):  # shapely 2
        return shapely.transform(geom, project)
    from shapely.ops import transform
    return transform(lambda lon, lat, z=None: tuple(project(np.stack([lon, lat], -1)).T), geom)


def towers_xy():
    """The 627 OpenCellID cell positions, (627, 2) metres."""
    with open(os.path.join(DATA, "paris_cells_opencellid.csv"), newline="") as f:
        rows = list(csv.DictReader(f))
    return project([[float(r["lon"]), float(r["lat"])] for r in rows])


def iris_polygons():
    """The 965 IRIS polygons in metres, in file order."""
    with open(os.path.join(DATA, "paris_iris.geojson")) as f:
        feats = json.load(f)["features"]
    return [_project_geom(shape(ft["geometry"])) for ft in feats]
