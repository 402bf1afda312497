"""The README's map of private synthetic trips (issue 31): docs/synthetic-trips.png.

Made as a user makes it: the QGIS desktop under Xvfb (the GUI tier's runner,
``tests/gui/desktop.py``, fresh profile, plugin enabled) opens the *Synthetic trips* dialog on
the project's synthetic GPS trips (``dpcore.demo_data.gps_and_checkins.generate_trajectories``: 5,000
vehicles over 3 days on the Paris sample, seed 0, as ``docs/od_maps.py`` and
``benchmarks/synthesis.py``) with the 1 km squares over the IRIS zones as zones, ε = 1,
m = 10, the number of trips left at the noisy total, clicks Run, and the main window is
grabbed with the output (its stored style) filtered to the first morning (07–10 h UTC).

Run from the repository root (about a minute):

    .venv/bin/python docs/synthetic_trips_map.py [--work /tmp/synthmap] [--out docs]

The first step (offscreen, this process) writes the GPS points and the 1 km squares; the
second is the desktop session (the snippet below).
"""
import argparse
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MORNING = ("2026-05-25T07:00:00", "2026-05-25T10:00:00")

SNIPPET = r'''
import os as _os
WORK, OUT = _os.environ["SYNTH_WORK"], _os.environ["SYNTH_OUT"]
MORNING = %r


def main(h):
    from qgis.core import QgsProject, QgsVectorLayer
    from qgis.PyQt.QtCore import Qt
    from qgis.PyQt.QtGui import QColor
    from qgis.PyQt.QtWidgets import QDockWidget
    project = QgsProject.instance()
    grid = QgsVectorLayer(_os.path.join(WORK, "grid_1km.gpkg"), "grid", "ogr")
    grid.setName(f"1 km squares ({grid.featureCount()})")
    grid.renderer().symbol().setColor(QColor(235, 235, 235))
    project.addMapLayer(grid)
    out = _os.path.join(WORK, "synthetic.gpkg")
    if _os.path.exists(out):
        _os.remove(out)
    dlg = h.dialog("mobilitydp:synthesizetrips", {
        "INPUT": _os.path.join(WORK, "gps.gpkg"), "USER_FIELD": "vehicle_id",
        "TRIP_FIELD": "trip_id", "TIME_FIELD": "time",
        "ZONES": _os.path.join(WORK, "grid_1km.gpkg"),
        "START": "2026-05-25T00:00:00", "END": "2026-05-29T00:00:00", "MAX_TRIPS": 10,
        "EPSILON": 1.0, "SEED": 1, "OUTPUT": out})
    yield 0.5
    yield from h.run_dialog(dlg, timeout=600)
    h.result["log"] = h.dialog_log(dlg)[-4000:]
    dlg.close()
    yield 0.5
    def loaded():
        return [lyr for lyr in project.mapLayers().values() if "synthetic.gpkg" in lyr.source()]
    yield 3
    h.result["layers"] = [lyr.name() for lyr in project.mapLayers().values()]
    # the dialog loads the output when it is a temporary layer or "open after running" is on;
    # otherwise load it as a user would (its stored style is the GeoPackage's default style)
    layer = loaded()[0] if loaded() else project.addMapLayer(QgsVectorLayer(out, "trips", "ogr"))
    assert layer is not None and layer.isValid(), "the output cannot be loaded"
    total = layer.featureCount()
    layer.setSubsetString(f"\"start\" >= '{MORNING[0]}' AND \"start\" < '{MORNING[1]}'")
    shown = layer.featureCount()
    layer.setName("Synthetic trips (ε = 1), Mon 7–10 h")
    h.result.update(total=total, shown=shown)
    win = h.iface.mainWindow()
    win.resize(1400, 900)
    for dock in win.findChildren(QDockWidget):
        if dock.objectName() == "Layers":
            win.resizeDocks([dock], [430], Qt.Orientation.Horizontal)
        elif dock.isVisible():
            dock.hide()
    yield 1
    canvas = h.iface.mapCanvas()
    canvas.setExtent(canvas.mapSettings().layerExtentToOutputExtent(grid, grid.extent()))
    canvas.refreshAllLayers()
    yield 4
    h.result["saved"] = h.shot(win, _os.path.join(OUT, "synthetic-trips.png"))
''' % (MORNING,)


def prepare(work):
    """The GPS points (Lambert-93) and the 1 km squares over the IRIS zones (offscreen)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ.setdefault("OD_MAPS", work)
    plug = os.path.join(work, "plugin")   # the checkout importable as mobility_dp
    os.makedirs(plug, exist_ok=True)
    if not os.path.lexists(os.path.join(plug, "mobility_dp")):
        os.symlink(ROOT, os.path.join(plug, "mobility_dp"))
    sys.path[:0] = [plug, os.path.join(ROOT, "docs"), "/usr/share/qgis/python/plugins"]
    from qgis.core import QgsApplication, QgsVectorLayer
    app = QgsApplication([], False)
    app.initQgis()
    from processing.core.Processing import Processing
    from qgis import processing
    Processing.initialize()
    from od_maps import write_points  # the same points as the OD maps
    os.makedirs(work, exist_ok=True)
    gps, grid = os.path.join(work, "gps.gpkg"), os.path.join(work, "grid_1km.gpkg")
    if not os.path.exists(gps):
        write_points(gps)
    if not os.path.exists(grid):
        iris = os.path.join(ROOT, "sample_data", "paris_iris.geojson")
        e = QgsVectorLayer(iris, "z", "ogr").extent()
        full = processing.run("native:creategrid", {
            "TYPE": 2, "EXTENT": f"{e.xMinimum()},{e.xMaximum()},{e.yMinimum()},"
            f"{e.yMaximum()} [EPSG:4326]", "HSPACING": 1000, "VSPACING": 1000,
            "CRS": "EPSG:2154", "OUTPUT": os.path.join(work, "grid_full.gpkg")})["OUTPUT"]
        processing.run("native:extractbylocation",
                       {"INPUT": full, "PREDICATE": [0], "INTERSECT": iris, "OUTPUT": grid})


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--work", default="/tmp/mobilitydp-synthmap")
    ap.add_argument("--out", default=os.path.join(ROOT, "docs"))
    args = ap.parse_args()
    work, out = os.path.abspath(args.work), os.path.abspath(args.out)
    prepare(work)
    sys.path.insert(0, os.path.join(ROOT, "tests", "gui"))
    from desktop import run_desktop
    result = run_desktop(SNIPPET, timeout=900, env={"SYNTH_WORK": work, "SYNTH_OUT": out})
    shot = os.path.join(out, "synthetic-trips.png")
    if os.path.exists(shot):   # a 128-colour palette: a quarter of the size, the same look
        from PIL import Image
        Image.open(shot).convert("RGB").quantize(128).save(shot, optimize=True)
    json.dump({k: result[k] for k in ("status", "result", "errors", "modals")}, sys.stdout,
              indent=1, default=str)
    sys.stdout.write("\n")
    return 0 if result["status"] == "done" and not result["errors"] else 1


if __name__ == "__main__":
    sys.exit(main())
