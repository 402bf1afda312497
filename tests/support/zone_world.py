"""Zone layers with the defects of real census layers, made from the real Paris IRIS cells.

MassGIS's 2010 towns hold self-intersecting polygons (18 of 351); the layers here give real
IRIS cells the same defects: a bow-tie (two consecutive vertices of the outer ring swapped, so
two edges cross) and a self-touching ring (a vertex visited twice), an overlapping copy (every
cell buffered) and a one-zone layer. Trips and CDR events on them come from a seeded generator.
"""
import csv
import json
import os

import numpy as np
from shapely.geometry import mapping, shape

from . import ROOT

IRIS = os.path.join(ROOT, "sample_data", "paris_iris.geojson")
TOWERS = os.path.join(ROOT, "sample_data", "paris_cells_opencellid.csv")
START = "2026-05-25T00:00:00"
START_EPOCH = 1_779_667_200  # START in epoch seconds (UTC)


def iris_features():
    with open(IRIS) as f:
        return json.load(f)["features"]


def bow_tie(ring):
    """The ring with two consecutive vertices swapped (the first swap that makes edges cross)."""
    for k in range(1, len(ring) - 2):
        out = [list(p) for p in ring]
        out[k], out[k + 1] = out[k + 1], out[k]
        if not shape({"type": "Polygon", "coordinates": [out]}).is_valid:
            return out
    raise AssertionError("no swap of two vertices makes this ring cross itself")


def self_touching(ring):
    """The ring visiting its first vertex again halfway round (a pinch, as in digitised towns)."""
    ring = [list(p) for p in ring]
    half = len(ring) // 2
    return ring[:half] + [ring[0]] + ring[half:]


def _outer(geometry):
    coords = geometry["coordinates"]
    return coords[0] if geometry["type"] == "Polygon" else coords[0][0]


def _set_outer(geometry, ring):
    if geometry["type"] == "Polygon":
        geometry["coordinates"][0] = ring
    else:
        geometry["coordinates"][0][0] = ring


def write(path, features):
    with open(path, "w") as f:
        json.dump({"type": "FeatureCollection", "features": features}, f)
    return str(path)


def invalid_iris(path, n_bow_ties=2, n_pinched=1):
    """The 965 IRIS cells, ``n_bow_ties`` of them bow-ties and ``n_pinched`` self-touching;
    returns (path, ids of the broken cells)."""
    feats = iris_features()
    broken = []
    for k, f in enumerate(feats[10:10 + n_bow_ties + n_pinched]):
        ring = _outer(f["geometry"])
        _set_outer(f["geometry"], bow_tie(ring) if k < n_bow_ties else self_touching(ring))
        assert not shape(f["geometry"]).is_valid
        broken.append(f["properties"]["iris_id"])
    return write(path, feats), broken


def buffered_iris(path, degrees=0.002, n=None):
    """IRIS cells (the first ``n``) each grown by ``degrees`` (~150–220 m): they overlap."""
    feats = iris_features()[:n]
    for f in feats:
        f["geometry"] = mapping(shape(f["geometry"]).buffer(degrees))
    return write(path, feats)


def one_zone(path):
    return write(path, iris_features()[:1])


def _points_in(geometry, rng, k):
    g = shape(geometry)
    x0, y0, x1, y1 = g.bounds
    out = []
    while len(out) < k:
        x, y = rng.uniform(x0, x1), rng.uniform(y0, y1)
        if g.contains(shape({"type": "Point", "coordinates": (x, y)})):
            out.append((x, y))
    return out


def trips_csv(path, n_users=60, n_zones=40, seed=0):
    """Trips of ``n_users`` people between the first ``n_zones`` valid IRIS cells, as a table
    (user_id, ox, oy, dx, dy in lon/lat, start, end); returns (path, number of trips)."""
    rng = np.random.default_rng(seed)
    feats = iris_features()[20:20 + n_zones]
    rows = []
    for u in range(n_users):
        for t in range(int(rng.integers(1, 6))):
            o, d = rng.integers(n_zones, size=2)
            (ox, oy), = _points_in(feats[o]["geometry"], rng, 1)
            (dx, dy), = _points_in(feats[d]["geometry"], rng, 1)
            hour = int(rng.integers(6, 22))
            rows.append([f"u{u}", ox, oy, dx, dy, f"2026-05-25T{hour:02d}:{t * 10:02d}:00",
                         f"2026-05-25T{hour:02d}:{t * 10 + 5:02d}:00"])
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["user_id", "ox", "oy", "dx", "dy", "start", "end"])
        w.writerows(rows)
    return str(path), len(rows)


def towers_geojson(path):
    """The 627 real OpenCellID cells as points (cell_id) in lon/lat."""
    with open(TOWERS, newline="") as f:
        rows = list(csv.DictReader(f))
    return write(path, [{"type": "Feature", "properties": {"cell_id": r["cell_id"]},
                         "geometry": {"type": "Point",
                                      "coordinates": [float(r["lon"]), float(r["lat"])]}}
                        for r in rows])


def events_csv(path, n_users=300, hours=24, seed=0):
    """CDR events of ``n_users`` people at the real OpenCellID cells (user_id, tower_id, time)."""
    rng = np.random.default_rng(seed)
    with open(TOWERS, newline="") as f:
        towers = [r["cell_id"] for r in csv.DictReader(f)]
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["user_id", "tower_id", "time"])
        for u in range(n_users):
            home = towers[rng.integers(len(towers))]
            for _ in range(int(rng.integers(1, 10))):
                tower = home if rng.random() < 0.7 else towers[rng.integers(len(towers))]
                w.writerow([f"u{u}", tower,
                            START_EPOCH + int(rng.integers(hours * 3600))])
    return str(path)


def observations_csv(path, n_users=100, n_zones=40, seed=0):
    """Hourly observations (user_id, time, iris_id) of ``n_users`` people in IRIS cells."""
    rng = np.random.default_rng(seed)
    ids = [f["properties"]["iris_id"] for f in iris_features()[20:20 + n_zones]]
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["user_id", "time", "iris_id"])
        for u in range(n_users):
            for h in range(int(rng.integers(1, 6))):
                w.writerow([f"u{u}", f"2026-05-25T{h:02d}:30:00", ids[rng.integers(n_zones)]])
    return str(path)


def fixes_geojson(path, trips_path):
    """The trips of :func:`trips_csv` as GPS fixes (vehicle, trip, time, lon/lat points)."""
    feats = []
    with open(trips_path, newline="") as f:
        for k, r in enumerate(csv.DictReader(f)):
            for j, (x, y) in enumerate(((r["ox"], r["oy"]), (r["dx"], r["dy"]))):
                feats.append({"type": "Feature",
                              "properties": {"vehicle": r["user_id"], "trip": k,
                                             "time": START_EPOCH + 600 * k + 300 * j},
                              "geometry": {"type": "Point",
                                           "coordinates": [float(x), float(y)]}})
    return write(path, feats)
