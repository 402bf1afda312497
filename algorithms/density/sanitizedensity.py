"""mobilitydp:sanitizedensity (Acs & Castelluccia, KDD 2014).

Layers to arrays and back on the release template (:mod:`..common.release`). The science is in
dpcore: ``density.assembly`` (tessellation, overlap graph, checks, release inputs, truth),
``density.plan`` (the choice of the release, the pre-sampling, the cost plan),
``density.pipeline`` and ``density.visit_release`` (the releases), ``density.report`` (the
report, from ``density.sections``' sections and figures).
"""
import numpy as np
from qgis.PyQt.QtCore import Qt

from ...dpcore.density.plan import plan_sanitize_density
from ...dpcore.density.report import density_report
from ..common import specs
from ..common.base import id_type, release_period
from ..common.events import add_event_parameters, period
from ..common.outputs import utc_datetime, write_long_counts
from ..common.release import ReleasingAlgorithm
from .layers import read_events, read_geography, write_optional

TOWERS, TOWER_ID_FIELD = "TOWERS", "TOWER_ID_FIELD"
CENSUS, CENSUS_ID_FIELD = "CENSUS", "CENSUS_ID_FIELD"
ELL, METHOD, IMPROVEMENTS, CALIBRATION = "ELL", "METHOD", "IMPROVEMENTS", "CALIBRATION"
EVALUATE, OUTPUT, WIDE, DIAGNOSTICS, TRUTH = "EVALUATE", "OUTPUT", "WIDE", "DIAGNOSTICS", "TRUTH"
METHODS = [("visits", "distinct people per tower|distinct people per tower and slot, Laplace noise "
                      "on blocks of hours pooled over like days, low-rank denoising, ε-DP "
                      "(default)"),
           ("efpa_g", "EFPA, Gaussian|clustering + Fourier (DCT) perturbation with Gaussian noise, (ε, δ)-DP"),
           ("efpa", "EFPA|the same with Laplace noise, ε-DP"),
           ("lpa", "LPA|the paper's baseline: Laplace noise on every count of the cover, ε-DP"),
           ("lpa_direct", "LPA direct|Laplace noise directly on every census count, ε-DP")]
CALIBRATIONS = [("analytic", "analytic σ (tightest)|the smallest σ the discrete Gaussian's "
                             "proven bound allows (default)"),
                ("classic", "classic (the paper)|σ = √2·Δ₂·√ln(4/δ)/ε, valid for ε/4 < 1 here")]


class SanitizeDensity(ReleasingAlgorithm):
    ALGORITHM_ID = "sanitizedensity"
    PLAN = staticmethod(plan_sanitize_density)
    PREPARE_PROGRESS, RELEASE_PROGRESS = (25, 40), (40, 60)
    DISPLAY_NAME = "Sanitize spatio-temporal density"
    GROUP_ID = "density"
    GROUP = "Density"
    TAGS = ("CDR", "call detail records", "density", "census", "laplace", "gaussian", "EFPA",
            "Acs", "Castelluccia")
    PARAMETERS = (
        lambda alg: add_event_parameters(alg, bounded_input=True),
        specs.source(TOWERS, "Towers or tower cells|points or polygons", "point", "polygon"),
        specs.field(TOWER_ID_FIELD, "Tower id field (as in the events)", TOWERS),
        specs.source(CENSUS, "Census cells", "polygon"),
        specs.field(CENSUS_ID_FIELD, "Census cell id field", CENSUS),
        specs.integer(ELL, "Maximum visits kept per user (ℓ)", 30, minimum=1),
        specs.choice(METHOD, "Method", METHODS, "visits"),
        specs.boolean(IMPROVEMENTS, "Improved scaling and night smoothing|§5.4 of Acs & Castelluccia",
                      True),
        specs.advanced(specs.choice(CALIBRATION, "Gaussian calibration", CALIBRATIONS, "analytic")),
        specs.advanced(specs.boolean(EVALUATE, "Evaluate against the true density|adds an evaluation "
                                     "(MRE, correlation, EMD) to the internal report", False)),
        specs.privacy(default_epsilon=0.3, with_delta=True, default_delta=2e-6,
                      delta_help="efpa_g only; keep it below 1/(number of users)"),
        specs.sink(OUTPUT, "Private density (long form)", "polygon"),
        specs.sink(WIDE, "Private density (one field per slot)", "polygon", optional=True),
        specs.sink(DIAGNOSTICS, "Cover cells with their cluster", "polygon", optional=True),
        specs.advanced(specs.sink(TRUTH, "True density (NOT private)|for the data owner only",
                                  "polygon", optional=True)))

    # -- parameters and reading --------------------------------------------------------------
    def public_parameters(self, parameters, context) -> tuple:
        start, slot_seconds, n_slots = period(self, parameters, context)
        census, towers, frame, geo, geoms = read_geography(
            self, parameters, context, (CENSUS, CENSUS_ID_FIELD), (TOWERS, TOWER_ID_FIELD))
        return dict(method=self.enum_value(parameters, METHOD, context),
                    epsilon=self.epsilon(parameters, context),
                    delta=self.delta(parameters, context),
                    ell=self.parameterAsInt(parameters, ELL, context),
                    n_towers=len(geo.tower_cells), start=start, slot_seconds=slot_seconds,
                    n_slots=n_slots,
                    improvements=self.parameterAsBool(parameters, IMPROVEMENTS, context),
                    calibration=self.enum_value(parameters, CALIBRATION, context)
                    ), (census, towers, frame, geo, geoms)

    def read(self, parameters, context, feedback, inputs, plan) -> tuple:
        geo = inputs[3]
        for w in geo.warnings:
            feedback.pushWarning(w)
        events, facts = read_events(self, parameters, context, feedback, geo, plan)
        times = plan.start + plan.slot_seconds * np.arange(plan.n_slots + 1)
        evaluate = self.parameterAsBool(parameters, EVALUATE, context)
        return (geo, events, facts), (inputs, facts, times, evaluate)

    def ledger_scope(self, parameters, context, held, plan, data) -> dict:
        return {"default_dataset_id": held[1]["dataset_id"], "ids": held[1].get("ids"),
                "sketch": held[1].get("sketch"),
                "period": release_period((plan.start,
                                          plan.start + plan.slot_seconds * plan.n_slots))}

    # -- writing ------------------------------------------------------------------------------
    def write(self, parameters, context, feedback, held, release) -> dict:
        (census, _, _, geo, geoms), _, times, _ = held
        kind = id_type(census, self.parameterAsString(parameters, CENSUS_ID_FIELD, context))
        long_form = dict(crs=census.sourceCrs(), geometries=geoms, ids=geo.census_ids,
                         id_kind=kind, times=times)
        results = {OUTPUT: write_long_counts(self, parameters, OUTPUT, context,
                                             values=release.values, **long_form,
                                             step=self.progress(feedback, 60, 85))}
        results.update(write_optional(self, parameters, context, feedback, dict(
            WIDE=WIDE, DIAGNOSTICS=DIAGNOSTICS, TRUTH=TRUTH, METHOD=METHOD), held[0], long_form, release))
        for w in release.internal["warnings"]:
            feedback.pushWarning(w)
        return results

    def report(self, held, plan, release) -> dict:
        (census, towers, frame, geo, _), _, times, evaluate = held
        return density_report(
            plan, release, geo=geo, frame=frame.describe(), evaluate=evaluate,
            inputs=[("towers", towers.sourceName()), ("census cells", census.sourceName())],
            slots=f"{plan.n_slots} × {plan.slot_seconds / 60:g} min from "
                  f"{utc_datetime(plan.start).toString(Qt.DateFormat.ISODate)}",
            slot_labels=[utc_datetime(t).toString("ddd yyyy-MM-dd HH:mm") for t in times[:-1]])
