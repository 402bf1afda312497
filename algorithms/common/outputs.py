"""Output styling and clean-up.

Every output carries its style: when the QGIS GUI loads an output, a post
processor applies the style function; and when the output is a GeoPackage
file, the same style (all categories, temporal settings included) is stored
as the layer's default style in the GeoPackage's ``layer_styles`` table, so
the file loads styled in any QGIS, whoever made it (``qgis_process``,
``make demo``, a model).

:func:`style_on_load` does both: algorithms call it once per styled output.
The GeoPackage part runs after the algorithm body, when the sinks are
closed (``store_default_styles``, called by ``MobilityDPAlgorithm``).
"""
from __future__ import annotations

import math
import os
import threading

import numpy as np
from qgis.core import (
    QgsCategorizedSymbolRenderer,
    QgsClassificationPrettyBreaks,
    QgsClassificationQuantile,
    QgsFeature,
    QgsFeatureSink,
    QgsField,
    QgsFields,
    QgsGradientColorRamp,
    QgsGraduatedSymbolRenderer,
    QgsHeatmapRenderer,
    QgsLineSymbol,
    QgsMarkerSymbol,
    QgsProcessing,
    QgsProcessingLayerPostProcessorInterface,
    QgsProcessingOutputLayerDefinition,
    QgsProperty,
    QgsRandomColorRamp,
    QgsSingleSymbolRenderer,
    QgsStyle,
    QgsSymbol,
    QgsUnitTypes,
    QgsVectorLayer,
    QgsVectorLayerTemporalProperties,
    QgsWkbTypes,
)
from qgis.PyQt.QtCore import QDateTime, Qt
from qgis.PyQt.QtGui import QColor

from .field_types import FieldType, save_style_to_database
from .i18n import tr
from .values import published_counts

_RUN = threading.local()  # the styles registered by the algorithm running in this thread


class _Styler(QgsProcessingLayerPostProcessorInterface):
    """Applies a styling function to an output layer when QGIS loads it."""

    _alive = []  # QGIS does not keep a Python reference; we must.

    def __init__(self, style_function):
        super().__init__()
        self.style_function = style_function
        _Styler._alive.append(self)

    def postProcessLayer(self, layer, context, feedback):  # noqa: N802
        if layer is not None and layer.isValid():
            self.style_function(layer)


def style_on_load(context, layer_id: str, style_function) -> None:
    """Style output ``layer_id`` with ``style_function(layer)``.

    In the GUI the function runs when the output is loaded; a GeoPackage
    output also gets the style stored as its default style.
    """
    pending = getattr(_RUN, "styles", None)
    if pending is not None:
        pending.append((layer_id, style_function))
    if context.willLoadLayerOnCompletion(layer_id):
        context.layerToLoadOnCompletionDetails(layer_id).setPostProcessor(_Styler(style_function))


def graduated_style(field: str, classes: int = 5):
    """A style function: graduated colours of ``field`` (quantile classes, viridis)."""
    def style(layer) -> None:
        renderer = QgsGraduatedSymbolRenderer(field)
        renderer.setSourceColorRamp(QgsStyle.defaultStyle().colorRamp("Viridis"))
        _classify(renderer, layer, field, QgsClassificationQuantile(), classes)
        layer.setRenderer(renderer)
        layer.triggerRepaint()
    return style


def _number(type_enum) -> int:  # QVariant.Type and QMetaType.Type share these numbers
    return int(getattr(type_enum, "value", type_enum))


_INTEGER_TYPES = {_number(t) for t in (FieldType.Int, FieldType.LongLong, FieldType.UInt,
                                       FieldType.ULongLong)}


def _classify(renderer, layer, field: str, method, classes: int) -> None:
    """Classes of ``field`` by ``method`` (not the deprecated updateClasses(layer, mode, n)),
    labelled with the decimals that tell the class bounds apart: whole numbers for integer
    fields and bounds a unit or more apart, never QGIS's default 4 decimals. Quantile classes
    of skewed values keep no repeated class: a value held by a class's share of the features
    or more (0 visits) is a class of its own, the others are split by quantiles."""
    index = layer.fields().indexOf(field)
    integer = index >= 0 and _number(layer.fields().at(index).type()) in _INTEGER_TYPES
    method.setLabelTrimTrailingZeroes(True)
    renderer.setClassificationMethod(method)
    renderer.updateClasses(layer, classes)
    spike = None
    if isinstance(method, QgsClassificationQuantile):
        values = np.sort(np.array([float(v) for v in (f.attribute(index)
                                                      for f in layer.getFeatures())
                                   if isinstance(v, (int, float)) and math.isfinite(v)]))
        if values.size:
            spike = _quantile_ranges(renderer, layer, values, classes)
    bounds = np.unique([b for r in renderer.ranges() for b in (r.lowerValue(), r.upperValue())])
    gap = float(np.diff(bounds).min()) if bounds.size > 1 else 0.0
    method.setLabelPrecision(0 if integer or gap >= 1 or gap <= 0 else
                             min(6, math.ceil(-math.log10(gap))))
    for i, r in enumerate(renderer.ranges()):
        renderer.updateRangeLabel(i, method.labelForRange(r.lowerValue(), r.upperValue())
                                  if i or spike is None else
                                  method.labelForRange(spike, spike).split(" - ")[0])


def _quantile_ranges(renderer, layer, values, classes: int):
    """Replace the renderer's quantile ranges by distinct ones (see :func:`_classify`);
    returns the value of the first, one-value class, or None."""
    low = values[0]
    spike = low if np.count_nonzero(values == low) * classes >= values.size else None
    rest = values[values > low] if spike is not None else values
    breaks = np.unique(np.quantile(rest, np.linspace(0, 1, classes + (spike is None)),
                                   method="inverted_cdf")) if rest.size else np.array([low])
    edges = [(low, low)] if spike is not None else []
    starts = [low, *breaks[1:-1]] if breaks.size > 1 else [low]
    edges += list(zip(starts, breaks[1:] if breaks.size > 1 else breaks))
    if renderer.sourceSymbol() is None:
        renderer.setSourceSymbol(QgsSymbol.defaultSymbol(layer.geometryType()))
    renderer.deleteAllClasses()
    for lower, upper in edges:
        renderer.addClassLowerUpper(float(lower), float(upper))
    renderer.updateColorRamp(renderer.sourceColorRamp().clone())
    return spike


def categorized_style(field: str):
    """A style function: one random colour per distinct value of ``field`` (e.g. a cluster)."""
    def style(layer) -> None:
        values = sorted(layer.uniqueValues(layer.fields().indexOf(field)),
                        key=lambda v: (0, v, "") if isinstance(v, (int, float)) else (1, 0, str(v)))
        symbol = QgsSymbol.defaultSymbol(layer.geometryType())
        renderer = QgsCategorizedSymbolRenderer(
            field, QgsCategorizedSymbolRenderer.createCategories(values, symbol, layer, field))
        renderer.updateColorRamp(QgsRandomColorRamp())
        layer.setRenderer(renderer)
        layer.triggerRepaint()
    return style


def heatmap_style(radius_mm: float = 4.0):
    """A style function for many points: a heatmap, transparent where there are none."""
    def style(layer) -> None:
        renderer = QgsHeatmapRenderer()
        renderer.setRadius(radius_mm)
        renderer.setRadiusUnit(QgsUnitTypes.RenderMillimeters)
        renderer.setColorRamp(QgsGradientColorRamp(QColor(255, 255, 178, 0), QColor(189, 0, 38)))
        layer.setRenderer(renderer)
        layer.triggerRepaint()
    return style


def translucent_lines_style(color: str = "120,40,160,90", width_mm: float = 0.3):
    """A style function for many overlapping lines (e.g. recovered trajectories): thin, see-through."""
    def style(layer) -> None:
        symbol = QgsLineSymbol.createSimple({"line_color": color, "line_width": str(width_mm)})
        layer.setRenderer(QgsSingleSymbolRenderer(symbol))
        layer.triggerRepaint()
    return style


def temporal_points_style(time_field: str, seconds: float = 60.0):
    """Small dots that play in the Temporal Controller, each shown ``seconds`` from its time."""
    def style(layer) -> None:
        symbol = QgsMarkerSymbol.createSimple({"name": "circle", "size": "1.6",
                                               "color": "31,120,180,220",
                                               "outline_style": "no"})
        layer.setRenderer(QgsSingleSymbolRenderer(symbol))
        props = layer.temporalProperties()
        props.setMode(QgsVectorLayerTemporalProperties.ModeFeatureDateTimeInstantFromField)
        props.setStartField(time_field)
        props.setDurationUnits(QgsUnitTypes.TemporalSeconds)
        props.setFixedDuration(seconds)
        props.setIsActive(True)
        layer.triggerRepaint()
    return style


def temporal_lines_style(start: str, end: str, color: str = "120,40,160,90"):
    """Thin see-through lines that play in the Temporal Controller from ``start`` to ``end``
    (e.g. synthetic trips)."""
    def style(layer) -> None:
        translucent_lines_style(color)(layer)
        props = layer.temporalProperties()
        props.setMode(QgsVectorLayerTemporalProperties.ModeFeatureDateTimeStartAndEndFromFields)
        props.setStartField(start)
        props.setEndField(end)
        props.setIsActive(True)
    return style


def temporal_counts_style(field: str, start: str = "slot_start", end: str = "slot_end"):
    """Graduated counts that play in the Temporal Controller.

    Pretty breaks (round class bounds, no duplicated classes when most
    counts are 0) labelled with as few decimals as their step needs: whole
    numbers for counts of people, never the 4 decimals of QGIS's default.
    """
    def style(layer) -> None:
        props = layer.temporalProperties()
        props.setMode(QgsVectorLayerTemporalProperties.ModeFeatureDateTimeStartAndEndFromFields)
        props.setStartField(start)
        props.setEndField(end)
        props.setIsActive(True)
        renderer = QgsGraduatedSymbolRenderer(field)
        renderer.setSourceColorRamp(QgsStyle.defaultStyle().colorRamp("Viridis"))
        _classify(renderer, layer, field, QgsClassificationPrettyBreaks(), 7)
        layer.setRenderer(renderer)
        layer.triggerRepaint()
    return style


def utc_datetime(seconds: float) -> QDateTime:
    """Epoch seconds as a UTC QDateTime (millisecond precision)."""
    return QDateTime.fromMSecsSinceEpoch(int(round(seconds * 1000)), Qt.TimeSpec.UTC)


def polygon_sink(alg, parameters, name, context, fields, crs):
    """A MultiPolygon feature sink for output ``name``: (sink, destination id), or a clear error."""
    return alg.sink(parameters, name, context, fields, QgsWkbTypes.MultiPolygon, crs)


def write_long_counts(alg, parameters, name, context, *, crs, geometries, ids, id_kind, values,
                      times, extra=(), step=None) -> str:
    """One polygon feature per (cell, slot): cell_id, slot, slot_start, slot_end, count and
    the per-slot ``extra`` fields ((name, FieldType, one value per slot), …); styled to
    play in the Temporal Controller. ``values`` is cells × slots, written as
    :func:`published_counts` (whole counts give an integer field), ``times`` the n_slots + 1
    slot boundaries in epoch seconds. Returns the destination id."""
    values = published_counts(values)
    integer = values.dtype.kind in "iu"
    fields = QgsFields()
    for field, kind in ((("cell_id", id_kind), ("slot", FieldType.Int),
                         ("slot_start", FieldType.DateTime), ("slot_end", FieldType.DateTime),
                         ("count", FieldType.LongLong if integer else FieldType.Double))
                        + tuple((e[0], e[1]) for e in extra)):
        fields.append(QgsField(field, kind))
    sink, dest_id = polygon_sink(alg, parameters, name, context, fields, crs)
    starts, ends = [utc_datetime(t) for t in times[:-1]], [utc_datetime(t) for t in times[1:]]
    n_cells, n_slots = values.shape
    for i in range(n_cells):
        batch = []
        for s in range(n_slots):
            f = QgsFeature(fields)
            f.setGeometry(geometries[i])
            value = int(values[i, s]) if integer else float(values[i, s])
            f.setAttributes([ids[i], s, starts[s], ends[s], value] + [e[2][s] for e in extra])
            batch.append(f)
        sink.addFeatures(batch, QgsFeatureSink.FastInsert)
        if step is not None:
            step((i + 1) / n_cells)
    style_on_load(context, dest_id, temporal_counts_style("count"))
    return dest_id


def begin_run() -> None:
    """Start collecting the styled outputs of the algorithm running in this thread."""
    _RUN.styles = []


def end_run() -> list:
    """The (layer id, style function) pairs registered since :func:`begin_run`."""
    styles = getattr(_RUN, "styles", None) or []
    _RUN.styles = None
    return styles


def geopackage_uri(layer_id: str):
    """The OGR URI of a GeoPackage file output, or None for other outputs."""
    path = (layer_id or "").split("|")[0]
    if path.startswith("ogr:"):
        return None
    return layer_id if path.lower().endswith(".gpkg") and os.path.exists(path) else None


def save_default_style(uri: str, style_function) -> str:
    """Store ``style_function``'s style as the default style of a GeoPackage layer.

    Returns an error message ("" on success). All style categories are
    stored, temporal properties included.
    """
    layer = QgsVectorLayer(uri, "output", "ogr")
    if not layer.isValid():
        return f"cannot open {uri} to store its style"
    style_function(layer)
    message = save_style_to_database(layer, "mobilitydp", "Mobility DP default style", True)
    del layer
    return message


def store_default_styles(styles, feedback=None) -> None:
    """Store each GeoPackage output's style as its default style (warn on failure)."""
    for layer_id, style_function in styles:
        uri = geopackage_uri(layer_id)
        if uri is None:
            continue
        message = save_default_style(uri, style_function)
        if message and feedback is not None:
            feedback.pushWarning(tr("Could not store the style in {uri}: {message}").format(
                uri=uri, message=message))


def destination_value(parameters, name: str, context) -> str:
    """Where output ``name`` will be written, as given ("" for a temporary output).

    Unlike ``parameterAsOutputLayer``, this registers no layer to load on completion
    (that call adds a stray ``memory:<name>`` entry, which the dialog then reports as
    "not correctly generated").
    """
    value = parameters.get(name)
    if isinstance(value, QgsProcessingOutputLayerDefinition):
        value = value.sink
    if isinstance(value, QgsProperty):
        value = value.valueAsString(context.expressionContext())[0]
    value = "" if value is None else str(value)
    return "" if value == QgsProcessing.TEMPORARY_OUTPUT else value
