"""mobilitydp:comparereports — similarity of two mobility reports (JSON statistics).

The measures live in ``dpcore.od.compare``.
"""
import json

from qgis.core import (
    QgsFeature,
    QgsFeatureSink,
    QgsField,
    QgsFields,
    QgsProcessing,
    QgsProcessingParameterFeatureSink,
    QgsProcessingParameterFile,
    QgsWkbTypes,
)

from ...dpcore.od.compare import compare_documents
from ...dpcore.reporting import report as dpreport
from ..common.base import REPORT, MobilityDPAlgorithm, tr
from ..common.field_types import FieldType

FIRST = "FIRST"
SECOND = "SECOND"
OUTPUT = "OUTPUT"


class CompareReports(MobilityDPAlgorithm):
    ALGORITHM_ID = "comparereports"
    DISPLAY_NAME = "Compare mobility reports"
    GROUP_ID = "evaluation"
    GROUP = "Evaluation"
    USES_PRIVACY = False
    HELP = """
<p>How similar two mobility reports are, statistic by statistic, with the measures of
dp-mobility-report's benchmark: SMAPE of the counts (symmetric, in [0, 1]: |a − b| / (|a| + |b|)
averaged over values, 0 where both are 0), Kullback–Leibler and Jensen–Shannon divergence (base 2)
of histograms as distributions, the earth mover's distance (metres, between zone centroids) of
the visits per zone, and SMAPE of the quartiles. Lower is more similar.</p>
<p><b>First</b> / <b>second report</b>: the statistics JSON files written by the private mobility
report (two periods, two ε), or its statistics of the raw data (the internal JSON) to measure the
utility of a private report. Both must use the same zones and bins.</p>
<p>Adds no noise and spends no budget. When either input holds statistics of the raw data, the
comparison measures the raw data too: its report and table are marked INTERNAL and must not be
published.</p>
"""

    def initAlgorithm(self, config=None):  # noqa: N802
        for key, label in ((FIRST, "First report (statistics JSON)"),
                           (SECOND, "Second report (statistics JSON)")):
            self.addParameter(QgsProcessingParameterFile(
                key, tr(label), behavior=QgsProcessingParameterFile.File, extension="json"))
        self.addParameter(QgsProcessingParameterFeatureSink(
            OUTPUT, tr("Similarity measures"), QgsProcessing.TypeVector))
        self.add_report_parameter()

    def _load(self, parameters, key, context):
        path = self.parameterAsFile(parameters, key, context)
        try:
            with open(path, encoding="utf-8") as fh:
                return json.load(fh)
        except (OSError, json.JSONDecodeError) as exc:
            raise ValueError(f"cannot read the report {path}: {exc}") from exc

    def execute(self, parameters, context, feedback):
        result = compare_documents(self._load(parameters, FIRST, context),
                                   self._load(parameters, SECOND, context))
        fields = QgsFields()
        for name, kind in (("statistic", FieldType.String), ("measure", FieldType.String),
                           ("value", FieldType.Double), ("internal", FieldType.Bool)):
            fields.append(QgsField(name, kind))
        sink, dest_id = self.sink(parameters, OUTPUT, context, fields, QgsWkbTypes.NoGeometry)
        for stat, measure, value in result["rows"]:
            f = QgsFeature(fields)
            f.setAttributes([stat, measure, float(value), result["internal"]])
            sink.addFeature(f, QgsFeatureSink.FastInsert)
        internal = result["internal"]
        note = ("INTERNAL: at least one input holds statistics of the raw data, so this "
                "comparison describes the raw data; do not publish it." if internal else
                "Both inputs are private releases; the comparison is post-processing of them.")
        rows = [("first", self.parameterAsFile(parameters, FIRST, context)),
                ("second", self.parameterAsFile(parameters, SECOND, context))]
        table = dpreport.table(((s, m, f"{v:.4g}") for s, m, v in result["rows"]),
                               ("statistic", "measure", "value"))
        report = self.write_analysis_report(
            parameters, context, rows=rows, privacy_note=note,
            title=("INTERNAL — " if internal else "") + self.DISPLAY_NAME,
            sections=[("Similarity", table)],
            warnings=[note] if internal else ())
        return {OUTPUT: dest_id, REPORT: report}
