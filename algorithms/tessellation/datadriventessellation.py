"""mobilitydp:datadriventessellation — Voronoi cells seeded by a grouping of sample points.

Layers to arrays and back; the geometry lives in ``dpcore.geometry.data_driven_cells``."""
import numpy as np
from qgis.core import (
    QgsProcessing,
    QgsProcessingParameterFeatureSink,
    QgsProcessingParameterFeatureSource,
    QgsProcessingParameterNumber,
)
from shapely.geometry import Point

from ...dpcore.geometry.data_driven_cells import data_driven_cells
from ...dpcore.geometry.tessellation import locate
from ...dpcore.reporting import report as dpreport
from ..common.base import REPORT, MobilityDPAlgorithm, tr
from ..common.field_types import FieldType
from .layers import (
    INPUT,
    MAX_RADIUS,
    MIN_POINTS,
    MIN_RADIUS,
    OUTPUT,
    STUDY_AREA,
    add_area_parameters,
    cell_fields,
    read_study_area,
    report_warnings,
    write_cells,
)


class DataDrivenTessellation(MobilityDPAlgorithm):
    ALGORITHM_ID = "datadriventessellation"
    DISPLAY_NAME = "Data-driven tessellation"
    GROUP_ID = "tessellation"
    GROUP = "Tessellation"
    USES_PRIVACY = False
    TAGS = ("voronoi", "grid", "cells", "Andrienko")

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
        area, area_name = read_study_area(self, parameters, context, frame, xy, warnings)
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
