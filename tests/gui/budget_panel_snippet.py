# Startup snippet of the budget panel check (run by tests/gui/desktop.py): three releases charge
# a ledger (two datasets, one with δ), the panel is opened from its toolbar action as a user
# opens it, and what a person sees is recorded: the panel's width, whether the dataset name and
# the ε spent / remaining columns fit in view, the texts of the rows. Screenshot: budget-panel.png.
import os as _os

IRIS = _os.path.join(_os.environ["GUI_ROOT"], "sample_data", "paris_iris.geojson")
WORK = _os.environ["GUI_WORK"]
SHOTS = _os.environ.get("GUI_SHOTS", "")


def _dataset_rows(panel):
    """The dataset items of the panel (the children of its ledger rows)."""
    tree = panel.tree
    return [tree.topLevelItem(i).child(j) for i in range(tree.topLevelItemCount())
            for j in range(tree.topLevelItem(i).childCount())]


def main(h):
    import processing
    from qgis.utils import plugins
    ledger = _os.path.join(WORK, "ledger.json")
    for epsilon, mechanism, budget in ((0.5, "discrete_laplace", 2.0),
                                       (0.3, "discrete_laplace", None),
                                       (0.2, "gaussian_analytic", None)):
        params = {"INPUT": IRIS, "COUNT_FIELD": "population", "EPSILON": epsilon, "SEED": 1,
                  "MECHANISM": mechanism, "LEDGER": ledger, "OUTPUT": "TEMPORARY_OUTPUT"}
        if budget:
            params["BUDGET_EPSILON"] = budget
        if mechanism == "gaussian_analytic":
            params.update(DATASET_ID="census-2019", BUDGET_EPSILON=1.0, BUDGET_DELTA=1e-5)
        processing.run("mobilitydp:noisycounts", params)
    plugin = plugins["mobility_dp"]
    plugin.budget_action.trigger()                  # as a user: the toolbar button
    panel = plugin.budget_panel
    panel.open_files([ledger])
    yield 1.5
    from mobility_dp.gui.budget_panel import E_LEFT, E_SPENT, NAME
    header = panel.tree.header()
    view = panel.tree.viewport().width()
    h.result["panel"] = {
        "width": panel.width(), "floating": panel.isFloating(), "viewport": view,
        "right": {name: header.sectionViewportPosition(c) + header.sectionSize(c)
                  for name, c in (("name", NAME), ("spent", E_SPENT), ("remaining", E_LEFT))},
        "headers": [panel.tree.headerItem().text(c) for c in range(panel.tree.columnCount())
                    if not panel.tree.isColumnHidden(c)],
        "rows": [[item.text(c) for c in range(panel.tree.columnCount())
                  if not panel.tree.isColumnHidden(c)]
                 for item in _dataset_rows(panel)] +
                [[item.child(k).text(c) for c in range(panel.tree.columnCount())
                  if not panel.tree.isColumnHidden(c)]
                 for item in _dataset_rows(panel) for k in range(item.childCount())]}
    if SHOTS:
        h.shot(panel, _os.path.join(SHOTS, "budget-panel.png"))
