"""QGIS values as plain Python numbers and back: attribute values (numbers, date-times) and
date-time parameters as floats and epoch seconds, epoch seconds as ISO 8601 text."""
from __future__ import annotations

from qgis.core import NULL
from qgis.PyQt.QtCore import QDate, QDateTime, Qt, QTime

from ...dpcore.ingest.times import to_epoch_seconds
from .validation import has_value


def as_float(value) -> float:
    """An attribute value as float; NULL and non-numbers become NaN."""
    try:
        return float(value)
    except (TypeError, ValueError):
        return float("nan")


def epoch_seconds(value):
    """A QGIS attribute value as epoch seconds (QDateTime, QDate, text, number; NULL → None)."""
    if value is None or value == NULL:
        return None
    if isinstance(value, QDateTime):
        if not value.isValid():
            return None
        if value.timeSpec() == Qt.TimeSpec.LocalTime:  # naive date-times are UTC, as ISO text is
            value = QDateTime(value.date(), value.time(), Qt.TimeSpec.UTC)
        return value.toMSecsSinceEpoch() / 1000.0
    if isinstance(value, QDate):
        return epoch_seconds(QDateTime(value, QTime(0, 0), Qt.TimeSpec.UTC)) if value.isValid() else None
    return value


def parameter_seconds(alg, parameters, name: str, context):
    """A date-time parameter as epoch seconds (None if unset).

    Text, as scripts, saved models and ``qgis_process`` give it, is read exactly as before the
    parameter had a date-time picker: ISO 8601, UTC unless it carries an offset. A picked
    date-time (the dialog's, local) is read as UTC wall-clock time, as the label says.
    """
    value = parameters.get(name)
    if not has_value(value) or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, str):
        return to_epoch_seconds(value.strip())
    if isinstance(value, QDateTime):
        return epoch_seconds(value)
    return epoch_seconds(alg.parameterAsDateTime(parameters, name, context))


def iso_utc(seconds: float) -> str:
    """Epoch seconds as ISO 8601 UTC text (2007-09-10T00:00:00Z)."""
    return QDateTime.fromMSecsSinceEpoch(int(round(seconds * 1000)), Qt.TimeSpec.UTC).toString(
        Qt.DateFormat.ISODate)

