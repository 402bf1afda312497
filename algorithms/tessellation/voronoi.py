"""mobilitydp:voronoitessellation and mobilitydp:datadriventessellation.

Layers to arrays and back; the geometry lives in ``dpcore.tessellation``.
"""
from qgis.core import (QgsFeature, QgsFeatureRequest, QgsFeatureSink, QgsField,
                       QgsFields, QgsFillSymbol, QgsProcessing,
                       QgsProcessingParameterFeatureSink,
                       QgsProcessingParameterFeatureSource, QgsProcessingParameterField,
                       QgsProcessingParameterNumber, QgsSingleSymbolRenderer, QgsWkbTypes)
import numpy as np
from shapely.geometry import Point
from shapely.ops import unary_union

from ...dpcore import report as dpreport
from ...dpcore.geometry import clean_polygon
from ...dpcore.ids import check_unique_ids
from ...dpcore.tessellation import (data_driven_cells, default_study_area, locate,
                                   voronoi_cells)
from ..common.base import REPORT, MobilityDPAlgorithm, id_type, shapely_wkb, style_on_load, tr
from ..common.field_types import FieldType

INPUT = "INPUT"
ID_FIELD = "ID_FIELD"
STUDY_AREA = "STUDY_AREA"
BUFFER = "BUFFER"
MERGE_DISTANCE = "MERGE_DISTANCE"
MAX_RADIUS = "MAX_RADIUS"
MIN_RADIUS = "MIN_RADIUS"
MIN_POINTS = "MIN_POINTS"
OUTPUT = "OUTPUT"
TOWER_TABLE = "TOWER_TABLE"

STUDY_AREA_HELP = """
<p><b>Study area</b> (optional): polygon layer whose features, dissolved, form the area to
tessellate; any CRS. An invalid polygon is repaired (and reported); empty or null areas are
refused. Without it the area is the points' convex hull grown by the <b>buffer distance</b>
(metres; must be &gt; 0 when the points are fewer than 3 or collinear).</p>
"""


def outline_style(layer) -> None:
    layer.setRenderer(QgsSingleSymbolRenderer(QgsFillSymbol.createSimple(
        {"color": "0,0,0,0", "outline_color": "50,50,50,255", "outline_width": "0.4"})))
    layer.triggerRepaint()


# -- helpers of the two tessellation algorithms --------------------------------------------

def study_area(alg, parameters, context, frame, points_xy, warnings):
    """The dissolved study-area layer in metres, or the buffered convex hull."""
    buffer_m = alg.parameterAsDouble(parameters, BUFFER, context)
    area_source = alg.parameterAsSource(parameters, STUDY_AREA, context)
    if area_source is None:
        return default_study_area(points_xy, buffer_m), f"convex hull of the points + {buffer_m} m"
    parts, n_repaired = [], 0
    for f, g in frame.features(area_source, attributes=[]):
        if g is None:
            continue
        poly, repaired = clean_polygon(shapely_wkb.loads(bytes(g.asWkb())),
                                       f"study area feature {f.id()}")
        parts.append(poly)
        n_repaired += repaired
    if not parts:
        raise ValueError("the study area layer has no polygon")
    if n_repaired:
        warnings.append(f"{n_repaired} invalid study area polygon(s) were repaired")
    return unary_union(parts), area_source.sourceName()


def add_area_parameters(alg, default_buffer):
    alg.addParameter(QgsProcessingParameterFeatureSource(
        STUDY_AREA, tr("Study area|default: the buffered convex hull of the points"),
        [QgsProcessing.TypeVectorPolygon], optional=True))
    alg.addParameter(QgsProcessingParameterNumber(
        BUFFER, tr("Buffer (metres)|around the convex hull of the points, when no study area is given"),
        QgsProcessingParameterNumber.Double, default_buffer, minValue=0))


def cell_fields(extra):
    fields = QgsFields()
    fields.append(QgsField("cell_id", FieldType.Int))
    for name, kind in extra:
        fields.append(QgsField(name, kind))
    fields.append(QgsField("area_m2", FieldType.Double))
    return fields


def write_cells(alg, parameters, context, frame, tess, fields, attributes, feedback):
    """The cells in the frame's home CRS (the study area's, else the points')."""
    sink, dest_id = alg.sink(parameters, OUTPUT, context, fields,
                             QgsWkbTypes.MultiPolygon, frame.home_crs)
    step = alg.progress(feedback, 80, 100)
    for k, (cell, area) in enumerate(zip(tess.cells, tess.cell_area.tolist())):
        out = QgsFeature(fields)
        geometry = frame.from_shapely(cell)
        geometry.convertToMultiType()
        out.setGeometry(geometry)
        out.setAttributes([k + 1] + attributes(k) + [area])
        sink.addFeature(out, QgsFeatureSink.FastInsert)
        if k % 1000 == 0:
            step(k / len(tess.cells))
    style_on_load(context, dest_id, outline_style)
    return dest_id


def report_warnings(feedback, warnings):
    for w in warnings:
        feedback.pushWarning(w)


class VoronoiTessellation(MobilityDPAlgorithm):
    ALGORITHM_ID = "voronoitessellation"
    DISPLAY_NAME = "Voronoi tower tessellation"
    GROUP_ID = "tessellation"
    GROUP = "Tessellation"
    USES_PRIVACY = False
    TAGS = ("voronoi", "thiessen", "tower", "antenna", "cell", "CDR")
    HELP = """
<p>Splits a study area into one cell per mobile-network site: each site owns the part of the
area closer to it than to any other site (Voronoi cells, as in Acs &amp; Castelluccia, KDD 2014,
§4.2). The cells are clipped to the study area and partition it exactly: no gaps, no overlaps.
The layers may be in different CRSs: everything is computed in one metric frame taken from the
study area (or from the towers without one; a local azimuthal projection if that CRS is not in
metres) and the outputs are in that layer's CRS. Towers lying all outside the study area (often
a wrong CRS) and duplicate tower ids are refused.</p>
<h3>Parameters</h3>
<p><b>Towers</b>: point layer of antenna or tower positions (multipoints count as one tower per
part; features without geometry are skipped and counted).</p>
<p><b>Tower id field</b> (optional): identifies the towers in the outputs (every value must be
unique); default the feature id.</p>
""" + STUDY_AREA_HELP + """
<p><b>Merge towers closer than</b> (metres): co-located antennas share one site placed at their
mean position; towers linked by a chain of gaps below this distance merge. Towers with
identical coordinates always share a site. 0 merges only those.</p>
<p><b>Outputs</b>: the cells (cell_id, tower_ids, tower_count, area_m2) and a table tower_id →
cell_id with each tower's status: inside, outside (a tower outside the study area keeps its
cell if that cell still meets the area) or dropped (its cell misses the area; cell_id is
NULL). The report lists these counts.</p>
<p><b>Privacy</b>: no noise is added. Tower positions are usually public infrastructure; the
output discloses nothing else.</p>
"""

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
        area, area_name = study_area(self, parameters, context, frame, xy, warnings)
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
                ("features without geometry", n_null), ("cells", len(tess.cells)), ("towers sharing a site", tess.n_merged),
                ("towers outside the study area", tess.n_outside),
                ("towers dropped (cell misses the area)", tess.n_dropped),
                ("study area (m²)", round(tess.study_area.area, 1))]))],
            warnings=warnings)
        return {OUTPUT: dest_id, TOWER_TABLE: table_id, REPORT: report}


class DataDrivenTessellation(MobilityDPAlgorithm):
    ALGORITHM_ID = "datadriventessellation"
    DISPLAY_NAME = "Data-driven tessellation"
    GROUP_ID = "tessellation"
    GROUP = "Tessellation"
    USES_PRIVACY = False
    TAGS = ("voronoi", "grid", "cells", "Andrienko")
    HELP = """
<p>Builds cells that follow the density of a sample of points (Pratesi 2012, §5.2, after
Andrienko &amp; Andrienko 2011): the points are grouped so that each joins a group whose centre
lies within the maximum radius R; groups holding at least N points are grouped again with half
the radius, down to the minimum radius r. The group centres seed Voronoi cells clipped to the
study area: large cells where points are sparse, small cells where they are dense. It is
computed in one metric frame from the study area (or the points without one); the output is in
that layer's CRS.</p>
<h3>Parameters</h3>
<p><b>Sample points</b>: point layer (multipoints count one point per part; features without
geometry are skipped). Points are grouped in the layer's order.</p>
<p><b>Maximum radius R</b> and <b>minimum radius r</b> (metres, 0 &lt; r ≤ R): size of the
largest and smallest groups. The thesis used R = 10 km, r = 500 m.</p>
<p><b>Minimum points N to subdivide</b>: a group with at least N points is split further
(thesis: 80).</p>
""" + STUDY_AREA_HELP + """
<p><b>Output</b>: cells with cell_id, seed_x/seed_y (the seed in the output CRS), point_count
(sample points in the cell) and area_m2.</p>
<p><b>Privacy</b>: no noise is added and this is <b>not</b> differentially private. The seeds
are averages of the sample points and the point counts are exact, so the cells disclose where
the sample points lie. Use a public or historical sample, not the private data you will
release with these cells.</p>
"""

    def initAlgorithm(self, config=None):  # noqa: N802
        self.addParameter(QgsProcessingParameterFeatureSource(
            INPUT, tr("Sample points (public or historical)"), [QgsProcessing.TypeVectorPoint]))
        self.addParameter(QgsProcessingParameterNumber(
            MAX_RADIUS, tr("Maximum radius R (metres)"), QgsProcessingParameterNumber.Double,
            10000.0, minValue=0))
        self.addParameter(QgsProcessingParameterNumber(
            MIN_RADIUS, tr("Minimum radius r (metres)"), QgsProcessingParameterNumber.Double,
            500.0, minValue=0))
        self.addParameter(QgsProcessingParameterNumber(
            MIN_POINTS, tr("Minimum points N to subdivide a group"),
            QgsProcessingParameterNumber.Integer, 80, minValue=2))
        add_area_parameters(self, 1000.0)
        self.add_report_parameter()
        self.addParameter(QgsProcessingParameterFeatureSink(
            OUTPUT, tr("Data-driven cells"), QgsProcessing.TypeVectorPolygon))

    def execute(self, parameters, context, feedback):
        source = self.source_or_raise(parameters, INPUT, context)
        max_r = self.parameterAsDouble(parameters, MAX_RADIUS, context)
        min_r = self.parameterAsDouble(parameters, MIN_RADIUS, context)
        min_points = self.parameterAsInt(parameters, MIN_POINTS, context)
        frame = self.metric_frame(parameters, context, public=(STUDY_AREA, INPUT))
        xy, _, n_null = frame.read_points(source)
        warnings = [f"{n_null} point feature(s) without geometry were skipped"] if n_null else []
        area, area_name = study_area(self, parameters, context, frame, xy, warnings)
        tess = data_driven_cells(xy, area, max_radius=max_r, min_radius=min_r,
                                 min_points=min_points,
                                 progress=self.progress(feedback, 0, 80))
        warnings += tess.warnings
        report_warnings(feedback, warnings)
        cell = locate(tess, xy)
        counts = np.bincount(cell[cell >= 0], minlength=len(tess.cells)).tolist()
        seeds = [frame.from_shapely(Point(x, y)).asPoint() for x, y in tess.sites_xy.tolist()]
        fields = cell_fields([("seed_x", FieldType.Double), ("seed_y", FieldType.Double),
                              ("point_count", FieldType.Int)])
        dest_id = write_cells(
            self, parameters, context, frame, tess, fields,
            lambda k: [seeds[k].x(), seeds[k].y(), counts[k]], feedback)
        report = self.write_analysis_report(parameters, context, title=self.DISPLAY_NAME,
            privacy_note="Not differentially private: the seeds are centroids of the sample "
                         "points and the cells disclose where they lie. Use a public or "
                         "historical sample, not the private data to be released.",
            rows=[("sample points", source.sourceName()), ("R (m)", max_r),
                        ("r (m)", min_r), ("N", min_points), ("study area", area_name),
                        ("metric frame", frame.describe())],
            sections=[("Result", dpreport.table([
                ("sample points", len(xy)), ("features without geometry", n_null),
                ("cells", len(tess.cells)),
                ("points outside the study area", int((cell < 0).sum())),
                ("study area (m²)", round(tess.study_area.area, 1))]))],
            warnings=warnings)
        return {OUTPUT: dest_id, REPORT: report}
