"""k-ary randomized response (Kairouz et al. 2016), sampled exactly
(:mod:`dpcore.mechanisms.exact_sampling`)."""
from __future__ import annotations

import math

import numpy as np

from ..accounting.checks import check_epsilon
from ..accounting.contract import Release
from ..accounting.costs import PrivacyCost
from .exact_sampling import ExactCategorical, ExpWeights, Term
from .limits import check_representable


def _krr_check_k(k) -> int:
    if isinstance(k, bool) or int(k) != k or int(k) < 2:
        raise ValueError(f"k-ary randomized response needs an integer k >= 2, got {k}")
    return int(k)


def krr_other_probability(k: int, epsilon: float) -> float:
    """P(report = one given other value) = 1/(e^ε + k − 1), stable for large ε."""
    k = _krr_check_k(k)
    t = math.exp(-check_epsilon(epsilon))
    return t / (1.0 + (k - 1) * t)


def krr_keep_probability(k: int, epsilon: float) -> float:
    """P(report = true value) = e^ε/(e^ε + k − 1)."""
    k = _krr_check_k(k)
    t = math.exp(-check_epsilon(epsilon))
    return 1.0 / (1.0 + (k - 1) * t)


def krr_channel(k: int, epsilon: float) -> np.ndarray:
    """The k×k channel matrix C[x, y] = P(report y | true x).

    Off-diagonal entries are computed directly (not as 1 − keep), so their
    ratio to the diagonal stays exactly e^ε even when ε is large.
    """
    channel = np.full((int(k), int(k)), krr_other_probability(k, epsilon))
    np.fill_diagonal(channel, krr_keep_probability(k, epsilon))
    return channel


def krr(values, *, k: int, epsilon: float, rng: np.random.Generator,
        protects: str = "one reported value") -> Release:
    """k-ary randomized response (local ε-DP) on integer categories 0..k−1.

    The draw is exact (:mod:`dpcore.mechanisms.exact_sampling`): "keep" against
    "another value" with weights 1 and (k − 1)·e^{−ε} at ε's exact binary
    value, then a uniform one of the k − 1 others (exact integers).
    ε above ln(k − 1) + 32·ln 2 is still refused (:func:`check_representable`):
    the report would differ from the true value with probability below 2^−32.
    """
    keep = krr_keep_probability(k, epsilon)
    k = int(k)
    check_representable(epsilon, 1.0, f"k-ary randomized response with k={k}",
                        log_factor=math.log(k - 1))
    x = np.asarray(values)
    if x.size and (not np.issubdtype(x.dtype, np.integer) or x.min() < 0 or x.max() >= k):
        raise ValueError(f"k-RR values must be integers in [0, {k})")
    # Exact Bernoulli: "report another value" has weight (k − 1)·e^−ε against 1 for the true
    # value (dpcore.mechanisms.exact_sampling), not a double compared with a 53-bit uniform.
    flip = ExactCategorical(ExpWeights([Term((epsilon,), np.array([0.0, 1.0]))],
                                       counts=[1, k - 1])).sample(x.size, rng).reshape(x.shape) == 1
    # A uniform draw among the k−1 other categories: shift by 1..k−1 modulo k.
    shift = rng.integers(1, k, size=x.shape)
    out = np.where(flip, (x + shift) % k, x).astype(np.int64)
    return Release(out, PrivacyCost.of("k-ary randomized response", epsilon,
                                       sensitivity=None, protects=protects,
                                       note=f"k={k}, keep={keep:.6g}"))
