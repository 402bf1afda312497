"""mobilitydp:estimatedistribution (post-processing of geo-indistinguishable reports).

Thin glue around :func:`dpcore.geoind.estimate_distribution`. The grid is the
public one of :mod:`.grid` (the same extent and cell size as the
perturbation give the same cells); the output grid is in the input's CRS.
"""
from qgis.core import (
    QgsCoordinateTransform,
    QgsFeature,
    QgsFeatureSink,
    QgsField,
    QgsFields,
    QgsProcessing,
    QgsProcessingParameterBoolean,
    QgsProcessingParameterExtent,
    QgsProcessingParameterFeatureSink,
    QgsProcessingParameterFeatureSource,
    QgsProcessingParameterNumber,
    QgsWkbTypes,
)

from ...dpcore.geoind import coverage_warning, estimate_distribution
from ..common.base import EPSILON, REPORT, MobilityDPAlgorithm, enum_parameter, progress_bridge, tr
from ..common.field_types import FieldType
from ..common.outputs import style_on_load
from ..common.styles import graduated_style
from .grid import (
    BOUNDARIES,
    CELL_SIZE,
    GRID_EXTENT,
    MECHANISMS,
    cell_polygon,
    cell_size,
    describe_grid,
    public_grid,
    read_single_points,
)

INPUT = "INPUT"
MECHANISM = "MECHANISM"
BOUNDARY = "BOUNDARY"
ALLOW_OUTSIDE = "ALLOW_OUTSIDE"
ITERATIONS = "ITERATIONS"
TOLERANCE = "TOLERANCE"
OUTPUT = "OUTPUT"

FIELDS = (("cell", FieldType.Int), ("row", FieldType.Int), ("col", FieldType.Int),
          ("reports", FieldType.Int), ("estimated_count", FieldType.Double),
          ("probability", FieldType.Double), ("raw_share", FieldType.Double))


class EstimateDistribution(MobilityDPAlgorithm):
    ALGORITHM_ID = "estimatedistribution"
    DISPLAY_NAME = "Estimate distribution from perturbed points"
    GROUP_ID = "points"
    GROUP = "Points"
    USES_PRIVACY = False

    def initAlgorithm(self, config=None):  # noqa: N802
        self.addParameter(QgsProcessingParameterFeatureSource(
            INPUT, tr("Perturbed points"), [QgsProcessing.TypeVectorPoint]))
        self.addParameter(enum_parameter(MECHANISM, tr("Mechanism used to perturb|the mechanism the points were "
                                                       "perturbed with"),
                                         MECHANISMS, "planar_laplace"))
        self.addParameter(QgsProcessingParameterNumber(
            EPSILON, tr("Epsilon of the perturbation|the ε the points were perturbed with (nothing is spent)"),
            QgsProcessingParameterNumber.Double, 0.01))
        self.addParameter(QgsProcessingParameterNumber(
            CELL_SIZE, tr("Cell size in metres"), QgsProcessingParameterNumber.Double, 150.0))
        self.addParameter(QgsProcessingParameterExtent(
            GRID_EXTENT, tr("Grid extent|the one used to perturb; empty for planar Laplace: "
                            "the reports' extent"), optional=True))
        self.addParameter(enum_parameter(BOUNDARY, tr("Boundary rule of the mechanism"),
                                         BOUNDARIES, "remap"))
        self.addParameter(QgsProcessingParameterBoolean(
            ALLOW_OUTSIDE, tr("Allow most reports outside|accept more than half the reports outside the grid"), False))
        self.addParameter(QgsProcessingParameterNumber(
            ITERATIONS, tr("Maximum EM iterations"), QgsProcessingParameterNumber.Integer, 200,
            minValue=1))
        self.addParameter(QgsProcessingParameterNumber(
            TOLERANCE, tr("Tolerance (L1 change of the estimate)"),
            QgsProcessingParameterNumber.Double, 1e-9, minValue=0.0))
        self.add_report_parameter()
        self.addParameter(QgsProcessingParameterFeatureSink(
            OUTPUT, tr("Estimated distribution"), QgsProcessing.TypeVectorPolygon))

    def execute(self, parameters, context, feedback):
        source = self.source_or_raise(parameters, INPUT, context)
        mechanism = self.enum_value(parameters, MECHANISM, context)
        boundary = self.enum_value(parameters, BOUNDARY, context)
        epsilon = self.epsilon(parameters, context)
        cell = cell_size(self, parameters, context)
        if mechanism == "planar_laplace" and not self.parameter_given(parameters, GRID_EXTENT):
            parameters = dict(parameters)     # the reports are public: their extent may be used
            parameters[GRID_EXTENT] = _source_extent(source)
        grid, frame, hint = public_grid(self, parameters, context, source, cell)
        xy, _, nulls = read_single_points(source, frame.crs, context, feedback)
        if len(xy) == 0:
            raise ValueError("the input layer has no point geometries")
        release = estimate_distribution(
            xy, grid=grid, mechanism=mechanism, epsilon=epsilon, boundary=boundary,
            iterations=self.parameterAsInt(parameters, ITERATIONS, context),
            tol=self.parameterAsDouble(parameters, TOLERANCE, context),
            progress=progress_bridge(feedback, 0, 80))
        public = release.public
        coverage = coverage_warning(public["reports_outside_grid"], public["reports"],
                                    where="the grid", hint=hint,
                                    allow_outside=self.parameterAsBool(parameters, ALLOW_OUTSIDE,
                                                                       context))
        off = public.get("reports_off_centre", 0)
        if off > 0.05 * public["reports"]:
            coverage = "; ".join(filter(None, [coverage, (
                f"{off} of {public['reports']} reports are not at a cell centre of this grid: "
                "give the grid extent and cell size the points were perturbed with")]))
        if coverage:
            feedback.pushWarning(coverage)
        dest_id = self._write_grid(parameters, context, source, frame, grid, release, mechanism)
        report = self.write_analysis_report(
            parameters, context, warnings=[coverage] if coverage else [],
            privacy_note="The estimate is post-processing of already perturbed points; it "
                         "spends no privacy budget.",
            rows=[("input", source.sourceName()), ("mechanism", mechanism),
                  ("ε of the reports", epsilon), ("channel", public["channel"]),
                  ("grid", describe_grid(grid, frame)), ("boundary rule", boundary),
                  ("reports", public["reports"]),
                  ("reports outside the grid (put in the nearest cell)",
                   public["reports_outside_grid"]),
                  ("features without geometry (skipped)", nulls),
                  ("EM iterations run", public["iterations"])])
        return {OUTPUT: dest_id, REPORT: report}

    def _write_grid(self, parameters, context, source, frame, grid, release, mechanism):
        public = release.public
        fields = QgsFields()
        for name, kind in FIELDS + ((("inversion_probability", FieldType.Double),)
                                    if mechanism == "krr" else ()):
            fields.append(QgsField(name, kind))
        crs = source.sourceCrs()
        sink, dest_id = self.sink(parameters, OUTPUT, context, fields, QgsWkbTypes.Polygon, crs)
        transform = (None if crs == frame.crs else
                     QgsCoordinateTransform(frame.crs, crs, context.transformContext()))
        counts = (public["raw_histogram"] * public["reports"]).round().astype(int)
        batch = []
        for i, bounds in enumerate(grid.bounds().tolist()):
            f = QgsFeature(fields)
            f.setGeometry(cell_polygon(bounds, transform))
            row, col = divmod(i, grid.nx)
            values = [i, row, col, int(counts[i]), float(public["expected_counts"][i]),
                      float(release.values[i]), float(public["raw_histogram"][i])]
            if mechanism == "krr":
                values.append(float(public["matrix_inversion"][i]))
            f.setAttributes(values)
            batch.append(f)
        sink.addFeatures(batch, QgsFeatureSink.FastInsert)
        style_on_load(context, dest_id, graduated_style("probability"))
        return dest_id


def _source_extent(source) -> str:
    """The reports' extent as an extent parameter value with its CRS."""
    e = source.sourceExtent()
    pad = 1e-9 * max(e.width(), e.height(), 1.0)     # the extreme reports lie inside the grid
    return (f"{e.xMinimum() - pad!r},{e.xMaximum() + pad!r},{e.yMinimum() - pad!r},"
            f"{e.yMaximum() + pad!r} [{source.sourceCrs().authid()}]")
