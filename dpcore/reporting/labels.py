"""Rows of a report as a person reads them: labels instead of keys, rounded values.

A release's public facts (keys of ``Release.public``) and a plan's bound parameters (keys of
``Plan.params``) are identifiers; :func:`fact_rows` turns ``(key, value)`` pairs into
``(label, readable value)`` rows, so a key never reaches a report. The glue translates the
labels (the catalogue holds every label of :data:`FACT_LABELS`).
"""
from __future__ import annotations

import numpy as np

#: Labels of the public facts and of the plans' parameters.
FACT_LABELS = {
    "statistic": "what is counted", "publish": "published as", "directed": "directed pairs",
    "noise": "noise", "zones": "zones", "scaled": "scaled by the noisy trip total",
    "epsilon_people": "ε of the people per pair", "epsilon_od": "ε of the OD counts",
    "delta": "δ", "max_trips_per_user": "trips kept per person (m)",
    "margin_of_error_95": "margin of error of one value (95 %)",
    "simultaneous_margin_95": "margin no noise of any pair exceeds (95 %)",
    "prior_zero_share": "share of pairs with no one (fitted prior)",
    "released_values": "values released", "noisy_users": "people (noisy)",
    "noisy_trips": "trips (noisy)", "trips_per_person": "trips per person (noisy)",
    "total_cap": "trips counted per person in the total",
    "noisy_sampled_trips": "trips kept by sampling (noisy)",
    "noisy_extra_trips": "trips beyond the sampling (noisy)",
    "scale_factor": "scale of the kept trips to all trips",
    "sampling_scale": "scale of the kept trips to all trips",
    "rule": "why these methods", "od_method": "OD method", "visits_method": "visits method",
    "epsilon_trip_scale": "ε for the trip scale",
    "trips_per_person_interval": "trips per person: interval (99 %)",
    "sampling_scale_interval": "scale of the kept trips to all trips: interval (99 %)",
    "scale_factor_interval": "scale of the kept trips to all trips: interval (99 %)",
    "margin_of_error_totals_95": "margin of error of each noisy trip total (95 %)",
    "count_level": "level of the interval of each noisy count",
    "count_margin": "half-width of the interval of each noisy count",
    "trip_scale_paid_by": "trip scale paid from the share of",
    # plans' parameters
    "epsilon": "ε", "mechanism": "noise mechanism", "max_trips": "trips kept per person (m)",
    "trips_cap": "trips per person the model counts (M)",
    "scale_share": "share of ε for the trip scale",
    "region_share": "share of ε for the public regions",
    "total_share": "share of ε for the trip total",
    "cells_per_person": "cells one person is counted in at most",
    "max_change": "largest change of one person's count",
    "round_output": "rounded to whole numbers", "non_negative": "negative values set to 0",
    "cutoff": "cut-off (timestamps kept per user)", "threshold": "threshold",
    "comparison_share": "share of ε for the comparison",
    "paper_noise": "noise as in the paper", "division_share": "share of ε for the division",
    "alpha": "α", "utility": "utility measure", "composition": "composition",
    "seed": "random seed",
}

#: Identifier values (method and mechanism names) as words.
VALUE_WORDS = {
    "people_shrunk": "people per pair, shrunk toward a fitted prior",
    "discrete_laplace": "discrete Laplace", "laplace": "Laplace",
    "planar_laplace": "planar Laplace", "gaussian": "Gaussian",
    "gaussian_analytic": "analytic Gaussian", "gaussian_classic": "classic Gaussian",
    "static_hybrid": "static hybrid", "dynamic_hybrid": "dynamic hybrid",
}

#: Facts that are shares of 1, shown in percent.
_SHARES = ("_share",)


def readable(value, key: str = "") -> str:
    """A value as a person reads it: 3 significant digits (whole numbers from 100 on),
    shares in percent, yes/no, method names as words, nothing for no value."""
    if value is None:
        return ""
    if isinstance(value, (bool, np.bool_)):
        return "yes" if value else "no"
    if isinstance(value, (int, np.integer)):
        return f"{int(value):,}"
    if isinstance(value, (float, np.floating)):
        v = float(value)
        if key.endswith(_SHARES):
            return f"{100 * v:.3g} %"
        return f"{v:,.0f}" if abs(v) >= 100 else f"{v:.3g}"
    if isinstance(value, str):
        return VALUE_WORDS.get(value, value)
    return str(value)


def label(key: str) -> str:
    """The label of a fact or parameter key (a label given as such is kept)."""
    return FACT_LABELS.get(key, key.replace("_", " "))


def fact_rows(facts) -> list:
    """(label, readable value) rows of ``(key, value)`` pairs (public facts, parameters)."""
    return [(label(k), readable(v, k)) for k, v in facts]
