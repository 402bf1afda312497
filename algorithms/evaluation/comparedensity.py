"""mobilitydp:comparedensity — utility of a private density against the true one.

Layers to arrays; the metrics and figures are in ``dpcore.reporting.metrics`` and
``dpcore.density.sections``.
"""
import numpy as np
from qgis.core import (
    QgsFeature,
    QgsFeatureRequest,
    QgsFeatureSink,
    QgsField,
    QgsFields,
    QgsProcessing,
    QgsProcessingParameterFeatureSink,
    QgsProcessingParameterFeatureSource,
    QgsProcessingParameterField,
    QgsProcessingParameterNumber,
    QgsProcessingParameterString,
    QgsWkbTypes,
)

from ...dpcore.density.sections import EMD_SLOTS, chosen_positions, comparison_section
from ...dpcore.reporting import metrics
from ..common.base import REPORT, MetricFrame, MobilityDPAlgorithm, tr
from ..common.field_types import FieldType
from ..common.outputs import style_on_load
from ..common.styles import graduated_style
from ..common.validation import usable_geometry

TRUE_LAYER = "TRUE_LAYER"
PRIVATE_LAYER = "PRIVATE_LAYER"
ID_FIELD = "ID_FIELD"
SLOT_FIELD = "SLOT_FIELD"
TRUE_COUNT_FIELD = "TRUE_COUNT_FIELD"
PRIVATE_COUNT_FIELD = "PRIVATE_COUNT_FIELD"
EMD_SLOTS_PARAM = "EMD_SLOTS"
CELLS = "CELLS"
OUTPUT = "OUTPUT"


def _read_long(source, id_field, slot_field, count_field, name):
    """cells × slots array, the cell ids (first-seen order) and one geometry per cell."""
    names = source.fields().names()
    missing = [f for f in (id_field, slot_field, count_field) if f not in names]
    if missing:
        raise ValueError(f"field(s) {', '.join(missing)} not found in the {name} layer")
    cells, geoms = {}, {}
    rows = []
    for f in source.getFeatures(QgsFeatureRequest()):
        cid = f[id_field]
        key = str(cid)
        if key not in cells:
            cells[key] = (len(cells), cid)
            geoms[key] = f.geometry()
        try:
            rows.append((cells[key][0], int(f[slot_field]), float(f[count_field])))
        except (TypeError, ValueError):
            raise ValueError(f"the {name} layer has a feature without a numeric slot or count") from None
    if not rows:
        raise ValueError(f"the {name} layer is empty")
    r = np.array(rows)
    idx, slot = r[:, 0].astype(int), r[:, 1].astype(int)
    if slot.min() < 0:
        raise ValueError(f"the {name} layer has negative slot numbers")
    values = np.full((len(cells), slot.max() + 1), np.nan)
    values[idx, slot] = r[:, 2]
    return values, [v[1] for v in cells.values()], [geoms[k] for k in cells]


class CompareDensity(MobilityDPAlgorithm):
    ALGORITHM_ID = "comparedensity"
    DISPLAY_NAME = "Compare densities (MRE, correlation, EMD)"
    GROUP_ID = "evaluation"
    GROUP = "Evaluation"
    USES_PRIVACY = False

    def initAlgorithm(self, config=None):  # noqa: N802
        self.addParameter(QgsProcessingParameterFeatureSource(
            TRUE_LAYER, tr("True density (long form)"), [QgsProcessing.TypeVectorPolygon]))
        self.addParameter(QgsProcessingParameterFeatureSource(
            PRIVATE_LAYER, tr("Private density (long form)"), [QgsProcessing.TypeVectorPolygon]))
        any_type, numeric = QgsProcessingParameterField.Any, QgsProcessingParameterField.Numeric
        for name, label, default, layer, kind in (
                (ID_FIELD, "Cell id field|shared by both layers", "cell_id", TRUE_LAYER, any_type),
                (SLOT_FIELD, "Slot field|shared by both layers", "slot", TRUE_LAYER, numeric),
                (TRUE_COUNT_FIELD, "Count field of the true layer", "count", TRUE_LAYER, numeric),
                (PRIVATE_COUNT_FIELD, "Count field of the private layer", "count", PRIVATE_LAYER,
                 numeric)):
            # a field name typed as text works; optional in QGIS's sense because QGIS 3.22
            # refuses a missing field value even when the parameter has a default
            self.addParameter(QgsProcessingParameterField(
                name, tr(label), default, parentLayerParameterName=layer, type=kind,
                optional=True))
        self.addParameter(QgsProcessingParameterNumber(
            EMD_SLOTS_PARAM, tr("Slots for EMD (0 = none)"), QgsProcessingParameterNumber.Integer,
            EMD_SLOTS, minValue=0))
        self.addParameter(QgsProcessingParameterString(
            CELLS, tr("Cells to plot|comma-separated ids; default: the three busiest"),
            optional=True))
        self.add_report_parameter()
        self.addParameter(QgsProcessingParameterFeatureSink(
            OUTPUT, tr("Per-cell MRE and correlation"), QgsProcessing.TypeVectorPolygon))

    def execute(self, parameters, context, feedback):
        true_src = self.source_or_raise(parameters, TRUE_LAYER, context)
        priv_src = self.source_or_raise(parameters, PRIVATE_LAYER, context)
        id_f, slot_f, true_f, priv_f = (self.parameterAsString(parameters, k, context) or
                                        self.parameterDefinition(k).defaultValue()
                                        for k in (ID_FIELD, SLOT_FIELD, TRUE_COUNT_FIELD,
                                                  PRIVATE_COUNT_FIELD))
        true, ids, geoms = _read_long(true_src, id_f, slot_f, true_f, "true")
        priv, pids, _ = _read_long(priv_src, id_f, slot_f, priv_f, "private")
        pos = {str(c): i for i, c in enumerate(pids)}
        absent = [c for c in ids if str(c) not in pos]
        if absent:
            raise ValueError(f"{len(absent)} cell(s) of the true layer are not in the private "
                             f"layer (e.g. {absent[0]})")
        priv = priv[[pos[str(c)] for c in ids]]
        if (priv.shape[1] < true.shape[1] or np.isnan(true).any() or
                np.isnan(priv[:, :true.shape[1]]).any()):
            raise ValueError("both layers must hold a count for every cell and slot")
        priv = priv[:, :true.shape[1]]
        feedback.setProgress(20)
        unusable = sum(usable_geometry(g) is None for g in geoms)
        if unusable:
            raise ValueError(f"{unusable} of the {len(geoms)} cells of the true layer have no "
                             "usable geometry (NULL, empty or with non-finite coordinates)")
        frame = MetricFrame.of_source(true_src, context, "true density")
        polygons = [frame.to_shapely(g) for g in geoms]
        chosen = [c.strip() for c in self.parameterAsString(parameters, CELLS, context).split(",")
                  if c.strip()]
        if self.parameterAsFileOutput(parameters, REPORT, context):
            body, s = comparison_section(true, priv, polygons, ids,
                                         emd_slots=self.parameterAsInt(parameters,
                                                                       EMD_SLOTS_PARAM, context),
                                         chosen=chosen)
        else:  # no report: only the per-cell MRE and PC of the output layer, no EMD or figures
            chosen_positions(ids, chosen)
            body, s = None, metrics.summary(true, priv)
        feedback.setProgress(80)
        fields = QgsFields()
        fields.append(QgsField("cell_id", true_src.fields().field(id_f).type()))
        fields.append(QgsField("mre", FieldType.Double))
        fields.append(QgsField("pc", FieldType.Double))
        sink, dest = self.sink(parameters, OUTPUT, context, fields,
                               QgsWkbTypes.MultiPolygon, true_src.sourceCrs())
        for cid, geom, m, p in zip(ids, geoms, s["mre"].tolist(), s["pc"].tolist()):
            f = QgsFeature(fields)
            f.setGeometry(geom)
            f.setAttributes([cid, None if np.isnan(m) else m, None if np.isnan(p) else p])
            sink.addFeature(f, QgsFeatureSink.FastInsert)
        style_on_load(context, dest, graduated_style("mre"))
        report = self.write_analysis_report(
            parameters, context, title=self.DISPLAY_NAME,
            privacy_note="The true density is raw data: this report is internal.",
            rows=[("true density", true_src.sourceName()),
                  ("private density", priv_src.sourceName()), ("cells", len(ids)),
                  ("slots", true.shape[1]), ("metric frame", frame.describe())],
            sections=[("Utility", body)])
        return {OUTPUT: dest, REPORT: report}
