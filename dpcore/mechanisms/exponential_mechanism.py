"""The exponential mechanism (Dwork & Roth 2014, §3.4), sampled exactly
(:mod:`dpcore.mechanisms.exact_sampling`)."""
from __future__ import annotations

import numpy as np
from scipy import special

from ..accounting.checks import check_epsilon
from ..accounting.contract import Release
from ..accounting.costs import PrivacyCost
from .exact_sampling import ExactCategorical, ExpWeights, Term
from .limits import _check_sensitivity


def _check_utilities(utilities) -> np.ndarray:
    u = np.asarray(utilities, dtype=float)
    if u.ndim != 1 or u.size == 0:
        raise ValueError("the exponential mechanism needs a non-empty 1-D array of utilities")
    if not np.all(np.isfinite(u)):
        raise ValueError("utilities must be finite")
    return u


def exponential_log_probabilities(utilities, *, sensitivity: float, epsilon: float,
                                  monotonic: bool = False) -> np.ndarray:
    """log P(i) ∝ ε·u_i/(2Δu) (ε·u_i/Δu if the utility is monotonic), normalised by log-sum-exp."""
    u = _check_utilities(utilities)
    factor = check_epsilon(epsilon) / ((1.0 if monotonic else 2.0) * _check_sensitivity(sensitivity))
    # Shift by max(u) before scaling: u − max(u) is exact for nearby large
    # utilities (1e12 + small), whereas ε·u/(2Δ) would round them first.
    logits = factor * (u - u.max())
    return logits - special.logsumexp(logits)


def exponential(utilities, *, sensitivity: float, epsilon: float, rng: np.random.Generator,
                monotonic: bool = False, protects: str = "") -> Release:
    """Pick index i with probability ∝ exp(ε·u_i/(2Δu)) (Dwork & Roth Def. 3.4).

    Sampled exactly (:mod:`dpcore.mechanisms.exact_sampling`): the weights are
    e^{−γ_i} with γ_i = ε·(max u − u_i)/(2Δu) taken at the exact binary
    values of ε, Δu and the utilities, so the output distribution is the
    mechanism's own, not a floating-point neighbour of it (the Gumbel-max
    draw it replaces rounded every log-probability).
    Utilities of any size are fine: only differences to the maximum enter.
    """
    u = _check_utilities(utilities)
    sensitivity = _check_sensitivity(sensitivity)
    weights = ExpWeights([Term((check_epsilon(epsilon),), u.max(), u,
                               dens=((1.0 if monotonic else 2.0) * sensitivity,))])
    choice = int(ExactCategorical(weights).sample(1, rng)[0])
    return Release(choice, PrivacyCost.of("exponential", epsilon, sensitivity=sensitivity,
                                          protects=protects,
                                          note="monotonic utility" if monotonic else ""))
