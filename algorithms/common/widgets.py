"""Dialog widgets (imported by the Processing GUI only, never at plugin load).

Every Mobility DP parameter gets its widget from :func:`params.dialog_ready` (metadata
``widget_wrapper``); each works in the algorithm dialog, the batch dialog and the model
designer, where it also offers the model's inputs and other algorithms' outputs:

:class:`EnumLabelWidgetWrapper`: QGIS 3.22's enum widget lists the option strings
themselves (``efpa_g``, ``lpa_direct``): it has no labels for static-string options. This
combo box shows each option's short label (its details as the item's tooltip) and returns
the option string, so scripts, models and History see exactly what they did before.

:class:`NumberWidgetWrapper`: QGIS's spin box pads every decimal number to a fixed number
of decimals (ε = 1.000000, δ = 0.00000100000000000000). This line edit shows the number as
written (1, 60, 0.004, 1e-06) with 15 significant digits, accepts scientific notation, and
is empty for an optional number that is not set. A number whose 0 means "unknown" or "off"
(:func:`params.zero_means`) shows that word, not 0, when it is 0.

:class:`CheckboxWidgetWrapper`: QGIS marks an optional checkbox "[optional]", but a checkbox
always has a value. Optional booleans exist only so saved models that predate them still
validate; this checkbox shows the label alone (a Yes/No list in the model designer).

A label says "[optional]" only when its widget can be left empty (no default).

:class:`LedgerFileWidgetWrapper`: the privacy ledger is read *and* written, so its "…" button
opens a Save dialog that accepts an existing ledger without asking to overwrite it, and a new
file name (created on the first release); QGIS's own file widget opens an Open dialog, which
refuses files that do not exist yet. The date pickers are in :mod:`.date_widgets`.
"""
from processing.gui.wrappers import DIALOG_BATCH, DIALOG_MODELER, WidgetWrapper
from qgis.core import (
    QgsProcessingOutputBoolean,
    QgsProcessingOutputFile,
    QgsProcessingOutputNumber,
    QgsProcessingOutputString,
    QgsProcessingParameterBoolean,
    QgsProcessingParameterDefinition,
    QgsProcessingParameterEnum,
    QgsProcessingParameterFile,
    QgsProcessingParameterNumber,
    QgsProcessingParameterString,
    QgsProperty,
    QgsSettings,
)
from qgis.gui import QgsFileWidget, QgsFilterLineEdit
from qgis.PyQt.QtCore import Qt
from qgis.PyQt.QtWidgets import QCheckBox, QComboBox, QFileDialog, QHBoxLayout, QLabel, QToolButton, QWidget

from .i18n import tr
from .params import CHOICES_KEY, REMOVED_KEY, ZERO_KEY, option_details, option_label


def _ledger_filter() -> str:
    return tr("Privacy ledger (*.json)") + ";;" + tr("All files (*)")


_LAST_DIR = "/Processing/LastOutputPath"


class LedgerFileWidgetWrapper(WidgetWrapper):
    """A file path widget whose "…" button can choose an existing or a new JSON file."""

    def createWidget(self, **kwargs):  # noqa: N802
        if self.dialogType == DIALOG_MODELER:
            return self._modeler_widget()
        widget = QgsFileWidget()
        widget.setStorageMode(QgsFileWidget.SaveFile)
        widget.setConfirmOverwrite(False)
        widget.setFilter(_ledger_filter())
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
        button.setToolTip(tr("Choose an existing ledger or a new file name"))
        button.clicked.connect(self._choose)
        widget = QWidget()
        layout = QHBoxLayout()
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.combo)
        layout.addWidget(button)
        widget.setLayout(layout)
        return widget

    def _choose(self):
        path, _ = QFileDialog.getSaveFileName(self.widget, tr("Privacy ledger"),
                                              QgsSettings().value(_LAST_DIR, ""), _ledger_filter(),
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


def can_be_empty(parameter) -> bool:
    """Whether the dialog may leave ``parameter`` empty (its label then says "[optional]"):
    optional and without a default, or a number whose 0 means "unknown" or "off"."""
    if not parameter.flags() & QgsProcessingParameterDefinition.FlagOptional:
        return False
    return parameter.defaultValue() in (None, "") or bool(parameter.metadata().get(ZERO_KEY))


class LabelledWrapper(WidgetWrapper):
    """A Python wrapper whose label carries the parameter's tooltip (its details), as QGIS's
    own widgets do."""

    def createLabel(self):  # noqa: N802
        if self.dialogType == DIALOG_BATCH:
            return None
        p = self.parameterDefinition()
        text = p.description()
        if can_be_empty(p):
            text += " " + tr("[optional]")
        label = QLabel(text)
        label.setToolTip(p.toolTip())
        return label

    def _sources(self, combo, parameter_types, output_types):
        """Model designer: offer the model's inputs and the outputs of other steps."""
        for value in self.dialog.getAvailableValuesOfType(parameter_types, output_types):
            combo.addItem(self.dialog.resolveValueDescription(value), value)

    def _modeler_combo(self, parameter_types, output_types):
        """Model designer: an editable list of the model's inputs and other steps' outputs of
        these types, empty at first (kept as ``self.combo``)."""
        self.combo = QComboBox()
        self.combo.setEditable(True)
        self._sources(self.combo, parameter_types, output_types)
        self.combo.setEditText("")
        return self.combo

    def setValue(self, value):  # noqa: N802
        """Show ``value`` (unset or data-defined: nothing) in the modeler's combo or the widget."""
        if value is None or value == "" or isinstance(value, QgsProperty):
            return
        if self.dialogType == DIALOG_MODELER:
            self.show_in_modeler(value)
        else:
            self.show_value(value)

    def show_in_modeler(self, value):
        """The modeler's combo: a model input or step output by its entry, else typed text."""
        self.setComboValue(value, combobox=self.combo)


class EnumLabelWidgetWrapper(LabelledWrapper):
    """A static-string enum shown by its option labels; the value stays the option string."""

    def createWidget(self, **kwargs):  # noqa: N802
        p = self.parameterDefinition()
        choices = p.metadata().get(CHOICES_KEY) or {v: v for v in p.options()}
        combo = QComboBox()
        if can_be_empty(p):   # a default ("automatic") says it already
            combo.addItem(tr("[Not selected]"), self.NOT_SET_OPTION)
        removed = p.metadata().get(REMOVED_KEY) or ()
        for value in p.options():
            if value in removed:
                continue
            description = choices.get(value, value)
            combo.addItem(tr(option_label(description)), value)
            details = tr(option_details(description))
            combo.setItemData(combo.count() - 1, f"{value}: {details}" if details else value,
                              Qt.ItemDataRole.ToolTipRole)
        if self.dialogType == DIALOG_MODELER:
            self._sources(combo, (QgsProcessingParameterEnum, QgsProcessingParameterString),
                          (QgsProcessingOutputString,))
        combo.setToolTip(p.toolTip())
        combo.currentIndexChanged.connect(lambda _: self.widgetValueHasChanged.emit(self))
        return combo

    def setValue(self, value):  # noqa: N802
        if isinstance(value, list):
            value = value[0] if value else None
        if (isinstance(value, int) and not isinstance(value, bool) and
                0 <= value < len(self.parameterDefinition().options())):
            value = self.parameterDefinition().options()[value]  # a position (old scripts)
        if value is None or value == "":
            return
        index = self.widget.findData(value)
        if index >= 0:
            self.widget.setCurrentIndex(index)

    def value(self):
        data = self.widget.currentData()
        return None if data == self.NOT_SET_OPTION else data


class NumberWidgetWrapper(LabelledWrapper):
    """A decimal number written as a user writes it (1, 0.004, 1e-06), empty when not set."""

    def createWidget(self, **kwargs):  # noqa: N802
        p = self.parameterDefinition()
        if self.dialogType == DIALOG_MODELER:
            return self._modeler_combo((QgsProcessingParameterNumber,),
                                       (QgsProcessingOutputNumber,))
        edit = QgsFilterLineEdit()
        edit.setShowClearButton(bool(p.flags() & QgsProcessingParameterDefinition.FlagOptional))
        zero = p.metadata().get(ZERO_KEY)
        edit.setPlaceholderText(tr(zero) if zero else tr("not set") if p.flags() &
                                QgsProcessingParameterDefinition.FlagOptional else "")
        edit.setToolTip(p.toolTip())
        edit.textChanged.connect(lambda _: self.widgetValueHasChanged.emit(self))
        return edit

    @staticmethod
    def format(value) -> str:
        """A number as shown: 15 significant digits, no padding zeros."""
        try:
            return f"{float(value):.15g}"
        except (TypeError, ValueError):
            return str(value)

    def show_in_modeler(self, value):
        super().show_in_modeler(value)
        if self.combo.findData(value) < 0:
            self.combo.setEditText(self.format(value))

    def show_value(self, value):
        if self.parameterDefinition().metadata().get(ZERO_KEY) and self.format(value) == "0":
            self.widget.clear()     # 0 = unknown / off: the placeholder says so
        else:
            self.widget.setText(self.format(value))

    def value(self):
        if self.dialogType == DIALOG_MODELER:
            value = self.comboValue(combobox=self.combo)
            if not isinstance(value, str):
                return value  # a model input or another step's output
            text = value
        else:
            text = self.widget.text()
        text = text.strip().replace(",", ".") if "." not in text else text.strip()  # 0,5
        if text == "":
            return None
        try:
            return float(text)
        except ValueError:
            return text  # QGIS then refuses it as "Wrong or missing parameter value"


class _Checkbox(QCheckBox):
    """A checkbox that keeps its label: the parameters panel sets the text of a Python widget
    without a label to the description + " [optional]"."""

    def __init__(self, label: str):
        super().__init__(label)
        self._label = label

    def setText(self, text):  # noqa: N802
        super().setText(self._label)


class CheckboxWidgetWrapper(LabelledWrapper):
    """An optional boolean shown as a plain checkbox (see the module docstring)."""

    def createLabel(self):  # noqa: N802
        """None: the checkbox carries its label (the model designer's list has one above)."""
        return super().createLabel() if self.dialogType == DIALOG_MODELER else None

    def createWidget(self, **kwargs):  # noqa: N802
        p = self.parameterDefinition()
        if self.dialogType == DIALOG_MODELER:
            combo = self._modeler_combo((QgsProcessingParameterBoolean,),
                                        (QgsProcessingOutputBoolean,))
            combo.setEditable(False)
            combo.insertItem(0, tr("Yes"), True)
            combo.insertItem(1, tr("No"), False)
            combo.setCurrentIndex(0 if p.defaultValue() else 1)
            return combo
        box = _Checkbox(p.description() if self.dialogType != DIALOG_BATCH else "")
        box.setToolTip(p.toolTip())
        box.stateChanged.connect(lambda _: self.widgetValueHasChanged.emit(self))
        return box

    def show_value(self, value):
        self.widget.setChecked(str(value).lower() not in ("false", "0", "no"))

    def value(self):
        if self.dialogType == DIALOG_MODELER:
            return self.comboValue(combobox=self.combo)
        return self.widget.isChecked()
