"""mobilitydp:publishhistograms — Chen et al.'s per-timestamp histograms (dpcore.histograms)."""
import numpy as np
from qgis.core import (
    QgsProcessing,
    QgsProcessingOutputString,
    QgsProcessingParameterBoolean,
    QgsProcessingParameterFeatureSink,
    QgsProcessingParameterNumber,
)

from ...dpcore.histograms import plan_histograms
from ...dpcore.histograms.report import histograms_report
from ..common.base import advanced, enum_parameter, id_type, release_period, tr
from ..common.events import N_SLOTS, SLOT_MINUTES, START, period
from ..common.field_types import FieldType
from ..common.located import add_cell_parameters, add_observation_parameters, read_cells, read_observations
from ..common.outputs import write_long_counts
from ..common.params import start_parameter
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


class PublishHistograms(ReleasingAlgorithm):
    ALGORITHM_ID = "publishhistograms"
    PLAN = staticmethod(plan_histograms)
    RELEASE_PROGRESS = (0, 60)
    DISPLAY_NAME = "Publish per-timestamp histograms"
    GROUP_ID = "density"
    GROUP = "Density"
    TAGS = ("Chen", "histogram", "aggregated mobility", "sparse vector", "laplace", "CDR")

    def initAlgorithm(self, config=None):  # noqa: N802
        add_observation_parameters(self, INPUT, "Observations|user, time, and a cell id or a point",
                                   user=USER_FIELD, time=TIME_FIELD, cell=CELL_FIELD)
        add_cell_parameters(self, CELLS, CELL_ID_FIELD)
        self.addParameter(start_parameter(START, tr("Start (UTC)")))
        self.addParameter(QgsProcessingParameterNumber(
            SLOT_MINUTES, tr("Slot length (minutes)"), QgsProcessingParameterNumber.Double, 60,
            minValue=0.01))
        self.addParameter(QgsProcessingParameterNumber(
            N_SLOTS, tr("Number of timestamps"), QgsProcessingParameterNumber.Integer, 24,
            minValue=1))
        self.addParameter(enum_parameter(METHOD, tr("Method"), METHOD_CHOICES, "auto"))
        self.addParameter(QgsProcessingParameterBoolean(
            POSTPROCESS, tr("Consistency post-processing|non-negative integers, noisy totals kept"), True))
        self.addParameter(QgsProcessingParameterNumber(
            HISTORY_DAYS, tr("Past days used by dynamic hybrid"),
            QgsProcessingParameterNumber.Integer, 3, minValue=1))
        for p in (enum_parameter(COMPOSITION, tr("Past days' accounting (dynamic hybrid)"),
                                 [("sequential", "sequential (safe)|past days are charged to this "
                                                  "release"),
                                  ("parallel", "parallel (removed)|removed (under-charged ε): "
                                               "refused, use sequential")], "sequential",
                                 removed=("parallel",)),
                  enum_parameter(NOISE, tr("Noise"), [("discrete_laplace", "discrete Laplace|"
                                                       "integer noise"),
                                                      ("laplace", "Laplace (the paper)|the "
                                                       "paper's continuous Laplace")],
                                 "discrete_laplace"),
                  QgsProcessingParameterNumber(CUTOFF, tr("Cutoff c (threshold methods)"),
                                               QgsProcessingParameterNumber.Integer, 5,
                                               minValue=1),
                  QgsProcessingParameterNumber(THRESHOLD, tr("Threshold T|users moved above "
                                                             "the noise level"),
                                               QgsProcessingParameterNumber.Double, 0.0),
                  QgsProcessingParameterNumber(COMPARISON_SHARE, tr("Comparison share α"),
                                               QgsProcessingParameterNumber.Double, 0.5,
                                               minValue=0.01, maxValue=0.99),
                  QgsProcessingParameterBoolean(PAPER_NOISE, tr("Paper's threshold noise|"
                                                                "spends 2ε₁ + ε₂"), False),
                  QgsProcessingParameterNumber(DIVISION_SHARE, tr("Division share of ε "
                                                                  "(hybrids)"),
                                               QgsProcessingParameterNumber.Double, 0.1,
                                               minValue=0.01, maxValue=0.99),
                  QgsProcessingParameterNumber(ALPHA, tr("Log base α of Eq. 7"),
                                               QgsProcessingParameterNumber.Double, 12.0,
                                               minValue=1.001),
                  enum_parameter(UTILITY, tr("Division utility"),
                                 [("eq7", "Eq. 7 (the paper)|sensitivity S·log_α S"),
                                  ("mean_minus_dispersion", "mean minus dispersion|log_α(L)·(aveDis − simVar), "
                                                            "sensitivity 6·log_α S")], "eq7")):
            self.addParameter(advanced(p))
        self.add_frame_crs_parameter()
        self.add_privacy_parameters(default_epsilon=1.0)
        self.addParameter(QgsProcessingParameterFeatureSink(
            OUTPUT, tr("Private counts (long form)"), QgsProcessing.TypeVectorPolygon))
        self.addOutput(QgsProcessingOutputString(DIVISION, tr("Day interval (hybrid methods)")))

    def _params(self, parameters, context, method):
        p = {"noise": self.enum_value(parameters, NOISE, context)}
        if method == "direct":
            return p
        p.update(cutoff=self.parameterAsInt(parameters, CUTOFF, context),
                 threshold=self.parameterAsDouble(parameters, THRESHOLD, context),
                 comparison_share=self.parameterAsDouble(parameters, COMPARISON_SHARE, context),
                 paper_noise=self.parameterAsBool(parameters, PAPER_NOISE, context))
        if method in ("auto", "static_hybrid", "dynamic_hybrid"):
            p.update(division_share=self.parameterAsDouble(parameters, DIVISION_SHARE, context),
                     alpha=self.parameterAsDouble(parameters, ALPHA, context),
                     utility=self.enum_value(parameters, UTILITY, context))
        if method == "dynamic_hybrid":
            p["composition"] = self.enum_value(parameters, COMPOSITION, context)
        return p

    def public_parameters(self, parameters, context) -> tuple:
        method = self.enum_value(parameters, METHOD, context)
        start, slot_seconds, n_slots = period(self, parameters, context)
        return dict(method=method, n_slots=n_slots, epsilon=self.epsilon(parameters, context),
                    start=start, slot_seconds=slot_seconds,
                    history_days=self.parameterAsInt(parameters, HISTORY_DAYS, context),
                    postprocess=self.parameterAsBool(parameters, POSTPROCESS, context),
                    **self._params(parameters, context, method)), None

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
        return {"default_dataset_id": self.layer_source_id(parameters, INPUT, context),
                "ids": lambda: users, "period": release_period(
                    (plan.start - plan.past * 86400.0,
                     plan.start + plan.slot_seconds * plan.n_slots))}

    def write(self, parameters, context, feedback, held, release):
        ids, geometries, cells = held
        info = release.public
        dest = write_long_counts(
            self, parameters, OUTPUT, context, crs=cells.sourceCrs(), geometries=geometries,
            ids=ids, id_kind=id_type(cells, self.parameterAsString(parameters, CELL_ID_FIELD,
                                                                   context) or None),
            values=np.asarray(release.values).T, times=info["slot_times"],
            extra=(("fresh", FieldType.Int, info["slot_fresh"]),
                   ("part", FieldType.String, info["slot_part"])),
            step=self.progress(feedback, 60, 100))
        return {OUTPUT: dest, DIVISION: info["day_interval"]}

    def report(self, held, plan, release):
        return histograms_report(plan, release)
