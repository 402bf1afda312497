"""The basic DP mechanisms, vectorised with numpy.

Each function takes the true values, the sensitivity, the privacy parameters
and a ``numpy.random.Generator`` (from :func:`dpcore.privacy.make_rng`) and
returns a :class:`~dpcore.privacy.Release` whose cost is one part per call.

References: Dwork & Roth, *The Algorithmic Foundations of Differential
Privacy* (2014) §3.3 (Laplace), §3.4 (exponential), §3.6 (sparse vector),
App. A (Gaussian); Ghosh, Roughgarden & Sundararajan (2009) (geometric);
Balle & Wang, ICML 2018 (analytic Gaussian); Lyu, Su & Li, VLDB 2017
(sparse vector with cutoff); Kairouz et al. 2016 (k-ary randomized response).

Floating-point caveat: like numpy's own samplers, these draw from IEEE
doubles, so they are not hardened against the floating-point attacks of
Mironov (CCS 2012). The discrete Laplace sampler outputs integers only,
which removes the low-bit leakage of continuous Laplace on integer data.
"""
from __future__ import annotations

import math
import numpy as np
from scipy import optimize, special

from .privacy import (PrivacyCost, Release, check_delta, check_epsilon)
from .secure_random import SecureGenerator


def _check_sensitivity(sensitivity: float, name: str = "sensitivity") -> float:
    sensitivity = float(sensitivity)
    if not (sensitivity > 0 and math.isfinite(sensitivity)):
        raise ValueError(f"{name} must be a positive finite number, got {sensitivity}")
    return sensitivity


# --------------------------------------------------------------------------
# Laplace and discrete Laplace
# --------------------------------------------------------------------------

def laplace_scale(sensitivity: float, epsilon: float) -> float:
    """b = Δ₁/ε (Dwork & Roth Def. 3.3)."""
    return _check_sensitivity(sensitivity) / check_epsilon(epsilon)


def laplace(values, *, sensitivity: float, epsilon: float, rng: np.random.Generator,
            protects: str = "") -> Release:
    """Add Lap(Δ₁/ε) to every value: ε-DP for a query of L1 sensitivity Δ₁."""
    values = np.asarray(values, dtype=float)
    b = laplace_scale(sensitivity, epsilon)
    noisy = values + rng.laplace(0.0, b, size=values.shape)
    return Release(noisy, PrivacyCost.of("Laplace", epsilon, sensitivity=sensitivity,
                                         protects=protects, note=f"scale b={b:.6g}"),
                   info={"scale": b})


def discrete_laplace_alpha(sensitivity: float, epsilon: float) -> float:
    """α = exp(−ε/Δ₁), the ratio of consecutive probabilities."""
    return math.exp(-check_epsilon(epsilon) / _check_sensitivity(sensitivity))


def discrete_laplace_pmf(k, *, sensitivity: float, epsilon: float) -> np.ndarray:
    """P(Z = k) = (1−α)/(1+α) · α^|k| of the two-sided geometric distribution."""
    alpha = discrete_laplace_alpha(sensitivity, epsilon)
    k = np.abs(np.asarray(k, dtype=float))
    return (1 - alpha) / (1 + alpha) * np.power(alpha, k)


def discrete_laplace_noise(shape, *, sensitivity: float, epsilon: float,
                           rng: np.random.Generator) -> np.ndarray:
    """Integer noise Z = G₁ − G₂ with G₁, G₂ i.i.d. Geometric(1 − α) on {0, 1, …}.

    The difference of two such geometrics is exactly two-sided geometric
    with ratio α (Ghosh et al. 2009); numpy counts trials from 1, which
    cancels in the difference.
    """
    # p = 1 − α via expm1, exact even when ε/Δ is tiny and α rounds towards 1.
    p = -math.expm1(-check_epsilon(epsilon) / _check_sensitivity(sensitivity))
    if isinstance(rng, SecureGenerator):   # one OS-random word per sample instead of two
        return rng.two_sided_geometric(p, size=shape)
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
                   info={"alpha": alpha, "noise_std": math.sqrt(2 * alpha) / (1 - alpha)})


# --------------------------------------------------------------------------
# Gaussian
# --------------------------------------------------------------------------

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
    f = lambda log_s: analytic_gaussian_delta(math.exp(log_s), sens, epsilon) - delta
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
             protects: str = "") -> Release:
    """Add N(0, σ²): (ε, δ)-DP for a query of L2 sensitivity Δ₂.

    ``calibration`` is ``"analytic"`` (Balle & Wang, tight for every ε) or
    ``"classic"`` (the Acs & Castelluccia formula, ε < 1 only).
    """
    sigma = gaussian_sigma(l2_sensitivity, epsilon, delta, calibration)
    values = np.asarray(values, dtype=float)
    noisy = values + rng.normal(0.0, sigma, size=values.shape)
    return Release(noisy, PrivacyCost.of(f"Gaussian ({calibration})", epsilon, delta,
                                         sensitivity=l2_sensitivity, protects=protects,
                                         note=f"sigma={sigma:.6g}"),
                   info={"sigma": sigma})


# --------------------------------------------------------------------------
# Exponential mechanism
# --------------------------------------------------------------------------

def exponential_log_probabilities(utilities, *, sensitivity: float, epsilon: float,
                                  monotonic: bool = False) -> np.ndarray:
    """log P(i) ∝ ε·u_i/(2Δu) (ε·u_i/Δu if the utility is monotonic), normalised by log-sum-exp."""
    u = np.asarray(utilities, dtype=float)
    if u.ndim != 1 or u.size == 0:
        raise ValueError("the exponential mechanism needs a non-empty 1-D array of utilities")
    if not np.all(np.isfinite(u)):
        raise ValueError("utilities must be finite")
    factor = check_epsilon(epsilon) / ((1.0 if monotonic else 2.0) * _check_sensitivity(sensitivity))
    # Shift by max(u) before scaling: u − max(u) is exact for nearby large
    # utilities (1e12 + small), whereas ε·u/(2Δ) would round them first.
    logits = factor * (u - u.max())
    return logits - special.logsumexp(logits)


def exponential(utilities, *, sensitivity: float, epsilon: float, rng: np.random.Generator,
                monotonic: bool = False, protects: str = "") -> Release:
    """Pick index i with probability ∝ exp(ε·u_i/(2Δu)) (Dwork & Roth Def. 3.4).

    Sampled with the Gumbel-max trick, which never exponentiates the
    utilities and so stays exact for utilities of any size.
    """
    logp = exponential_log_probabilities(utilities, sensitivity=sensitivity,
                                         epsilon=epsilon, monotonic=monotonic)
    choice = int(np.argmax(logp + rng.gumbel(size=logp.shape)))
    return Release(choice, PrivacyCost.of("exponential", epsilon, sensitivity=sensitivity,
                                          protects=protects,
                                          note="monotonic utility" if monotonic else ""))


# --------------------------------------------------------------------------
# Sparse vector technique
# --------------------------------------------------------------------------

def sparse_vector(queries, threshold, *, sensitivity: float, epsilon: float, cutoff: int,
                  rng: np.random.Generator, monotonic: bool = False,
                  threshold_share: float = 0.5, protects: str = "") -> Release:
    """Above-threshold with cutoff c (Lyu, Su & Li 2017, Alg. 1).

    ε₁ = share·ε perturbs the threshold once, ρ ~ Lap(Δ/ε₁); ε₂ = ε − ε₁
    perturbs each query, ν_i ~ Lap(2cΔ/ε₂) (cΔ/ε₂ for monotonic queries).
    The run stops after c answers above the noisy threshold. The whole
    sequence of answers is ε-DP. Only the *indices* are released: the noisy
    query values must never be published (draw fresh noise for that).

    ``threshold`` is a scalar or one threshold per query. Returns the
    boolean answer per query (False after the run stopped) and, in ``info``,
    how many queries were examined.
    """
    q = np.asarray(queries, dtype=float)
    if q.ndim != 1:
        raise ValueError("queries must be a 1-D array")
    cutoff = int(cutoff)
    if cutoff < 1:
        raise ValueError(f"cutoff must be at least 1, got {cutoff}")
    if not 0 < threshold_share < 1:
        raise ValueError("threshold_share must be in (0, 1)")
    epsilon = check_epsilon(epsilon)
    sens = _check_sensitivity(sensitivity)
    eps1 = threshold_share * epsilon
    eps2 = epsilon - eps1
    t = np.broadcast_to(np.asarray(threshold, dtype=float), q.shape)
    rho = rng.laplace(0.0, sens / eps1)
    nu = rng.laplace(0.0, (1.0 if monotonic else 2.0) * cutoff * sens / eps2, size=q.shape)
    above = q + nu >= t + rho
    hits = np.flatnonzero(above)
    answers = np.zeros(q.shape, dtype=bool)
    if hits.size >= cutoff:
        examined = int(hits[cutoff - 1]) + 1
        answers[hits[:cutoff]] = True
    else:
        examined = q.size
        answers[hits] = True
    cost = (PrivacyCost.of("SVT threshold noise", eps1, sensitivity=sens, protects=protects,
                           note=f"rho ~ Lap({sens / eps1:.6g})")
            + PrivacyCost.of("SVT query noise", eps2, sensitivity=sens, protects=protects,
                             note=f"cutoff c={cutoff}, nu ~ Lap("
                                  f"{(1.0 if monotonic else 2.0) * cutoff * sens / eps2:.6g})"))
    return Release(answers, cost, info={"examined": examined, "positives": int(answers.sum())})


# --------------------------------------------------------------------------
# k-ary randomized response
# --------------------------------------------------------------------------

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
    """k-ary randomized response (local ε-DP) on integer categories 0..k−1."""
    keep = krr_keep_probability(k, epsilon)
    k = int(k)
    x = np.asarray(values)
    if x.size and (not np.issubdtype(x.dtype, np.integer) or x.min() < 0 or x.max() >= k):
        raise ValueError(f"k-RR values must be integers in [0, {k})")
    flip = rng.random(x.shape) >= keep
    # A uniform draw among the k−1 other categories: shift by 1..k−1 modulo k.
    shift = rng.integers(1, k, size=x.shape)
    out = np.where(flip, (x + shift) % k, x).astype(np.int64)
    return Release(out, PrivacyCost.of("k-ary randomized response", epsilon,
                                       sensitivity=None, protects=protects,
                                       note=f"k={k}, keep={keep:.6g}"))


def gaussian_sigma(l2_sensitivity: float, epsilon: float, delta: float,
                   calibration: str = "analytic") -> float:
    """σ for either calibration (see :func:`gaussian`)."""
    if calibration == "classic":
        return gaussian_sigma_classic(l2_sensitivity, epsilon, delta)
    if calibration == "analytic":
        return gaussian_sigma_analytic(l2_sensitivity, epsilon, delta)
    raise ValueError(f"unknown Gaussian calibration {calibration!r}")
