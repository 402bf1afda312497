"""The basic DP mechanisms, vectorised with numpy.

Each function takes the true values, the sensitivity, the privacy parameters
and a ``numpy.random.Generator`` (from :func:`dpcore.rng.make_rng`) and
returns a :class:`~dpcore.contract.Release` whose cost is one part per call.

References: Dwork & Roth, *The Algorithmic Foundations of Differential
Privacy* (2014) §3.3 (Laplace), §3.4 (exponential), §3.6 (sparse vector),
App. A (Gaussian); Ghosh, Roughgarden & Sundararajan (2009) (geometric);
Balle & Wang, ICML 2018 (analytic Gaussian); Lyu, Su & Li, VLDB 2017
(sparse vector with cutoff); Kairouz et al. 2016 (k-ary randomized response).

Floating point (Mironov, CCS 2012): a raw double ``x + Lap(λ)`` leaks the
true value through its low bits (the sets of doubles reachable from two
neighbouring inputs differ). Every continuous release here is therefore
float-safe:

* :func:`laplace` is Mironov's *snapping mechanism* (§5.2): the true value
  is clamped to a public bound B, the noise is S·λ·(−ln U*) with U* the
  exact uniform double (:mod:`dpcore.secure_random`), the sum is rounded
  to the power-of-two granularity Λ ≥ λ and clamped again. Its exact cost,
  (1 + 12·B·η)/λ + 2η per unit of sensitivity (Mironov Thm. 1, η the unit
  roundoff), is charged: the noise is calibrated to the *remaining* ε so
  the release costs exactly the ε asked for, and the cost part and
  ``info`` state Λ, B and the extra ε.
* :func:`gaussian` is the discrete Gaussian (Canonne, Kamath & Steinke
  2020, :mod:`dpcore.discrete_gaussian`): integer noise on integers or on
  a public power-of-two grid, with the rounding and the sampler's proven
  floating-point error charged in the sensitivity and in δ.
* Integer releases (:func:`discrete_laplace`, :func:`krr`,
  :func:`exponential`, :func:`sparse_vector`) output integers or indices
  and have no low bits to leak. :func:`krr` and :func:`exponential` sample
  their exact distributions (:mod:`dpcore.exact_sampling`); discrete
  Laplace is exact far into the tails (U*); ε beyond what their
  probabilities can represent is refused (:func:`check_representable`).
"""
from __future__ import annotations

import math
import numpy as np
from scipy import optimize, special

from .checks import check_delta, check_epsilon
from .contract import Release
from .costs import PrivacyCost
from . import discrete_gaussian
from .exact_geometric import discrete_laplace_draws
from .exact_sampling import ExactCategorical, ExpWeights, Term
from .secure_random import SecureGenerator


def _check_sensitivity(sensitivity: float, name: str = "sensitivity") -> float:
    sensitivity = float(sensitivity)
    if not (sensitivity > 0 and math.isfinite(sensitivity)):
        raise ValueError(f"{name} must be a positive finite number, got {sensitivity}")
    return sensitivity


# --------------------------------------------------------------------------
# Laplace and discrete Laplace
# --------------------------------------------------------------------------

#: Unit roundoff η charged for every floating-point operation of the
#: snapping mechanism: 2^−52, twice IEEE's 2^−53, so that numpy's logarithm
#: (accurate to one ulp, not correctly rounded as Mironov assumes) and the
#: division by the sensitivity are covered.
SNAPPING_ETA = 2.0 ** -52
#: Default public bound B on |true value|, in units of the sensitivity:
#: 2^28·Δ (about 2.7e8 sensitivities). Then the float-safety share of ε is
#: ≈ 14·2^28·η ≈ 8.3e-7 of ε, whatever ε. Mironov needs λ < B < 2^46·λ, so
#: at very large ε (tiny noise, above ε ≈ 2.6e5/Δ) the default shrinks to
#: 2^45 noise scales.
DEFAULT_BOUND_SENSITIVITIES = 2.0 ** 28
#: Smallest probability a sampler may be asked to draw: a Bernoulli(p)
#: decided by a 53-bit uniform has relative error ≤ 2^−53/p, at most 2^−21
#: (≈ 5e-7 in ε) for p ≥ 2^−32. Larger ε would make k-RR and discrete
#: Laplace deterministic in practice (their probabilities of change fall
#: below what a double can express); it is refused.
MIN_PROBABILITY = 2.0 ** -32
MAX_EPSILON_PER_SENSITIVITY = -math.log(MIN_PROBABILITY)   # 32·ln 2 ≈ 22.18


def laplace_scale(sensitivity: float, epsilon: float) -> float:
    """b = Δ₁/ε (Dwork & Roth Def. 3.3), before the float-safety share of ε."""
    return _check_sensitivity(sensitivity) / check_epsilon(epsilon)


def power_of_two_at_least(x: float) -> float:
    """Λ = the smallest power of two ≥ x (exact)."""
    mantissa, exponent = math.frexp(float(x))
    return math.ldexp(1.0, exponent - 1 if mantissa == 0.5 else exponent)


def snapping_plan(sensitivity: float, epsilon: float, bound=None) -> dict:
    """Parameters of the snapping mechanism for a total cost of exactly ``epsilon``.

    In units of the sensitivity Δ (values x/Δ, sensitivity 1) Mironov's
    Theorem 1 gives the cost ε_total = ε_n·(1 + 12·B′·η) + 2η for noise
    λ′ = 1/ε_n, bound B′ = B/Δ and granularity Λ′ = 2^⌈log₂ λ′⌉; dividing
    by Δ may stretch the sensitivity to 1 + 2·B′·η, charged as a factor.
    Solved for ε_n, the noise is Lap(Δ/ε_n) and ``extra_epsilon`` =
    ε − ε_n is what float safety costs. ``bound`` (public, same units as
    the values) defaults to :data:`DEFAULT_BOUND_SENSITIVITIES` sensitivities.
    """
    delta1, epsilon = _check_sensitivity(sensitivity), check_epsilon(epsilon)
    eta = SNAPPING_ETA
    if bound is None:
        b_units = min(DEFAULT_BOUND_SENSITIVITIES, 2.0 ** 45 / epsilon)
    else:
        b_units = float(bound) / delta1
    if not (b_units > 0 and math.isfinite(b_units)):
        raise ValueError(f"the public bound must be a positive finite number, got {bound}")
    eps_noise = (epsilon - 2 * eta) / ((1 + 2 * b_units * eta) * (1 + 12 * b_units * eta))
    if not eps_noise > 0.99 * epsilon:
        raise ValueError(
            f"the public bound {b_units * delta1:g} is too large for epsilon={epsilon:g}: "
            "floating-point safety (Mironov 2012) would cost more than 1 % of epsilon; "
            "give a smaller bound on the true values")
    lam = 1.0 / eps_noise
    if not (lam < b_units < 2.0 ** 46 * lam):
        raise ValueError(
            f"the public bound {b_units * delta1:g} must lie between one noise scale "
            f"({lam * delta1:g}) and 2^46 noise scales ({2.0 ** 46 * lam * delta1:g}) for the "
            "snapping mechanism (Mironov 2012)")
    return {"scale": lam * delta1, "granularity": power_of_two_at_least(lam) * delta1,
            "bound": b_units * delta1, "noise_epsilon": eps_noise,
            "extra_epsilon": epsilon - eps_noise, "units": (delta1, lam, b_units)}


def snap(values, plan: dict, rng: np.random.Generator) -> np.ndarray:
    """Mironov's snapping mechanism: clamp_B(⌊clamp_B(x) + S·λ·(−ln U*)⌉_Λ), per value."""
    delta1, lam, b_units = plan["units"]
    grid = power_of_two_at_least(lam)
    x = np.asarray(values, dtype=float) / delta1
    np.clip(x, -b_units, b_units, out=x)
    y = rng.laplace(0.0, lam, size=x.shape)
    y += x
    y *= 1.0 / grid                                # exact: the grid is a power of two
    np.rint(y, out=y)
    y *= grid
    np.clip(y, -b_units, b_units, out=y)
    y *= delta1
    return y


def laplace(values, *, sensitivity: float, epsilon: float, rng: np.random.Generator,
            protects: str = "", bound=None) -> Release:
    """ε-DP for a query of L1 sensitivity Δ₁: floating-point-safe Laplace (snapping).

    Returns the true values plus Laplace noise of scale ≈ Δ₁/ε, rounded to
    the public granularity ``info["granularity"]`` (a power of two times
    Δ₁, at least the noise scale) and clamped to ±``info["bound"]``; see
    :func:`snapping_plan` for the cost, which is exactly ``epsilon`` and
    includes the float-safety share ``info["float_extra_epsilon"]``.
    ``bound`` is a public bound on |true value| (default 2^28·Δ₁); true
    values beyond it are clamped.
    """
    values = np.asarray(values, dtype=float)
    plan = snapping_plan(sensitivity, epsilon, bound)
    noisy = snap(values, plan, rng)
    note = (f"snapping mechanism (Mironov 2012): scale b={plan['scale']:.6g}, "
            f"granularity {plan['granularity']:.6g}, bound ±{plan['bound']:.6g}; "
            f"float safety costs ε={plan['extra_epsilon']:.3g} of this part")
    return Release(noisy, PrivacyCost.of("Laplace", epsilon, sensitivity=sensitivity,
                                         protects=protects, note=note,
                                         granularity=plan["granularity"], bound=plan["bound"]),
                   public={"scale": plan["scale"], "granularity": plan["granularity"],
                         "bound": plan["bound"], "float_extra_epsilon": plan["extra_epsilon"]})


def round_to_granularity(values, granularity: float) -> np.ndarray:
    """Values rounded to the nearest multiple k·g of a public granularity g (e.g. 0.01 m).

    For continuous outputs that are not Laplace-snapped, e.g. planar Laplace
    points (Andrés et al., CCS 2013, §5, on finite precision): the published
    value is a function of the integer k only, so its low-order bits carry
    no trace of the true value or of the sampler's float arithmetic. It is
    post-processing: the privacy guarantee is unchanged. Outputs satisfy
    ``round(y / g) * g == y`` exactly (|k| < 2^52).
    """
    g = float(granularity)
    if not (g > 0 and math.isfinite(g)):
        raise ValueError(f"the output granularity must be a positive number, got {granularity}")
    return np.rint(np.asarray(values, dtype=float) / g) * g


def check_representable(epsilon: float, per: float = 1.0, what: str = "this mechanism",
                        log_factor: float = 0.0) -> float:
    """Refuse ε/per beyond what a sampler's probabilities can represent.

    The probability that the sampler changes the output is about
    e^{log_factor − ε/per}; it must stay ≥ :data:`MIN_PROBABILITY` (2^−32).
    """
    epsilon = check_epsilon(epsilon)
    limit = (MAX_EPSILON_PER_SENSITIVITY + log_factor) * per
    if epsilon > limit:
        raise ValueError(
            f"epsilon={epsilon:g} is too large for {what}: above epsilon={limit:.4g} its "
            "probability of changing the output falls below 2^-32, which double-precision "
            "sampling cannot represent faithfully (the output would be the true value in "
            "practice). Use a smaller epsilon.")
    return epsilon


def discrete_laplace_alpha(sensitivity: float, epsilon: float) -> float:
    """α = exp(−ε/Δ₁), the ratio of consecutive probabilities (ε/Δ₁ ≥ 1e-12: below, 1 − α
    loses its digits and the noise's scale, above 10¹², means nothing)."""
    ratio = check_epsilon(epsilon) / _check_sensitivity(sensitivity)
    if ratio < 1e-12:
        raise ValueError(f"epsilon={epsilon:g} for sensitivity {sensitivity:g} is too small for "
                         "discrete Laplace noise (scale above 10^12): raise epsilon or its share")
    return math.exp(-ratio)


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
    sensitivity = _check_sensitivity(sensitivity)
    check_representable(epsilon, sensitivity, "discrete Laplace noise")
    discrete_laplace_alpha(sensitivity, epsilon)            # refuses ε/Δ < 1e-12
    if isinstance(rng, SecureGenerator):   # a release: the exact law (dpcore.exact_geometric)
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
             protects: str = "", max_size=None) -> Release:
    """(ε, δ)-DP for a query of L2 sensitivity Δ₂: the discrete Gaussian mechanism.

    Floating-point safe by construction (Canonne, Kamath & Steinke 2020;
    :mod:`dpcore.discrete_gaussian`): integer values (an integer dtype,
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


# --------------------------------------------------------------------------
# Exponential mechanism
# --------------------------------------------------------------------------

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

    Sampled exactly (:mod:`dpcore.exact_sampling`): the weights are
    e^{−γ_i} with γ_i = ε·(max u − u_i)/(2Δu) taken at the exact binary
    values of ε, Δu and the utilities, so the output distribution is the
    mechanism's own, not a floating-point neighbour of it (the Gumbel-max
    draw it replaces rounded every log-probability; issue 25, item 6).
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
    return Release(answers, cost, public={"examined": examined, "positives": int(answers.sum())})


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
    """k-ary randomized response (local ε-DP) on integer categories 0..k−1.

    The draw is exact (:mod:`dpcore.exact_sampling`): "keep" against
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
    # value (dpcore.exact_sampling), not a double compared with a 53-bit uniform.
    flip = ExactCategorical(ExpWeights([Term((epsilon,), np.array([0.0, 1.0]))],
                                       counts=[1, k - 1])).sample(x.size, rng).reshape(x.shape) == 1
    # A uniform draw among the k−1 other categories: shift by 1..k−1 modulo k.
    shift = rng.integers(1, k, size=x.shape)
    out = np.where(flip, (x + shift) % k, x).astype(np.int64)
    return Release(out, PrivacyCost.of("k-ary randomized response", epsilon,
                                       sensitivity=None, protects=protects,
                                       note=f"k={k}, keep={keep:.6g}"))


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
    return discrete_gaussian.plan(sens, epsilon, delta, size=size,
                                  integer_valued=integer_valued, minimum_sigma=minimum)


def gaussian_sigma(l2_sensitivity: float, epsilon: float, delta: float,
                   calibration: str = "analytic", *, size: int = 1,
                   integer_valued: bool = True) -> float:
    """σ of :func:`gaussian` (value units) for ``size`` values, from public parameters."""
    return gaussian_plan(l2_sensitivity, epsilon, delta, calibration, size=size,
                         integer_valued=integer_valued)["sigma"]
