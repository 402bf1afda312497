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
