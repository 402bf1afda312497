"""mobilitydp:noisycounts — add DP noise to an integer count field of a layer."""
from qgis.core import (QgsFeature, QgsFeatureSink, QgsField, QgsFields, QgsGraduatedSymbolRenderer,
                       QgsProcessing, QgsProcessingException, QgsProcessingParameterBoolean,
                       QgsProcessingParameterEnum, QgsProcessingParameterFeatureSink,
                       QgsProcessingParameterFeatureSource, QgsProcessingParameterField,
                       QgsProcessingParameterNumber, QgsProcessingParameterString,
                       QgsStyle, QgsWkbTypes)
from qgis.PyQt.QtCore import QVariant

from ..dpcore.counts import MECHANISMS, release_noisy_counts
from .base import REPORT, MobilityDPAlgorithm, as_float, progress_bridge, style_on_load, tr

INPUT = "INPUT"
COUNT_FIELD = "COUNT_FIELD"
CELLS_PER_INDIVIDUAL = "CELLS_PER_INDIVIDUAL"
MAX_CHANGE = "MAX_CHANGE"
MECHANISM = "MECHANISM"
ROUND = "ROUND"
NON_NEGATIVE = "NON_NEGATIVE"
OUTPUT_FIELD = "OUTPUT_FIELD"
OUTPUT = "OUTPUT"

MECHANISM_LABELS = ["Discrete Laplace (integer noise, ε-DP)", "Laplace (ε-DP)",
                    "Gaussian, analytic calibration ((ε, δ)-DP)",
                    "Gaussian, classic calibration of Acs & Castelluccia ((ε, δ)-DP, ε < 1)"]

INTEGER_TYPES = (QVariant.Int, QVariant.UInt, QVariant.LongLong, QVariant.ULongLong)


class NoisyCounts(MobilityDPAlgorithm):
    ALGORITHM_ID = "noisycounts"
    DISPLAY_NAME = "Add DP noise to counts"
    GROUP_ID = "counts"
    GROUP = "Counts"
    HELP = """
<p>Publishes a count per feature (people per zone, visits per tower, incidents per cell) with
differential privacy: every count gets independent noise calibrated to how much one individual
can change the counts. The output is the input layer with a noisy count field added.</p>
<h3>Parameters</h3>
<p><b>Input layer</b>: polygons or points, one feature per zone, with an integer count field.</p>
<p><b>Count field</b>: the true counts (integers ≥ 0; a decimal field is accepted when it holds
whole numbers).</p>
<p><b>Counts one individual can change</b> (m) and <b>maximum change per count</b> (c): one
person appears in at most m zones, adding at most c to each. The L1 sensitivity is m·c and the
L2 sensitivity √m·c. If a person can appear everywhere, m is the number of zones.</p>
<p><b>Mechanism</b>: discrete Laplace (default: integer noise, exact ε-DP, no rounding needed),
Laplace (continuous), or Gaussian ((ε, δ)-DP, better when m is large) with the tight analytic
calibration or the classic one of Acs &amp; Castelluccia (ε &lt; 1 only).</p>
<p><b>Round to integers</b> and <b>clamp negative counts to 0</b>: post-processing, no privacy
cost. Clamping biases small counts upwards.</p>
<p><b>Noisy count field name</b>: the field added to the output.</p>
<p><b>Unit of privacy</b>: one individual as described by m and c.</p>
"""

    def initAlgorithm(self, config=None):  # noqa: N802
        self.addParameter(QgsProcessingParameterFeatureSource(
            INPUT, tr("Input layer with counts"), [QgsProcessing.TypeVectorAnyGeometry]))
        self.addParameter(QgsProcessingParameterField(
            COUNT_FIELD, tr("Count field"), parentLayerParameterName=INPUT,
            type=QgsProcessingParameterField.Numeric))
        self.addParameter(QgsProcessingParameterNumber(
            CELLS_PER_INDIVIDUAL, tr("Counts one individual can change (m)"),
            QgsProcessingParameterNumber.Integer, 1, minValue=1))
        self.addParameter(QgsProcessingParameterNumber(
            MAX_CHANGE, tr("Maximum change of one count by one individual (c)"),
            QgsProcessingParameterNumber.Integer, 1, minValue=1))
        self.addParameter(QgsProcessingParameterEnum(
            MECHANISM, tr("Mechanism"), MECHANISM_LABELS, defaultValue=0))
        self.addParameter(QgsProcessingParameterBoolean(ROUND, tr("Round to integers"), True))
        self.addParameter(QgsProcessingParameterBoolean(
            NON_NEGATIVE, tr("Clamp negative counts to 0"), False))
        self.addParameter(QgsProcessingParameterString(
            OUTPUT_FIELD, tr("Noisy count field name"), "noisy_count"))
        self.add_privacy_parameters(default_epsilon=1.0, with_delta=True, default_delta=1e-6,
                                    delta_help="used by the Gaussian mechanisms only")
        self.addParameter(QgsProcessingParameterFeatureSink(OUTPUT, tr("Noisy counts")))

    def execute(self, parameters, context, feedback):
        source = self.source_or_raise(parameters, INPUT, context)
        field_name = self.parameterAsString(parameters, COUNT_FIELD, context)
        index = source.fields().lookupField(field_name)
        if index < 0:
            raise ValueError(f"the count field '{field_name}' is not in the input layer")
        if source.fields().at(index).type() not in INTEGER_TYPES + (QVariant.Double,):
            raise ValueError(f"the count field '{field_name}' is not numeric")
        out_name = self.parameterAsString(parameters, OUTPUT_FIELD, context).strip()
        if not out_name:
            raise ValueError("the noisy count field needs a name")
        if source.fields().lookupField(out_name) >= 0:
            raise ValueError(f"the input layer already has a field named '{out_name}'")
        epsilon = self.epsilon(parameters, context)
        delta = self.delta(parameters, context)
        mechanism = MECHANISMS[self.parameterAsEnum(parameters, MECHANISM, context)]
        if not mechanism.startswith("gaussian"):
            delta = 0.0

        features = list(source.getFeatures())
        counts = [as_float(f[field_name]) for f in features]

        params = dict(epsilon=epsilon, delta=delta, mechanism=mechanism,
                      cells_per_individual=self.parameterAsInt(parameters, CELLS_PER_INDIVIDUAL,
                                                               context),
                      max_change=self.parameterAsInt(parameters, MAX_CHANGE, context),
                      round_output=self.parameterAsBool(parameters, ROUND, context),
                      non_negative=self.parameterAsBool(parameters, NON_NEGATIVE, context))
        dataset_id = self.layer_source_id(parameters, INPUT, context)
        with self.reserve_budget(parameters, context, default_dataset_id=dataset_id,
                                 epsilon=epsilon, delta=delta) as reservation:
            release = release_noisy_counts(counts, rng=self.rng(parameters, context),
                                           progress=progress_bridge(feedback, 0, 50), **params)
            reservation.commit(release.cost)

        fields = QgsFields(source.fields())
        integer_out = release.values.dtype.kind == "i"
        fields.append(QgsField(out_name, QVariant.LongLong if integer_out else QVariant.Double))
        sink, dest_id = self.parameterAsSink(parameters, OUTPUT, context, fields,
                                             QgsWkbTypes.multiType(source.wkbType()),
                                             source.sourceCrs())
        if sink is None:
            raise QgsProcessingException(self.invalidSinkError(parameters, OUTPUT))
        step = progress_bridge(feedback, 50, 100)
        n = len(features)
        for i, (feature, value) in enumerate(zip(features, release.values.tolist())):
            out = QgsFeature(fields)
            geometry = feature.geometry()
            geometry.convertToMultiType()
            out.setGeometry(geometry)
            out.setAttributes(feature.attributes() + [value])
            sink.addFeature(out, QgsFeatureSink.FastInsert)
            if i % 1000 == 0:
                step(i / n)
        style_on_load(context, dest_id, lambda layer: _graduated(layer, out_name))

        info = release.info
        report = self.write_report(
            parameters, context, release=release, unit_of_privacy=info["unit_of_privacy"],
            parameter_rows=[("input", source.sourceName()), ("count field", field_name),
                            ("features", n)] + [(k, v) for k, v in params.items()],
            sections=[("Noise", _noise_html(info))])
        return {OUTPUT: dest_id, REPORT: report}


def _noise_html(info) -> str:
    return (f"<p>L1 sensitivity {info['l1_sensitivity']}, L2 sensitivity "
            f"{info['l2_sensitivity']:.4g}. Each count received independent noise with standard "
            f"deviation {info['noise_std']:.4g}; about 95 % of the noisy counts lie within "
            f"±{2 * info['noise_std']:.3g} of the true count (before rounding/clamping). "
            f"Rounded: {info['rounded']}; negative values clamped to 0: "
            f"{info['clamped_at_zero']}.</p>")


def _graduated(layer, field_name) -> None:
    ramp = QgsStyle.defaultStyle().colorRamp("Viridis")
    renderer = QgsGraduatedSymbolRenderer(field_name)
    renderer.setSourceColorRamp(ramp)
    renderer.updateClasses(layer, QgsGraduatedSymbolRenderer.Quantile, 5)
    layer.setRenderer(renderer)
    layer.triggerRepaint()
