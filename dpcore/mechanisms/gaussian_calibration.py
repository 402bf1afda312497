"""The Gaussian mechanism: classic (Dwork & Roth 2014, App. A) and analytic (Balle & Wang,
ICML 2018) calibrations, released as the discrete Gaussian
(:mod:`dpcore.mechanisms.discrete_gaussian`)."""
from __future__ import annotations

import math

import numpy as np
from scipy import optimize, special

from ..accounting.checks import check_delta, check_epsilon
from ..accounting.contract import Release
from ..accounting.costs import PrivacyCost
from . import discrete_gaussian
from .limits import _check_sensitivity


def gaussian_sigma_classic(l2_sensitivity: float, epsilon: float, delta: float) -> float:
    """σ = √2·Δ₂·√ln(4/δ)/ε, the calibration Acs & Castelluccia use (§5.3).

    It is the classic bound, proven for ε < 1 only; larger ε is refused.
    """
    epsilon, delta = check_epsilon(epsilon), check_delta(delta)
    if delta <= 0:
        raise ValueError("the Gaussian mechanism needs delta > 0")
    if epsilon >= 1:
        raise ValueError("the classic Gaussian calibration is valid for epsilon < 1 only; "
                         "use the analytic calibration")
    return math.sqrt(2.0) * _check_sensitivity(l2_sensitivity) * math.sqrt(math.log(4.0 / delta)) / epsilon


def analytic_gaussian_delta(sigma: float, l2_sensitivity: float, epsilon: float) -> float:
    """The exact δ(ε) of N(0, σ²) noise for L2 sensitivity Δ₂ (Balle & Wang Thm. 8).

    δ = Φ(Δ/(2σ) − εσ/Δ) − e^ε·Φ(−Δ/(2σ) − εσ/Δ), evaluated in log space so
    that large ε does not overflow.
    """
    a = l2_sensitivity / (2 * sigma)
    b = epsilon * sigma / l2_sensitivity
    first = special.ndtr(a - b)
    second = math.exp(epsilon + special.log_ndtr(-a - b))
    return max(0.0, first - second)


def gaussian_sigma_analytic(l2_sensitivity: float, epsilon: float, delta: float) -> float:
    """Smallest σ with δ(σ) ≤ δ for the analytic Gaussian mechanism (Balle & Wang 2018)."""
    epsilon, delta = check_epsilon(epsilon), check_delta(delta)
    sens = _check_sensitivity(l2_sensitivity)
    if delta <= 0:
        raise ValueError("the Gaussian mechanism needs delta > 0")
    def f(log_s):
        return analytic_gaussian_delta(math.exp(log_s), sens, epsilon) - delta
    lo, hi = math.log(sens) - 10.0, math.log(sens) + 5.0
    while f(hi) > 0:
        hi += 5.0
    while f(lo) < 0:
        lo -= 5.0
    log_sigma = optimize.brentq(f, lo, hi, xtol=1e-12, rtol=1e-12)
    # brentq may land a hair below the root; step up until δ(σ) ≤ δ holds.
    sigma = math.exp(log_sigma)
    while analytic_gaussian_delta(sigma, sens, epsilon) > delta:
        sigma *= 1 + 1e-12
    return sigma


def gaussian(values, *, l2_sensitivity: float, epsilon: float, delta: float,
             rng: np.random.Generator, calibration: str = "analytic",
             protects: str = "", max_size=None) -> Release:
    """(ε, δ)-DP for a query of L2 sensitivity Δ₂: the discrete Gaussian mechanism.

    Floating-point safe by construction (Canonne, Kamath & Steinke 2020;
    :mod:`dpcore.mechanisms.discrete_gaussian`): integer values (an integer dtype,
    e.g. counts) get integer noise Y ~ N_Z(0, σ²) and stay integers; other
    values are rounded to the public power-of-two granularity Λ
    (``info["granularity"]``) and get Λ·Y, so every output is a multiple
    of Λ. The cost is exactly (ε, δ): δ covers the noise (zCDP bound),
    and the sampler's proven floating-point error (``info["sampler_delta"]``);
    the rounding's √d·Λ is added to the sensitivity.

    ``calibration``: ``"analytic"`` takes the smallest σ the discrete
    Gaussian's bound allows (4–10 % above the analytic σ of the continuous
    Gaussian, Balle & Wang 2018, given in ``info["continuous_sigma"]``);
    ``"classic"`` uses the formula of Acs & Castelluccia (§5.3, ε < 1),
    raised to that σ if ever smaller. ``max_size`` is the public largest
    number of values (default: this call's).
    """
    values = np.asarray(values)
    integer_valued = np.issubdtype(values.dtype, np.integer)
    size = values.size if max_size is None else int(max_size)
    if size < values.size:
        raise ValueError(f"max_size={size} is smaller than the {values.size} values given")
    plan = gaussian_plan(l2_sensitivity, epsilon, delta, calibration, size=size,
                         integer_valued=integer_valued)
    grid = plan["granularity"]
    if integer_valued:
        steps = values.astype(np.int64)
    else:
        scaled = np.rint(values.astype(float) / grid)
        if not np.all(np.abs(scaled) < 2.0 ** 52):
            raise ValueError(f"values must be finite and below 2^52 times the granularity {grid:g}")
        steps = scaled.astype(np.int64)
    steps = steps + discrete_gaussian.sample(values.shape, plan["sigma"] / grid, rng)
    noisy = steps if integer_valued else steps * grid
    continuous = gaussian_sigma_analytic(l2_sensitivity, epsilon, delta)
    note = (f"discrete Gaussian (Canonne, Kamath & Steinke 2020): sigma={plan['sigma']:.6g} "
            f"({plan['sigma'] / continuous - 1:+.1%} vs the continuous analytic Gaussian), "
            f"granularity {grid:g}, sensitivity charged {plan['charged_sensitivity']:.6g}, "
            f"rho={plan['rho']:.4g}; delta = {plan['noise_delta']:.3g} (noise) + "
            f"{plan['sampler_delta']:.3g} (sampler floating point)")
    return Release(noisy, PrivacyCost.of(f"Gaussian ({calibration})", epsilon, delta,
                                         sensitivity=l2_sensitivity, protects=protects,
                                         note=note, granularity=grid),
                   public={"sigma": plan["sigma"], "granularity": grid,
                           "sampler_delta": plan["sampler_delta"],
                           "charged_sensitivity": plan["charged_sensitivity"],
                           "continuous_sigma": continuous})


def gaussian_plan(l2_sensitivity: float, epsilon: float, delta: float,
                  calibration: str = "analytic", *, size: int = 1,
                  integer_valued: bool = True) -> dict:
    """The discrete Gaussian's plan (σ, Λ, δ shares) for either calibration (see :func:`gaussian`)."""
    sens = _check_sensitivity(l2_sensitivity)
    if calibration == "classic":
        minimum = gaussian_sigma_classic(sens, epsilon, delta)
    elif calibration == "analytic":
        minimum = 0.0
    else:
        raise ValueError(f"unknown Gaussian calibration {calibration!r}")
    return discrete_gaussian.calibrate(sens, epsilon, delta, size=size,
                                       integer_valued=integer_valued, minimum_sigma=minimum)


def gaussian_sigma(l2_sensitivity: float, epsilon: float, delta: float,
                   calibration: str = "analytic", *, size: int = 1,
                   integer_valued: bool = True) -> float:
    """σ of :func:`gaussian` (value units) for ``size`` values, from public parameters."""
    return gaussian_plan(l2_sensitivity, epsilon, delta, calibration, size=size,
                         integer_valued=integer_valued)["sigma"]
