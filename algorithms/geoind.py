"""mobilitydp:perturbpoints and mobilitydp:estimatedistribution (geo-indistinguishability).

Thin glue around :mod:`dpcore.geoind`: points in metres in, reported points
or an estimated grid distribution out, in the input CRS.
"""
import math

import numpy as np
from qgis.core import (QgsCoordinateTransform, QgsFeature, QgsFeatureRequest, QgsFeatureSink,
                       QgsField, QgsFields, QgsGeometry, QgsPointXY, QgsProcessing,
                       QgsProcessingException, QgsProcessingParameterBoolean,
                       QgsProcessingParameterEnum, QgsProcessingParameterExtent,
                       QgsProcessingParameterFeatureSink, QgsProcessingParameterFeatureSource,
                       QgsProcessingParameterField, QgsProcessingParameterNumber, QgsWkbTypes)
from qgis.PyQt.QtCore import QVariant

from ..dpcore import report as dpreport
from ..dpcore.geoind import Grid, estimate_distribution, perturb_points, planned_epsilon
from ..dpcore.geoind.planar import epsilon_from_level
from .base import (REPORT, MetricFrame, MobilityDPAlgorithm, progress_bridge, shapely_wkb,
                   tr)

INPUT = "INPUT"
MECHANISM = "MECHANISM"
LEVEL = "LEVEL"
RADIUS = "RADIUS"
CELL_SIZE = "CELL_SIZE"
GRID_EXTENT = "GRID_EXTENT"
BOUNDARY = "BOUNDARY"
STUDY_AREA = "STUDY_AREA"
USER_FIELD = "USER_FIELD"
ONE_PER_USER = "ONE_PER_USER"
KEEP_ATTRIBUTES = "KEEP_ATTRIBUTES"
OUTPUT = "OUTPUT"
DISPLACEMENT = "DISPLACEMENT"
ITERATIONS = "ITERATIONS"
TOLERANCE = "TOLERANCE"

MECHANISMS = ["planar_laplace", "laplace", "geometric", "krr"]
MECHANISM_LABELS = ["Planar Laplace (continuous, ε per metre)",
                    "Discretised planar Laplace on grid cells (ε per metre)",
                    "Geometric mechanism on grid cells (ε per metre)",
                    "k-ary randomized response over grid cells (plain ε, no metric)"]
BOUNDARIES = ["remap", "renormalise"]
BOUNDARY_LABELS = ["Remap reports outside the grid to the nearest cell (exact ε·d)",
                   "Renormalise over the grid as Alvim et al. (only 2ε·d-private)"]

GRID_HELP = """
<p><b>Cell size</b> and <b>grid extent</b> (grid mechanisms): the grid of square cells the
mechanisms work on, in metres. Leave the extent empty to use the input layer's extent; that
extent is computed from the points, so set it explicitly for a release. The same cell size and
extent must be used to estimate the distribution afterwards.</p>
<p><b>Boundary rule</b>: a report that would fall outside the grid is moved to the nearest cell
(default, exactly ε·d-private), or the mechanism is renormalised over the grid as in Alvim et
al. §IV, which only guarantees 2ε·d (the report and the ledger count 2ε).</p>
"""


def _read_points(source, frame, feedback, attributes: bool):
    """(xy in metres, features' attributes or None, feature ids, null count); refuses multipoints."""
    request = QgsFeatureRequest()
    if not attributes:
        request.setNoAttributes()
    xs, ys, attrs, nulls = [], [], [], 0
    transform = frame.forward if frame.reprojected else None
    for f in source.getFeatures(request):
        if feedback is not None and feedback.isCanceled():
            break
        g = f.geometry()
        if g is None or g.isNull() or g.isEmpty():
            nulls += 1
            continue
        if g.isMultipart():
            parts = g.constGet().numGeometries()
            if parts != 1:
                raise ValueError(
                    f"feature {f.id()} is a multipoint with {parts} parts: split multipart "
                    "features into single points first (Vector geometry > Multipart to "
                    "singleparts); each point is then perturbed and counted on its own")
            p = QgsPointXY(g.constGet().geometryN(0))
        else:
            p = g.asPoint()
        if transform is not None:
            p = transform.transform(p)
        xs.append(p.x())
        ys.append(p.y())
        if attributes:
            attrs.append(f.attributes())
    return np.column_stack((xs, ys)) if xs else np.empty((0, 2)), attrs, nulls


def _grid(alg, parameters, context, frame, xy, cell):
    """The grid in metres: the given extent, or the points' bounding box (data-dependent)."""
    if alg._is_set(parameters, GRID_EXTENT):
        ext = alg.parameterAsExtent(parameters, GRID_EXTENT, context, frame.crs)
        if ext.isNull() or ext.isEmpty():
            raise ValueError("the grid extent is empty")
        return Grid.covering(ext.xMinimum(), ext.yMinimum(), ext.xMaximum(), ext.yMaximum(),
                             cell), False
    if len(xy) == 0:
        raise ValueError("there are no points to place a grid on")
    lo, hi = xy.min(axis=0), xy.max(axis=0)
    return Grid.covering(lo[0], lo[1], hi[0] + 1e-6, hi[1] + 1e-6, cell), True


def _cell_size(alg, parameters, context) -> float:
    cell = alg.parameterAsDouble(parameters, CELL_SIZE, context)
    if not (cell > 0 and math.isfinite(cell)):
        raise ValueError(f"cell size must be a positive number of metres, got {cell}")
    return cell


class PerturbPoints(MobilityDPAlgorithm):
    ALGORITHM_ID = "perturbpoints"
    DISPLAY_NAME = "Geo-indistinguishable perturbation"
    GROUP_ID = "points"
    GROUP = "Points"
    HELP = """
<p>Moves every point at random so that nobody can learn its exact location
(geo-indistinguishability, Andrés et al. CCS 2013): two true locations d metres apart produce
reports whose probabilities differ by at most a factor e^(ε·d). Use it to publish or collect
check-ins, homes or incidents; then <i>Estimate distribution from perturbed points</i>
recovers the spatial distribution.</p>
<h3>Parameters</h3>
<p><b>Input points</b>: a point layer. Geographic layers are perturbed in a local equidistant
projection in metres and returned in the input CRS. Multipoints with several parts are refused
(split them first); features without geometry are skipped and counted in the report.</p>
<p><b>Mechanism</b>: planar Laplace (continuous: radius ~ Gamma(2, 1/ε), uniform angle);
discretised planar Laplace or the geometric mechanism on grid cells (Alvim et al.; the report is
a cell centre); or k-ary randomized response over the cells (plain LDP, ε without unit, for
comparison).</p>
<p><b>Epsilon</b> is per metre for the metric mechanisms (e.g. 0.01/m: expected displacement
2/ε = 200 m). Alternatively give a <b>privacy level ℓ</b> and a <b>radius r</b> in metres as in
Location Guard: ε = ℓ/r (then Epsilon is ignored).</p>
""" + GRID_HELP + """
<p><b>Study area</b> (planar Laplace, optional polygons): reports falling outside are moved to
the nearest point of the area. This is post-processing: the guarantee is unchanged.</p>
<p><b>User id field</b> (optional): the m points of one user compose to m·ε per metre; the
report and ledger count m·ε with m the largest number of points of one user. Or
<b>keep one random point per user</b> to keep ε.</p>
<p><b>Keep attributes</b>: copy the input fields to the output (they may identify people
themselves).</p>
<p><b>Displacement lines</b> (optional): lines from each true point to its report with their
length. They reveal the true locations: for the data owner only, never publish them.</p>
<p><b>Unit of privacy</b>: one reported point, ε per metre (one user when a user field is
given).</p>
"""

    def initAlgorithm(self, config=None):  # noqa: N802
        self.addParameter(QgsProcessingParameterFeatureSource(
            INPUT, tr("Input points"), [QgsProcessing.TypeVectorPoint]))
        self.addParameter(QgsProcessingParameterEnum(
            MECHANISM, tr("Mechanism"), MECHANISM_LABELS, defaultValue=0))
        self.add_privacy_parameters(default_epsilon=0.01)
        self.addParameter(QgsProcessingParameterNumber(
            LEVEL, tr("Privacy level ℓ (with a radius: ε = ℓ/r)"),
            QgsProcessingParameterNumber.Double, math.log(4.0), optional=True))
        self.addParameter(QgsProcessingParameterNumber(
            RADIUS, tr("Radius r in metres (empty: use Epsilon per metre)"),
            QgsProcessingParameterNumber.Double, None, optional=True))
        self.addParameter(QgsProcessingParameterNumber(
            CELL_SIZE, tr("Cell size in metres (grid mechanisms)"),
            QgsProcessingParameterNumber.Double, 150.0))
        self.addParameter(QgsProcessingParameterExtent(
            GRID_EXTENT, tr("Grid extent (grid mechanisms; empty: layer extent)"), optional=True))
        self.addParameter(QgsProcessingParameterEnum(
            BOUNDARY, tr("Boundary rule (grid mechanisms)"), BOUNDARY_LABELS, defaultValue=0))
        self.addParameter(QgsProcessingParameterFeatureSource(
            STUDY_AREA, tr("Study area: remap reports into it (planar Laplace)"),
            [QgsProcessing.TypeVectorPolygon], optional=True))
        self.addParameter(QgsProcessingParameterField(
            USER_FIELD, tr("User id field (per-user guarantee)"), parentLayerParameterName=INPUT,
            optional=True))
        self.addParameter(QgsProcessingParameterBoolean(
            ONE_PER_USER, tr("Keep one random point per user"), False))
        self.addParameter(QgsProcessingParameterBoolean(
            KEEP_ATTRIBUTES, tr("Keep attributes"), True))
        self.addParameter(QgsProcessingParameterFeatureSink(
            OUTPUT, tr("Perturbed points"), QgsProcessing.TypeVectorPoint))
        self.addParameter(QgsProcessingParameterFeatureSink(
            DISPLACEMENT, tr("Displacement lines (data owner only)"), QgsProcessing.TypeVectorLine,
            optional=True, createByDefault=False))

    def _epsilon(self, parameters, context) -> float:
        if self._is_set(parameters, RADIUS):
            return epsilon_from_level(self.parameterAsDouble(parameters, LEVEL, context),
                                      self.parameterAsDouble(parameters, RADIUS, context))
        return self.epsilon(parameters, context)

    def execute(self, parameters, context, feedback):
        source = self.source_or_raise(parameters, INPUT, context)
        mechanism = MECHANISMS[self.parameterAsEnum(parameters, MECHANISM, context)]
        boundary = BOUNDARIES[self.parameterAsEnum(parameters, BOUNDARY, context)]
        epsilon = self._epsilon(parameters, context)
        cell = _cell_size(self, parameters, context)
        keep = self.parameterAsBool(parameters, KEEP_ATTRIBUTES, context)
        one_per_user = self.parameterAsBool(parameters, ONE_PER_USER, context)
        user_field = self.parameterAsString(parameters, USER_FIELD, context)
        user_index = source.fields().lookupField(user_field) if user_field else -1
        if user_field and user_index < 0:
            raise ValueError(f"the user id field '{user_field}' is not in the input layer")
        if one_per_user and not user_field:
            raise ValueError("keeping one point per user needs a user id field")
        frame = MetricFrame(source.sourceCrs(), source.sourceExtent(), context)
        region = self._study_area(parameters, context, frame)
        if region is not None and mechanism != "planar_laplace":
            raise ValueError("a study area applies to planar Laplace only; grid mechanisms use "
                             "the grid extent")

        xy, attrs, nulls = _read_points(source, frame, feedback, keep or bool(user_field))
        if len(xy) == 0:
            raise ValueError("the input layer has no point geometries")
        users = None
        if user_field:
            users = np.array([a[user_index] for a in attrs], dtype=object)
            missing = sum(1 for u in users if u is None or str(u) in ("", "NULL"))
            if missing:
                raise ValueError(f"the user id field '{user_field}' is empty in {missing} "
                                 "features")
        grid, derived = (None, False)
        if mechanism != "planar_laplace":
            grid, derived = _grid(self, parameters, context, frame, xy, cell)

        with self.reserve_budget(parameters, context,
                                 default_dataset_id=self.layer_source_id(parameters, INPUT, context),
                                 epsilon=planned_epsilon(
                                     epsilon, mechanism=mechanism, boundary=boundary,
                                     user_ids=users, one_per_user=one_per_user)) as reservation:
            release = perturb_points(xy, epsilon=epsilon, rng=self.rng(parameters, context),
                                     progress=progress_bridge(feedback, 0, 40),
                                     mechanism=mechanism, grid=grid, boundary=boundary,
                                     region=region, user_ids=users, one_per_user=one_per_user)
            reservation.commit(release.cost)

        kept = release.info["kept"]
        fields = QgsFields(source.fields()) if keep else QgsFields()
        crs = source.sourceCrs()
        sink, dest_id = self.parameterAsSink(parameters, OUTPUT, context, fields,
                                             QgsWkbTypes.Point, crs)
        if sink is None:
            raise QgsProcessingException(self.invalidSinkError(parameters, OUTPUT))
        back = frame.backward if frame.reprojected else None
        step = progress_bridge(feedback, 40, 100)
        reported = release.values
        batch = []
        for k, (row, (x, y)) in enumerate(zip(kept.tolist(), reported.tolist())):
            f = QgsFeature(fields)
            p = QgsPointXY(x, y)
            f.setGeometry(QgsGeometry.fromPointXY(back.transform(p) if back else p))
            if keep:
                f.setAttributes(attrs[row])
            batch.append(f)
            if len(batch) == 50_000:
                sink.addFeatures(batch, QgsFeatureSink.FastInsert)
                batch = []
                step(k / len(kept))
        sink.addFeatures(batch, QgsFeatureSink.FastInsert)
        results = {OUTPUT: dest_id}
        if self._is_set(parameters, DISPLACEMENT):
            results[DISPLACEMENT] = self._write_lines(parameters, context, crs, back,
                                                      xy[kept], reported)

        warnings = []
        if derived:
            warnings.append("the grid extent was taken from the input points, which reveals "
                            "their bounding box; give a grid extent for a release")
        if nulls:
            warnings.append(f"{nulls} features without geometry were skipped")
        results[REPORT] = self.write_report(
            parameters, context, release=release, unit_of_privacy=release.cost.parts[0].protects
            + (" (ε per metre)" if mechanism != "krr" else " (plain ε)"),
            parameter_rows=[("input", source.sourceName()), ("metric frame", frame.describe()),
                            ("mechanism", MECHANISM_LABELS[MECHANISMS.index(mechanism)]),
                            ("ε", epsilon), ("points perturbed", len(kept)),
                            ("features without geometry (skipped)", nulls)]
            + ([("grid", f"{grid.ny} × {grid.nx} cells of {grid.cell:g} m from "
                         f"({grid.x0:.1f}, {grid.y0:.1f})"), ("boundary rule", boundary)]
               if grid is not None else [])
            + ([("study area", "reports remapped into it")] if region is not None else []),
            sections=_facts_sections(release.info, mechanism),
            internal_sections=_internal_sections(release),
            warnings=warnings)
        return results

    def _study_area(self, parameters, context, frame):
        area = self.parameterAsSource(parameters, STUDY_AREA, context)
        if area is None:
            return None
        transform = QgsCoordinateTransform(area.sourceCrs(), frame.crs, context.transformContext())
        polys = []
        for f in area.getFeatures():
            g = QgsGeometry(f.geometry())
            if g.isNull() or g.isEmpty():
                continue
            g.transform(transform)
            polys.append(shapely_wkb.loads(bytes(g.asWkb())).buffer(0))
        if not polys:
            raise ValueError("the study area layer has no polygons")
        from shapely.ops import unary_union
        return unary_union(polys)

    def _write_lines(self, parameters, context, crs, back, true_xy, reported):
        fields = QgsFields()
        fields.append(QgsField("displacement_m", QVariant.Double))
        sink, dest_id = self.parameterAsSink(parameters, DISPLACEMENT, context, fields,
                                             QgsWkbTypes.LineString, crs)
        if sink is None:
            raise QgsProcessingException(self.invalidSinkError(parameters, DISPLACEMENT))
        lengths = np.hypot(*(reported - true_xy).T)
        batch = []
        for (x0, y0), (x1, y1), d in zip(true_xy.tolist(), reported.tolist(), lengths.tolist()):
            a, b = QgsPointXY(x0, y0), QgsPointXY(x1, y1)
            if back:
                a, b = back.transform(a), back.transform(b)
            f = QgsFeature(fields)
            f.setGeometry(QgsGeometry.fromPolylineXY([a, b]))
            f.setAttributes([d])
            batch.append(f)
        sink.addFeatures(batch, QgsFeatureSink.FastInsert)
        return dest_id


def _facts_sections(info, mechanism):
    facts = info.get("facts")
    if facts is None:
        return [("What the guarantee means",
                 "<p>k-ary randomized response: any two cells are indistinguishable up to a "
                 "factor e^ε, whatever their distance.</p>")]
    rows = [("expected displacement (m)", f"{facts['expected_displacement_m']:.1f}"),
            ("50 % of points move less than (m)", f"{facts['radius_50_m']:.1f}"),
            ("90 % of points move less than (m)", f"{facts['radius_90_m']:.1f}"),
            ("95 % of points move less than (m)", f"{facts['radius_95_m']:.1f}")]
    note = ("" if mechanism == "planar_laplace" else
            "<p>Displacements are those of the underlying planar Laplace; grid reports are "
            "cell centres and the guarantee holds between cell centres.</p>")
    statements = "".join(f"<li>{dpreport.esc(s)}</li>" for s in facts["statements"])
    if info.get("composed_points", 1) > 1:
        m = info["composed_points"]
        statements += (f"<li>for one user with up to {m} points the factor is e^({m}·ε·d)</li>")
    return [("What the guarantee means",
             f"<ul>{statements}</ul>" + dpreport.table(rows, ("quantity", "value")) + note)]


def _internal_sections(release):
    shift = release.internal.get("outside_grid")
    if shift is None:
        return []
    return [("Raw data", f"<p>{shift} true points lay outside the grid and were snapped to the "
                         "nearest cell before perturbation.</p>")]


class EstimateDistribution(MobilityDPAlgorithm):
    ALGORITHM_ID = "estimatedistribution"
    DISPLAY_NAME = "Estimate distribution from perturbed points"
    GROUP_ID = "points"
    GROUP = "Points"
    USES_PRIVACY = False
    HELP = """
<p>Estimates how the true points were distributed over a grid, from points perturbed with
<i>Geo-indistinguishable perturbation</i>, by the Iterative Bayesian Update (EM) of Alvim et
al.: the maximum-likelihood distribution given the reports and the known mechanism. It only
post-processes the reports: no privacy is spent and no ledger entry is written.</p>
<h3>Parameters</h3>
<p><b>Perturbed points</b>: the reports (geographic layers are handled in metres).</p>
<p><b>Mechanism</b> and <b>Epsilon</b>: those the reports were made with (ε per metre; plain ε
for k-RR). Continuous planar Laplace reports are binned to the grid and modelled with true
points at cell centres.</p>
""" + GRID_HELP + """
<p><b>Iterations</b> and <b>tolerance</b>: EM stops after that many iterations or when the
estimate changes by less than the tolerance (L1). Large grids use FFT convolutions.</p>
<p>Output: grid polygons with the number of reports, the estimated count and probability, the
raw report share and, for k-RR, the matrix-inversion baseline.</p>
"""

    def initAlgorithm(self, config=None):  # noqa: N802
        self.addParameter(QgsProcessingParameterFeatureSource(
            INPUT, tr("Perturbed points"), [QgsProcessing.TypeVectorPoint]))
        self.addParameter(QgsProcessingParameterEnum(
            MECHANISM, tr("Mechanism the points were perturbed with"), MECHANISM_LABELS,
            defaultValue=0))
        self.addParameter(QgsProcessingParameterNumber(
            "EPSILON", tr("Epsilon the points were perturbed with (nothing is spent)"),
            QgsProcessingParameterNumber.Double, 0.01))
        self.addParameter(QgsProcessingParameterNumber(
            CELL_SIZE, tr("Cell size in metres"), QgsProcessingParameterNumber.Double, 150.0))
        self.addParameter(QgsProcessingParameterExtent(
            GRID_EXTENT, tr("Grid extent (empty: layer extent)"), optional=True))
        self.addParameter(QgsProcessingParameterEnum(
            BOUNDARY, tr("Boundary rule of the mechanism"), BOUNDARY_LABELS, defaultValue=0))
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
        mechanism = MECHANISMS[self.parameterAsEnum(parameters, MECHANISM, context)]
        boundary = BOUNDARIES[self.parameterAsEnum(parameters, BOUNDARY, context)]
        epsilon = self.epsilon(parameters, context)
        cell = _cell_size(self, parameters, context)
        frame = MetricFrame(source.sourceCrs(), source.sourceExtent(), context)
        xy, _, nulls = _read_points(source, frame, feedback, False)
        if len(xy) == 0:
            raise ValueError("the input layer has no point geometries")
        grid, _ = _grid(self, parameters, context, frame, xy, cell)
        release = estimate_distribution(
            xy, grid=grid, mechanism=mechanism, epsilon=epsilon, boundary=boundary,
            iterations=self.parameterAsInt(parameters, ITERATIONS, context),
            tol=self.parameterAsDouble(parameters, TOLERANCE, context),
            progress=progress_bridge(feedback, 0, 80))
        info = release.info

        fields = QgsFields()
        for name, kind in (("cell", QVariant.Int), ("row", QVariant.Int), ("col", QVariant.Int),
                           ("reports", QVariant.Int), ("estimated_count", QVariant.Double),
                           ("probability", QVariant.Double), ("raw_share", QVariant.Double)):
            fields.append(QgsField(name, kind))
        if mechanism == "krr":
            fields.append(QgsField("inversion_probability", QVariant.Double))
        sink, dest_id = self.parameterAsSink(parameters, OUTPUT, context, fields,
                                             QgsWkbTypes.Polygon, source.sourceCrs())
        if sink is None:
            raise QgsProcessingException(self.invalidSinkError(parameters, OUTPUT))
        counts = np.rint(info["raw_histogram"] * info["reports"]).astype(int)
        batch = []
        for i, (x0, y0, x1, y1) in enumerate(grid.bounds().tolist()):
            ring = [QgsPointXY(x0, y0), QgsPointXY(x1, y0), QgsPointXY(x1, y1),
                    QgsPointXY(x0, y1), QgsPointXY(x0, y0)]
            geom = QgsGeometry.fromPolygonXY([ring])
            if frame.reprojected:
                geom = QgsGeometry(geom.densifyByCount(8))
                geom.transform(frame.backward)
            f = QgsFeature(fields)
            f.setGeometry(geom)
            row, col = divmod(i, grid.nx)
            values = [i, row, col, int(counts[i]), float(info["expected_counts"][i]),
                      float(release.values[i]), float(info["raw_histogram"][i])]
            if mechanism == "krr":
                values.append(float(info["matrix_inversion"][i]))
            f.setAttributes(values)
            batch.append(f)
        sink.addFeatures(batch, QgsFeatureSink.FastInsert)

        report = self.write_analysis_report(
            parameters, context,
            privacy_note="The estimate is post-processing of already perturbed points; it "
                         "spends no privacy budget.",
            rows=[("input", source.sourceName()), ("metric frame", frame.describe()),
                  ("mechanism", MECHANISM_LABELS[MECHANISMS.index(mechanism)]),
                  ("ε of the reports", epsilon), ("channel", info["channel"]),
                  ("grid", f"{grid.ny} × {grid.nx} cells of {grid.cell:g} m"),
                  ("boundary rule", boundary), ("reports", info["reports"]),
                  ("reports outside the grid (put in the nearest cell)",
                   info["reports_outside_grid"]),
                  ("features without geometry (skipped)", nulls),
                  ("EM iterations run", info["iterations"])])
        return {OUTPUT: dest_id, REPORT: report}
