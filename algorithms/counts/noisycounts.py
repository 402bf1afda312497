"""mobilitydp:noisycounts — add DP noise to an integer count field of a layer.

The output holds the zones' geometry, the noisy count and only the fields the
user opted to copy (never the count field); dpcore plans the cost (ε, δ and
unit) before any noise is drawn.
"""
from qgis.core import (
    QgsFeature,
    QgsFeatureRequest,
    QgsFeatureSink,
    QgsField,
    QgsFields,
    QgsProcessing,
    QgsProcessingParameterBoolean,
    QgsProcessingParameterFeatureSink,
    QgsProcessingParameterFeatureSource,
    QgsProcessingParameterField,
    QgsProcessingParameterNumber,
    QgsProcessingParameterString,
    QgsWkbTypes,
)

from ...dpcore.counts.noisycounts import plan_noisy_counts, release_noisy_counts
from ..common.base import MobilityDPAlgorithm, as_float, enum_parameter, style_on_load, tr
from ..common.field_types import FieldType, field_names
from ..common.outputs import graduated_style

INPUT = "INPUT"
COUNT_FIELD = "COUNT_FIELD"
CELLS_PER_INDIVIDUAL = "CELLS_PER_INDIVIDUAL"
MAX_CHANGE = "MAX_CHANGE"
MECHANISM = "MECHANISM"
ROUND = "ROUND"
NON_NEGATIVE = "NON_NEGATIVE"
OUTPUT_FIELD = "OUTPUT_FIELD"
KEEP_FIELDS = "KEEP_FIELDS"
OUTPUT = "OUTPUT"

MECHANISMS = (("discrete_laplace", "discrete Laplace: integer noise, exact ε-DP"),
              ("laplace", "Laplace: continuous noise, ε-DP"),
              ("gaussian_analytic", "discrete Gaussian, tightest calibration|Gaussian (discrete, integer noise), "
                                    "tightest proven calibration, (ε, δ)-DP"),
              ("gaussian_classic", "discrete Gaussian, classic calibration|Gaussian (discrete), classic calibration of "
                                   "Acs & Castelluccia, (ε, δ)-DP, ε < 1 only"))
INTEGER_TYPES = (FieldType.Int, FieldType.UInt, FieldType.LongLong, FieldType.ULongLong)


class NoisyCounts(MobilityDPAlgorithm):
    ALGORITHM_ID = "noisycounts"
    DISPLAY_NAME = "Add DP noise to counts"
    GROUP_ID = "counts"
    GROUP = "Counts"

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
            MAX_CHANGE, tr("Maximum change of a count (c)|by one individual"),
            QgsProcessingParameterNumber.Integer, 1, minValue=1))
        self.addParameter(enum_parameter(MECHANISM, tr("Mechanism"), MECHANISMS,
                                         "discrete_laplace"))
        self.addParameter(QgsProcessingParameterBoolean(ROUND, tr("Round to integers"), True))
        self.addParameter(QgsProcessingParameterBoolean(
            NON_NEGATIVE, tr("Clamp negative counts to 0"), False))
        self.addParameter(QgsProcessingParameterString(
            OUTPUT_FIELD, tr("Noisy count field name"), "noisy_count"))
        self.addParameter(QgsProcessingParameterField(
            KEEP_FIELDS, tr("Fields to copy|copied to the output; never the count field"),
            parentLayerParameterName=INPUT, allowMultiple=True, optional=True))
        self.add_privacy_parameters(default_epsilon=1.0, with_delta=True, default_delta=1e-6,
                                    delta_help="used by the Gaussian mechanisms only")
        self.addParameter(QgsProcessingParameterFeatureSink(OUTPUT, tr("Noisy counts")))

    def execute(self, parameters, context, feedback):
        source = self.source_or_raise(parameters, INPUT, context)
        field_name = self.parameterAsString(parameters, COUNT_FIELD, context)
        index = source.fields().lookupField(field_name)
        if index < 0:
            raise ValueError(f"the count field '{field_name}' is not in the input layer")
        if source.fields().at(index).type() not in INTEGER_TYPES + (FieldType.Double,):
            raise ValueError(f"the count field '{field_name}' is not numeric")
        keep = field_names(self, parameters, KEEP_FIELDS, context) or []
        if field_name in keep:
            raise ValueError(f"the count field '{field_name}' cannot be copied to the output: it "
                             "holds the true counts")
        out_name = self.parameterAsString(parameters, OUTPUT_FIELD, context).strip()
        if not out_name:
            raise ValueError("the noisy count field needs a name")
        if out_name in keep:
            raise ValueError(f"a copied field is already named '{out_name}'")
        mechanism = self.enum_value(parameters, MECHANISM, context)
        params = dict(epsilon=self.epsilon(parameters, context), mechanism=mechanism,
                      delta=self.delta(parameters, context),  # spent by the Gaussian ones only
                      cells_per_individual=self.parameterAsInt(parameters, CELLS_PER_INDIVIDUAL,
                                                               context),
                      max_change=self.parameterAsInt(parameters, MAX_CHANGE, context))
        request = QgsFeatureRequest().setSubsetOfAttributes([field_name] + keep, source.fields())
        features = list(source.getFeatures(request))
        plan = plan_noisy_counts(zones=len(features), **params)   # the zones are public
        params.update(round_output=self.parameterAsBool(parameters, ROUND, context),
                      non_negative=self.parameterAsBool(parameters, NON_NEGATIVE, context))

        counts = [as_float(f[field_name]) for f in features]
        dataset_id = self.layer_source_id(parameters, INPUT, context)
        with self.reserve_budget(parameters, context, default_dataset_id=dataset_id,
                                 planned=plan) as reservation:
            release = release_noisy_counts(counts, rng=self.rng(parameters, context),
                                           progress=self.progress(feedback, 0, 50), **params)
            reservation.released(release)

        fields = QgsFields()
        for name in keep:
            fields.append(source.fields().field(name))
        integer_out = release.values.dtype.kind == "i"
        fields.append(QgsField(out_name, FieldType.LongLong if integer_out else FieldType.Double))
        sink, dest_id = self.sink(parameters, OUTPUT, context, fields,
                                  QgsWkbTypes.multiType(source.wkbType()), source.sourceCrs())
        step = self.progress(feedback, 50, 100)
        n = len(features)
        for i, (feature, value) in enumerate(zip(features, release.values.tolist())):
            out = QgsFeature(fields)
            geometry = feature.geometry()
            geometry.convertToMultiType()
            out.setGeometry(geometry)
            out.setAttributes([feature[name] for name in keep] + [value])
            sink.addFeature(out, QgsFeatureSink.FastInsert)
            if i % 1000 == 0:
                step(i / n)
        style_on_load(context, dest_id, graduated_style(out_name))

        info = release.public
        reports = self.write_reports(
            parameters, context, release=release, unit_of_privacy=info["unit_of_privacy"],
            parameter_rows=[("input", source.sourceName()), ("count field", field_name),
                            ("zones", n)] + [(k, v) for k, v in params.items()]
            + [("fields copied to the output", ", ".join(keep) if keep else "none")],
            sections=[("Noise", _noise_html(info))])
        return {OUTPUT: dest_id, **reports}


def _noise_html(info) -> str:
    return (f"<p>L1 sensitivity {info['l1_sensitivity']}, L2 sensitivity "
            f"{info['l2_sensitivity']:.4g}. Each count received independent noise with standard "
            f"deviation {info['noise_std']:.4g}; about 95 % of the noisy counts lie within "
            f"±{2 * info['noise_std']:.3g} of the true count (before rounding/clamping). "
            f"Rounded: {info['rounded']}; negative values clamped to 0: "
            f"{info['clamped_at_zero']}.</p>")

