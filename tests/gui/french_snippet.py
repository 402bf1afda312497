# Startup snippet of the French GUI check (issue 21, run by tests/gui/desktop.py with the
# profile's locale set to French): opens odflows' dialog at its default size, records its labels,
# tooltips, combo boxes and horizontal scrolling (native:buffer's as the control), and
# photographs it into $GUI_SHOTS/odflows-dialog-fr.png.
import os as _os

SHOTS = _os.environ.get("GUI_SHOTS", "")


def _scroll(dlg):
    from qgis.PyQt.QtWidgets import QScrollArea
    return max([a.horizontalScrollBar().maximum()
                for a in dlg.mainWidget().findChildren(QScrollArea)] or [0])


def main(h):
    from qgis.core import QgsApplication, QgsProcessingParameterEnum
    from qgis.PyQt.QtWidgets import QComboBox, QLabel, QWidget
    alg = QgsApplication.processingRegistry().algorithmById("mobilitydp:odflows")
    h.result["toolbox"] = {"name": alg.displayName(), "group": alg.group()}
    dlg = h.dialog("native:buffer", {})
    yield 0.2
    h.result["control_scroll"] = _scroll(dlg)
    dlg.close()
    dlg = h.dialog("mobilitydp:odflows", {})
    yield 0.3
    panel = dlg.mainWidget()
    h.result["labels"] = [lab.text() for lab in panel.findChildren(QLabel) if lab.text()]
    h.result["tooltips"] = [lab.toolTip() for lab in panel.findChildren(QLabel) if lab.toolTip()]
    combos = {}
    for p in alg.parameterDefinitions():
        wrapper = getattr(panel, "wrappers", {}).get(p.name())
        if not isinstance(p, QgsProcessingParameterEnum) or wrapper is None:
            continue
        widget = getattr(wrapper, "widget", None) or wrapper.wrappedWidget()
        boxes = [widget] if isinstance(widget, QComboBox) else widget.findChildren(QComboBox)
        combos[p.name()] = {"texts": [b.itemText(i) for b in boxes for i in range(b.count())],
                            "data": [b.itemData(i) for b in boxes for i in range(b.count())],
                            "value": wrapper.parameterValue()}
    h.result["combos"] = combos
    h.result["scroll"] = _scroll(dlg)
    h.result["widest"] = sorted(([w.sizeHint().width(), w.text()] for w in
                                 panel.findChildren(QWidget) if hasattr(w, "text")),
                                reverse=True)[:3]
    if SHOTS:
        h.shot(dlg, _os.path.join(SHOTS, "odflows-dialog-fr.png"))
    dlg.close()
    yield 0.1
