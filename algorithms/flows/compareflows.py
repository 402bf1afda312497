"""mobilitydp:compareflows — the network measures of original and private flows compared.

It reads two flow layers (the FLOWS output of ``aggregateflows``) and zones; the
comparison lives in ``dpcore.flows.compare`` (Pratesi 2012 §5.4). Computing on released
flows is post-processing: no privacy cost."""
import numpy as np
from qgis.core import (
    QgsFeature,
    QgsFeatureSink,
    QgsField,
    QgsFields,
    QgsProcessing,
    QgsProcessingParameterFeatureSink,
    QgsProcessingParameterFeatureSource,
    QgsWkbTypes,
)

from ...dpcore.flows.compare import border_precision_recall, compare_measures
from ...dpcore.flows.figures import comparison_png
from ...dpcore.flows.measures import mobility_borders, network_measures
from ...dpcore.reporting import report as dpreport
from ..common.base import REPORT, MobilityDPAlgorithm, tr
from ..common.field_types import FieldType
from .layers import (
    COMMUNITY_SEED,
    ORIGINAL,
    PRIVATE,
    SAMPLES,
    add_flow_parameters,
    link_index,
    link_vector,
    read_flows,
    read_zones,
)

TABLE = "TABLE"


class CompareFlows(MobilityDPAlgorithm):
    ALGORITHM_ID = "compareflows"
    DISPLAY_NAME = "Compare original and private flows"
    GROUP_ID = "flows"
    GROUP = "Flows"
    USES_PRIVACY = False

    def initAlgorithm(self, config=None):  # noqa: N802
        self.addParameter(QgsProcessingParameterFeatureSource(
            ORIGINAL, tr("Original flows"), [QgsProcessing.TypeVectorLine]))
        self.addParameter(QgsProcessingParameterFeatureSource(
            PRIVATE, tr("Private flows"), [QgsProcessing.TypeVectorLine]))
        add_flow_parameters(self, ORIGINAL)
        self.add_report_parameter()
        self.addParameter(QgsProcessingParameterFeatureSink(
            TABLE, tr("Comparison table"), QgsProcessing.TypeVector))

    def execute(self, parameters, context, feedback):
        _, ids, _ = read_zones(self, parameters, context)
        zone_index = {z: k for k, z in enumerate(ids)}
        original = read_flows(self, parameters, context, ORIGINAL, zone_index)
        private = read_flows(self, parameters, context, PRIVATE, zone_index)
        samples = self.parameterAsInt(parameters, SAMPLES, context) or None
        seed = self.parameterAsInt(parameters, COMMUNITY_SEED, context)
        index = link_index(set(original) | set(private), len(ids))
        a, b = link_vector(index, original), link_vector(index, private)
        m_a = network_measures(index, a, samples=samples, seed=seed)
        feedback.setProgress(35)
        m_b = network_measures(index, b, samples=samples, seed=seed)
        feedback.setProgress(70)
        fits = compare_measures(m_a, m_b)
        borders_a = mobility_borders(index, a, seed=seed)
        borders_b = mobility_borders(index, b, seed=seed)
        precision, recall = border_precision_recall(borders_a, borders_b)
        feedback.setProgress(90)

        fields = QgsFields()
        fields.append(QgsField("measure", FieldType.String))
        for name in ("pcc", "slope", "intercept", "bias"):
            fields.append(QgsField(name, FieldType.Double))
        fields.append(QgsField("n", FieldType.Int))
        sink, table_id = self.sink(parameters, TABLE, context, fields, QgsWkbTypes.NoGeometry)
        rows = []
        for name, fit in fits.items():
            row = [name, fit["pcc"], fit["slope"], fit["intercept"], fit["bias"], fit["n"]]
            rows.append(row)
        rows.append(["border_precision", precision, None, None, None, len(ids)])
        rows.append(["border_recall", recall, None, None, None, len(ids)])
        for row in rows:
            f = QgsFeature(fields)
            f.setAttributes([None if isinstance(v, float) and np.isnan(v) else v for v in row])
            sink.addFeature(f, QgsFeatureSink.FastInsert)

        sections = [("Correlation per measure", dpreport.table(
            [(r[0],) + tuple("" if v is None else f"{v:.4g}" for v in r[1:5]) + (r[5],)
             for r in rows], ("measure", "PCC", "slope", "intercept", "mean bias", "n")))]
        png = comparison_png(m_a, m_b)
        sections.append(("Scatter plots and distributions",
                         dpreport.png_img(png, "scatter plots and distributions") if png else
                         "<p>matplotlib is not installed: no plots.</p>"))
        report = self.write_analysis_report(parameters, context, title=self.DISPLAY_NAME,
            privacy_note="The comparison reads the original (raw) flows: it is for the data "
                         "owner and must not be published.",
            rows=[("links", index.size), ("zones", len(ids)),
                  ("betweenness pivots", samples or "exact"), ("random seed", seed)],
            sections=sections)
        return {TABLE: table_id, REPORT: report}
