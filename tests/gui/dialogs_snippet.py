# Startup snippet of the GUI tier (run by tests/gui/desktop.py inside the QGIS desktop).
# Opens every Mobility DP dialog, runs a representative set from the dialog (temporary and
# GeoPackage outputs, native:buffer as the control), adds a foreign GeoPackage, and records
# what a user would see: dialog logs, message-log entries, horizontal scrolling, combo texts.
# Screenshots go to $GUI_SHOTS (docs/ when regenerating the README's).
import os as _os

IRIS = _os.path.join(_os.environ["GUI_ROOT"], "sample_data", "paris_iris.geojson")
TOWERS_CSV = _os.path.join(_os.environ["GUI_ROOT"], "sample_data", "paris_cells_opencellid.csv")
WORK = _os.environ["GUI_WORK"]
SHOTS = _os.environ.get("GUI_SHOTS", "")
#: dialogs photographed at their default size (file name: <id>-dialog.png)
SHOT_IDS = ("sanitizedensity", "noisycounts", "odflows", "perturbpoints")


def _scroll(dlg):
    """Horizontal scroll range (px) of the parameters panel, 0 when everything fits."""
    from qgis.PyQt.QtWidgets import QScrollArea
    return max([a.horizontalScrollBar().maximum()
                for a in dlg.mainWidget().findChildren(QScrollArea)] or [0])


def _combos(dlg, alg):
    """For each enum parameter: the texts its widget shows and the stored values."""
    from qgis.core import QgsProcessingParameterEnum
    from qgis.PyQt.QtWidgets import QComboBox
    out = {}
    wrappers = getattr(dlg.mainWidget(), "wrappers", {})
    for p in alg.parameterDefinitions():
        if not isinstance(p, QgsProcessingParameterEnum) or p.name() not in wrappers:
            continue
        w = wrappers[p.name()]
        widget = getattr(w, "widget", None) or w.wrappedWidget()
        combos = widget.findChildren(QComboBox) if not isinstance(widget, QComboBox) else [widget]
        texts = [c.itemText(i) for c in combos for i in range(c.count())]
        out[p.name()] = {"texts": texts, "values": list(p.options())}
    return out


def _help_pane(dlg):
    """The dialog's help pane: [viewport width, height, vertical scroll range] (px)."""
    from qgis.PyQt.QtWidgets import QTextBrowser
    pane = dlg.findChild(QTextBrowser, "textShortHelp")
    if pane is None:
        return None
    return [pane.viewport().width(), pane.viewport().height(),
            pane.verticalScrollBar().maximum()]


def _labels(dlg):
    from qgis.PyQt.QtWidgets import QLabel
    return [lab.text() for lab in dlg.mainWidget().findChildren(QLabel) if lab.text()]


def _run(h, name, alg_id, params, shot=None):
    mark = h.mark()
    dlg = h.dialog(alg_id, params)
    yield 0.3
    yield from h.run_dialog(dlg)
    h.result.setdefault("runs", {})[name] = {
        "log": h.dialog_log(dlg), "messages": h.messages_since(mark),
        "layers": sorted(layer.name() for layer in
                         __import__("qgis.core", fromlist=["QgsProject"]).QgsProject.instance()
                         .mapLayers().values())}
    dlg.close()
    yield 0.2


def main(h):
    import processing
    from qgis.core import QgsApplication, QgsProcessingModelAlgorithm, QgsProject, QgsVectorLayer
    provider = QgsApplication.processingRegistry().providerById("mobilitydp")
    h.result["startup_messages"] = list(h.messages)
    algs = sorted(provider.algorithms(), key=lambda a: a.id())
    h.result["algorithms"] = [a.id() for a in algs]

    # 1. every dialog at its default size (a fresh profile has no stored geometry)
    dialogs = {}
    for alg in algs + [QgsApplication.processingRegistry().algorithmById("native:buffer")]:
        mark = h.mark()
        short = alg.id().split(":", 1)[1]
        # a fixed start for the screenshots (a required date-time picker starts at "now")
        dlg = h.dialog(alg.id(), {"START": "2007-09-10T00:00:00"} if short in SHOT_IDS and
                       alg.parameterDefinition("START") is not None else {})
        yield 0.05
        dialogs[alg.id()] = {
            "size": [dlg.width(), dlg.height()], "scroll": _scroll(dlg),
            "model": isinstance(alg, QgsProcessingModelAlgorithm),
            "combos": _combos(dlg, alg), "labels": _labels(dlg), "help": _help_pane(dlg),
            "messages": h.messages_since(mark)}
        if SHOTS and short in SHOT_IDS:
            h.shot(dlg, _os.path.join(SHOTS, f"{short}-dialog.png"))
        dlg.close()
    h.result["dialogs"] = dialogs
    if SHOTS:  # the README's dialog: sanitizedensity with its help, at a roomy size
        dlg = h.dialog("mobilitydp:sanitizedensity", {"START": "2007-09-10T00:00:00"})
        dlg.resize(1100, 780)
        yield 0.3
        h.shot(dlg, _os.path.join(SHOTS, "dialog.png"))
        dlg.close()

    # 2. inputs: the towers as a GeoPackage, a small synthetic population
    towers = _os.path.join(WORK, "towers.gpkg")
    processing.run("native:savefeatures", {"INPUT": QgsVectorLayer(
        f"file://{TOWERS_CSV}?delimiter=,&xField=lon&yField=lat&crs=EPSG:4326", "t",
        "delimitedtext"), "OUTPUT": towers})
    data = {k: _os.path.join(WORK, f"{k.lower()}.gpkg") for k in ("CDR", "TRAJECTORIES",
                                                                 "CHECKINS")}
    processing.run("mobilitydp:generatemobility", {
        "TOWERS": towers, "TOWER_ID_FIELD": "cell_id", "CENSUS": IRIS,
        "POPULATION_FIELD": "population", "USERS": 300, "DAYS": 1, "VEHICLES": 30,
        "CHECKIN_USERS": 100, "START": "2024-03-04T00:00:00", "SEED": 2, **data})

    # 3. runs from the dialog (Run button), temporary and file outputs; native:buffer first
    gpkg = lambda name: _os.path.join(WORK, name + ".gpkg")  # noqa: E731
    yield from _run(h, "buffer temporary", "native:buffer",
                    {"INPUT": IRIS, "DISTANCE": 0.001, "OUTPUT": "TEMPORARY_OUTPUT"})
    yield from _run(h, "buffer gpkg", "native:buffer",
                    {"INPUT": IRIS, "DISTANCE": 0.001, "OUTPUT": gpkg("buffer")})
    yield from _run(h, "noisycounts temporary", "mobilitydp:noisycounts",
                    {"INPUT": IRIS, "COUNT_FIELD": "population", "EPSILON": 1.0, "SEED": 1,
                     "OUTPUT": "TEMPORARY_OUTPUT"})
    yield from _run(h, "noisycounts gpkg", "mobilitydp:noisycounts",
                    {"INPUT": IRIS, "COUNT_FIELD": "population", "EPSILON": 1.0, "SEED": 1,
                     "OUTPUT": gpkg("noisy")})
    yield from _run(h, "perturbpoints temporary", "mobilitydp:perturbpoints",
                    {"INPUT": data["CHECKINS"], "EPSILON": 0.01, "SEED": 1,
                     "OUTPUT": "TEMPORARY_OUTPUT", "DISPLACEMENT": "TEMPORARY_OUTPUT"})
    yield from _run(h, "sanitizedensity temporary", "mobilitydp:sanitizedensity",
                    {"INPUT": data["CDR"], "USER_FIELD": "user_id", "TOWER_FIELD": "tower_id",
                     "TIME_FIELD": "time", "TOWERS": towers, "TOWER_ID_FIELD": "cell_id",
                     "CENSUS": IRIS, "CENSUS_ID_FIELD": "iris_id", "EPSILON": 1.0,
                     "START": "2024-03-04T00:00:00", "SEED": 1, "OUTPUT": "TEMPORARY_OUTPUT"})
    yield from _run(h, "sanitizedensity gpkg", "mobilitydp:sanitizedensity",
                    {"INPUT": data["CDR"], "USER_FIELD": "user_id", "TOWER_FIELD": "tower_id",
                     "TIME_FIELD": "time", "TOWERS": towers, "TOWER_ID_FIELD": "cell_id",
                     "CENSUS": IRIS, "CENSUS_ID_FIELD": "iris_id", "EPSILON": 1.0,
                     "START": "2024-03-04T00:00:00", "SEED": 1, "OUTPUT": gpkg("density")})
    yield from _run(h, "odflows temporary", "mobilitydp:odflows",
                    {"INPUT": data["TRAJECTORIES"], "USER_FIELD": "vehicle_id",
                     "TRIP_FIELD": "trip_id", "TIME_FIELD": "time", "ZONES": IRIS,
                     "ZONE_ID_FIELD": "iris_id", "EPSILON": 1.0, "SEED": 1,
                     "OD_TABLE": "TEMPORARY_OUTPUT", "FLOWS": "TEMPORARY_OUTPUT"})

    yield from _run(h, "model temporary", "mobilitydp:Trips to OD flow map",
                    {"trips": data["TRAJECTORIES"], "user_field": "vehicle_id",
                     "trip_field": "trip_id", "time_field": "time", "zones": IRIS,
                     "epsilon": 1.0, "odflows:flow_map": "TEMPORARY_OUTPUT",
                     "odflows:od_table": "TEMPORARY_OUTPUT"})

    # 4. a GeoPackage this plugin did not write, added as a user would
    mark = h.mark()
    before = len(QgsProject.instance().mapLayers())
    layer = h.iface.addVectorLayer(gpkg("buffer"), "foreign", "ogr")
    yield 0.5
    h.result["foreign"] = {"messages": h.messages_since(mark), "valid": bool(
        layer and layer.isValid()), "added": len(QgsProject.instance().mapLayers()) - before}

    # 5. an output GeoPackage added as a user adds a file (Add Vector Layer); the control is a
    # copy whose style is stored inside the file, as QGIS's Save to Database does
    yield from _add_output_geopackages(h, gpkg("density"), gpkg("density_infile"))
    h.result["messages_total"] = len(h.messages)


def _add_output_geopackages(h, own, infile):
    import shutil

    from qgis.core import QgsProject, QgsVectorLayer
    shutil.copyfile(own, infile)
    copy = QgsVectorLayer(infile, "copy", "ogr")
    copy.loadNamedStyle(own[:-len(".gpkg")] + ".qml")
    copy.saveStyleToDatabase("control", "", True, "")
    del copy
    added = {}
    for name, path in (("own", own), ("infile", infile)):
        first = len(h.modals)
        layer = h.iface.addVectorLayer(path, "", "ogr")
        yield 1.0
        modals = h.modals[first:]
        del h.modals[first:]   # the control's dialog is expected: not a session modal
        added[name] = {"modals": modals, "valid": bool(layer and layer.isValid())}
        if layer and layer.isValid():
            added[name].update(renderer=layer.renderer().type(),
                               temporal=layer.temporalProperties().isActive())
    h.result["add_vector"] = added
    QgsProject.instance().removeAllMapLayers()
