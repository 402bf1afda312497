"""Parameters declared as data: an algorithm's ``PARAMETERS`` table, added by its base class.

Each entry is a callable ``spec(alg)`` that adds one parameter (or a shared group of them, e.g.
:func:`privacy` or a stage's own adder such as ``add_trip_parameters``) with
``alg.addParameter``; :meth:`.base.MobilityDPAlgorithm.initAlgorithm`
adds the entries in order. The labels are translated when the algorithm is initialised (the
translation script reads them from the parameter definitions, as before). The parameters
built are the ones QGIS's classes build with the same arguments: names, types, defaults and
limits are unchanged, so saved models and scripts keep working.
"""
from __future__ import annotations

from qgis.core import (
    QgsProcessing,
    QgsProcessingOutputString,
    QgsProcessingParameterBoolean,
    QgsProcessingParameterDateTime,
    QgsProcessingParameterExtent,
    QgsProcessingParameterFeatureSink,
    QgsProcessingParameterFeatureSource,
    QgsProcessingParameterField,
    QgsProcessingParameterFileDestination,
    QgsProcessingParameterNumber,
    QgsProcessingParameterString,
)

from . import params
from .i18n import tr

#: Layer kinds of sources and sinks, by a short name.
LAYERS = {"any": QgsProcessing.TypeVectorAnyGeometry, "point": QgsProcessing.TypeVectorPoint,
          "line": QgsProcessing.TypeVectorLine, "polygon": QgsProcessing.TypeVectorPolygon,
          "table": QgsProcessing.TypeVector}


def _limits(minimum, maximum) -> dict:
    """QgsProcessingParameterNumber's keyword arguments of the limits given (none: QGIS's)."""
    return {k: v for k, v in (("minValue", minimum), ("maxValue", maximum)) if v is not None}


def source(name, label, *kinds, optional=False):
    """A feature source of the layer kinds ``kinds`` (short names of :data:`LAYERS`)."""
    return _Spec(lambda: QgsProcessingParameterFeatureSource(
        name, tr(label), [LAYERS[k] for k in kinds or ("any",)], optional=optional))


def field(name, label, parent, *, numeric=False, multiple=False, optional=False):
    """A field of the layer ``parent`` (numeric ones only with ``numeric``)."""
    kind = QgsProcessingParameterField.Numeric if numeric else QgsProcessingParameterField.Any
    return _Spec(lambda: QgsProcessingParameterField(
        name, tr(label), parentLayerParameterName=parent, type=kind, allowMultiple=multiple,
        optional=optional))


def unit_field(name, label, parent):
    """The user field (:func:`.params.unit_field_parameter`)."""
    return _Spec(lambda: params.unit_field_parameter(name, tr(label), parent))


def unit_of_privacy(name, label, parent, kind="user"):
    """The user or vehicle field whose tooltip names the fields guessed
    (:meth:`.inputs.InputsMixin.add_unit_field_parameter`)."""
    return lambda alg: alg.add_unit_field_parameter(name, label, parent, kind=kind)


def integer(name, label, default, *, minimum=None, maximum=None, optional=False):
    return _Spec(lambda: QgsProcessingParameterNumber(
        name, tr(label), QgsProcessingParameterNumber.Integer, default, optional=optional,
        **_limits(minimum, maximum)))


def double(name, label, default, *, minimum=None, maximum=None, optional=False):
    return _Spec(lambda: QgsProcessingParameterNumber(
        name, tr(label), QgsProcessingParameterNumber.Double, default, optional=optional,
        **_limits(minimum, maximum)))


def boolean(name, label, default, *, optional=False):
    return _Spec(lambda: QgsProcessingParameterBoolean(
        name, tr(label), default, optional=optional))


def text(name, label, default):
    return _Spec(lambda: QgsProcessingParameterString(name, tr(label), default))


def datetime(name, label, *, optional=False):
    return _Spec(lambda: QgsProcessingParameterDateTime(name, tr(label), optional=optional))


def extent(name, label, *, optional=False):
    return _Spec(lambda: QgsProcessingParameterExtent(
        name, tr(label), optional=optional))


def choice(name, label, choices, default, *, optional=False, removed=()):
    """A static-string enum (:func:`.params.enum_parameter`)."""
    return _Spec(lambda: params.enum_parameter(
        name, tr(label), choices, default, optional=optional, removed=removed))


def start(name, label):
    """The start of a period (:func:`.params.start_parameter`)."""
    return _Spec(lambda: params.start_parameter(name, tr(label)))


def sink(name, label, kind="any", *, optional=False, create=None):
    """A feature sink; an ``optional`` one is not created by default (unless ``create``)."""
    extra = {"optional": True, "createByDefault": bool(create)} if optional else {}
    return _Spec(lambda: QgsProcessingParameterFeatureSink(
        name, tr(label), LAYERS[kind], **extra))


def file_output(name, label, file_filter, *, create=True):
    """An optional file destination (created by default unless ``create`` is False)."""
    extra = {} if create else {"createByDefault": False}
    return _Spec(lambda: QgsProcessingParameterFileDestination(
        name, tr(label), file_filter, optional=True, **extra))


def text_output(name, label):
    """A text output (not a parameter)."""
    return lambda alg: alg.addOutput(QgsProcessingOutputString(name, tr(label)))


def frame_crs():
    """The optional metric CRS of the computation (:meth:`.inputs.InputsMixin.add_frame_crs_parameter`)."""
    return lambda alg: alg.add_frame_crs_parameter()


def privacy(**options):
    """ε (δ), seed, ledger, reports and the spent outputs
    (:meth:`.inputs.InputsMixin.add_privacy_parameters`)."""
    return lambda alg: alg.add_privacy_parameters(**options)


def advanced(spec):
    """``spec``'s parameter marked advanced (:func:`.params.advanced`)."""
    return _Spec(lambda: params.advanced(spec.make()))


def zero_means(spec, word: str):
    """``spec``'s number whose 0 the dialog shows as ``word`` (:func:`.params.zero_means`)."""
    return _Spec(lambda: params.zero_means(spec.make(), word))


class _Spec:
    """One parameter: ``make()`` builds it, calling the spec with an algorithm adds it."""

    def __init__(self, make):
        self.make = make

    def __call__(self, alg):
        alg.addParameter(self.make())
