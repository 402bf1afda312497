"""The discrete Gaussian mechanism (Canonne, Kamath & Steinke, NeurIPS 2020).

The floating-point-safe form of the Gaussian mechanism: the true values are
integers (counts) or are rounded to a public power-of-two grid Λ, and the
noise is an integer Y ~ N_Z(0, σ²), P(Y = y) ∝ exp(−y²/(2σ²)). The output
Λ·(k + Y) is a function of integers only, so its low bits carry nothing
(Mironov, CCS 2012, does not apply), and every part of the cost is
computed here:

* **Privacy** (CKS §2.2 and §4): for integer vectors x, x′ with
  ‖x − x′‖₂ ≤ Δ, adding independent N_Z(0, σ²) to each coordinate is
  ρ-zCDP with ρ = Δ²/(2σ²) (the Rényi divergence of two discrete Gaussians
  shifted by an integer is at most that of the continuous ones, and Rényi
  divergences of product distributions add). ρ-zCDP implies (ε, δ)-DP
  with δ = inf_α e^{(α−1)(αρ−ε)}/(α−1)·(1−1/α)^α (CKS Cor. 13):
  :func:`zcdp_delta`. This costs 4–10 % more σ than the analytic
  calibration of the *continuous* Gaussian (Balle & Wang 2018) at
  δ = 1e-5..1e-9; that is the price of a proof.
* **Rounding** (real-valued inputs only): rounding each coordinate to the
  grid moves it by at most Λ/2, so the rounded vectors differ by at most
  Δ + √d·Λ in L2 (d values). Λ is the largest power of two with
  √d·Λ ≤ 2^−10·Δ, and the charged sensitivity includes the √d·Λ.
* **Sampler** (CKS Alg. 1–3, vectorised): rejection sampling from a
  discrete Laplace proposal built from uniform integers, Bernoulli(e^−u/t)
  by CKS Alg. 1 in integer arithmetic (exact) and a geometric whose
  Bernoulli(e^−1) is decided on 62 bits (off by < 2^−62).
  The Gaussian loop's accept decision compares a 53-bit uniform with a
  double-precision exp(−γ), an absolute error of at most
  :data:`DECISION_ERROR`; :func:`sampler_tv_bound` turns it into a
  total-variation distance η ≈ 2e-15 per sample from the exact N_Z(0, σ²). A mechanism whose outputs are within
  TV η of an (ε, δ)-DP mechanism's is (ε, δ + η(1 + e^ε))-DP; for d values
  the TV is at most d·η. That δ is charged (``sampler_delta``) and the
  noise is calibrated to the rest of δ, so a release costs exactly the
  (ε, δ) asked for.
"""
from __future__ import annotations

import decimal
import functools
import math

import numpy as np
from scipy import optimize

from ..accounting.checks import check_delta, check_epsilon

#: Bound on |P(decision = accept) − exp(−γ)| for the one float decision of
#: the sampler, ``random() < exp(−γ)`` in the Gaussian loop: the 53-bit
#: uniform contributes 2^−53, numpy's exp (≤ 4 ulps of a value ≤ 1)
#: 4·2^−53, the rounding of γ (≤ 4 ulps of γ, times γ·e^−γ ≤ 1/e)
#: 1.5·2^−53; 2^−50 = 8·2^−53 covers all. Every other step is exact.
DECISION_ERROR = 2.0 ** -50
#: Lower bound on the Gaussian loop's acceptance rate for every σ:
#: c_t·e^{−σ²/(2t²)}·Σ_y e^{−y²/(2σ²)}, c_t = (1 − e^{−1/t})/(1 + e^{−1/t}),
#: t = ⌊σ⌋ + 1, whose minimum is 0.445 near σ = 0.3 (the tests check 0.44
#: over σ = 10^−2 … 10^6).
GAUSSIAN_ACCEPTANCE = 0.44
#: Real values are rounded to the largest power of two Λ with √d·Λ ≤ 2^−10·Δ.
GRID_BITS = 10
#: The sampler needs σ/Λ below 2^40 (int64 room for the proposal U + t·V).
MAX_SIGMA_UNITS = 2.0 ** 40
_WORD = 1 << 62
#: ⌊e^−1·2^62⌋, from 40 significant digits of e^−1.
_EXP_MINUS_ONE_62 = int(decimal.Context(prec=40).exp(decimal.Decimal(-1)) * _WORD)
#: Bound on |P(success) − e^−1| of one Bernoulli of :func:`_geometric`; a
#: geometric draw takes 1/(1 − e^−1) < 2 Bernoullis on average.
GEOMETRIC_ERROR = 2.0 ** -62
#: Lower bound on the proposal loop's acceptance rate, for every t:
#: A − (1 − 1/e)/(2t) ≥ A/2 ≥ (1 − 1/e)/2 with A = Σ_{u<t} e^{−u/t}/t.
PROPOSAL_ACCEPTANCE = 0.5 * (1.0 - math.exp(-1.0))


def _after_rejection(pre_l1: float, decision: float, acceptance: float) -> float:
    """L1 distance after a rejection loop.

    Before: proposals at L1 distance ``pre_l1`` from the exact ones,
    accept decisions off by at most ``decision``, exact acceptance rate
    ≥ ``acceptance`` = Z. With q̃ã − qa of L1 norm ≤ l + e and |Z̃ − Z| ≤ l + e,
    the accepted outputs are within 2(l + e)/(Z − l − e) in L1.
    """
    slack = pre_l1 + decision
    return 2.0 * slack / (acceptance - slack)


def sampler_tv_bound() -> float:
    """η: total-variation distance of one :func:`sample` draw from N_Z(0, σ²), any σ.

    The discrete Laplace proposal's uniform, sign and accept decision are
    exact; its geometric takes < 2 Bernoullis off by ≤ :data:`GEOMETRIC_ERROR`
    on average (L1 ≤ 4·GEOMETRIC_ERROR); the Gaussian loop's accept decision
    is off by ≤ :data:`DECISION_ERROR`.
    """
    proposal = _after_rejection(4.0 * GEOMETRIC_ERROR, 0.0, PROPOSAL_ACCEPTANCE)
    return _after_rejection(proposal, DECISION_ERROR, GAUSSIAN_ACCEPTANCE) / 2.0


def sampler_delta(size: int, epsilon: float) -> float:
    """δ charged for ``size`` approximate draws: size·η·(1 + e^ε)."""
    return int(size) * sampler_tv_bound() * (1.0 + math.exp(min(epsilon, 700.0)))


def _uniform_below(m: np.ndarray, rng) -> np.ndarray:
    """Exact uniform integers in [0, m) for an int64 array m < 2^62 (rejection from 62 bits)."""
    w = rng.integers(0, _WORD, size=m.size)
    redraw = np.flatnonzero(w >= (_WORD // m) * m)     # probability < m/2^62 each
    while redraw.size:
        w[redraw] = rng.integers(0, _WORD, size=redraw.size)
        redraw = redraw[w[redraw] >= (_WORD // m[redraw]) * m[redraw]]
    return w % m


def _bernoulli_exp(numerator: np.ndarray, denominator: np.ndarray, rng) -> np.ndarray:
    """Exact Bernoulli(exp(−γ)) for γ = numerator/denominator ∈ [0, 1] (CKS Alg. 1).

    K counts up while Bernoulli(γ/K) succeeds; the answer is "K is odd".
    Each Bernoulli(γ/K) compares an exact uniform integer below
    denominator·K with the numerator: no floating point at all.
    """
    n = numerator.size
    k = np.ones(n, dtype=np.int64)
    todo = np.arange(n)
    while todo.size:
        success = _uniform_below(denominator[todo] * k[todo], rng) < numerator[todo]
        k[todo[success]] += 1
        todo = todo[success]
    return (k % 2) == 1


def _geometric(n: int, rng) -> np.ndarray:
    """V ~ Geometric(1 − e^−1) on {0, 1, …}: successes of Bernoulli(e^−1) before a failure.

    Each Bernoulli compares a uniform 62-bit integer with ⌊e^−1·2^62⌋, off
    by < 2^−62 (:data:`GEOMETRIC_ERROR`); measured 5× faster than CKS
    Alg. 1 with γ = 1, which needs e draws per Bernoulli.
    """
    v = np.zeros(n, dtype=np.int64)
    alive = np.arange(n)
    while alive.size:
        success = rng.integers(0, _WORD, size=alive.size) < _EXP_MINUS_ONE_62
        v[alive[success]] += 1
        alive = alive[success]
    return v


def _discrete_laplace(t: int, n: int, rng) -> np.ndarray:
    """n exact draws of P(y) ∝ e^{−|y|/t} (CKS Alg. 2, vectorised over n)."""
    out = np.empty(n, dtype=np.int64)
    todo = np.arange(n)
    while todo.size:
        k = todo.size
        u = rng.integers(0, t, size=k)
        keep = _bernoulli_exp(u, np.full(k, t, dtype=np.int64), rng)
        x = u + t * _geometric(k, rng)
        negative = rng.integers(0, 2, size=k).astype(bool)
        keep &= ~(negative & (x == 0))
        y = np.where(negative, -x, x)
        out[todo[keep]] = y[keep]
        todo = todo[~keep]
    return out


def sample(shape, sigma: float, rng) -> np.ndarray:
    """Integer noise Y ~ N_Z(0, σ²) of the given shape (CKS Alg. 3, vectorised).

    Proposals from the discrete Laplace of scale t = ⌊σ⌋ + 1 are accepted
    with probability exp(−(|y| − σ²/t)²/(2σ²)).
    """
    sigma = float(sigma)
    if not (sigma > 0 and sigma < MAX_SIGMA_UNITS):
        raise ValueError(f"the discrete Gaussian needs 0 < sigma < 2^40 grid units, got {sigma}")
    shape = (int(shape),) if np.ndim(shape) == 0 else tuple(int(s) for s in shape)
    n = int(np.prod(shape, dtype=np.int64))
    t = int(math.floor(sigma)) + 1
    s2 = sigma * sigma
    out = np.empty(n, dtype=np.int64)
    todo = np.arange(n)
    while todo.size:
        y = _discrete_laplace(t, todo.size, rng)
        gamma = (np.abs(y) - s2 / t) ** 2 / (2.0 * s2)
        keep = rng.random(todo.size) < np.exp(-gamma)
        out[todo[keep]] = y[keep]
        todo = todo[~keep]
    return out.reshape(shape)


def pmf(support, sigma: float) -> np.ndarray:
    """P(Y = y) of N_Z(0, σ²) on integer ``support``, normalised over |y| ≤ 40σ + 40."""
    half = int(math.ceil(40 * sigma)) + 40
    norm = np.exp(-np.arange(-half, half + 1, dtype=float) ** 2 / (2 * sigma * sigma)).sum()
    y = np.asarray(support, dtype=float)
    return np.exp(-y * y / (2 * sigma * sigma)) / norm


@functools.lru_cache(maxsize=4096)
def zcdp_delta(rho: float, epsilon: float) -> float:
    """δ such that ρ-zCDP implies (ε, δ)-DP (CKS Cor. 13).

    δ = inf_{α>1} exp((α−1)(αρ−ε))/(α−1)·(1−1/α)^α. Every α gives a valid
    bound, so an inexact minimisation only makes δ larger (safe).
    """
    if rho <= 0:
        return 0.0

    def log_delta(log_a1):
        a = 1.0 + math.exp(log_a1)
        return (a - 1) * (a * rho - epsilon) + a * math.log1p(-1.0 / a) - math.log(a - 1)

    best = (epsilon + rho) / (2 * rho)                 # near the optimal α for small ρ
    centre = math.log(max(best - 1.0, 1e-10))
    res = optimize.minimize_scalar(log_delta, bounds=(max(centre - 30.0, -23.0), centre + 5.0),
                                   method="bounded", options={"xatol": 1e-10})
    return min(1.0, math.exp(min(res.fun, log_delta(centre), 0.0)))


@functools.lru_cache(maxsize=1024)
def sigma_for(sensitivity: float, epsilon: float, delta: float) -> float:
    """Smallest σ (same units as Δ) with :func:`zcdp_delta`(Δ²/(2σ²), ε) ≤ δ.

    Cached (as :func:`zcdp_delta` is): a pure function of public numbers,
    solved by ~10³ evaluations of the bound, and repeated releases (audits,
    the §6 τ search) ask it again.
    """
    target = math.log(delta)
    def f(log_s):
        return math.log(max(zcdp_delta(sensitivity ** 2 / (2 * math.exp(2 * log_s)),
                                                  epsilon), 1e-300)) - target
    lo, hi = math.log(sensitivity) - 10.0, math.log(sensitivity) + 5.0
    while f(hi) > 0:
        hi += 5.0
    while f(lo) < 0:
        lo -= 5.0
    sigma = math.exp(optimize.brentq(f, lo, hi, xtol=1e-12, rtol=1e-12))
    while zcdp_delta(sensitivity ** 2 / (2 * sigma * sigma), epsilon) > delta:
        sigma *= 1 + 1e-12
    return sigma


def grid_for(l2_sensitivity: float, size: int) -> float:
    """Λ: the largest power of two with √size·Λ ≤ 2^−GRID_BITS·Δ₂."""
    return math.ldexp(1.0, math.floor(math.log2(l2_sensitivity / math.sqrt(max(size, 1))))
                      - GRID_BITS)


def calibrate(l2_sensitivity: float, epsilon: float, delta: float, *, size: int,
              integer_valued: bool, minimum_sigma: float = 0.0) -> dict:
    """The discrete Gaussian's parameters for a total cost of exactly (ε, δ).

    ``size`` is the public number of values the mechanism may be applied
    to; ``integer_valued`` says the true values are integers (counts:
    Λ = 1, no rounding); otherwise they are rounded to :func:`grid_for`.
    ``minimum_sigma`` (value units) raises σ, e.g. to a classic
    calibration. Returns σ and Λ in value units, the charged sensitivity,
    ρ and the two shares of δ.
    """
    epsilon, delta = check_epsilon(epsilon), check_delta(delta)
    if delta <= 0:
        raise ValueError("the Gaussian mechanism needs delta > 0")
    size = max(int(size), 1)
    grid = 1.0 if integer_valued else grid_for(l2_sensitivity, size)
    charged = l2_sensitivity + (0.0 if integer_valued else math.sqrt(size) * grid)
    spent_on_sampler = sampler_delta(size, epsilon)
    if not spent_on_sampler < 0.1 * delta:
        raise ValueError(
            f"epsilon={epsilon:g} is too large for the discrete Gaussian on {size} value(s) "
            f"with delta={delta:g}: the sampler's proven floating-point error would cost "
            f"delta={spent_on_sampler:.3g}, more than a tenth of delta. Use a smaller epsilon, "
            "a larger delta or the discrete Laplace mechanism.")
    units = max(sigma_for(charged / grid, epsilon, delta - spent_on_sampler),
                minimum_sigma / grid)
    if units >= MAX_SIGMA_UNITS:
        raise ValueError("the noise is too large for the discrete Gaussian sampler "
                         f"(sigma = {units:.3g} grid units ≥ 2^40)")
    rho = (charged / grid) ** 2 / (2 * units * units)
    return {"sigma": units * grid, "granularity": grid, "charged_sensitivity": charged,
            "rho": rho, "noise_delta": zcdp_delta(rho, epsilon),
            "sampler_delta": spent_on_sampler, "size": size}
