"""Voronoi tower tessellation and data-driven tessellation: speed.

dpcore's ``voronoi_cells`` clips the cells to an arbitrary study area (here
a 400-vertex star-shaped polygon of ~60 km across). The baseline is QGIS's
own ``qgis:voronoipolygons`` on the same towers through
``/usr/bin/qgis_process.bin`` (run in the same process, a separate
subprocess per call): it only extends the diagram to a buffered bounding
box and does not clip to an arbitrary area, so it does less work. Its time
includes qgis_process start-up, which is measured apart (``--version``).

Run: .venv/bin/python benchmarks/tessellation.py [--no-qgis]
"""
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [ROOT, os.path.join(ROOT, "tests", "core")]

import _paris  # noqa: E402
import numpy as np  # noqa: E402
from shapely.geometry import Polygon  # noqa: E402
from shapely.ops import unary_union  # noqa: E402

from dpcore.geometry.data_driven_cells import data_driven_seeds  # noqa: E402
from dpcore.geometry.shapes import covers_xy  # noqa: E402
from dpcore.geometry.voronoi import voronoi_cells  # noqa: E402

QGIS_PROCESS = "/usr/bin/qgis_process.bin"


def star(n_vertices=400, radius=30000.0, seed=0):
    rng = np.random.default_rng(seed)
    ang = np.linspace(0, 2 * np.pi, n_vertices, endpoint=False)
    r = radius * (0.75 + 0.25 * np.sin(7 * ang)) * rng.uniform(0.95, 1.0, n_vertices)
    return Polygon(np.column_stack([r * np.cos(ang), r * np.sin(ang)]))


def timed(f, *args, **kw):
    t0 = time.perf_counter()
    out = f(*args, **kw)
    return out, time.perf_counter() - t0


def qgis_voronoi(pts, workdir):
    """Seconds for qgis:voronoipolygons (and for qgis_process start-up alone)."""
    uri = os.path.join(workdir, "towers.geojson")
    with open(uri, "w") as f:  # GeoJSON with a (GDAL-honoured) projected crs member
        f.write('{"type": "FeatureCollection", "crs": {"type": "name", "properties": '
                '{"name": "urn:ogc:def:crs:EPSG::2154"}}, "features": [')
        f.write(",".join('{"type": "Feature", "properties": {}, "geometry": '
                         f'{{"type": "Point", "coordinates": [{x:.3f}, {y:.3f}]}}}}'
                         for x, y in pts))
        f.write("]}")
    out = os.path.join(workdir, "voronoi.gpkg")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen",
               QGIS_CUSTOM_CONFIG_PATH=os.path.join(workdir, "qgis"))
    _, startup = timed(subprocess.run, [QGIS_PROCESS, "--version"], env=env,
                       capture_output=True, check=True)
    res, total = timed(subprocess.run, [QGIS_PROCESS, "run", "qgis:voronoipolygons", "--",
                                        f"INPUT={uri}", "BUFFER=0", f"OUTPUT={out}"],
                       env=env, capture_output=True, text=True)
    if res.returncode != 0:
        raise RuntimeError(res.stderr[-2000:])
    return total, startup


def main():
    use_qgis = "--no-qgis" not in sys.argv and os.path.exists(QGIS_PROCESS)
    area = star()
    rng = np.random.default_rng(1)
    minx, miny, maxx, maxy = area.bounds
    print("| case | towers | cells | outside | dpcore s | qgis:voronoipolygons s "
          "(start-up s) | QGIS / dpcore |")
    print("|---|---|---|---|---|---|---|")
    iris = unary_union(_paris.iris_polygons())
    tess, t = timed(voronoi_cells, _paris.towers_xy(), iris)
    print(f"| Paris towers → IRIS union | 627 | {len(tess.cells)} | {tess.n_outside} | {t:.3f} "
          "| – | – |", flush=True)
    with tempfile.TemporaryDirectory() as workdir:
        for n in (10000, 100000):
            pts = rng.uniform((minx, miny), (maxx, maxy), (3 * n, 2))
            pts = pts[covers_xy(area, pts)][:n]  # uniform inside the area
            tess, t = timed(voronoi_cells, pts, area)
            if use_qgis:
                q, startup = qgis_voronoi(pts, workdir)
                qcols = f"{q:.2f} ({startup:.2f}) | {q / t:.2f}×"
            else:
                qcols = "not run | –"
            print(f"| uniform inside 400-vertex star | {n} | {len(tess.cells)} | {tess.n_outside} "
                  f"| {t:.2f} | {qcols} |", flush=True)

    print()
    print("| data-driven seeds | points | R m | r m | N | seeds | s |")
    print("|---|---|---|---|---|---|---|")
    for n in (10000, 100000):
        centres = rng.uniform((minx, miny), (maxx, maxy), (20, 2))
        pts = np.vstack([rng.uniform((minx, miny), (maxx, maxy), (n // 2, 2)),
                         centres[rng.integers(0, 20, n - n // 2)]
                         + rng.normal(0, 1500, (n - n // 2, 2))])
        seeds, t = timed(data_driven_seeds, pts, max_radius=5000, min_radius=500, min_points=80)
        print(f"| uniform + 20 blobs | {n} | 5000 | 500 | 80 | {len(seeds)} | {t:.2f} |",
              flush=True)


if __name__ == "__main__":
    main()
