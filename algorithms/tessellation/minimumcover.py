"""mobilitydp:minimumcover — overlap table (Formula 1) and minimum cover of two partitions.

Layers to geometries and back; the graph work lives in ``dpcore.geometry.cover``.
"""
from qgis.core import (
    QgsCategorizedSymbolRenderer,
    QgsFeature,
    QgsFeatureSink,
    QgsField,
    QgsFields,
    QgsFillSymbol,
    QgsProcessing,
    QgsProcessingParameterFeatureSink,
    QgsProcessingParameterFeatureSource,
    QgsProcessingParameterField,
    QgsProcessingParameterNumber,
    QgsRendererCategory,
    QgsWkbTypes,
)

from ...dpcore.geometry.cover import is_vertex_cover, minimum_vertex_cover, overlap_graph
from ...dpcore.reporting import report as dpreport
from ..common.base import REPORT, MobilityDPAlgorithm, id_type, style_on_load, tr
from ..common.field_types import FieldType

LAYER_A = "LAYER_A"
ID_FIELD_A = "ID_FIELD_A"
LAYER_B = "LAYER_B"
ID_FIELD_B = "ID_FIELD_B"
MIN_OVERLAP_M2 = "MIN_OVERLAP_M2"
MIN_OVERLAP_FRACTION = "MIN_OVERLAP_FRACTION"
OUTPUT = "OUTPUT"
OVERLAPS = "OVERLAPS"


def cover_style(name_a: str, name_b: str):
    """Categorised by source, the legend naming the two input layers."""
    def style(layer) -> None:
        categories = [QgsRendererCategory(src, QgsFillSymbol.createSimple(
            {"color": color, "outline_color": "60,60,60,255", "outline_width": "0.2"}), label)
            for src, color, label in (("A", "231,111,81,170", f"cell of {name_a} (A)"),
                                      ("B", "42,157,143,170", f"cell of {name_b} (B)"))]
        layer.setRenderer(QgsCategorizedSymbolRenderer("source", categories))
        layer.triggerRepaint()
    return style


class MinimumCover(MobilityDPAlgorithm):
    ALGORITHM_ID = "minimumcover"
    DISPLAY_NAME = "Minimum bipartite cover"
    GROUP_ID = "tessellation"
    GROUP = "Tessellation"
    USES_PRIVACY = False
    TAGS = ("cover", "overlap", "bipartite", "matching", "census", "IRIS", "tower")

    def initAlgorithm(self, config=None):  # noqa: N802
        for layer, field, label in ((LAYER_A, ID_FIELD_A, "A (e.g. tower cells)"),
                                    (LAYER_B, ID_FIELD_B, "B (e.g. IRIS cells)")):
            self.addParameter(QgsProcessingParameterFeatureSource(
                layer, tr("Partition {label}").format(label=label), [QgsProcessing.TypeVectorPolygon]))
            self.addParameter(QgsProcessingParameterField(
                field, tr("Id field of {value}|default: the feature id").format(value=label[0]),
                parentLayerParameterName=layer, optional=True))
        self.addParameter(QgsProcessingParameterNumber(
            MIN_OVERLAP_M2, tr("Minimum overlap area (m²)|smaller overlaps are slivers"),
            QgsProcessingParameterNumber.Double, 0.0, minValue=0))
        self.addParameter(QgsProcessingParameterNumber(
            MIN_OVERLAP_FRACTION, tr("Minimum overlap fraction|of the smaller cell, in [0, 1)"),
            QgsProcessingParameterNumber.Double, 0.0, minValue=0, maxValue=1))
        self.add_report_parameter()
        self.addParameter(QgsProcessingParameterFeatureSink(
            OUTPUT, tr("Minimum cover"), QgsProcessing.TypeVectorPolygon))
        self.addParameter(QgsProcessingParameterFeatureSink(
            OVERLAPS, tr("Overlap table (Formula 1 weights)"), QgsProcessing.TypeVector))

    def execute(self, parameters, context, feedback):
        source_a = self.source_or_raise(parameters, LAYER_A, context)
        source_b = self.source_or_raise(parameters, LAYER_B, context)
        field_a = self.parameterAsString(parameters, ID_FIELD_A, context)
        field_b = self.parameterAsString(parameters, ID_FIELD_B, context)
        min_m2 = self.parameterAsDouble(parameters, MIN_OVERLAP_M2, context)
        min_fraction = self.parameterAsDouble(parameters, MIN_OVERLAP_FRACTION, context)
        frame = self.metric_frame(parameters, context, public=(LAYER_A,))
        polys_a, ids_a = frame.read_polygons(source_a, "A", field_a)
        polys_b, ids_b = frame.read_polygons(source_b, "B", field_b)
        progress = self.progress(feedback, 0, 100)
        progress(0.05)
        names = (f"'{source_a.sourceName()}' (A)", f"'{source_b.sourceName()}' (B)")
        graph = overlap_graph(polys_a, polys_b, min_overlap_m2=min_m2,
                              min_overlap_fraction=min_fraction, names=names)
        progress(0.7)
        cover_a, cover_b = minimum_vertex_cover(graph.adjacency)
        covered = is_vertex_cover(graph.adjacency, cover_a, cover_b)
        for w in graph.warnings:
            feedback.pushWarning(w)

        dest_id = self._write_cover(parameters, context, frame, graph, (source_a, source_b),
                                    (cover_a, polys_a, ids_a), (cover_b, polys_b, ids_b))
        table_id = self._write_overlaps(parameters, context, frame, graph, (source_a, field_a, ids_a),
                                        (source_b, field_b, ids_b))
        progress(1.0)

        n_cover = int(cover_a.sum() + cover_b.sum())
        report = self.write_analysis_report(parameters, context, title=self.DISPLAY_NAME,
            privacy_note="The cover and the weights depend on the cell geometries only.",
            rows=[("partition A", source_a.sourceName()), ("id field A", field_a or "feature id"),
                        ("partition B", source_b.sourceName()), ("id field B", field_b or "feature id"),
                        ("minimum overlap (m²)", min_m2), ("minimum overlap fraction", min_fraction),
                        ("metric frame", frame.describe())],
            sections=[("Graph and cover", dpreport.table([
                ("|A| cells", len(polys_a)), ("|B| cells", len(polys_b)),
                ("|E| overlapping pairs", graph.n_edges),
                ("|C| cover size", n_cover), ("cells of A in the cover", int(cover_a.sum())),
                ("cells of B in the cover", int(cover_b.sum())),
                ("every overlap has a cell in the cover", "yes" if covered else "NO"),
                ("area of A not covered by B (m²)", round(float(graph.uncovered_a_m2.sum()), 3)),
                ("area of B not covered by A (m²)", round(float(graph.uncovered_b_m2.sum()), 3)),
                ("overlap within A (m²)", round(graph.self_overlap_a_m2, 3)),
                ("overlap within B (m²)", round(graph.self_overlap_b_m2, 3)),
                ("overlap dropped as slivers (m²)", round(graph.dropped_m2, 3))]))],
            warnings=graph.warnings)
        return {OUTPUT: dest_id, OVERLAPS: table_id, REPORT: report}

    def _write_cover(self, parameters, context, frame, graph, sources, a, b):
        """The cells of the cover (``a``, ``b``: cover mask, polygons, ids of A and B)."""
        fields = QgsFields()
        fields.append(QgsField("source", FieldType.String))
        fields.append(QgsField("cell_id", FieldType.String))
        fields.append(QgsField("area_m2", FieldType.Double))
        sink, dest_id = self.sink(parameters, OUTPUT, context, fields,
                                  QgsWkbTypes.MultiPolygon, frame.home_crs)
        for name, (mask, polys, ids), areas in (("A", a, graph.area_a), ("B", b, graph.area_b)):
            for k in mask.nonzero()[0].tolist():
                out = QgsFeature(fields)
                geometry = frame.from_shapely(polys[k])
                geometry.convertToMultiType()
                out.setGeometry(geometry)
                out.setAttributes([name, str(ids[k]), float(areas[k])])
                sink.addFeature(out, QgsFeatureSink.FastInsert)
        style_on_load(context, dest_id, cover_style(*(s.sourceName() for s in sources)))
        return dest_id

    def _write_overlaps(self, parameters, context, frame, graph, a, b):
        """The table of overlapping pairs (``a``, ``b``: source, id field, ids of A and B)."""
        (source_a, field_a, ids_a), (source_b, field_b, ids_b) = a, b
        table_fields = QgsFields()
        table_fields.append(QgsField("a_id", id_type(source_a, field_a)))
        table_fields.append(QgsField("b_id", id_type(source_b, field_b)))
        table_fields.append(QgsField("overlap_m2", FieldType.Double))
        table_fields.append(QgsField("weight_a_to_b", FieldType.Double))
        table, table_id = self.sink(parameters, OVERLAPS, context, table_fields,
                                    QgsWkbTypes.NoGeometry, frame.home_crs)
        rows, cols, overlap, weight = graph.edges()
        for i, j, o, w in zip(rows.tolist(), cols.tolist(), overlap.tolist(), weight.tolist()):
            row = QgsFeature(table_fields)
            row.setAttributes([ids_a[i], ids_b[j], o, w])
            table.addFeature(row, QgsFeatureSink.FastInsert)
        return table_id
