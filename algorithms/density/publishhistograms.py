"""mobilitydp:publishhistograms — Chen et al.'s per-timestamp histograms (dpcore.histograms)."""
import numpy as np

from ...dpcore.histograms import plan_histograms
from ...dpcore.histograms.report import histograms_report
from ..common import specs
from ..common.base import id_type, release_period
from ..common.cell_observations import add_cell_parameters, add_observation_parameters, read_cells, read_observations
from ..common.events import N_SLOTS, SLOT_MINUTES, START, period
from ..common.field_types import FieldType
from ..common.outputs import write_long_counts
from ..common.release import ReleasingAlgorithm

INPUT, USER_FIELD, TIME_FIELD, CELL_FIELD = "INPUT", "USER_FIELD", "TIME_FIELD", "CELL_FIELD"
CELLS, CELL_ID_FIELD, OUTPUT, DIVISION = "CELLS", "CELL_ID_FIELD", "OUTPUT", "DIVISION"
METHOD, HISTORY_DAYS, COMPOSITION, POSTPROCESS = ("METHOD", "HISTORY_DAYS", "COMPOSITION",
                                                  "POSTPROCESS")
NOISE, CUTOFF, THRESHOLD, COMPARISON_SHARE = "NOISE", "CUTOFF", "THRESHOLD", "COMPARISON_SHARE"
PAPER_NOISE, DIVISION_SHARE, ALPHA, UTILITY = "PAPER_NOISE", "DIVISION_SHARE", "ALPHA", "UTILITY"
METHOD_CHOICES = [
    ("auto", "automatic|threshold on a few people per cell, static hybrid on many (a noisy "
             "size, 5 % of ε, decides)"),
    ("direct", "direct perturbation (Alg. 1): every timestamp, ε/S each"),
    ("threshold", "threshold perturbation (Alg. 2, sparse vector technique)"),
    ("static_hybrid", "static hybrid (Alg. 4): private day/night split, direct by day"),
    ("dynamic_hybrid", "dynamic hybrid (Alg. 5): split predicted from past days")]

COMPOSITIONS = [("sequential", "sequential (safe)|past days are charged to this release"),
                ("parallel", "parallel (removed)|removed (under-charged ε): refused, use sequential")]
NOISES = [("discrete_laplace", "discrete Laplace|integer noise"),
          ("laplace", "Laplace (the paper)|the paper's continuous Laplace")]
UTILITIES = [("eq7", "Eq. 7 (the paper)|sensitivity S·log_α S"),
             ("mean_minus_dispersion", "mean minus dispersion|log_α(L)·(aveDis − simVar), "
                                       "sensitivity 6·log_α S")]


class PublishHistograms(ReleasingAlgorithm):
    ALGORITHM_ID = "publishhistograms"
    PLAN = staticmethod(plan_histograms)
    RELEASE_PROGRESS = (0, 60)
    DISPLAY_NAME = "Publish per-timestamp histograms"
    GROUP_ID = "density"
    GROUP = "Density"
    TAGS = ("Chen", "histogram", "aggregated mobility", "sparse vector", "laplace", "CDR")
    PARAMETERS = (
        lambda alg: add_observation_parameters(
            alg, INPUT, "Observations|user, time, and a cell id or a point", user=USER_FIELD,
            time=TIME_FIELD, cell=CELL_FIELD),
        lambda alg: add_cell_parameters(alg, CELLS, CELL_ID_FIELD),
        specs.start(START, "Start (UTC)"),
        specs.double(SLOT_MINUTES, "Slot length (minutes)", 60, minimum=0.01),
        specs.integer(N_SLOTS, "Number of timestamps", 24, minimum=1),
        specs.choice(METHOD, "Method", METHOD_CHOICES, "auto"),
        specs.boolean(POSTPROCESS, "Consistency post-processing|non-negative integers, noisy totals "
                      "kept", True),
        specs.integer(HISTORY_DAYS, "Past days used by dynamic hybrid", 3, minimum=1),
        *map(specs.advanced, (
            specs.choice(COMPOSITION, "Past days' accounting (dynamic hybrid)", COMPOSITIONS,
                         "sequential", removed=("parallel",)),
            specs.choice(NOISE, "Noise", NOISES, "discrete_laplace"),
            specs.integer(CUTOFF, "Cutoff c (threshold methods)", 5, minimum=1),
            specs.double(THRESHOLD, "Threshold T|users moved above the noise level", 0.0),
            specs.double(COMPARISON_SHARE, "Comparison share α", 0.5, minimum=0.01, maximum=0.99),
            specs.boolean(PAPER_NOISE, "Paper's threshold noise|spends 2ε₁ + ε₂", False),
            specs.double(DIVISION_SHARE, "Division share of ε (hybrids)", 0.1, minimum=0.01,
                         maximum=0.99),
            specs.double(ALPHA, "Log base α of Eq. 7", 12.0, minimum=1.001),
            specs.choice(UTILITY, "Division utility", UTILITIES, "eq7"))),
        specs.frame_crs(),
        specs.privacy(default_epsilon=1.0),
        specs.sink(OUTPUT, "Private counts (long form)", "polygon"),
        specs.text_output(DIVISION, "Day interval (hybrid methods)"))

    def public_parameters(self, parameters, context) -> tuple:
        method = self.enum_value(parameters, METHOD, context)
        start, slot_seconds, n_slots = period(self, parameters, context)
        return dict(method=method, n_slots=n_slots, epsilon=self.epsilon(parameters, context),
                    start=start, slot_seconds=slot_seconds,
                    history_days=self.parameterAsInt(parameters, HISTORY_DAYS, context),
                    postprocess=self.parameterAsBool(parameters, POSTPROCESS, context),
                    noise=self.enum_value(parameters, NOISE, context),
                    composition=self.enum_value(parameters, COMPOSITION, context),
                    utility=self.enum_value(parameters, UTILITY, context),
                    paper_noise=self.parameterAsBool(parameters, PAPER_NOISE, context),
                    cutoff=self.parameterAsInt(parameters, CUTOFF, context),
                    **{k: self.parameterAsDouble(parameters, name, context) for k, name in (
                        ("threshold", THRESHOLD), ("comparison_share", COMPARISON_SHARE),
                        ("division_share", DIVISION_SHARE), ("alpha", ALPHA))}), None

    def read(self, parameters, context, feedback, inputs, plan):
        frame = self.metric_frame(parameters, context, public=(CELLS,))
        polygons, ids, geometries, _, cells = read_cells(self, parameters, context, frame,
                                                         CELLS, CELL_ID_FIELD)
        users, cell, seconds, facts = read_observations(
            self, parameters, context, feedback, frame, polygons, ids, source=INPUT,
            user=USER_FIELD, time=TIME_FIELD, cell=CELL_FIELD)
        return (users, cell, seconds, len(ids), facts), (ids, geometries, cells)

    def ledger_scope(self, parameters, context, held, plan, data) -> dict:
        users = data[0]
        return {"default_dataset_id": self.input_dataset_id(parameters, INPUT, context),
                "ids": lambda: users, "period": release_period(
                    (plan.start - plan.past * 86400.0,
                     plan.start + plan.slot_seconds * plan.n_slots))}

    def write(self, parameters, context, feedback, held, release):
        ids, geometries, cells = held
        public = release.public
        dest = write_long_counts(
            self, parameters, OUTPUT, context, crs=cells.sourceCrs(), geometries=geometries,
            ids=ids, id_kind=id_type(cells, self.parameterAsString(parameters, CELL_ID_FIELD,
                                                                   context) or None),
            values=np.asarray(release.values).T, times=public["slot_times"],
            extra=(("fresh", FieldType.Int, public["slot_fresh"]),
                   ("part", FieldType.String, public["slot_part"])),
            step=self.progress(feedback, 60, 100))
        return {OUTPUT: dest, DIVISION: public["day_interval"]}

    def report(self, held, plan, release):
        return histograms_report(plan, release)
