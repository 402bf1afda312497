"""Screenshots of the README, taken inside QGIS desktop under Xvfb (apt-get install xvfb).

    SHOTS_OUT=docs DENSITY=<a sanitizedensity GeoPackage output> QGIS_PLUGINPATH=<dir with a
    mobility_dp symlink> QGIS_CUSTOM_CONFIG_PATH=<profile with the plugin enabled> \
    xvfb-run -a -s "-screen 0 1400x900x24" qgis --nologo --noversioncheck --code docs/screenshots.py

docs/density-temporal.png shows sanitizedensity (ε = 1, 24 hourly slots) of 20,000 synthetic
users (generatemobility, ACTIVITY k_over_n_69, seed 1) over the sample towers and IRIS.
"""
import os, traceback
from qgis.core import QgsApplication, QgsProject, QgsVectorLayer, QgsDateTimeRange, QgsTemporalNavigationObject
from qgis.PyQt.QtCore import QTimer
from qgis.utils import iface

OUT = os.environ["SHOTS_OUT"]
log = open(os.path.join(OUT, "screenshots.log"), "w")


def step(fn):
    def run():
        try:
            fn()
            log.write(f"ok {fn.__name__}\n")
        except Exception:
            log.write(traceback.format_exc())
        log.flush()
    return run


def toolbox():
    from processing.gui.ProcessingToolbox import ProcessingToolbox
    import processing
    tb = iface.mainWindow().findChild(ProcessingToolbox)
    tb.show(); tb.raise_()
    tb.searchBox.setText("mobility")
    QgsApplication.processEvents()
    tb.algorithmTree.expandAll()
    tb.resize(420, 760)
    QgsApplication.processEvents()
    tb.grab().save(os.path.join(OUT, "toolbox.png"))


def dialog():
    import processing
    global dlg
    dlg = processing.createAlgorithmDialog("mobilitydp:sanitizedensity", {})
    dlg.resize(1100, 780)
    dlg.show()
    QgsApplication.processEvents()
    dlg.grab().save(os.path.join(OUT, "dialog.png"))
    dlg.close()


def density():
    layer = QgsVectorLayer(os.environ["DENSITY"], "Private density (ε = 1)", "ogr")
    QgsProject.instance().addMapLayer(layer)
    canvas = iface.mapCanvas()
    canvas.setExtent(layer.extent())
    nav = iface.mapCanvas().temporalController()
    props = layer.temporalProperties()
    log.write(f"temporal active: {props.isActive()}\n")
    log.write(f"fields: {layer.fields().names()} start={props.startField()} end={props.endField()}\n")
    lo = layer.minimumValue(layer.fields().indexOf(props.startField()))
    hi = layer.maximumValue(layer.fields().indexOf(props.endField()))
    nav.setTemporalExtents(QgsDateTimeRange(lo, hi))
    nav.setFrameDuration(__import__("qgis.core", fromlist=["QgsInterval"]).QgsInterval(3600))
    nav.setNavigationMode(QgsTemporalNavigationObject.Animated)
    nav.setCurrentFrameNumber(18)
    canvas.refreshAllLayers()


def density_grab():
    from qgis.PyQt.QtWidgets import QDockWidget
    win = iface.mainWindow()
    for dock in win.findChildren(QDockWidget):
        if dock.objectName() in ("TemporalControllerDock",) or "Temporal" in dock.windowTitle():
            dock.show()
    QgsApplication.processEvents()
    win.grab().save(os.path.join(OUT, "density-temporal.png"))


def model():
    from processing.modeler.ModelerDialog import ModelerDialog
    global mdlg
    alg = QgsApplication.processingRegistry().algorithmById("mobilitydp:Generate sanitize and compare density")
    mdlg = ModelerDialog.create(alg.create())
    mdlg.resize(1300, 900)
    mdlg.show()
    QgsApplication.processEvents()
    QTimer.singleShot(1500, step(model_grab))


def model_grab():
    QgsApplication.processEvents()
    mdlg.grab().save(os.path.join(OUT, "model.png"))
    mdlg.close()


def finish():
    log.close()
    QgsApplication.exit(0)


iface.mainWindow().resize(1400, 900)
for delay, fn in ((4000, toolbox), (6000, dialog), (8000, density), (14000, density_grab),
                  (16000, model), (22000, finish)):
    QTimer.singleShot(delay, step(fn))
