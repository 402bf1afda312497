"""The OD flow maps of the README at census zones (issue 29): docs/od-map-people.png (the
shipped model "Trips to OD flow map", today's default method) and docs/od-map-trips.png (the
former method, odflows METHOD=trips), and the same two on a 1 km grid (od-map-people-1km.png,
od-map-trips-1km.png) and the default with public regions at census zones (2 km squares
holding the zones' centroids: od-map-people-regions.png), ε = 1, m = 10, on the project's
synthetic trips (``dpcore.demo_data.gps_and_checkins.generate_trajectories``: 5,000 vehicles over
3 days on the Paris sample, seed 0, as ``benchmarks/peer_dpmr.make_data`` and ``benchmarks/od_heldout.py``) over the 965
IRIS zones of sample_data/paris_iris.geojson.

Two steps, from the repository root (PLUG: a folder holding a ``mobility_dp`` symlink to the
checkout; PROFILE: a QGIS profile with the plugin enabled):

    OD_MAPS=/tmp/odmaps QT_QPA_PLATFORM=offscreen PYTHONPATH=$PLUG .venv/bin/python docs/od_maps.py
    OD_MAPS=/tmp/odmaps SHOTS_OUT=docs QGIS_PLUGINPATH=$PLUG QGIS_CUSTOM_CONFIG_PATH=$PROFILE \\
      xvfb-run -a -s "-screen 0 1400x900x24" qgis --nologo --noversioncheck --code docs/od_maps.py

The first writes the GPS points, runs both and prints what each map draws (od_maps.json);
the second loads the outputs into QGIS desktop and grabs the main window.
"""
import json
import os
import sys

WORK = os.environ["OD_MAPS"]
# qgis --code runs the file without __file__: then the repository root is the working directory
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) if "__file__" in globals() \
    else os.getcwd()
IRIS = os.path.join(ROOT, "sample_data", "paris_iris.geojson")
# (key, zones, METHOD, title): the default runs through the shipped model, the former method
# through odflows with METHOD = trips (the model leaves METHOD at its default)
RUNS = (("people", "iris", None, "Default (people per pair)"),
        ("trips", "iris", "trips", "Former (trips per pair)"),
        ("people-1km", "grid", None, "Default (people per pair)"),
        ("trips-1km", "grid", "trips", "Former (trips per pair)"),
        ("people-regions", "iris", "auto", "Default + public regions (2 km squares)"))
# runs with public regions (odflows REGION_SIZE, metres): their region flow lines are shown too
REGIONS = {"people-regions": 2000}


def write_points(path):
    """The synthetic GPS fixes (Lambert-93) as a GeoPackage of points."""
    from qgis.core import (
        QgsCoordinateReferenceSystem,
        QgsCoordinateTransformContext,
        QgsFeature,
        QgsField,
        QgsFields,
        QgsGeometry,
        QgsPointXY,
        QgsVectorFileWriter,
        QgsWkbTypes,
    )

    from mobility_dp.algorithms.common.field_types import FieldType
    from mobility_dp.dpcore.demo_data.gps_and_checkins import generate_trajectories
    from mobility_dp.dpcore.random.rng import make_rng
    from tests.support.geography import load_paris_sample
    geo = load_paris_sample(os.path.join(ROOT, "sample_data"))
    traj = generate_trajectories(geo, rng=make_rng(0), n_vehicles=5000, days=3,
                                 start=1_779_667_200)
    fields = QgsFields()
    for name, kind in (("vehicle_id", FieldType.LongLong), ("trip_id", FieldType.LongLong),
                       ("time", FieldType.LongLong)):
        fields.append(QgsField(name, kind))
    options = QgsVectorFileWriter.SaveVectorOptions()
    options.driverName = "GPKG"
    writer = QgsVectorFileWriter.create(path, fields, QgsWkbTypes.Point,
                                        QgsCoordinateReferenceSystem("EPSG:2154"),
                                        QgsCoordinateTransformContext(), options)
    for v, k, t, x, y in zip(traj.vehicle_id, traj.trip_id, traj.t, traj.x, traj.y):
        f = QgsFeature(fields)
        f.setGeometry(QgsGeometry.fromPointXY(QgsPointXY(float(x), float(y))))
        f.setAttributes([int(v), int(k), int(t)])
        writer.addFeature(f)
    del writer
    return len(traj.t)


def run():
    from qgis.core import (
        QgsApplication,
        QgsProcessingContext,
        QgsProcessingFeedback,
        QgsProcessingModelAlgorithm,
        QgsVectorLayer,
    )
    sys.path.insert(0, "/usr/share/qgis/python/plugins")
    app = QgsApplication([], False)
    app.initQgis()
    import processing
    from processing.core.Processing import Processing
    Processing.initialize()
    import mobility_dp
    plugin = mobility_dp.classFactory(None)
    plugin.initProcessing()
    os.makedirs(WORK, exist_ok=True)
    gps = os.path.join(WORK, "gps.gpkg")
    facts = {"fixes": write_points(gps) if not os.path.exists(gps) else None}
    model = QgsProcessingModelAlgorithm()
    assert model.fromFile(os.path.join(ROOT, "models", "trips_to_od_flows.model3"))
    grid = os.path.join(WORK, "grid_1km.gpkg")
    if not os.path.exists(grid):  # 1 km squares (Lambert-93) over the IRIS zones
        e = QgsVectorLayer(IRIS, "z", "ogr").extent()
        full = processing.run("native:creategrid", {
            "TYPE": 2, "EXTENT": f"{e.xMinimum()},{e.xMaximum()},{e.yMinimum()},"
            f"{e.yMaximum()} [EPSG:4326]", "HSPACING": 1000, "VSPACING": 1000,
            "CRS": "EPSG:2154", "OUTPUT": os.path.join(WORK, "grid_full.gpkg")})["OUTPUT"]
        processing.run("native:extractbylocation", {"INPUT": full, "PREDICATE": [0],
                                                     "INTERSECT": IRIS, "OUTPUT": grid})
    zones = {"iris": IRIS, "grid": grid}
    names = ("map.gpkg", "od.gpkg", "report.html", "regions.gpkg")
    out = {k: {n: os.path.join(WORK, f"{k}_{n}") for n in names} for k, *_ in RUNS}
    for path in (p for d in out.values() for p in d.values()):
        if os.path.exists(path):
            os.remove(path)
    for k, z, method, _ in RUNS:
        if method is None:
            processing.run(model, {
                "trips": gps, "user_field": "vehicle_id", "trip_field": "trip_id",
                "time_field": "time", "zones": zones[z], "max_trips": 10, "epsilon": 1.0,
                "odflows:flow_map": out[k]["map.gpkg"], "odflows:od_table": out[k]["od.gpkg"],
                "odflows:report": out[k]["report.html"]},
                context=QgsProcessingContext(), feedback=QgsProcessingFeedback())
        else:
            extra = {"REGION_SIZE": REGIONS[k], "REGION_FLOWS": out[k]["regions.gpkg"]} \
                if k in REGIONS else {}
            processing.run("mobilitydp:odflows", {
                "INPUT": gps, "USER_FIELD": "vehicle_id", "TRIP_FIELD": "trip_id",
                "TIME_FIELD": "time", "ZONES": zones[z], "MAX_TRIPS": 10, "EPSILON": 1.0,
                "METHOD": method, "FLOWS": out[k]["map.gpkg"], "OD_TABLE": out[k]["od.gpkg"],
                "REPORT": out[k]["report.html"], **extra},
                context=QgsProcessingContext(), feedback=QgsProcessingFeedback())
    for k, z, *_ in RUNS:
        lines = QgsVectorLayer(out[k]["map.gpkg"], "l", "ogr")
        table = QgsVectorLayer(out[k]["od.gpkg"], "t", "ogr")
        flows = [f["flow"] for f in lines.getFeatures()]
        facts[k] = {"lines": len(flows), "lines_max_flow": max(flows, default=None),
                    "table_rows": table.featureCount(), "zones": zones[z], "paths": out[k]}
        if k in REGIONS:
            facts[k]["region_lines"] = QgsVectorLayer(out[k]["regions.gpkg"], "r",
                                                      "ogr").featureCount()
    with open(os.path.join(WORK, "od_maps.json"), "w", encoding="utf-8") as fh:
        json.dump(facts, fh, indent=1)
    sys.stdout.write(json.dumps(facts, indent=1) + "\n")
    plugin.unload()


def shots():
    """In QGIS desktop: the zones and each map's flow lines, one window grab per method."""
    from qgis.core import QgsApplication, QgsProject, QgsVectorLayer
    from qgis.PyQt.QtCore import QTimer
    from qgis.utils import iface
    with open(os.path.join(WORK, "od_maps.json"), encoding="utf-8") as fh:
        facts = json.load(fh)
    out = os.environ["SHOTS_OUT"]
    log = open(os.path.join(WORK, "shots.log"), "w", encoding="utf-8")
    state = {}

    def show(k, title):
        from qgis.PyQt.QtGui import QColor
        project = QgsProject.instance()
        project.removeAllMapLayers()
        zones = QgsVectorLayer(facts[k]["zones"], "zones", "ogr")
        zones.setName(f"IRIS zones ({zones.featureCount()})" if facts[k]["zones"] == IRIS
                      else f"1 km squares ({zones.featureCount()})")
        zones.renderer().symbol().setColor(QColor(235, 235, 235))
        project.addMapLayer(zones)
        n = facts[k]["lines"]
        lines = QgsVectorLayer(facts[k]["paths"]["map.gpkg"],
                               f"{title}, ε = 1: {n} flow line{'s' if n != 1 else ''}", "ogr")
        project.addMapLayer(lines)  # its arrow style is stored in the GeoPackage
        state["layers"] = (zones, lines)
        if "region_lines" in facts[k]:
            r = facts[k]["region_lines"]
            regions = QgsVectorLayer(facts[k]["paths"]["regions.gpkg"],
                                     f"Flows between 2 km regions: {r} region flow line"
                                     f"{'s' if r != 1 else ''}", "ogr")
            project.addMapLayer(regions)
            state["layers"] += (regions,)
        QgsApplication.processEvents()
        canvas = iface.mapCanvas()
        canvas.setExtent(canvas.mapSettings().layerExtentToOutputExtent(zones, zones.extent()))
        iface.mapCanvas().refreshAllLayers()

    def grab(name):
        QgsApplication.processEvents()
        iface.mainWindow().grab().save(os.path.join(out, name))
        log.write(f"saved {name}\n")
        log.flush()

    from qgis.PyQt.QtCore import Qt
    from qgis.PyQt.QtWidgets import QDockWidget
    win = iface.mainWindow()
    win.resize(1400, 900)
    for dock in win.findChildren(QDockWidget):  # the layer names say what is drawn: room
        if dock.objectName() == "Browser":
            dock.hide()
        elif dock.objectName() == "Layers":
            win.resizeDocks([dock], [480], Qt.Orientation.Horizontal)
    for i, (k, _, _, title) in enumerate(RUNS):
        QTimer.singleShot(4000 + 6000 * i, lambda k=k, title=title: show(k, title))
        QTimer.singleShot(9000 + 6000 * i, lambda k=k: grab(f"od-map-{k}.png"))
    QTimer.singleShot(4000 + 6000 * len(RUNS), lambda: (log.close(), QgsApplication.exit(0)))


if os.environ.get("SHOTS_OUT"):
    shots()
elif __name__ == "__main__":
    run()
