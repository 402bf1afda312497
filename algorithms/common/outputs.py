"""Output sinks, styling and clean-up, and counts in the form outputs publish them.

Every output carries its style: when the QGIS GUI loads an output, a post
processor applies the style function; and when the output is a GeoPackage
file, the same style (all categories, temporal settings included) is stored
as the layer's default style (:mod:`.default_style`), so the file loads styled
in any QGIS, whoever made it (``qgis_process``, ``make demo``, a model).

:func:`style_on_load` does both: algorithms call it once per styled output.
The GeoPackage part runs after the algorithm body, when the sinks are
closed (``default_style.store_default_styles``, called by ``MobilityDPAlgorithm``).
"""
from __future__ import annotations

import threading

import numpy as np
from qgis.core import (
    QgsFeature,
    QgsFeatureSink,
    QgsField,
    QgsFields,
    QgsProcessing,
    QgsProcessingLayerPostProcessorInterface,
    QgsProcessingOutputLayerDefinition,
    QgsProperty,
    QgsWkbTypes,
)
from qgis.PyQt.QtCore import QDateTime, Qt

from .field_types import FieldType
from .styles import temporal_counts_style

_RUN = threading.local()  # the styles registered by the algorithm running in this thread

#: Decimals of published fractional counts: a thousandth of a person is finer than any
#: release resolves, and it removes floating-point residues (1.3e-13 people at night).
COUNT_DECIMALS = 3


def published_counts(values):
    """Counts as written to an output (post-processing of released values, no privacy cost):
    integers stay integers; fractional counts are rounded to :data:`COUNT_DECIMALS` decimals
    and become integers when every value is then whole."""
    values = np.asarray(values)
    if values.dtype.kind in "iub":
        return values.astype(np.int64)
    rounded = np.round(values.astype(float), COUNT_DECIMALS) + 0.0  # no -0.0
    if np.all(np.isfinite(rounded)) and np.all(rounded == np.round(rounded)):
        return rounded.astype(np.int64)
    return rounded


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
