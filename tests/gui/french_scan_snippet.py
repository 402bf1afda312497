# Startup snippet of the French scan (run by tests/gui/desktop.py with the profile's locale set
# to French): opens the dialog of every Mobility DP algorithm at its default size, records every
# text the plugin puts in them (labels, tooltips, option labels, placeholders, help), runs six
# from their dialog on generated data, plus two refused runs, and records the dialog logs and
# message-log entries.
# Screenshots of two French dialogs go to $GUI_SHOTS.
import os as _os

IRIS = _os.path.join(_os.environ["GUI_ROOT"], "sample_data", "paris_iris.geojson")
TOWERS_CSV = _os.path.join(_os.environ["GUI_ROOT"], "sample_data", "paris_cells_opencellid.csv")
WORK = _os.environ["GUI_WORK"]
SHOTS = _os.environ.get("GUI_SHOTS", "")
SHOT_IDS = ("sanitizedensity", "synthesizetrips")


def _texts(dlg):
    """Every text the parameters panel shows or shows on hover."""
    from qgis.PyQt.QtWidgets import QAbstractButton, QComboBox, QLabel, QLineEdit
    panel, out = dlg.mainWidget(), []
    for w in panel.findChildren(QLabel) + panel.findChildren(QAbstractButton):
        out += [w.text(), w.toolTip()]
    for c in panel.findChildren(QComboBox):
        out += [c.itemText(i) for i in range(c.count())] + [c.toolTip()]
    for e in panel.findChildren(QLineEdit):
        out += [e.placeholderText(), e.toolTip()]
    return [t for t in out if t and t.strip()]


def _scroll(dlg):
    from qgis.PyQt.QtWidgets import QScrollArea
    return max([a.horizontalScrollBar().maximum()
                for a in dlg.mainWidget().findChildren(QScrollArea)] or [0])


def _help_scroll(dlg):
    """The vertical scroll range (px) of the dialog's help pane."""
    from qgis.PyQt.QtWidgets import QTextBrowser
    pane = dlg.findChild(QTextBrowser, "textShortHelp")
    return pane.verticalScrollBar().maximum() if pane is not None else -1


def _widest(dlg):
    from qgis.PyQt.QtWidgets import QWidget
    return sorted(([w.sizeHint().width(), w.text()] for w in
                   dlg.mainWidget().findChildren(QWidget) if hasattr(w, "text")
                   and isinstance(w.text(), str)), reverse=True)[:3]


def main(h):
    import processing
    from qgis.core import QgsApplication, QgsVectorLayer
    registry = QgsApplication.processingRegistry()
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
    start, end = "2024-03-04T00:00:00", "2024-03-05T00:00:00"
    cdr = {"INPUT": data["CDR"], "USER_FIELD": "user_id", "TOWER_FIELD": "tower_id",
           "TIME_FIELD": "time", "START": start}
    runs = {
        "noisycounts": {"INPUT": IRIS, "COUNT_FIELD": "population", "EPSILON": 1.0, "SEED": 1,
                        "OUTPUT": "TEMPORARY_OUTPUT"},
        "perturbpoints": {"INPUT": data["CHECKINS"], "EPSILON": 0.01, "SEED": 1,
                          "OUTPUT": "TEMPORARY_OUTPUT", "DISPLACEMENT": "TEMPORARY_OUTPUT"},
        "sanitizedensity": {**cdr, "TOWERS": towers, "TOWER_ID_FIELD": "cell_id",
                            "CENSUS": IRIS, "CENSUS_ID_FIELD": "iris_id", "EPSILON": 1.0,
                            "SEED": 1, "OUTPUT": "TEMPORARY_OUTPUT"},
        "cdrsummary": {**cdr, "N_SLOTS": 24, "OUTPUT": "TEMPORARY_OUTPUT",
                       "SLOTS": "TEMPORARY_OUTPUT"},
        "synthesizetrips": {"INPUT": data["TRAJECTORIES"], "USER_FIELD": "vehicle_id",
                            "TRIP_FIELD": "trip_id", "TIME_FIELD": "time", "ZONES": IRIS,
                            "ZONE_ID_FIELD": "iris_id", "START": start, "END": end,
                            "N_TRIPS": 200, "EPSILON": 1.0, "SEED": 1,
                            "OUTPUT": "TEMPORARY_OUTPUT"},
        "odflows": {"INPUT": data["TRAJECTORIES"], "USER_FIELD": "vehicle_id",
                    "TRIP_FIELD": "trip_id", "TIME_FIELD": "time", "ZONES": IRIS,
                    "ZONE_ID_FIELD": "iris_id", "EPSILON": 1.0, "SEED": 1,
                    "OD_TABLE": "TEMPORARY_OUTPUT", "FLOWS": "TEMPORARY_OUTPUT"},
    }
    # a refused run: a time window that ends before it starts (the glue's refusal and the
    # failure rule)
    refused = [("odflows", {**runs["odflows"], "START": end, "END": start})]
    # and dpcore's: a ledger whose budget the first run spent (the ledger's refusal)
    ledger = _os.path.join(WORK, "ledger.json")
    spend = {**runs["noisycounts"], "LEDGER": ledger, "DATASET_ID": "iris",
             "BUDGET_EPSILON": 1.0, "OUTPUT": "memory:"}
    processing.run("mobilitydp:noisycounts", spend)
    refused.append(("noisycounts", {**spend, "OUTPUT": "TEMPORARY_OUTPUT"}))
    # and a refusal dpcore raises in plain English (translated as a template): ε per metre so
    # large the displacement is below the reports' rounding
    refused.append(("perturbpoints", {**runs["perturbpoints"], "EPSILON": 500.0}))
    h.result["dialogs"], h.result["runs"] = {}, {}
    dlg = h.dialog("native:buffer", {})        # QGIS's own French dialog: the scroll control
    yield 0.3
    h.result["control_scroll"] = _scroll(dlg)
    dlg.close()
    algorithms = [a for a in registry.providerById("mobilitydp").algorithms()
                  if hasattr(a, "USES_PRIVACY")]       # the plugin's own, not the models
    h.result["algorithms"] = sorted(a.name() for a in algorithms)
    for alg in algorithms:
        short = alg.name()
        dlg = h.dialog(alg.id(), {})
        yield 0.3
        h.result["dialogs"][short] = {"texts": _texts(dlg), "scroll": _scroll(dlg),
                                      "widest": _widest(dlg),
                                      "help": alg.shortHelpString(),
                                      "help_scroll": _help_scroll(dlg),
                                      "name": alg.displayName(), "group": alg.group()}
        dlg.close()
    for short, params in list(runs.items()) + [("refused " + r, p) for r, p in refused]:
        alg_id = "mobilitydp:" + short.split()[-1]
        h.result["running"] = short
        mark = h.mark()
        dlg = h.dialog(alg_id, params)
        yield 0.3
        if SHOTS and short in SHOT_IDS:
            h.shot(dlg, _os.path.join(SHOTS, f"{short}-dialog-fr.png"))
        if short.startswith("refused"):   # a failed run leaves the dialog's feedback set
            dlg.runAlgorithm()
            yield h.until(lambda dlg=dlg: "publié" in h.dialog_log(dlg) or "nglais" in h.dialog_log(dlg)
                          or "failed" in h.dialog_log(dlg) or "chou" in h.dialog_log(dlg), 120)
            yield 0.3
        else:
            yield from h.run_dialog(dlg)
        h.result["runs"][short] = {"log": h.dialog_log(dlg),
                                   "messages": h.messages_since(mark)}
        dlg.close()
        yield 0.2
