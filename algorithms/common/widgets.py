"""Dialog widgets (imported by the Processing GUI only, never at plugin load).

:class:`LedgerFileWidgetWrapper`: the privacy ledger is read *and* written,
so its "…" button opens a Save dialog that accepts an existing ledger without
asking to overwrite it, and a new file name (the ledger is then created on
the first release). QGIS's own file widget opens an Open dialog, which
refuses files that do not exist yet.
"""
from processing.gui.wrappers import DIALOG_MODELER, WidgetWrapper
from qgis.core import (QgsProcessingOutputFile, QgsProcessingOutputString,
                       QgsProcessingParameterFile, QgsProcessingParameterString, QgsSettings)
from qgis.gui import QgsFileWidget
from qgis.PyQt.QtWidgets import QComboBox, QFileDialog, QHBoxLayout, QToolButton, QWidget

FILTER = "Privacy ledger (*.json);;All files (*)"
_LAST_DIR = "/Processing/LastOutputPath"


class LedgerFileWidgetWrapper(WidgetWrapper):
    """A file path widget whose "…" button can choose an existing or a new JSON file."""

    def createWidget(self, **kwargs):  # noqa: N802
        if self.dialogType == DIALOG_MODELER:
            return self._modeler_widget()
        widget = QgsFileWidget()
        widget.setStorageMode(QgsFileWidget.SaveFile)
        widget.setConfirmOverwrite(False)
        widget.setFilter(FILTER)
        widget.setDefaultRoot(QgsSettings().value(_LAST_DIR, ""))
        widget.fileChanged.connect(lambda _: self.widgetValueHasChanged.emit(self))
        return widget

    def _modeler_widget(self):
        self.combo = QComboBox()
        self.combo.setEditable(True)
        for value in self.dialog.getAvailableValuesOfType(
                (QgsProcessingParameterFile, QgsProcessingParameterString),
                (QgsProcessingOutputFile, QgsProcessingOutputString)):
            self.combo.addItem(self.dialog.resolveValueDescription(value), value)
        self.combo.setEditText("")
        button = QToolButton()
        button.setText("…")
        button.setToolTip(self.tr("Choose an existing ledger or a new file name"))
        button.clicked.connect(self._choose)
        widget = QWidget()
        layout = QHBoxLayout()
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.combo)
        layout.addWidget(button)
        widget.setLayout(layout)
        return widget

    def _choose(self):
        path, _ = QFileDialog.getSaveFileName(self.widget, self.tr("Privacy ledger"),
                                              QgsSettings().value(_LAST_DIR, ""), FILTER,
                                              options=QFileDialog.Option.DontConfirmOverwrite)
        if path:
            self.combo.setEditText(path)

    def setValue(self, value):  # noqa: N802
        if value is None or value == "":
            return
        if self.dialogType == DIALOG_MODELER:
            self.setComboValue(value, combobox=self.combo)
        else:
            self.widget.setFilePath(str(value))

    def value(self):
        if self.dialogType == DIALOG_MODELER:
            return self.comboValue(combobox=self.combo) or None
        return self.widget.filePath() or None
