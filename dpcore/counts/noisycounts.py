"""Noisy counts per zone: the simplest useful release.

Each person can change at most ``cells_per_person`` counts, each by
at most ``max_change``; so the L1 sensitivity is m·c and the L2 sensitivity
√m·c (Dwork & Roth 2014, §3.3 and App. A). Rounding and clamping at zero are
post-processing and cost nothing (Prop. 2.1).

:func:`plan_noisy_counts` plans the release from the public parameters before any noise is
drawn (its cost: δ is 0 for the Laplace mechanisms, whatever δ was given); the plan's release,
:func:`release_noisy_counts`, spends exactly that, as the mechanism reports it.
"""
from __future__ import annotations

import math

import numpy as np

from .. import mechanisms
from ..accounting.checks import check_delta, check_epsilon
from ..accounting.contract import Release
from ..accounting.costs import EPSILON_UNIT, PrivacyCost
from ..accounting.plan import Plan
from ..accounting.units import PrivacyUnit
from ..reporting.progress import report_progress

MECHANISMS = ("discrete_laplace", "laplace", "gaussian_analytic", "gaussian_classic")


def sensitivities(cells_per_person: int, max_change: int) -> tuple:
    """(L1, L2) sensitivity when one person changes ≤ m counts by ≤ c each."""
    m, c = int(cells_per_person), int(max_change)
    if m < 1 or c < 1 or m != cells_per_person or c != max_change:
        raise ValueError("cells per individual and maximum change must be integers ≥ 1")
    return m * c, math.sqrt(m) * c


def check_counts(counts) -> np.ndarray:
    """Counts as int64; refuses missing, fractional or negative values."""
    x = np.asarray(counts, dtype=float)
    if x.size == 0:
        raise ValueError("there are no counts to release (the layer is empty)")
    if not np.all(np.isfinite(x)):
        raise ValueError(f"{int((~np.isfinite(x)).sum())} count(s) are missing (NULL) or not finite")
    if np.any(x != np.round(x)):
        raise ValueError("counts must be integers; the count field holds fractional values")
    if np.any(x < 0):
        raise ValueError("counts must be non-negative")
    return x.astype(np.int64)


UNIT_OF_PRIVACY = PrivacyUnit.INDIVIDUAL


def plan_noisy_counts(*, epsilon: float, delta: float = 0.0, mechanism: str = "discrete_laplace",
                      cells_per_person: int = 1, max_change: int = 1, zones: int = 1,
                      round_output: bool = True, non_negative: bool = False) -> Plan:
    """The plan of :func:`release_noisy_counts`, from public parameters only.

    ``zones`` (the public number of counts) lets the Gaussian refuse an ε its sampler cannot
    honour for that many values before anything is read. Rounding and clamping are bound
    into the plan (post-processing, no cost).
    """
    cost = noisy_counts_cost(epsilon=epsilon, delta=delta, mechanism=mechanism,
                             cells_per_person=cells_per_person, max_change=max_change,
                             zones=zones)
    return Plan(cost, release_noisy_counts, epsilon=epsilon, mechanism=mechanism, delta=delta,
                cells_per_person=cells_per_person, max_change=max_change,
                round_output=round_output, non_negative=non_negative)


def noisy_counts_cost(*, epsilon: float, delta: float = 0.0, mechanism: str = "discrete_laplace",
                      cells_per_person: int = 1, max_change: int = 1,
                      zones: int = 1) -> PrivacyCost:
    """The cost of :func:`release_noisy_counts` (every refusal of its parameters)."""
    epsilon = check_epsilon(epsilon)
    delta = check_delta(delta)
    if mechanism not in MECHANISMS:
        raise ValueError(f"unknown mechanism {mechanism!r}; choose one of {', '.join(MECHANISMS)}")
    l1, l2 = sensitivities(cells_per_person, max_change)
    gaussian = mechanism.startswith("gaussian")
    if gaussian:
        if delta <= 0:
            raise ValueError("the Gaussian mechanism needs delta > 0")
        # refuses ε ≥ 1 (classic) and ε beyond the sampler's proven accuracy
        mechanisms.gaussian_sigma(l2, epsilon, delta, mechanism.split("_")[1], size=zones)
    name = {"discrete_laplace": "discrete Laplace", "laplace": "Laplace",
            "gaussian_analytic": "Gaussian (analytic)",
            "gaussian_classic": "Gaussian (classic)"}[mechanism]
    return PrivacyCost.of(name, epsilon, delta if gaussian else 0.0,
                          sensitivity=l2 if gaussian else l1,
                          protects=_unit(cells_per_person, max_change), unit=EPSILON_UNIT,
                          unit_of_privacy=UNIT_OF_PRIVACY)


def _unit(m, c) -> str:
    return (f"one individual, who changes at most {int(m)} count(s) by at most {int(c)} each")


def release_noisy_counts(counts, *, epsilon: float, delta: float = 0.0,
                         rng: np.random.Generator, progress=None,
                         mechanism: str = "discrete_laplace", cells_per_person: int = 1,
                         max_change: int = 1, round_output: bool = True,
                         non_negative: bool = False) -> Release:
    """Add DP noise to every count; returns the noisy counts and their cost.

    ``mechanism``: ``discrete_laplace`` (default, integer output, ε-DP),
    ``laplace`` (ε-DP), ``gaussian_analytic`` / ``gaussian_classic``
    ((ε, δ)-DP, δ > 0).
    """
    x = check_counts(counts)
    noisy_counts_cost(epsilon=epsilon, delta=delta, mechanism=mechanism,   # the refusals
                      cells_per_person=cells_per_person, max_change=max_change,
                      zones=x.size)
    l1, l2 = sensitivities(cells_per_person, max_change)
    unit = _unit(cells_per_person, max_change)
    report_progress(progress, 0.1)
    if mechanism == "discrete_laplace":
        release = mechanisms.discrete_laplace(x, sensitivity=l1, epsilon=epsilon, rng=rng,
                                              protects=unit)
        std = release.public["noise_std"]
    elif mechanism == "laplace":
        release = mechanisms.laplace(x, sensitivity=l1, epsilon=epsilon, rng=rng, protects=unit)
        std = math.sqrt(2) * release.public["scale"]
    else:
        release = mechanisms.gaussian(x, l2_sensitivity=l2, epsilon=epsilon, delta=delta,
                                      rng=rng, calibration=mechanism.split("_")[1],
                                      protects=unit)
        std = release.public["sigma"]
    report_progress(progress, 0.8)
    noisy = np.asarray(release.values, dtype=float)
    if round_output:
        noisy = np.round(noisy)
    if non_negative:
        noisy = np.maximum(noisy, 0.0)
    if round_output or mechanism == "discrete_laplace":
        noisy = noisy.astype(np.int64)
    report_progress(progress, 1.0)
    cost = release.cost.with_unit_of_privacy(UNIT_OF_PRIVACY)
    public = {"mechanism": mechanism, "l1_sensitivity": l1, "l2_sensitivity": l2,
              "noise_std": std, "unit_of_privacy": unit, "zones": int(x.size),
              "rounded": bool(round_output), "clamped_at_zero": bool(non_negative)}
    return Release(noisy, cost, public=public)
