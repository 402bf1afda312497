# Startup snippet of the budget panel check with populations (run by tests/gui/desktop.py): a
# ledger with two populations (tests/support/ledgers.py, made through the ledger's API) is
# opened in the panel from its toolbar action, as a user opens it, and what a person reads is
# recorded: per row kind (population, period, dataset, release) the visible texts, the headers,
# the panel's width and whether the name and ε columns fit in view.
# Screenshot: budget-panel-populations.png.
import os as _os

WORK = _os.environ["GUI_WORK"]
SHOTS = _os.environ.get("GUI_SHOTS", "")


def _items(tree, kind):
    """The rows of one kind ("population", "period", "dataset", "release"), in tree order."""
    from mobility_dp.gui.budget_rows import KIND, NAME
    stack = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
    found = []
    while stack:
        item = stack.pop(0)
        if item.data(NAME, KIND) == kind:
            found.append(item)
        stack += [item.child(k) for k in range(item.childCount())]
    return found


def main(h):
    from qgis.utils import plugins

    from mobility_dp.tests.support.ledgers import two_populations
    ledger = _os.path.join(WORK, "populations-ledger.json")
    two_populations(ledger)
    plugin = plugins["mobility_dp"]
    plugin.budget_action.trigger()                  # as a user: the toolbar button
    panel = plugin.budget_panel
    panel.share.setValue(20)
    panel.open_files([ledger])
    yield 1.5
    from mobility_dp.gui.budget_panel import E_LEFT, E_SPENT, NAME
    tree = panel.tree
    visible = [c for c in range(tree.columnCount()) if not tree.isColumnHidden(c)]
    header = tree.header()
    h.result["panel"] = {
        "floating": panel.isFloating(), "viewport": tree.viewport().width(),
        "right": {name: header.sectionViewportPosition(c) + header.sectionSize(c)
                  for name, c in (("name", NAME), ("spent", E_SPENT), ("remaining", E_LEFT))},
        "headers": [tree.headerItem().text(c) for c in visible],
        "status": panel.status.text(),
        "rows": {kind: [{"texts": [item.text(c) for c in visible],
                         "tooltip": item.toolTip(NAME),
                         "parent": item.parent().text(NAME),
                         "coloured": item.background(NAME).style() != 0}
                        for item in _items(tree, kind)]
                 for kind in ("population", "period", "dataset", "release")}}
    if SHOTS:
        panel.setFloating(True)
        panel.resize(1250, 560)
        yield 0.5
        h.shot(panel, _os.path.join(SHOTS, "budget-panel-populations.png"))
    panel.close_file(ledger)
