"""mobilitydp:publishhistograms — Chen et al.'s per-timestamp histograms (dpcore.histograms)."""
import numpy as np
from qgis.core import (
    QgsProcessing,
    QgsProcessingOutputString,
    QgsProcessingParameterBoolean,
    QgsProcessingParameterFeatureSink,
    QgsProcessingParameterNumber,
)

from ...dpcore.geoind import coverage_warning
from ...dpcore.histograms import errors, plan_histograms, release_histograms, user_histograms
from ...dpcore.histograms.describe import division_label, unit_of_privacy
from ...dpcore.od.figures import released
from ...dpcore.reporting import report as dpreport
from ..common.base import MobilityDPAlgorithm, advanced, enum_parameter, id_type, tr
from ..common.events import N_SLOTS, SLOT_MINUTES, START, period
from ..common.field_types import FieldType
from ..common.located import add_cell_parameters, add_observation_parameters, read_cells, read_observations
from ..common.outputs import write_long_counts
from ..common.params import start_parameter
from ..common.values import iso_utc

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


class PublishHistograms(MobilityDPAlgorithm):
    ALGORITHM_ID = "publishhistograms"
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

    def execute(self, parameters, context, feedback):
        method = self.enum_value(parameters, METHOD, context)
        epsilon = self.epsilon(parameters, context)
        start, slot_seconds, n_slots = period(self, parameters, context)
        params = self._params(parameters, context, method)
        past = (self.parameterAsInt(parameters, HISTORY_DAYS, context)
            if method == "dynamic_hybrid" else 0)
        plan = plan_histograms(method, n_slots, epsilon=epsilon, **params)
        frame = self.metric_frame(parameters, context, public=(CELLS,))
        polygons, ids, geometries, _, cells = read_cells(self, parameters, context, frame,
                                                         CELLS, CELL_ID_FIELD)
        users, cell, seconds, facts = read_observations(
            self, parameters, context, feedback, frame, polygons, ids, source=INPUT,
            user=USER_FIELD, time=TIME_FIELD, cell=CELL_FIELD)
        # separate streams: the per-user pick consumes randomness data-dependently, the noise
        # must not depend on it (same seed, neighbouring data → same noise)
        pick_rng, rng = self.rngs(parameters, context, 2)
        days = [user_histograms(users, cell, seconds, n_cells=len(ids), rng=pick_rng,
                                start=start - k * 86400.0, slot_seconds=slot_seconds,
                                n_slots=n_slots) for k in range(past, -1, -1)]
        counts = np.stack([d[0] for d in days])   # the past days (same hours), then today
        facts.update(days[-1][1]["dropped"], users=days[-1][1]["n_users"])
        in_period = int(counts[-1].sum())
        if in_period == 0:
            raise ValueError(f"none of the {facts['rows']} observations lies in a cell during "
                             f"the {n_slots} timestamps from {iso_utc(start)} "
                             f"({facts['outside every cell']} outside every cell)")
        empty_days = [k for k in range(past) if not counts[k].any()]
        if empty_days:
            raise ValueError(f"dynamic hybrid needs observations on each of the {past} past days "
                             f"before the start; {len(empty_days)} of them have none (set the "
                             "number of past days to the days the input covers)")
        warning = coverage_warning(facts["outside every cell"], facts["rows"],
                                   where="every cell", allow_outside=False)
        with self.reserve_budget(parameters, context, planned=plan,
                                 default_dataset_id=self.layer_source_id(parameters, INPUT,
                                                                         context)) as charge:
            release = release_histograms(
                counts[-1], method=method, epsilon=epsilon, rng=rng,
                postprocess=self.parameterAsBool(parameters, POSTPROCESS, context),
                history=counts[:-1] if past else None, **params)
            charge.released(release)
        info = release.public
        division = info.get("division")
        part = ["day" if division and division[0] <= s <= division[1] else
                ("night" if division else "") for s in range(n_slots)]
        fresh = [int(s in info["fresh_slots"]) for s in range(n_slots)]
        times = start + slot_seconds * np.arange(n_slots + 1)
        dest = write_long_counts(
            self, parameters, OUTPUT, context, crs=cells.sourceCrs(), geometries=geometries,
            ids=ids, id_kind=id_type(cells, self.parameterAsString(parameters, CELL_ID_FIELD,
                                                                   context) or None),
            values=np.asarray(release.values).T, times=times,
            extra=(("fresh", FieldType.Int, fresh), ("part", FieldType.String, part)),
            step=self.progress(feedback, 60, 100))
        text = division_label(division, times)
        err = errors(counts[-1], release.values)
        reports = self.write_reports(
            parameters, context, release=release,
            unit_of_privacy=unit_of_privacy(n_slots, slot_seconds),
            parameter_rows=[("method", method), ("timestamps", n_slots),
                            ("slot length (min)", slot_seconds / 60), ("cells", len(ids)),
                            ("past days", past), ("consistency post-processing",
                                                  info["postprocessed"])]
            + sorted(params.items()),
            sections=[("Release", dpreport.table(
                [("day interval", text or "none (not a hybrid method)"),
                 ("timestamps with fresh noise", ", ".join(map(str, info["fresh_slots"]))),
                 ("past days' divisions", info.get("past_divisions", "")),
                 ("margin of error: mean |value| per cell on noise alone (nobody present)",
                  f"{info['noise_only_mae_per_cell']:.3g}"),
                 ("total released on noise alone, 95th percentile (user-timestamps)",
                  f"{info['noise_only_total']:,.0f}")]
                + ([("scheme (automatic rule)", info["scheme_rule"]),
                    ("noisy total for the rule (user-timestamps, 95 % margin)",
                     f"{info['noisy_user_timestamps']:,.0f} ± "
                     f"{info['noisy_user_timestamps_margin_95']:,.0f}")]
                   if "scheme_rule" in info else []))
                + released(dpreport.table([("total released (user-timestamps)",
                                            f"{float(np.sum(release.values)):,.0f}")])))],
            internal_sections=[("Raw data and utility", dpreport.table(
                sorted(facts.items()) + [("MAE", f"{err['mae']:.4g}"),
                                         ("MRE (denominator max(1, true))",
                                          f"{err['mre']:.4g}")]))],
            internal_warnings=[warning] if warning else [])
        return {OUTPUT: dest, DIVISION: text, **reports}
