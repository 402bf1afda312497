"""mobilitydp:noisycounts — add DP noise to an integer count field of a layer.

The output holds the zones' geometry, the noisy count and only the fields the
user opted to copy (never the count field); dpcore plans the cost (ε, δ and
unit) before any noise is drawn.
"""
from qgis.core import QgsFeature, QgsFeatureRequest, QgsFeatureSink, QgsField, QgsFields, QgsWkbTypes

from ...dpcore.counts.noisycounts import plan_noisy_counts
from ...dpcore.counts.report import noisy_counts_report
from ..common import specs
from ..common.base import as_float, style_on_load
from ..common.field_types import FieldType, field_names
from ..common.release import ReleasingAlgorithm
from ..common.styles import graduated_style

INPUT, COUNT_FIELD, OUTPUT, OUTPUT_FIELD, KEEP_FIELDS = "INPUT", "COUNT_FIELD", "OUTPUT", "OUTPUT_FIELD", "KEEP_FIELDS"
CELLS_PER_INDIVIDUAL, MAX_CHANGE, MECHANISM = "CELLS_PER_INDIVIDUAL", "MAX_CHANGE", "MECHANISM"
ROUND, NON_NEGATIVE = "ROUND", "NON_NEGATIVE"
MECHANISMS = (("discrete_laplace", "discrete Laplace: integer noise, exact ε-DP"),
              ("laplace", "Laplace: continuous noise, ε-DP"),
              ("gaussian_analytic", "discrete Gaussian, tightest calibration|Gaussian (discrete, integer noise), "
                                    "tightest proven calibration, (ε, δ)-DP"),
              ("gaussian_classic", "discrete Gaussian, classic calibration|Gaussian (discrete), classic calibration of "
                                   "Acs & Castelluccia, (ε, δ)-DP, ε < 1 only"))
INTEGER_TYPES = (FieldType.Int, FieldType.UInt, FieldType.LongLong, FieldType.ULongLong)


class NoisyCounts(ReleasingAlgorithm):
    ALGORITHM_ID = "noisycounts"
    DISPLAY_NAME = "Add DP noise to counts"
    GROUP_ID = "counts"
    GROUP = "Counts"
    PLAN = staticmethod(plan_noisy_counts)
    PARAMETERS = (
        specs.source(INPUT, "Input layer with counts", "any"),
        specs.field(COUNT_FIELD, "Count field", INPUT, numeric=True),
        specs.integer(CELLS_PER_INDIVIDUAL, "Counts one individual can change (m)", 1, minimum=1),
        specs.integer(MAX_CHANGE, "Maximum change of a count (c)|by one individual", 1, minimum=1),
        specs.choice(MECHANISM, "Mechanism", MECHANISMS, "discrete_laplace"),
        specs.boolean(ROUND, "Round to integers", True),
        specs.boolean(NON_NEGATIVE, "Clamp negative counts to 0", False),
        specs.text(OUTPUT_FIELD, "Noisy count field name", "noisy_count"),
        specs.field(KEEP_FIELDS, "Fields to copy|copied to the output; never the count field", INPUT,
                    multiple=True, optional=True),
        specs.privacy(default_epsilon=1.0, with_delta=True, default_delta=1e-6,
                      delta_help="used by the Gaussian mechanisms only"),
        specs.sink(OUTPUT, "Noisy counts"))

    def public_parameters(self, parameters, context) -> tuple:
        source, field_name, keep, out_name = inputs = self._inputs(parameters, context)
        return dict(epsilon=self.epsilon(parameters, context),
                    mechanism=self.enum_value(parameters, MECHANISM, context),
                    delta=self.delta(parameters, context),  # spent by the Gaussian ones only
                    cells_per_person=self.parameterAsInt(parameters, CELLS_PER_INDIVIDUAL,
                                                             context),
                    max_change=self.parameterAsInt(parameters, MAX_CHANGE, context),
                    zones=max(source.featureCount(), 1),   # the zones are public
                    round_output=self.parameterAsBool(parameters, ROUND, context),
                    non_negative=self.parameterAsBool(parameters, NON_NEGATIVE, context)), inputs

    def _inputs(self, parameters, context) -> tuple:
        """(source, count field, fields to copy, output field), checked."""
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
        return source, field_name, keep, out_name

    def read(self, parameters, context, feedback, inputs, plan):
        source, field_name, keep, _ = inputs
        request = QgsFeatureRequest().setSubsetOfAttributes([field_name] + keep, source.fields())
        features = list(source.getFeatures(request))
        return [as_float(f[field_name]) for f in features], (inputs, features)

    def write(self, parameters, context, feedback, held, release):
        (source, _, keep, out_name), features = held
        fields = QgsFields()
        for name in keep:
            fields.append(source.fields().field(name))
        integer_out = release.values.dtype.kind == "i"
        fields.append(QgsField(out_name, FieldType.LongLong if integer_out else FieldType.Double))
        sink, dest_id = self.sink(parameters, OUTPUT, context, fields,
                                  QgsWkbTypes.multiType(source.wkbType()), source.sourceCrs())
        step = self.progress(feedback, 50, 100)
        for i, (feature, value) in enumerate(zip(features, release.values.tolist())):
            out = QgsFeature(fields)
            geometry = feature.geometry()
            geometry.convertToMultiType()
            out.setGeometry(geometry)
            out.setAttributes([feature[name] for name in keep] + [value])
            sink.addFeature(out, QgsFeatureSink.FastInsert)
            if i % 1000 == 0:
                step(i / len(features))
        style_on_load(context, dest_id, graduated_style(out_name))
        return {OUTPUT: dest_id}

    def report(self, held, plan, release):
        (source, field_name, keep, _), _ = held
        return noisy_counts_report(plan, release, copied=keep, inputs=[
            ("input", source.sourceName()), ("count field", field_name)])
