"""Discrete Laplace (two-sided geometric) noise on integers (Ghosh, Roughgarden &
Sundararajan 2009); releases draw it exactly (:mod:`dpcore.mechanisms.exact_geometric`)."""
from __future__ import annotations

import math

import numpy as np

from ..accounting.checks import check_epsilon
from ..accounting.contract import Release
from ..accounting.costs import PrivacyCost
from ..random.secure_random import SecureGenerator
from .exact_geometric import discrete_laplace_draws
from .limits import _check_sensitivity, check_representable


def discrete_laplace_alpha(sensitivity: float, epsilon: float) -> float:
    """α = exp(−ε/Δ₁), the ratio of consecutive probabilities (ε/Δ₁ ≥ 1e-12: below, 1 − α
    loses its digits and the noise's scale, above 10¹², means nothing)."""
    ratio = check_epsilon(epsilon) / _check_sensitivity(sensitivity)
    if ratio < 1e-12:
        raise ValueError(f"epsilon={epsilon:g} for sensitivity {sensitivity:g} is too small for "
                         "discrete Laplace noise (scale above 10^12): raise epsilon or its share")
    return math.exp(-ratio)


def discrete_laplace_noise(shape, *, sensitivity: float, epsilon: float,
                           rng: np.random.Generator) -> np.ndarray:
    """Integer noise Z = G₁ − G₂ with G₁, G₂ i.i.d. Geometric(1 − α) on {0, 1, …}.

    The difference of two such geometrics is exactly two-sided geometric
    with ratio α (Ghosh et al. 2009); numpy counts trials from 1, which
    cancels in the difference.
    """
    sensitivity = _check_sensitivity(sensitivity)
    check_representable(epsilon, sensitivity, "discrete Laplace noise")
    discrete_laplace_alpha(sensitivity, epsilon)            # refuses ε/Δ < 1e-12
    if isinstance(rng, SecureGenerator):   # a release: the exact law (dpcore.mechanisms.exact_geometric)
        return discrete_laplace_draws(shape, epsilon=epsilon, sensitivity=sensitivity, rng=rng)
    # Seeded runs (reproducible, not for publication) keep numpy's draws and their numbers.
    # p = 1 − α via expm1, exact even when ε/Δ is tiny and α rounds towards 1.
    p = -math.expm1(-check_epsilon(epsilon) / sensitivity)
    return rng.geometric(p, size=shape).astype(np.int64) - rng.geometric(p, size=shape)


def discrete_laplace(values, *, sensitivity: int, epsilon: float,
                     rng: np.random.Generator, protects: str = "") -> Release:
    """Integer counts plus two-sided geometric noise: ε-DP for integer L1 sensitivity Δ₁."""
    values = np.asarray(values)
    if not np.issubdtype(values.dtype, np.integer):
        if not np.issubdtype(values.dtype, np.floating):
            raise ValueError(f"discrete Laplace needs integer values, got dtype {values.dtype}")
        if not (np.all(np.isfinite(values)) and np.all(values == np.round(values))):
            raise ValueError("discrete Laplace needs integer values")
        values = values.astype(np.int64)
    if _check_sensitivity(sensitivity) != int(sensitivity):
        raise ValueError(f"discrete Laplace needs an integer sensitivity, got {sensitivity}")
    noise = discrete_laplace_noise(values.shape, sensitivity=sensitivity,
                                   epsilon=epsilon, rng=rng)
    alpha = discrete_laplace_alpha(sensitivity, epsilon)
    return Release(values.astype(np.int64) + noise,
                   PrivacyCost.of("discrete Laplace", epsilon, sensitivity=sensitivity,
                                  protects=protects, note=f"alpha={alpha:.6g}"),
                   public={"alpha": alpha, "noise_std": math.sqrt(2 * alpha) / (1 - alpha)})
