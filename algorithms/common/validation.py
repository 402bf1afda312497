"""Validation at the boundary, once, for every algorithm.

:func:`check_parameters` runs before an algorithm's ``execute`` (``MobilityDPAlgorithm``
calls it) and is driven by the parameter definitions alone, so a new algorithm gets it
without a line of its own:

* every layer given where only points, lines or polygons are accepted holds that kind;
* every field parameter is checked against its parent layer — the field exists and has a
  usable type (QGIS checks neither for values from scripts, models or ``qgis_process``) —
  with a message naming the parameter, the field, the layer and the fields it has;
* every number parameter is finite, an integer parameter fits a 32-bit integer, and no
  number exceeds :data:`MAX_MAGNITUDE` in size (so no overflow reaches numpy). Ranges that
  depend on several parameters of one release (e.g. cells of a grid) belong to that
  release's plan in ``dpcore``.

:func:`usable_geometry` is the shared rule for geometries, applied by every reader of
``MetricFrame.features``: NULL, empty and non-finite geometries are read as missing (the
readers skip and count them), curved geometries are linearised and Z/M values dropped
(planar computations in metres use x and y only); multipart geometries stay whole and
invalid polygons are left to the readers, which repair or refuse them with counts.
"""
from __future__ import annotations

import math

from qgis.core import (
    QgsGeometry,
    QgsProcessing,
    QgsProcessingException,
    QgsProcessingParameterFeatureSource,
    QgsProcessingParameterField,
    QgsProcessingParameterNumber,
    QgsWkbTypes,
)

from .field_types import FieldType
from .i18n import tr

#: The largest magnitude a number parameter may have (metres, counts, ε, iterations...).
MAX_MAGNITUDE = 1e12
_INT32 = 2 ** 31 - 1
_DATE_TYPES = (FieldType.Date, FieldType.DateTime, FieldType.Time, FieldType.String)
_LISTED = 25


def check_parameters(alg, parameters, context) -> None:
    """Refuse bad layer, field and number parameters with a clear message (before any
    reading)."""
    for definition in alg.parameterDefinitions():
        if isinstance(definition, QgsProcessingParameterFeatureSource):
            _check_geometry_type(alg, definition, parameters, context)
    for definition in alg.parameterDefinitions():
        if isinstance(definition, QgsProcessingParameterField):
            _check_field(alg, definition, parameters, context)
        elif isinstance(definition, QgsProcessingParameterNumber):
            _check_number(alg, definition, parameters, context)


_KINDS = {QgsProcessing.TypeVectorPoint: (QgsWkbTypes.PointGeometry, "points"),
          QgsProcessing.TypeVectorLine: (QgsWkbTypes.LineGeometry, "lines"),
          QgsProcessing.TypeVectorPolygon: (QgsWkbTypes.PolygonGeometry, "polygons")}


def _check_geometry_type(alg, definition, parameters, context) -> None:
    """A layer of points, lines or polygons where the definition asks for that kind only."""
    kinds = [_KINDS[t] for t in definition.dataTypes() if t in _KINDS]
    if (not kinds or len(kinds) != len(definition.dataTypes()) or
            not has_value(parameters.get(definition.name()))):
        return
    source = alg.parameterAsSource(parameters, definition.name(), context)
    if source is None:
        return
    held = QgsWkbTypes.geometryType(source.wkbType())
    if held in (k for k, _ in kinds) or held == QgsWkbTypes.UnknownGeometry:
        return
    layer = _layer_name(alg, parameters, definition.name(), context, source)
    raise QgsProcessingException(tr(
        "{label}: the layer '{layer}' holds {value} ({displayString}); it must hold "
        "{items}.").format(
            label=definition.description(), layer=layer,
            value=QgsWkbTypes.geometryDisplayString(held).lower() or tr('no geometries'),
            displayString=QgsWkbTypes.displayString(source.wkbType()), items=' or '.join((name for _, name in kinds))))


def has_value(value) -> bool:
    """Whether a parameter value (or one item of a list value) holds something: False for every
    form of "not set" a caller gives — None, "", [] and QGIS's NULL (the dialog's value of an
    empty optional field; QGIS reads NULL and [] as 0 or an empty extent, never as unset)."""
    return value is not None and value != "" and value != [] and not (
        callable(getattr(value, "isNull", None)) and value.isNull())


def _chosen_fields(value) -> list:
    if isinstance(value, (list, tuple)):
        return [str(v) for v in value if has_value(v)]
    return [f for f in str(value).split(";") if f] if has_value(value) else []


def _check_field(alg, definition, parameters, context) -> None:
    names = _chosen_fields(parameters.get(definition.name()))
    parent = definition.parentLayerParameterName()
    if not names or not parent or not has_value(parameters.get(parent)):
        return
    source = alg.parameterAsSource(parameters, parent, context)
    if source is None:
        return  # the algorithm reports an unreadable layer with QGIS's own message
    fields = source.fields()
    layer = _layer_name(alg, parameters, parent, context, source)
    label = definition.description()
    for name in names:
        index = fields.lookupField(name)
        if index < 0:
            raise QgsProcessingException(tr(
                "{label}: the layer '{layer}' has no field '{name}'. Its fields: "
                "{listed}.").format(label=label, layer=layer, name=name, listed=_listed(fields.names())))
        field = fields.at(index)
        wanted = definition.dataType()
        if wanted == QgsProcessingParameterField.Numeric and not field.isNumeric():
            numeric = [f.name() for f in fields if f.isNumeric()]
            raise QgsProcessingException(tr(
                "{label}: field '{name}' of the layer '{layer}' holds {value} values, not numbers. Its numeric fields: "
                "{listed}. (A CSV file read without column types has text columns: give a .csvt file or a "
                "GeoPackage.)").format(
                    label=label, name=name, layer=layer, value=field.typeName() or 'text', listed=_listed(numeric)))
        if wanted == QgsProcessingParameterField.DateTime and field.type() not in _DATE_TYPES:
            raise QgsProcessingException(tr(
                "{label}: field '{name}' of the layer '{layer}' holds {typeName} values, not dates or "
                "times.").format(label=label, name=name, layer=layer, typeName=field.typeName()))


def _layer_name(alg, parameters, parent, context, source) -> str:
    layer = alg.parameterAsVectorLayer(parameters, parent, context)
    name = layer.name() if layer is not None else ""
    return name or source.sourceName() or alg.parameterDefinition(parent).description()


def _listed(names) -> str:
    names = list(names)
    if not names:
        return "none"
    more = f", … ({len(names)} in all)" if len(names) > _LISTED else ""
    return ", ".join(names[:_LISTED]) + more


def _check_number(alg, definition, parameters, context) -> None:
    value = parameters.get(definition.name())
    if not has_value(value):
        return
    try:
        number = float(value)
    except (TypeError, ValueError):
        number = alg.parameterAsDouble(parameters, definition.name(), context)
    label = definition.description()
    if not math.isfinite(number):
        raise QgsProcessingException(tr("{label}: {value} is not a finite number.").format(label=label, value=value))
    if definition.dataType() == QgsProcessingParameterNumber.Integer and abs(number) > _INT32:
        raise QgsProcessingException(tr(
            "{label}: {number:g} is too large for a whole number (at most "
            "{INT32}).").format(label=label, number=number, INT32=_INT32))
    if abs(number) > MAX_MAGNITUDE:
        raise QgsProcessingException(tr(
            "{label}: {number:g} is out of range (at most {MAX_MAGNITUDE:g} in "
            "size).").format(label=label, number=number, MAX_MAGNITUDE=MAX_MAGNITUDE))


def usable_geometry(geometry, keep_m: bool = False):
    """``geometry`` as plain 2D linear geometry (M values kept if ``keep_m``: trips read their
    times from them), or None if NULL, empty or not finite."""
    if geometry is None or geometry.isNull() or geometry.isEmpty():
        return None
    g = QgsGeometry(geometry)
    wkb = g.wkbType()
    if QgsWkbTypes.isCurvedType(wkb):
        g = QgsGeometry(g.constGet().segmentize())
    if QgsWkbTypes.hasZ(wkb):
        g.get().dropZValue()
    if QgsWkbTypes.hasM(wkb) and not keep_m:
        g.get().dropMValue()
    box = g.boundingBox()
    if not all(math.isfinite(v) for v in (box.xMinimum(), box.yMinimum(), box.xMaximum(),
                                          box.yMaximum())):
        return None
    if QgsWkbTypes.flatType(g.wkbType()) != QgsWkbTypes.Point and any(
            not (math.isfinite(v.x()) and math.isfinite(v.y())) for v in g.vertices()):
        return None
    return g
