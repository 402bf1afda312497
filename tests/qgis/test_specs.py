"""Parameters declared as data (algorithms/common/specs.py) build the parameters QGIS's own
classes build with the same arguments, in the table's order, with the dialog conventions."""


def _added(*table):
    """An algorithm with ``table`` as PARAMETERS (it owns its parameter definitions)."""
    from mobility_dp.algorithms.common.base import MobilityDPAlgorithm

    class Toy(MobilityDPAlgorithm):
        PARAMETERS = table

    alg = Toy()
    alg.initAlgorithm({})
    return alg


def test_specs_build_the_same_parameters_as_qgis_in_order(qgis_app):
    from qgis.core import (
        QgsProcessing,
        QgsProcessingParameterDefinition,
        QgsProcessingParameterFeatureSink,
        QgsProcessingParameterField,
        QgsProcessingParameterNumber,
    )

    from mobility_dp.algorithms.common import specs
    from mobility_dp.algorithms.common.params import ZERO_KEY
    alg = _added(
        specs.source("INPUT", "Points", "point", "line"),
        specs.field("KEEP", "Fields|to copy", "INPUT", multiple=True, optional=True),
        specs.zero_means(specs.double("SIZE", "Size (m)", 0.0, minimum=0.0, optional=True), "off"),
        specs.advanced(specs.integer("CAP", "Cap", 50, minimum=1, maximum=200)),
        specs.sink("LINES", "Lines", "line", optional=True))
    made = alg.parameterDefinitions()
    assert [p.name() for p in made] == ["INPUT", "KEEP", "SIZE", "CAP", "LINES"]
    source, keep, size, cap, lines = made
    assert source.dataTypes() == [QgsProcessing.TypeVectorPoint, QgsProcessing.TypeVectorLine]
    direct = QgsProcessingParameterField("KEEP", "Fields", parentLayerParameterName="INPUT",
                                         allowMultiple=True, optional=True)
    assert keep.allowMultiple() and keep.flags() == direct.flags()
    assert keep.description() == "Fields" and keep.help() == "to copy"   # label|details
    assert size.metadata()[ZERO_KEY] == "off" and size.minimum() == 0.0
    assert size.dataType() == QgsProcessingParameterNumber.Double
    assert cap.flags() & QgsProcessingParameterDefinition.FlagAdvanced
    assert (cap.dataType(), cap.minimum(), cap.maximum(), cap.defaultValue()) == (
        QgsProcessingParameterNumber.Integer, 1, 200, 50)
    direct_sink = QgsProcessingParameterFeatureSink("LINES", "Lines", QgsProcessing.TypeVectorLine,
                                                    optional=True, createByDefault=False)
    assert (lines.createByDefault(), lines.dataType(), lines.flags()) == (
        direct_sink.createByDefault(), direct_sink.dataType(), direct_sink.flags())
    assert not (source.flags() & QgsProcessingParameterDefinition.FlagAdvanced)
