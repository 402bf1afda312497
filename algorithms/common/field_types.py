"""Attribute field types that work on QGIS 3.22 … 3.44 (Qt5) and QGIS 4.x (Qt6).

QGIS ≥ 3.38 types fields with ``QMetaType.Type`` (``QVariant.Type`` is deprecated there
and gone from PyQt6, so QGIS 4 has only the former); QGIS 3.22 … 3.36 accept only
``QVariant.Type`` (a ``QMetaType.Type`` is refused by ``QgsField`` there). Every
output field is typed through :class:`FieldType`, so one code base serves both.
Field-list parameters are read through :func:`field_names` for the same reason: QGIS ≥ 3.32
has ``parameterAsStrings`` and deprecates ``parameterAsFields``, which 3.22 … 3.30 only have.
Styles are stored in a GeoPackage through :func:`save_style_to_database`: QGIS 3.44 has
``saveStyleToDatabaseV2`` and deprecates ``saveStyleToDatabase``.
"""
from qgis.core import Qgis
from qgis.PyQt.QtCore import QMetaType, QVariant

#: The first QGIS version whose QgsField takes QMetaType.Type.
QMETATYPE_FIELDS_SINCE = 33800
#: The first QGIS version with QgsProcessingAlgorithm.parameterAsStrings.
AS_STRINGS_SINCE = 33200


class FieldType:
    """The field types this plugin writes, in the form the running QGIS expects."""

    if Qgis.QGIS_VERSION_INT >= QMETATYPE_FIELDS_SINCE:
        Bool = QMetaType.Type.Bool
        Date = QMetaType.Type.QDate
        Time = QMetaType.Type.QTime
        DateTime = QMetaType.Type.QDateTime
        Double = QMetaType.Type.Double
        Int = QMetaType.Type.Int
        LongLong = QMetaType.Type.LongLong
        String = QMetaType.Type.QString
        UInt = QMetaType.Type.UInt
        ULongLong = QMetaType.Type.ULongLong
    else:
        Bool = QVariant.Bool
        Date = QVariant.Date
        Time = QVariant.Time
        DateTime = QVariant.DateTime
        Double = QVariant.Double
        Int = QVariant.Int
        LongLong = QVariant.LongLong
        String = QVariant.String
        UInt = QVariant.UInt
        ULongLong = QVariant.ULongLong


def field_names(algorithm, parameters, name, context):
    """The field names chosen in the field parameter ``name`` of ``algorithm`` (a list)."""
    if Qgis.QGIS_VERSION_INT >= AS_STRINGS_SINCE:
        return algorithm.parameterAsStrings(parameters, name, context)
    return algorithm.parameterAsFields(parameters, name, context)


def save_style_to_database(layer, name: str, description: str, as_default: bool) -> str:
    """Store ``layer``'s style in its database; the error message ("" on success).

    Chosen by presence, not version: QGIS documents the V2 call as new in 4.0, yet 3.44.15 has it
    (and warns that the first is deprecated)."""
    if hasattr(layer, "saveStyleToDatabaseV2"):
        _, message = layer.saveStyleToDatabaseV2(name, description, as_default, "")
    else:
        message = layer.saveStyleToDatabase(name, description, as_default, "")
    return message if isinstance(message, str) else ""
