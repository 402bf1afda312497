"""mobilitydp:voronoitessellation — Voronoi cells of towers clipped to a study area.

Layers to arrays and back; the geometry lives in ``dpcore.geometry.voronoi``."""
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
    QgsWkbTypes,
)

from ...dpcore.accounting.unique_ids import check_unique_ids
from ...dpcore.geometry.voronoi import voronoi_cells
from ...dpcore.reporting import report as dpreport
from ..common.base import REPORT, MobilityDPAlgorithm, id_type, tr
from ..common.field_types import FieldType
from .layers import (
    ID_FIELD,
    INPUT,
    MERGE_DISTANCE,
    OUTPUT,
    STUDY_AREA,
    TOWER_TABLE,
    add_area_parameters,
    cell_fields,
    read_study_area,
    report_warnings,
    write_cells,
)


class VoronoiTessellation(MobilityDPAlgorithm):
    ALGORITHM_ID = "voronoitessellation"
    DISPLAY_NAME = "Voronoi tower tessellation"
    GROUP_ID = "tessellation"
    GROUP = "Tessellation"
    USES_PRIVACY = False
    TAGS = ("voronoi", "thiessen", "tower", "antenna", "cell", "CDR")

    def initAlgorithm(self, config=None):  # noqa: N802
        self.addParameter(QgsProcessingParameterFeatureSource(
            INPUT, tr("Towers"), [QgsProcessing.TypeVectorPoint]))
        self.addParameter(QgsProcessingParameterField(
            ID_FIELD, tr("Tower id field|default: the feature id"),
            parentLayerParameterName=INPUT, optional=True))
        add_area_parameters(self, 1000.0)
        self.addParameter(QgsProcessingParameterNumber(
            MERGE_DISTANCE, tr("Merge towers closer than (metres)|0 = identical positions only"),
            QgsProcessingParameterNumber.Double, 0.0, minValue=0))
        self.add_report_parameter()
        self.addParameter(QgsProcessingParameterFeatureSink(
            OUTPUT, tr("Tower cells"), QgsProcessing.TypeVectorPolygon))
        self.addParameter(QgsProcessingParameterFeatureSink(
            TOWER_TABLE, tr("Tower to cell table"), QgsProcessing.TypeVector))

    def execute(self, parameters, context, feedback):
        source = self.source_or_raise(parameters, INPUT, context)
        id_field = self.parameterAsString(parameters, ID_FIELD, context)
        merge = self.parameterAsDouble(parameters, MERGE_DISTANCE, context)
        frame = self.metric_frame(parameters, context, public=(STUDY_AREA, INPUT))
        if id_field:  # one id per feature (a multipoint's parts share theirs)
            request = QgsFeatureRequest().setFlags(QgsFeatureRequest.NoGeometry)
            request.setSubsetOfAttributes([id_field], source.fields())
            check_unique_ids((f[id_field] for f in source.getFeatures(request)),
                             f"tower id field '{id_field}'")
        xy, ids, n_null = frame.read_points(source, id_field)
        warnings = [f"{n_null} tower feature(s) without geometry were skipped"] if n_null else []
        area, area_name = read_study_area(self, parameters, context, frame, xy, warnings)
        tess = voronoi_cells(xy, area, merge_distance=merge,
                             progress=self.progress(feedback, 0, 80))
        warnings += tess.warnings
        report_warnings(feedback, warnings)

        members = [[] for _ in tess.cells]
        for tower_id, cell in zip(ids, tess.point_cell.tolist()):
            if cell >= 0:
                members[cell].append(str(tower_id))
        fields = cell_fields([("tower_ids", FieldType.String), ("tower_count", FieldType.Int)])
        dest_id = write_cells(self, parameters, context, frame, tess, fields,
                              lambda k: [",".join(members[k]), len(members[k])], feedback)

        table_fields = QgsFields()
        table_fields.append(QgsField("tower_id", id_type(source, id_field)))
        table_fields.append(QgsField("cell_id", FieldType.Int))
        table_fields.append(QgsField("status", FieldType.String))
        table, table_id = self.sink(parameters, TOWER_TABLE, context, table_fields,
                                    QgsWkbTypes.NoGeometry, frame.home_crs)
        for tower_id, cell, out in zip(ids, tess.point_cell.tolist(), tess.outside.tolist()):
            row = QgsFeature(table_fields)
            status = "dropped" if cell < 0 else ("outside" if out else "inside")
            row.setAttributes([tower_id, cell + 1 if cell >= 0 else None, status])
            table.addFeature(row, QgsFeatureSink.FastInsert)

        report = self.write_analysis_report(parameters, context, title=self.DISPLAY_NAME,
            privacy_note="The cells are computed from the tower positions only.",
            rows=[("towers", source.sourceName()), ("tower id field", id_field or "feature id"),
                        ("study area", area_name), ("merge distance (m)", merge),
                        ("metric frame", frame.describe())],
            sections=[("Result", dpreport.table([
                ("tower points (multipoint parts counted)", len(xy)),
                ("features without "
                 "geometry", n_null), ("cells", len(tess.cells)), ("towers sharing a site", tess.n_merged),
                ("towers outside the study area", tess.n_outside),
                ("towers dropped (cell misses the area)", tess.n_dropped),
                ("study area (m²)", round(tess.study_area.area, 1))]))],
            warnings=warnings)
        return {OUTPUT: dest_id, TOWER_TABLE: table_id, REPORT: report}
