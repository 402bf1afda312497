"""mobilitydp:aggregateflows — GPS trajectories → private flows between adjacent cells.

The method, its plan and its report live in ``dpcore.flows`` (Pratesi 2012); the metric frame
comes from the tessellation (public), never from the private trajectories."""
from ...dpcore.flows.plan import plan_aggregate_flows
from ...dpcore.flows.summary import flows_report
from ..common import specs
from ..common.base import LEDGER, release_period
from ..common.release import ReleasingAlgorithm
from .aggregate_layers import read_interval, read_tessellation, read_trajectories, write_flow_layers

INPUT, VEHICLE_FIELD, TRAJECTORY_FIELD, TIME_FIELD = "INPUT", "VEHICLE_FIELD", "TRAJECTORY_FIELD", "TIME_FIELD"
CELLS, CELL_ID_FIELD, ALLOW_HOLES, START, END = "CELLS", "CELL_ID_FIELD", "ALLOW_HOLES", "START", "END"
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

    PARAMETERS = (
        specs.source(INPUT, "Trajectories|points, or lines with time as M", "point", "line"),
        specs.unit_of_privacy(VEHICLE_FIELD, "Vehicle field", INPUT, kind="vehicle"),
        specs.field(TRAJECTORY_FIELD, "Trajectory (trip) field", INPUT, optional=True),
        specs.field(TIME_FIELD, "Time field|required for points; lines carry time as M", INPUT,
                    optional=True),
        specs.source(CELLS, "Tessellation (cells)", "polygon"),
        specs.field(CELL_ID_FIELD, "Cell id field", CELLS, optional=True),
        specs.boolean(ALLOW_HOLES, "The territory has holes|accept holes between cells", False),
        specs.datetime(START, "Start of the time interval τ", optional=True),
        specs.datetime(END, "End of the time interval τ", optional=True),
        specs.choice(METHOD, "Method", METHODS, "central"),
        specs.choice(SENSITIVITY, "Sensitivity (per-vehicle methods)", SENSITIVITIES, "move"),
        specs.choice(NOISE, "Noise", NOISES, "discrete"),
        specs.integer(MAX_MOVES, "Central: moves kept per vehicle (m)", 10, minimum=1),
        specs.choice(BOUNDING, "Central: bounding rule", BOUNDINGS, "trips"),
        *map(specs.advanced, (
            specs.integer(MAX_COUNT, "Times each move counts (k)|central mode, distinct rule", 1,
                          minimum=1),
            specs.choice(SKETCH, "Sketch (per-vehicle methods)", SKETCHES, "none"),
            specs.integer(SKETCH_WIDTH, "Sketch width (counters per row)", 1000, minimum=1),
            specs.integer(SKETCH_DEPTH, "Sketch depth (rows; 1 for AGMS)", 3, minimum=1),
            specs.integer(SKETCH_SEED, "Sketch hash seed|shared by the vehicles and the coordinator",
                          0, minimum=0),
            specs.choice(AGGREGATION, "Coordinator with sketches", AGGREGATIONS, "estimates"))),
        specs.privacy(default_epsilon=0.5, with_delta=True, default_delta=0.0,
                      delta_help="balanced noise only"),
        specs.frame_crs(),
        specs.sink(FLOWS, "Flows", "line"),
        specs.sink(ZONES, "Flow per zone", "polygon"),
        specs.sink(TRUE_FLOWS, "True flows (internal)|raw data, not for publication", "line",
                   optional=True))

    def public_parameters(self, parameters, context) -> tuple:
        """The keyword arguments of ``plan_aggregate_flows``."""
        values = {key.lower(): self.enum_value(parameters, key, context)
                  for key in (METHOD, SENSITIVITY, NOISE, SKETCH, AGGREGATION, BOUNDING)}
        values.update({key.lower(): self.parameterAsInt(parameters, key, context)
                       for key in (SKETCH_WIDTH, SKETCH_DEPTH, SKETCH_SEED, MAX_MOVES, MAX_COUNT)})
        return dict(values, epsilon=self.epsilon(parameters, context),
                    delta=self.delta(parameters, context),
                    interval=read_interval(self, parameters, context, START, END),
                    allow_holes=self.parameterAsBool(parameters, ALLOW_HOLES, context),
                    charged=bool(self.parameterAsFile(parameters, LEDGER, context))), None

    def read(self, parameters, context, feedback, inputs, plan) -> tuple:
        source = self.source_or_raise(parameters, INPUT, context)
        frame = self.metric_frame(parameters, context, public=(CELLS,))
        cells, polys, cell_ids = read_tessellation(self, parameters, context, feedback, frame,
                                                   CELLS, CELL_ID_FIELD)
        vehicle_field, fixes = read_trajectories(self, parameters, context, frame, source, feedback,
                                                 (VEHICLE_FIELD, TRAJECTORY_FIELD, TIME_FIELD))
        return (polys, vehicle_field, fixes), (source, cells, frame, cell_ids)

    def ledger_scope(self, parameters, context, held, plan, data) -> dict:
        """The vehicles read (their keyed sketch finds their population) and the period: τ, an
        open end taken from the fixes' times."""
        vehicles, _, times = data[2][:3]
        return {"default_dataset_id": self.input_dataset_id(parameters, INPUT, context),
                "ids": lambda: vehicles[vehicles != None],  # noqa: E711 (elementwise)
                "period": release_period(plan.interval or (None, None), times)}

    def write(self, parameters, context, feedback, held, release) -> dict:
        return write_flow_layers(self, parameters, context, feedback, (FLOWS, ZONES, TRUE_FLOWS),
                                 held, release)

    def report(self, held, plan, release) -> dict:
        source, _, frame, _ = held
        return flows_report(plan, release, trajectories=source.sourceName(),
                            frame=frame.describe())
