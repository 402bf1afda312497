"""Noise on counts and the margin of error of every noisy value.

Counts get discrete Laplace noise (two-sided geometric, ε-DP for an integer
L1 sensitivity) or the discrete Gaussian mechanism ((ε, δ)-DP for an L2
sensitivity; Canonne, Kamath & Steinke 2020, :func:`dpcore.mechanisms.gaussian_calibration.gaussian`).
The 95 % margin of error of a value is the half-width ``h`` with P(|noise| ≤ h) ≥ 95 %, computed from the noise
distribution alone (public: it depends on ε, δ and the public bounds, never
on the data). A sum of ``k`` noisy values (a marginal) has the margin of the
k-fold convolution of the noise, computed exactly on the integer grid.

Non-negative post-processing (negative counts set to 0) cannot move a value
away from a true count ≥ 0, so the interval [max(0, v − h), v + h] covers the
truth at least as often as the raw one.
"""
from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

from .. import mechanisms
from ..accounting.checks import check_delta, check_epsilon
from ..accounting.contract import Release
from ..accounting.costs import PrivacyCost
from ..accounting.units import PrivacyUnit
from ..mechanisms import discrete_gaussian

DISCRETE_LAPLACE = "discrete_laplace"
GAUSSIAN = "gaussian"
NOISES = (DISCRETE_LAPLACE, GAUSSIAN)
LEVEL = 0.95

#: Widest integer grid (±) the exact margin of error convolves (a fuzzed input once asked for 1.5 TiB).
MAX_GRID_HALF = 10 ** 7


def check_noise(noise: str, delta: float) -> float:
    """Validate the noise name and its δ (δ > 0 for Gaussian, 0 for discrete Laplace)."""
    if noise not in NOISES:
        raise ValueError(f"unknown noise {noise!r}; choose one of {', '.join(NOISES)}")
    delta = check_delta(delta)
    if noise == GAUSSIAN and delta <= 0:
        raise ValueError("Gaussian noise needs delta > 0")
    return delta if noise == GAUSSIAN else 0.0


def noisy_counts(counts, *, noise: str, sensitivity: int, epsilon: float, delta: float,
                 rng: np.random.Generator, protects: str, what: str = "") -> Release:
    """Counts plus noise for a user-level sensitivity (L1 for discrete Laplace, L2 for
    Gaussian). ``values`` are the raw noisy counts (not yet clipped); ``public`` holds the
    noise parameters and the 95 % margin of error of one value. ``what`` prefixes the
    cost part's note (which statistic it paid for); the unit of privacy is one user."""
    delta = check_noise(noise, delta)
    counts = np.asarray(counts, dtype=np.int64)
    if noise == DISCRETE_LAPLACE:
        rel = mechanisms.discrete_laplace(counts, sensitivity=int(sensitivity), epsilon=epsilon,
                                          rng=rng, protects=protects)
    else:
        rel = mechanisms.gaussian(counts, l2_sensitivity=float(sensitivity), epsilon=epsilon,
                                  delta=delta, rng=rng, protects=protects)
    rel.cost = PrivacyCost(tuple(replace(p, unit_of_privacy=PrivacyUnit.USER,
                                         note=f"{what}; {p.note}" if what else p.note)
                                 for p in rel.cost.parts))
    rel.public.update(noise=noise, sensitivity=sensitivity,
                    margin_of_error=margin_of_error(noise, sensitivity=sensitivity,
                                                    epsilon=epsilon, delta=delta,
                                                    values=counts.size))
    return rel


def margin_of_error(noise: str, *, sensitivity: float, epsilon: float, delta: float = 0.0,
                    n_summed: int = 1, level: float = LEVEL, values: int = 1) -> float:
    """Half-width h with P(|Z₁ + … + Z_k| ≤ h) ≥ ``level`` for k = ``n_summed`` i.i.d. noises.

    ``values``: how many values the release noised together (public); the
    Gaussian's σ depends on it slightly (its sampler's share of δ).
    """
    check_epsilon(epsilon)
    k = int(n_summed)
    if k < 1:
        raise ValueError("n_summed must be ≥ 1")
    if noise == GAUSSIAN:
        # The counts are integers, so the noise is N_Z(0, σ²) exactly (discrete Gaussian).
        sigma = mechanisms.gaussian_sigma(float(sensitivity), epsilon, delta, size=values)
        z = np.arange(-int(math.ceil(9 * sigma)) - 1, int(math.ceil(9 * sigma)) + 2)
        return float(_summed_quantile(discrete_gaussian.pmf(z, sigma), k, level))
    if noise != DISCRETE_LAPLACE:
        raise ValueError(f"unknown noise {noise!r}")
    alpha = mechanisms.discrete_laplace_alpha(sensitivity, epsilon)
    if k == 1:  # P(|Z| > h) = 2α^(h+1)/(1+α)
        if alpha == 0.0:
            return 0.0
        return float(max(0, math.ceil(math.log((1 - level) * (1 + alpha) / 2) /
                                      math.log(alpha)) - 1))
    if alpha == 0.0:
        return 0.0
    half = int(math.ceil(math.log(1e-13 * (1 - alpha)) / math.log(alpha)))
    if half > MAX_GRID_HALF:
        raise ValueError(f"the noise (sensitivity {sensitivity:g} at ε = {epsilon:g}) is too wide "
                         "for an exact margin of error: lower the per-user bound or raise ε")
    z = np.arange(-half, half + 1)
    return float(_summed_quantile((1 - alpha) / (1 + alpha) * np.power(alpha, np.abs(z)),
                                  k, level))


def _summed_quantile(pmf: np.ndarray, k: int, level: float) -> int:
    """Smallest integer h with P(|Σ_k Z_i| ≤ h) ≥ level, by exact convolution of one noise's
    ``pmf`` (symmetric, on a centred integer grid holding all but ~1e-13 of its mass)."""
    from scipy.signal import fftconvolve  # imported here: scipy.signal loads scipy.stats (~0.2 s)
    total = pmf
    for _ in range(k - 1):
        total = np.clip(fftconvolve(total, pmf), 0.0, None)
    centre = (total.size - 1) // 2
    inside = total[centre] + np.cumsum(total[centre + 1:] + total[centre - 1::-1])
    return int(np.searchsorted(inside, level - 1e-12) + 1) if inside.size else 0
