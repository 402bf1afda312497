"""Date pickers of the dialogs (imported by the Processing GUI only, never at plugin load);
like every widget of :mod:`.widgets`, they offer the model's inputs in the model designer.

:class:`StartWidgetWrapper`: QGIS's date-time picker of a required parameter starts at "now",
after every event of any data set, so a first run fails. This picker starts empty (the
dialog then asks for the field by name before running) and shows UTC wall-clock time.

:class:`DateTextWidgetWrapper`: a date picker for a text parameter holding an ISO 8601
midnight (``2024-03-04T00:00:00``): the text scripts and models pass is unchanged.
"""
from processing.gui.wrappers import DIALOG_MODELER
from qgis.core import (
    QgsProcessingOutputString,
    QgsProcessingParameterDateTime,
    QgsProcessingParameterString,
)
from qgis.gui import QgsDateEdit, QgsDateTimeEdit
from qgis.PyQt.QtCore import QDate, QDateTime, Qt

from .i18n import tr
from .widgets import LabelledWrapper

#: The date-time format of the pickers (ISO 8601 order, UTC).
DATETIME_FORMAT, DATE_FORMAT = "yyyy-MM-dd HH:mm", "yyyy-MM-dd"


class StartWidgetWrapper(LabelledWrapper):
    """A date-time picker that starts empty and reads as UTC (see the module docstring)."""

    def createWidget(self, **kwargs):  # noqa: N802
        p = self.parameterDefinition()
        if self.dialogType == DIALOG_MODELER:
            return self._modeler_combo((QgsProcessingParameterDateTime,
                                        QgsProcessingParameterString),
                                       (QgsProcessingOutputString,))
        edit = QgsDateTimeEdit()
        edit.setDisplayFormat(DATETIME_FORMAT)
        edit.setCalendarPopup(True)
        edit.setAllowNull(True)
        edit.setNullRepresentation(tr("choose a date (UTC)"))
        edit.clear()
        edit.setToolTip(p.toolTip())
        edit.valueChanged.connect(lambda _: self.widgetValueHasChanged.emit(self))
        return edit

    def show_value(self, value):
        if isinstance(value, str):
            value = QDateTime.fromString(value.strip().rstrip("Z"), Qt.DateFormat.ISODate)
        if isinstance(value, QDateTime) and value.isValid():
            self.widget.setDateTime(value)

    def value(self):
        if self.dialogType == DIALOG_MODELER:
            return self.comboValue(combobox=self.combo) or None
        if self.widget.isNull():
            return None
        shown = self.widget.dateTime()   # the wall-clock time shown, as UTC text
        return shown.toString("yyyy-MM-ddTHH:mm:ss")


class DateTextWidgetWrapper(LabelledWrapper):
    """A date picker for an ISO 8601 midnight held as text (see the module docstring)."""

    def createWidget(self, **kwargs):  # noqa: N802
        if self.dialogType == DIALOG_MODELER:
            return self._modeler_combo((QgsProcessingParameterString,),
                                       (QgsProcessingOutputString,))
        edit = QgsDateEdit()
        edit.setDisplayFormat(DATE_FORMAT)
        edit.setCalendarPopup(True)
        edit.setAllowNull(False)
        edit.setToolTip(self.parameterDefinition().toolTip())
        edit.valueChanged.connect(lambda _: self.widgetValueHasChanged.emit(self))
        return edit

    def show_value(self, value):
        date = QDate.fromString(str(value).strip()[:10], Qt.DateFormat.ISODate)
        if date.isValid():
            self.widget.setDate(date)

    def value(self):
        if self.dialogType == DIALOG_MODELER:
            return self.comboValue(combobox=self.combo) or None
        return self.widget.date().toString(Qt.DateFormat.ISODate) + "T00:00:00"
