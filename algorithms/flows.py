"""mobilitydp:aggregateflows — GPS trajectories → private flows between adjacent cells.

Layers to arrays and back; the method lives in ``dpcore.flows`` (Pratesi 2012).
"""
import numpy as np
from qgis.core import (NULL, QgsArrowSymbolLayer, QgsCoordinateTransform, QgsFeature,
                       QgsFeatureSink, QgsField, QgsFields, QgsFillSymbol, QgsGeometry,
                       QgsLineSymbol, QgsPointXY, QgsProcessing, QgsProcessingException,
                       QgsProcessingParameterBoolean, QgsProcessingParameterDateTime, QgsProcessingParameterEnum,
                       QgsProcessingParameterFeatureSink, QgsProcessingParameterFeatureSource,
                       QgsProcessingParameterField, QgsProcessingParameterNumber, QgsProperty,
                       QgsRendererCategory, QgsCategorizedSymbolRenderer, QgsRuleBasedRenderer,
                       QgsSymbolLayer, QgsWkbTypes)
from qgis.PyQt.QtCore import QVariant

from ..dpcore import report as dpreport
from ..dpcore.flows.cells import prepare_cells
from ..dpcore.flows.compare import fit
from ..dpcore.flows.coordinator import release_flows
from ..dpcore.flows.generalise import generalise
from ..dpcore.flows.measures import flow_per_zone
from ..dpcore.flows.noise import METHODS, NOISES, SENSITIVITIES, UNIT_MOVE, UNIT_TRAJECTORY, \
    UNIT_VEHICLE
from ..dpcore.flows.sketches import KINDS, SketchSpec
from ..dpcore.flows.vectors import MoveIndex, frequency_vectors
from ..dpcore.ingest import parse_times
from .base import LEDGER, REPORT, MetricFrame, MobilityDPAlgorithm, epoch_seconds, \
    progress_bridge, read_polygons, style_on_load, tr

INPUT = "INPUT"
VEHICLE_FIELD = "VEHICLE_FIELD"
TRAJECTORY_FIELD = "TRAJECTORY_FIELD"
TIME_FIELD = "TIME_FIELD"
CELLS = "CELLS"
CELL_ID_FIELD = "CELL_ID_FIELD"
ALLOW_HOLES = "ALLOW_HOLES"
START = "START"
END = "END"
METHOD = "METHOD"
SENSITIVITY = "SENSITIVITY"
NOISE = "NOISE"
MAX_MOVES = "MAX_MOVES"
MAX_COUNT = "MAX_COUNT"
SKETCH = "SKETCH"
SKETCH_WIDTH = "SKETCH_WIDTH"
SKETCH_DEPTH = "SKETCH_DEPTH"
SKETCH_SEED = "SKETCH_SEED"
AGGREGATION = "AGGREGATION"
FLOWS = "FLOWS"
ZONES = "ZONES"

MODES = METHODS + ("central",)
MODE_LABELS = ["UniversalNoise: Laplace on every count (thesis Alg. 3)",
               "BoundedNoise: noise within ±count (thesis Alg. 4; NOT differentially private)",
               "BalancedNoise: noise within ±b, b independent of the data ((ε, δ), Alg. 5)",
               "Central: a trusted curator bounds each vehicle and adds noise once (ε-DP per "
               "vehicle)"]
SENSITIVITY_LABELS = ["Move-based (Δ = 1; unit: one move)",
                      "Trajectory-based, thesis Eq. 4.1 (from each vehicle's own data; NOT "
                      "differentially private)"]
NOISE_LABELS = ["Discrete Laplace (integer counts)", "Laplace (continuous, the thesis)"]
SKETCHES = (None,) + KINDS
SKETCH_LABELS = ["None", "Count-Min (nodes clip negative values to 0)", "Count Sketch", "AGMS"]
AGGREGATIONS = ("estimates", "sketches")
AGGREGATION_LABELS = ["Sum of per-node estimates (thesis §4.3)",
                      "Estimate from the sum of the sketches"]


class AggregateFlows(MobilityDPAlgorithm):
    ALGORITHM_ID = "aggregateflows"
    DISPLAY_NAME = "Aggregate flows with noise"
    GROUP_ID = "flows"
    GROUP = "Flows"
    HELP = """
<p>Vehicle flows between neighbouring zones, released with differential privacy (Pratesi 2012).
Each vehicle's GPS trajectories become moves between adjacent cells of a tessellation; each
vehicle perturbs its own vector of move counts (or a trusted curator adds noise once), and the
sum gives the flow of every possible move. Outputs: flow lines (cell centroid → cell centroid,
width by flow, with arrows), zones with their flow in + out (red above, cyan below the median),
and the report.</p>
<h3>Parameters</h3>
<p><b>Trajectory points</b>: one point per GPS fix with a <b>vehicle</b> field, an optional
<b>trajectory</b> field (trip id; without it all points of a vehicle form one trajectory) and a
<b>time</b> field (date-time, ISO 8601 text in UTC, or epoch seconds). Or trajectory
<b>lines</b> with the time of each vertex as its M value (one line = one trajectory).</p>
<p><b>Tessellation</b>: polygons that partition the territory (e.g. from the Voronoi
tessellation); overlapping cells are refused, and so are holes between cells unless <b>the
territory has holes</b> (lakes, excluded areas: a hole cannot be told apart from a gap; moves
across it are lost). Cells sharing a stretch of boundary are adjacent; the possible moves are all
ordered pairs of adjacent cells. <b>Cell id field</b> (optional) names the cells in the
outputs.</p>
<p><b>Start</b> / <b>end</b> (optional): the time interval τ; only moves with both times inside
count.</p>
<p>Consecutive fixes in cells that are not adjacent (GPS gaps) are bridged through the cells the
straight segment crosses; trajectories that never leave one cell are dropped; both are counted in
the report.</p>
<p><b>Method</b>: <i>UniversalNoise</i> adds Laplace noise of scale Δ/ε to every count;
<i>BalancedNoise</i> truncates it to ±b with b = (Δ/ε)·ln((e^ε+1)/δ), which does not depend on
the data: (ε, δ)-DP; <i>BoundedNoise</i> truncates it to ±(true count): a zero stays zero, so it
shows which moves every vehicle made — NOT differentially private, offered only to compare with
the thesis; <i>Central</i>: a trusted curator keeps at most <b>m moves per vehicle</b> (distinct
moves, chosen at random), each counted at most <b>k times</b>, and adds noise once to the total
with Δ = m·k: ε-DP for a whole vehicle, far less noise than per-vehicle noise at the same ε.</p>
<p><b>Sensitivity</b> (per-vehicle methods): move-based, Δ = 1 (the unit of privacy is one move of
one vehicle); or trajectory-based (thesis Eq. 4.1, Δ from the vehicle's own trajectories and 0
where it never moved, so those counts get no noise: the release shows which moves each vehicle
made — NOT differentially private, offered only to compare with the thesis). Runs that are not
differentially private cannot be charged to a privacy ledger.</p>
<p><b>Noise</b>: discrete Laplace (integer noise, default) or continuous Laplace (the thesis).</p>
<p><b>Sketch</b> (per-vehicle methods): each vehicle compresses its noisy vector into a
Count-Min, Count or AGMS sketch of <b>width</b> × <b>depth</b> counters (AGMS: width counters,
depth 1) with hash functions from the <b>sketch seed</b>, shared with the coordinator (public;
costs no privacy). The coordinator sums the per-node estimates (the thesis) or estimates from
the summed sketches. Count-Min needs non-negative input: vehicles clip negative values to 0,
which biases the flows upwards.</p>
<p><b>Unit of privacy</b>: one move of one vehicle (move-based per-vehicle noise), or one vehicle
with all its trajectories in τ (central); none for the methods marked NOT differentially
private.</p>
"""

    def initAlgorithm(self, config=None):  # noqa: N802
        self.addParameter(QgsProcessingParameterFeatureSource(
            INPUT, tr("Trajectory points (or lines with time as M)"),
            [QgsProcessing.TypeVectorPoint, QgsProcessing.TypeVectorLine]))
        self.addParameter(QgsProcessingParameterField(
            VEHICLE_FIELD, tr("Vehicle field"), parentLayerParameterName=INPUT))
        self.addParameter(QgsProcessingParameterField(
            TRAJECTORY_FIELD, tr("Trajectory (trip) field"), parentLayerParameterName=INPUT,
            optional=True))
        self.addParameter(QgsProcessingParameterField(
            TIME_FIELD, tr("Time field (points)"), parentLayerParameterName=INPUT,
            optional=True))
        self.addParameter(QgsProcessingParameterFeatureSource(
            CELLS, tr("Tessellation (cells)"), [QgsProcessing.TypeVectorPolygon]))
        self.addParameter(QgsProcessingParameterField(
            CELL_ID_FIELD, tr("Cell id field"), parentLayerParameterName=CELLS, optional=True))
        self.addParameter(QgsProcessingParameterBoolean(
            ALLOW_HOLES, tr("The territory has holes (accept holes between cells)"), False))
        self.addParameter(QgsProcessingParameterDateTime(
            START, tr("Start of the time interval τ"), optional=True))
        self.addParameter(QgsProcessingParameterDateTime(
            END, tr("End of the time interval τ"), optional=True))
        self.addParameter(QgsProcessingParameterEnum(METHOD, tr("Method"), MODE_LABELS,
                                                     defaultValue=0))
        self.addParameter(QgsProcessingParameterEnum(SENSITIVITY, tr("Sensitivity"),
                                                     SENSITIVITY_LABELS, defaultValue=0))
        self.addParameter(QgsProcessingParameterEnum(NOISE, tr("Noise"), NOISE_LABELS,
                                                     defaultValue=0))
        self.addParameter(QgsProcessingParameterNumber(
            MAX_MOVES, tr("Central: moves kept per vehicle (m)"),
            QgsProcessingParameterNumber.Integer, 10, minValue=1))
        self.addParameter(QgsProcessingParameterNumber(
            MAX_COUNT, tr("Central: times each move counts per vehicle (k)"),
            QgsProcessingParameterNumber.Integer, 1, minValue=1))
        self.addParameter(QgsProcessingParameterEnum(SKETCH, tr("Sketch"), SKETCH_LABELS,
                                                     defaultValue=0))
        self.addParameter(QgsProcessingParameterNumber(
            SKETCH_WIDTH, tr("Sketch width (counters per row)"),
            QgsProcessingParameterNumber.Integer, 1000, minValue=1))
        self.addParameter(QgsProcessingParameterNumber(
            SKETCH_DEPTH, tr("Sketch depth (rows; 1 for AGMS)"),
            QgsProcessingParameterNumber.Integer, 3, minValue=1))
        self.addParameter(QgsProcessingParameterNumber(
            SKETCH_SEED, tr("Sketch hash seed (shared by vehicles and coordinator)"),
            QgsProcessingParameterNumber.Integer, 0, minValue=0))
        self.addParameter(QgsProcessingParameterEnum(
            AGGREGATION, tr("Coordinator with sketches"), AGGREGATION_LABELS, defaultValue=0))
        self.add_privacy_parameters(default_epsilon=0.5, with_delta=True, default_delta=0.0,
                                    delta_help="BalancedNoise only")
        self.addParameter(QgsProcessingParameterFeatureSink(
            FLOWS, tr("Flows"), QgsProcessing.TypeVectorLine))
        self.addParameter(QgsProcessingParameterFeatureSink(
            ZONES, tr("Flow per zone"), QgsProcessing.TypeVectorPolygon))

    # -- reading -------------------------------------------------------------------------
    def _cells(self, parameters, context, frame, source):
        id_field = self.parameterAsString(parameters, CELL_ID_FIELD, context)
        if id_field and source.fields().lookupField(id_field) < 0:
            raise ValueError(f"the cell id field '{id_field}' is not in the tessellation")
        polys, ids = read_polygons(source, "tessellation", id_field, frame, context)
        missing = [i for i, p in zip(ids, polys) if p is None]
        if missing:
            raise ValueError(f"cell {missing[0]} of the tessellation has no geometry")
        return polys, ids, list(source.getFeatures())

    def _trajectories(self, parameters, context, frame, source):
        fields = source.fields()
        names = {k: self.parameterAsString(parameters, k, context)
                 for k in (VEHICLE_FIELD, TRAJECTORY_FIELD, TIME_FIELD)}
        for key, what in ((VEHICLE_FIELD, "vehicle"), (TRAJECTORY_FIELD, "trajectory"),
                          (TIME_FIELD, "time")):
            if names[key] and fields.lookupField(names[key]) < 0:
                raise ValueError(f"the {what} field '{names[key]}' is not in the trajectory layer")
        if not names[VEHICLE_FIELD]:
            raise ValueError("a vehicle field is required")
        lines = QgsWkbTypes.geometryType(source.wkbType()) == QgsWkbTypes.LineGeometry
        if lines and not QgsWkbTypes.hasM(source.wkbType()):
            raise ValueError("trajectory lines need the time of each vertex as M values")
        if not lines and not names[TIME_FIELD]:
            raise ValueError("trajectory points need a time field")
        transform = QgsCoordinateTransform(source.sourceCrs(), frame.crs,
                                           context.transformContext())
        vehicle, trajectory, times, xs, ys = [], [], [], [], []
        for f in source.getFeatures():
            if not f.hasGeometry():
                continue
            veh = f[names[VEHICLE_FIELD]]
            traj = f[names[TRAJECTORY_FIELD]] if names[TRAJECTORY_FIELD] else \
                (f.id() if lines else 0)
            geom = QgsGeometry(f.geometry())
            geom.transform(transform)
            if lines:
                pts = [(v.x(), v.y(), v.m()) for v in geom.vertices()]
            else:
                t = epoch_seconds(f[names[TIME_FIELD]])
                pts = [(p.x(), p.y(), t) for p in geom.vertices()]
            for x, y, t in pts:
                vehicle.append(None if veh == NULL else str(veh))
                trajectory.append(None if traj == NULL else str(traj))
                times.append(t)
                xs.append(x)
                ys.append(y)
        if not xs:
            raise ValueError("the trajectory layer has no points")
        return (np.array(vehicle, dtype=object), np.array(trajectory, dtype=object),
                parse_times(np.array(times, dtype=object)), np.array(xs), np.array(ys))

    def _interval(self, parameters, context):
        start, end = (self.parameterAsDateTime(parameters, k, context) if
                      parameters.get(k) not in (None, "") else None for k in (START, END))
        if start is None and end is None:
            return None
        return (epoch_seconds(start) if start is not None and start.isValid() else -np.inf,
                epoch_seconds(end) if end is not None and end.isValid() else np.inf)

    # -- running -------------------------------------------------------------------------
    def execute(self, parameters, context, feedback):
        source = self.source_or_raise(parameters, INPUT, context)
        cells_source = self.source_or_raise(parameters, CELLS, context)
        method = MODES[self.parameterAsEnum(parameters, METHOD, context)]
        sensitivity = SENSITIVITIES[self.parameterAsEnum(parameters, SENSITIVITY, context)]
        noise = NOISES[self.parameterAsEnum(parameters, NOISE, context)]
        sketch_kind = SKETCHES[self.parameterAsEnum(parameters, SKETCH, context)]
        aggregation = AGGREGATIONS[self.parameterAsEnum(parameters, AGGREGATION, context)]
        epsilon = self.epsilon(parameters, context)
        delta = self.delta(parameters, context) if method == "balanced" else 0.0
        if method == "balanced" and delta <= 0:
            raise ValueError("BalancedNoise needs delta > 0")
        sketch = None
        if sketch_kind is not None:
            if method == "central":
                raise ValueError("sketches compress the vehicles' messages; the central mode "
                                 "has none")
            sketch = SketchSpec(sketch_kind,
                                self.parameterAsInt(parameters, SKETCH_WIDTH, context),
                                1 if sketch_kind == "agms" else
                                self.parameterAsInt(parameters, SKETCH_DEPTH, context),
                                self.parameterAsInt(parameters, SKETCH_SEED, context))
        not_dp = method == "bounded" or (method != "central" and sensitivity == "trajectory")
        if not_dp and self.parameterAsFile(parameters, LEDGER, context):
            raise ValueError("this method is not differentially private (its privacy loss is "
                             "unbounded): it cannot be charged to a privacy ledger")

        frame = MetricFrame(cells_source.sourceCrs(), cells_source.sourceExtent(), context)
        polys, cell_ids, cell_feats = self._cells(parameters, context, frame, cells_source)
        cells = prepare_cells(polys, self.parameterAsBool(parameters, ALLOW_HOLES, context))
        feedback.setProgress(5)
        vehicle, trajectory, t, x, y = self._trajectories(parameters, context, frame, source)
        moves = generalise(cells, vehicle, trajectory, t, x, y,
                           interval=self._interval(parameters, context),
                           progress=progress_bridge(feedback, 10, 40))
        index = MoveIndex.from_cells(cells)
        vectors = frequency_vectors(moves, index)
        params = dict(epsilon=epsilon, delta=delta, method=method, sensitivity=sensitivity,
                      noise=noise, sketch=sketch, aggregation=aggregation,
                      max_moves=self.parameterAsInt(parameters, MAX_MOVES, context),
                      max_count=self.parameterAsInt(parameters, MAX_COUNT, context))
        rng = self.rng(parameters, context)
        with self.reserve_budget(parameters, context,
                                 default_dataset_id=self.layer_source_id(parameters, INPUT,
                                                                         context),
                                 epsilon=epsilon, delta=delta) as reservation:
            release = release_flows(vectors, rng=rng, progress=progress_bridge(feedback, 40, 80),
                                    **params)
            reservation.commit(release.cost)  # never reached by a non-DP run (no ledger)
        flows = np.asarray(release.values, dtype=float)

        results = {FLOWS: self._write_flows(parameters, context, cells_source, frame, cells,
                                            cell_ids, index, flows, release.info)}
        results[ZONES] = self._write_zones(parameters, context, cells_source, cell_feats,
                                           cell_ids, index, flows)
        feedback.setProgress(95)
        results[REPORT] = self._report(parameters, context, source, cells, moves, vectors,
                                       release, params, frame, rng)
        return results

    # -- outputs -------------------------------------------------------------------------
    def _write_flows(self, parameters, context, cells_source, frame, cells, cell_ids, index,
                     flows, info):
        fields = QgsFields()
        for name, kind in (("origin", QVariant.String), ("dest", QVariant.String),
                           ("flow", QVariant.Double)):
            fields.append(QgsField(name, kind))
        sink, dest_id = self.parameterAsSink(parameters, FLOWS, context, fields,
                                             QgsWkbTypes.LineString, cells_source.sourceCrs())
        if sink is None:
            raise QgsProcessingException(self.invalidSinkError(parameters, FLOWS))
        centre = cells.centroids()
        back = QgsCoordinateTransform(frame.crs, cells_source.sourceCrs(),
                                      context.transformContext())
        pts = [back.transform(QgsPointXY(cx, cy)) for cx, cy in centre]
        for o, d, v in zip(index.origin.tolist(), index.dest.tolist(), flows.tolist()):
            f = QgsFeature(fields)
            f.setGeometry(QgsGeometry.fromPolylineXY([pts[o], pts[d]]))
            f.setAttributes([str(cell_ids[o]), str(cell_ids[d]), v])
            sink.addFeature(f, QgsFeatureSink.FastInsert)
        top = float(max(flows.max(initial=0.0), 1e-9))
        style_on_load(context, dest_id, lambda layer: _flow_style(layer, top))
        return dest_id

    def _write_zones(self, parameters, context, cells_source, cell_feats, cell_ids, index,
                     flows):
        fields = QgsFields()
        for name, kind in (("cell_id", QVariant.String), ("flow_out", QVariant.Double),
                           ("flow_in", QVariant.Double), ("flow", QVariant.Double),
                           ("above_median", QVariant.Bool)):
            fields.append(QgsField(name, kind))
        sink, dest_id = self.parameterAsSink(parameters, ZONES, context, fields,
                                             QgsWkbTypes.multiType(cells_source.wkbType()),
                                             cells_source.sourceCrs())
        if sink is None:
            raise QgsProcessingException(self.invalidSinkError(parameters, ZONES))
        n = len(cell_ids)
        out_flow = np.bincount(index.origin, flows, minlength=n)
        in_flow = np.bincount(index.dest, flows, minlength=n)
        total = flow_per_zone(index, flows)
        median = float(np.median(total))
        for k, feat in enumerate(cell_feats):
            f = QgsFeature(fields)
            g = QgsGeometry(feat.geometry())
            g.convertToMultiType()
            f.setGeometry(g)
            f.setAttributes([str(cell_ids[k]), float(out_flow[k]), float(in_flow[k]),
                             float(total[k]), bool(total[k] > median)])
            sink.addFeature(f, QgsFeatureSink.FastInsert)
        style_on_load(context, dest_id, _zone_style)
        return dest_id

    def _report(self, parameters, context, source, cells, moves, vectors, release, params,
                frame, rng):
        info = release.info
        unit = {"central": UNIT_VEHICLE}.get(params["method"],
                                             UNIT_TRAJECTORY if params["sensitivity"] ==
                                             "trajectory" else UNIT_MOVE)
        rows = [("trajectories", source.sourceName()), ("cells", cells.n),
                ("possible moves (ordered adjacent pairs)", vectors.index.size),
                ("metric frame", frame.describe())]
        skip = {"aggregation"} if params["sketch"] is None else set()
        if params["method"] != "central":
            skip |= {"max_moves", "max_count"}
        rows += [(k, v) for k, v in params.items() if v is not None and k not in skip]
        public = [(k, v) for k, v in info.items() if k not in ("leaks",)]
        truth = vectors.total().astype(float)
        utility = _utility_rows("this release", truth, release.values, vectors.index)
        if info.get("differentially_private"):
            for label, kw in _dp_alternatives(params):
                alt = release_flows(vectors, rng=rng, **kw)
                utility += _utility_rows(label, truth, alt.values, vectors.index)
        stats = list(moves.stats.items()) + [("holes between cells (accepted)",
                                              len(cells.hole_areas))]
        internal = [("Generalisation of the trajectories",
                     dpreport.table(stats, ("quantity", "value"))),
                    ("Utility against the true flows (Pearson correlation, fitted slope)",
                     "<p>Alternatives at the same ε are simulated here for comparison only; "
                     "they are not released.</p>" + dpreport.table(
                         utility, ("release", "measure", "PCC", "slope", "mean bias")))]
        warnings = [info["leaks"]] if info.get("leaks") else []
        return self.write_report(parameters, context, release=release, unit_of_privacy=unit,
                                 parameter_rows=rows,
                                 sections=[("Noise and aggregation", dpreport.table(public))],
                                 internal_sections=internal, warnings=warnings)


def _utility_rows(label, truth, values, index):
    rows = []
    for name, a, b in (("flow per link", truth, values),
                       ("flow per zone", flow_per_zone(index, truth),
                        flow_per_zone(index, values))):
        f = fit(a, b)
        rows.append((label, name, f"{f['pcc']:.3f}", f"{f['slope']:.3f}", f"{f['bias']:.3g}"))
    return rows


def _dp_alternatives(params):
    """The other differentially private modes at the same ε, for the internal comparison."""
    eps, noise = params["epsilon"], params["noise"]
    out = []
    if params["method"] != "universal" or params["sketch"] is not None:
        out.append(("UniversalNoise, move-based", dict(epsilon=eps, noise=noise)))
    if params["method"] != "central":
        out.append((f"central, m={params['max_moves']}, k={params['max_count']}",
                    dict(epsilon=eps, method="central", max_moves=params["max_moves"],
                         max_count=params["max_count"], noise=noise)))
    return out


def _flow_style(layer, top):
    """Arrows whose width grows with the flow; flows ≤ 0 are not drawn (thesis Fig. 5.2)."""
    symbol = QgsLineSymbol()
    arrow = QgsArrowSymbolLayer.create({"arrow_type": "0", "head_type": "0", "is_curved": "0",
                                        "color": "200,30,30,200"})
    width = QgsProperty.fromExpression(f'0.2 + 2.8 * ("flow" / {top!r})')
    arrow.setDataDefinedProperty(QgsSymbolLayer.PropertyArrowWidth, width)
    arrow.setDataDefinedProperty(QgsSymbolLayer.PropertyArrowStartWidth, width)
    symbol.changeSymbolLayer(0, arrow)
    root = QgsRuleBasedRenderer.Rule(None)
    root.appendChild(QgsRuleBasedRenderer.Rule(symbol, filterExp='"flow" > 0'))
    layer.setRenderer(QgsRuleBasedRenderer(root))
    layer.triggerRepaint()


def _zone_style(layer):
    """Red above the median flow per zone, cyan below (thesis Fig. 5.2, right)."""
    cats = [QgsRendererCategory(True, QgsFillSymbol.createSimple(
                {"color": "230,60,50,160", "outline_color": "120,120,120"}), "above median"),
            QgsRendererCategory(False, QgsFillSymbol.createSimple(
                {"color": "60,200,220,160", "outline_color": "120,120,120"}), "below median")]
    layer.setRenderer(QgsCategorizedSymbolRenderer("above_median", cats))
    layer.triggerRepaint()
