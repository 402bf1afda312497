"""Style functions of the outputs: ``style(layer)`` callables given to
:func:`.outputs.style_on_load` (graduated, categorized, heat map, translucent and temporal
styles). A graduated style's classes are labelled with the decimals that tell them apart."""
from __future__ import annotations

import math

import numpy as np
from qgis.core import (
    QgsCategorizedSymbolRenderer,
    QgsClassificationPrettyBreaks,
    QgsClassificationQuantile,
    QgsGradientColorRamp,
    QgsGraduatedSymbolRenderer,
    QgsHeatmapRenderer,
    QgsLineSymbol,
    QgsMarkerSymbol,
    QgsRandomColorRamp,
    QgsSingleSymbolRenderer,
    QgsStyle,
    QgsSymbol,
    QgsUnitTypes,
    QgsVectorLayerTemporalProperties,
)
from qgis.PyQt.QtGui import QColor

from .field_types import FieldType


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
