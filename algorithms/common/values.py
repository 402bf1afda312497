"""Attribute values of QGIS features as plain Python numbers."""
from __future__ import annotations

from qgis.core import NULL
from qgis.PyQt.QtCore import QDate, QDateTime, Qt, QTime


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
