"""mobilitydp:aggregateflows — GPS trajectories → private flows between adjacent cells.

Layers to arrays and back on the release template (:mod:`..common.release`); the method, its
plan and its report live in ``dpcore.flows`` (Pratesi 2012). The metric frame comes from the
tessellation (public), never from the private trajectories.
"""
import numpy as np
from qgis.core import (
    NULL,
    QgsCoordinateTransform,
    QgsFeature,
    QgsFeatureSink,
    QgsField,
    QgsFields,
    QgsGeometry,
    QgsPointXY,
    QgsProcessing,
    QgsProcessingParameterBoolean,
    QgsProcessingParameterDateTime,
    QgsProcessingParameterFeatureSink,
    QgsProcessingParameterFeatureSource,
    QgsProcessingParameterField,
    QgsProcessingParameterNumber,
    QgsWkbTypes,
)

from ...dpcore.flows.plan import plan_aggregate_flows
from ...dpcore.flows.summary import flows_report
from ..common.base import (
    LEDGER,
    advanced,
    enum_parameter,
    epoch_seconds,
    release_period,
    style_on_load,
    tr,
)
from ..common.field_types import FieldType
from ..common.flow_styles import flow_style, zone_style
from ..common.progress import raise_if_cancelled
from ..common.release import ReleasingAlgorithm

INPUT, VEHICLE_FIELD, TRAJECTORY_FIELD, TIME_FIELD = ("INPUT", "VEHICLE_FIELD",
    "TRAJECTORY_FIELD", "TIME_FIELD")
CELLS, CELL_ID_FIELD, ALLOW_HOLES, START, END = ("CELLS", "CELL_ID_FIELD", "ALLOW_HOLES",
    "START", "END")
METHOD, SENSITIVITY, NOISE, BOUNDING = "METHOD", "SENSITIVITY", "NOISE", "BOUNDING"
MAX_MOVES, MAX_COUNT = "MAX_MOVES", "MAX_COUNT"
SKETCH, SKETCH_WIDTH, SKETCH_DEPTH, SKETCH_SEED, AGGREGATION = (
    "SKETCH", "SKETCH_WIDTH", "SKETCH_DEPTH", "SKETCH_SEED", "AGGREGATION")
FLOWS, ZONES, TRUE_FLOWS = "FLOWS", "ZONES", "TRUE_FLOWS"

#: (value, label) of every enum parameter; values are what saved models store.
METHODS = [("central", "trusted curator|a trusted curator bounds each vehicle and adds noise "
                       "once (ε-DP per vehicle; the default)"),
           ("universal", "universal noise|Laplace on every count (thesis Alg. 3; protects one "
                         "move, not a vehicle)"),
           ("bounded", "bounded noise|noise within ±count (thesis Alg. 4; NOT differentially "
                       "private)"),
           ("balanced", "balanced noise|noise within ±b, b independent of the data ((ε, δ), "
                        "Alg. 5; protects one move, not a vehicle)")]
SENSITIVITIES = [("move", "Move-based (Δ = 1; unit: one move)"),
                 ("trajectory", "Trajectory-based, thesis Eq. 4.1 (from each vehicle's own "
                                "data; NOT differentially private)")]
NOISES = [("discrete", "Discrete Laplace (integer counts)"),
          ("continuous", "Laplace (continuous, the thesis)")]
BOUNDINGS = [("trips", "≤ m moves per vehicle, repetitions counted (traffic volumes)"),
             ("distinct", "≤ m distinct moves, each ≤ k times (vehicles per link)")]
SKETCHES = [("none", "None"), ("countmin", "Count-Min (nodes clip negative values to 0)"),
            ("count", "Count Sketch"), ("agms", "AGMS")]
AGGREGATIONS = [("estimates", "Sum of per-node estimates (thesis §4.3)"),
                ("sketches", "Estimate from the sum of the sketches")]


class AggregateFlows(ReleasingAlgorithm):
    ALGORITHM_ID = "aggregateflows"
    DISPLAY_NAME = "Aggregate flows with noise"
    GROUP_ID = "flows"
    GROUP = "Flows"
    PLAN = staticmethod(plan_aggregate_flows)
    PREPARE_PROGRESS, RELEASE_PROGRESS = (10, 40), (40, 80)

    def _add(self, parameter, is_advanced=False):
        self.addParameter(advanced(parameter) if is_advanced else parameter)

    def _enum(self, name, label, options, is_advanced=False):
        self._add(enum_parameter(name, tr(label), options, options[0][0]), is_advanced)

    def _number(self, name, label, default, is_advanced=False):
        self._add(QgsProcessingParameterNumber(name, tr(label),
                                               QgsProcessingParameterNumber.Integer, default,
                                               minValue=0 if name == SKETCH_SEED else 1),
                  is_advanced)

    def initAlgorithm(self, config=None):  # noqa: N802
        self.addParameter(QgsProcessingParameterFeatureSource(
            INPUT, tr("Trajectories|points, or lines with time as M"),
            [QgsProcessing.TypeVectorPoint, QgsProcessing.TypeVectorLine]))
        self.add_unit_field_parameter(VEHICLE_FIELD, "Vehicle field",
                                      INPUT, kind="vehicle")
        self.addParameter(QgsProcessingParameterField(
            TRAJECTORY_FIELD, tr("Trajectory (trip) field"), parentLayerParameterName=INPUT,
            optional=True))
        self.addParameter(QgsProcessingParameterField(
            TIME_FIELD, tr("Time field|required for points; lines carry time as M"),
            parentLayerParameterName=INPUT, optional=True))
        self.addParameter(QgsProcessingParameterFeatureSource(
            CELLS, tr("Tessellation (cells)"), [QgsProcessing.TypeVectorPolygon]))
        self.addParameter(QgsProcessingParameterField(
            CELL_ID_FIELD, tr("Cell id field"), parentLayerParameterName=CELLS, optional=True))
        self.addParameter(QgsProcessingParameterBoolean(
            ALLOW_HOLES, tr("The territory has holes|accept holes between cells"), False))
        self.addParameter(QgsProcessingParameterDateTime(
            START, tr("Start of the time interval τ"), optional=True))
        self.addParameter(QgsProcessingParameterDateTime(
            END, tr("End of the time interval τ"), optional=True))
        self._enum(METHOD, "Method", METHODS)
        self._enum(SENSITIVITY, "Sensitivity (per-vehicle methods)", SENSITIVITIES)
        self._enum(NOISE, "Noise", NOISES)
        self._number(MAX_MOVES, "Central: moves kept per vehicle (m)", 10)
        self._enum(BOUNDING, "Central: bounding rule", BOUNDINGS)
        self._number(MAX_COUNT, "Times each move counts (k)|central mode, distinct rule", 1, True)
        self._enum(SKETCH, "Sketch (per-vehicle methods)", SKETCHES, True)
        self._number(SKETCH_WIDTH, "Sketch width (counters per row)", 1000, True)
        self._number(SKETCH_DEPTH, "Sketch depth (rows; 1 for AGMS)", 3, True)
        self._number(SKETCH_SEED, "Sketch hash seed|shared by the vehicles and the coordinator", 0,
                     True)
        self._enum(AGGREGATION, "Coordinator with sketches", AGGREGATIONS, True)
        self.add_privacy_parameters(default_epsilon=0.5, with_delta=True, default_delta=0.0,
                                    delta_help="balanced noise only")
        self.add_frame_crs_parameter()
        self.addParameter(QgsProcessingParameterFeatureSink(
            FLOWS, tr("Flows"), QgsProcessing.TypeVectorLine))
        self.addParameter(QgsProcessingParameterFeatureSink(
            ZONES, tr("Flow per zone"), QgsProcessing.TypeVectorPolygon))
        self.addParameter(QgsProcessingParameterFeatureSink(
            TRUE_FLOWS, tr("True flows (internal)|raw data, not for publication"),
            QgsProcessing.TypeVectorLine, optional=True, createByDefault=False))

    # -- parameters and reading ----------------------------------------------------------
    def public_parameters(self, parameters, context) -> tuple:
        """The keyword arguments of ``plan_aggregate_flows``."""
        values = {key.lower(): self.enum_value(parameters, key, context)
                  for key in (METHOD, SENSITIVITY, NOISE, SKETCH, AGGREGATION, BOUNDING)}
        values.update({key.lower(): self.parameterAsInt(parameters, key, context)
                       for key in (SKETCH_WIDTH, SKETCH_DEPTH, SKETCH_SEED, MAX_MOVES, MAX_COUNT)})
        return dict(values, epsilon=self.epsilon(parameters, context),
                    delta=self.delta(parameters, context),
                    interval=self._interval(parameters, context),
                    allow_holes=self.parameterAsBool(parameters, ALLOW_HOLES, context),
                    charged=bool(self.parameterAsFile(parameters, LEDGER, context))), None

    def read(self, parameters, context, feedback, inputs, plan) -> tuple:
        source = self.source_or_raise(parameters, INPUT, context)
        cells_source = self.source_or_raise(parameters, CELLS, context)
        frame = self.metric_frame(parameters, context, public=(CELLS,))
        id_field = self.parameterAsString(parameters, CELL_ID_FIELD, context)
        if id_field and cells_source.fields().lookupField(id_field) < 0:
            raise ValueError(f"the cell id field '{id_field}' is not in the tessellation")
        polys, cell_ids = frame.read_polygons(cells_source, "tessellation", id_field)
        raise_if_cancelled(feedback)
        feedback.setProgress(5)
        missing = [i for i, p in zip(cell_ids, polys) if p is None]
        if missing:
            raise ValueError(f"cell {missing[0]} of the tessellation has no geometry")
        vehicle_field, fixes = self._trajectories(parameters, context, frame, source, feedback)
        return (polys, vehicle_field, fixes), (source, cells_source, frame, cell_ids)

    def _trajectories(self, parameters, context, frame, source, feedback):
        """(vehicle, trajectory, time, x, y) per GPS fix, read in the frame's CRS.

        Not through ``frame.features``: densifying a line would invent fixes.
        """
        names = {k: self.parameterAsString(parameters, k, context)
                 for k in (TRAJECTORY_FIELD, TIME_FIELD)}
        for key, what in ((TRAJECTORY_FIELD, "trajectory"), (TIME_FIELD, "time")):
            if names[key] and source.fields().lookupField(names[key]) < 0:
                raise ValueError(f"the {what} field '{names[key]}' is not in the trajectory layer")
        names[VEHICLE_FIELD] = self.unit_field(parameters, VEHICLE_FIELD, source, context,
                                               feedback)
        if names[VEHICLE_FIELD] == names[TRAJECTORY_FIELD]:
            raise ValueError(f"the vehicle and trajectory fields are both "
                             f"'{names[VEHICLE_FIELD]}': each trip would count as its own "
                             "vehicle; choose the field that identifies the vehicle")
        lines = QgsWkbTypes.geometryType(source.wkbType()) == QgsWkbTypes.LineGeometry
        if lines and not QgsWkbTypes.hasM(source.wkbType()):
            raise ValueError("trajectory lines need the time of each vertex as M values")
        if not lines and not names[TIME_FIELD]:
            raise ValueError("trajectory points need a time field (Time field is required for "
                             "points; only lines carry their times as M values)")
        vehicle, trajectory, times, xs, ys = [], [], [], [], []
        request = frame.request(source, [n for n in names.values() if n])
        for f in source.getFeatures(request):
            raise_if_cancelled(feedback)
            if not f.hasGeometry():
                continue
            veh = f[names[VEHICLE_FIELD]]
            traj = (f[names[TRAJECTORY_FIELD]] if names[TRAJECTORY_FIELD] else
                (f.id() if lines else 0))
            t = None if lines else epoch_seconds(f[names[TIME_FIELD]])
            for v in f.geometry().vertices():
                vehicle.append(None if veh == NULL else str(veh))
                trajectory.append(None if traj == NULL else str(traj))
                times.append(v.m() if lines else t)
                xs.append(v.x())
                ys.append(v.y())
        if not xs:
            raise ValueError("the trajectory layer has no points")
        return names[VEHICLE_FIELD], (np.array(vehicle, dtype=object),
                                      np.array(trajectory, dtype=object),
                                      np.array(times, dtype=object), np.array(xs), np.array(ys))

    def _interval(self, parameters, context):
        start, end = (self.parameterAsDateTime(parameters, k, context) if
                      parameters.get(k) not in (None, "") else None for k in (START, END))
        if start is None and end is None:
            return None
        return (epoch_seconds(start) if start is not None and start.isValid() else -np.inf,
                epoch_seconds(end) if end is not None and end.isValid() else np.inf)

    # -- outputs -------------------------------------------------------------------------
    def ledger_scope(self, parameters, context, held, plan, data) -> dict:
        """The vehicles read (their keyed sketch finds their population) and the period: τ, an
        open end taken from the fixes' times."""
        vehicles, _, times = data[2][:3]
        return {"default_dataset_id": self.layer_source_id(parameters, INPUT, context),
                "ids": lambda: vehicles[vehicles != None],  # noqa: E711 (elementwise)
                "period": release_period(plan.interval or (None, None), times)}

    def write(self, parameters, context, feedback, held, release) -> dict:
        source, cells_source, frame, cell_ids = held
        text, low = release.internal["kept_note"]   # central mode; the holder's log only
        if text:
            (feedback.pushWarning if low else feedback.pushInfo)(text)
        flows = np.asarray(release.values, dtype=float)
        results = {FLOWS: self._write_flows(parameters, context, cells_source, frame, cell_ids,
                                            release.public, flows),
                   ZONES: self._write_zones(parameters, context, cells_source, cell_ids,
                                            release.public)}
        feedback.setProgress(95)
        if self._is_set(parameters, TRUE_FLOWS):
            results[TRUE_FLOWS] = self._write_flows(parameters, context, cells_source, frame,
                                                    cell_ids, release.public,
                                                    release.internal["true_flows"], TRUE_FLOWS)
        return results

    def report(self, held, plan, release) -> dict:
        source, _, frame, _ = held
        return flows_report(plan, release, trajectories=source.sourceName(),
                            frame=frame.describe())

    def _sink(self, parameters, context, name, specs, wkb, crs):
        fields = QgsFields()
        for field_name, kind in specs:
            fields.append(QgsField(field_name, kind))
        sink, dest_id = self.sink(parameters, name, context, fields, wkb, crs)
        return fields, sink, dest_id

    def _write_flows(self, parameters, context, cells_source, frame, cell_ids, info, flows,
                     name=FLOWS):
        fields, sink, dest_id = self._sink(
            parameters, context, name, (("origin", FieldType.String), ("dest", FieldType.String),
                                         ("flow", FieldType.Double)),
            QgsWkbTypes.LineString, cells_source.sourceCrs())
        back = QgsCoordinateTransform(frame.crs, cells_source.sourceCrs(),
                                      context.transformContext())
        pts = [back.transform(QgsPointXY(cx, cy)) for cx, cy in info["cell_centroids"]]
        for o, d, v in zip(info["move_origin"].tolist(), info["move_dest"].tolist(),
                           flows.tolist()):
            f = QgsFeature(fields)
            f.setGeometry(QgsGeometry.fromPolylineXY([pts[o], pts[d]]))
            f.setAttributes([str(cell_ids[o]), str(cell_ids[d]), v])
            sink.addFeature(f, QgsFeatureSink.FastInsert)
        top = float(max(flows.max(initial=0.0), 1e-9))
        style_on_load(context, dest_id, lambda layer: flow_style(layer, top))
        return dest_id

    def _write_zones(self, parameters, context, cells_source, cell_ids, info):
        fields, sink, dest_id = self._sink(
            parameters, context, ZONES, (("cell_id", FieldType.String),
                                         ("flow_out", FieldType.Double),
                                         ("flow_in", FieldType.Double), ("flow", FieldType.Double),
                                         ("above_median", FieldType.Bool)),
            QgsWkbTypes.multiType(cells_source.wkbType()), cells_source.sourceCrs())
        for k, feat in enumerate(cells_source.getFeatures()):
            f = QgsFeature(fields)
            g = QgsGeometry(feat.geometry())
            g.convertToMultiType()
            f.setGeometry(g)
            f.setAttributes([str(cell_ids[k]), float(info["flow_out"][k]),
                             float(info["flow_in"][k]), float(info["flow_per_zone"][k]),
                             bool(info["above_median"][k])])
            sink.addFeature(f, QgsFeatureSink.FastInsert)
        style_on_load(context, dest_id, zone_style)
        return dest_id
