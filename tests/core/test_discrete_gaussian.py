"""The discrete Gaussian (Canonne, Kamath & Steinke 2020): sampler, accounting, error bound.

Each claim the module's cost rests on is checked numerically here, with a
negative control: the sampler's law, the Rényi bound behind ρ-zCDP, the
zCDP → (ε, δ) conversion, the acceptance rates behind the sampler's
total-variation bound, and the refusal when that bound would cost too much.
"""
import math
import os

import numpy as np
import pytest
from scipy import special, stats

from mobility_dp.dpcore import mechanisms as mech
from mobility_dp.dpcore.mechanisms import discrete_gaussian as dg
from mobility_dp.dpcore.random.rng import make_rng
from mobility_dp.dpcore.random.secure_random import SecureGenerator

from ..support.dp_audit import chi_square_fit


def _fit(sample, sigma):
    support = np.arange(-int(12 * sigma) - 2, int(12 * sigma) + 3)
    return chi_square_fit(sample, support, dg.pmf(support, sigma))


@pytest.mark.parametrize("sigma", [0.3, 1.0, 3.7, 41.5])
@pytest.mark.parametrize("secure", [False, True])
def test_sampler_follows_the_discrete_gaussian(sigma, secure, seeded_urandom):
    rng = SecureGenerator() if secure else make_rng(11)
    y = dg.sample(400_000, sigma, rng)
    assert y.dtype == np.int64
    fit = _fit(y, sigma)
    assert fit.passed, str(fit)
    # negative control: the same draws are rejected as N_Z(0, (1.05σ)²)
    assert not _fit(y, 1.05 * sigma).passed


def test_sampler_at_a_large_scale_matches_the_continuous_moments():
    sigma = 2.5e6                                     # grid units of a real-valued release
    y = dg.sample(200_000, sigma, make_rng(12))
    assert abs(y.mean()) < 4 * sigma / math.sqrt(y.size)
    assert y.std() / sigma == pytest.approx(1.0, abs=0.01)
    assert stats.kstest(y / sigma, "norm").pvalue > 1e-3


def test_unseeded_sampler_reads_the_os_csprng(monkeypatch):
    calls = []
    real = os.urandom
    monkeypatch.setattr(os, "urandom", lambda n: calls.append(n) or real(n))
    rel = mech.gaussian(np.zeros(1000, dtype=np.int64), l2_sensitivity=1, epsilon=1,
                        delta=1e-6, rng=SecureGenerator())
    assert calls and rel.values.dtype == np.int64


@pytest.mark.parametrize("sigma", [0.4, 2.0, 10.0])
@pytest.mark.parametrize("shift", [1, 2, 5])
@pytest.mark.parametrize("alpha", [1.5, 2.0, 8.0])
def test_renyi_divergence_of_integer_shifts_is_at_most_the_continuous_one(sigma, shift, alpha):
    """D_α(N_Z(μ, σ²) ‖ N_Z(0, σ²)) ≤ αμ²/(2σ²): the basis of ρ = Δ²/(2σ²)."""
    y = np.arange(-int(60 * sigma) - 60, int(60 * sigma) + 61)
    # both have the normaliser Σ_y e^{−y²/(2σ²)} (integer shift), which cancels but once
    mixed = -(alpha * (y - shift) ** 2 + (1 - alpha) * y ** 2) / (2 * sigma ** 2)
    divergence = (special.logsumexp(mixed)
                  - special.logsumexp(-y ** 2 / (2 * sigma ** 2))) / (alpha - 1)
    bound = alpha * shift ** 2 / (2 * sigma ** 2)
    assert divergence <= bound * (1 + 1e-9)
    if sigma >= 2.0:          # negative control: at larger σ the bound is tight (within 10 %)
        assert divergence > 0.9 * bound


@pytest.mark.parametrize("rho,epsilon", [(0.025, 1.0), (0.5, 3.0), (0.002, 0.2), (2.0, 10.0)])
def test_zcdp_conversion_is_a_valid_and_optimised_bound(rho, epsilon):
    delta = dg.zcdp_delta(rho, epsilon)
    # A brute-force minimum over α of the same bound (CKS Cor. 13) agrees …
    a = 1.0 + np.geomspace(1e-6, 1e6, 400_001)
    logs = (a - 1) * (a * rho - epsilon) + a * np.log1p(-1 / a) - np.log(a - 1)
    assert math.log(delta) == pytest.approx(min(logs.min(), 0.0), abs=1e-6)
    # … and it is never below the exact δ of the continuous Gaussian with the same ρ,
    # itself ρ-zCDP, so a bound for all ρ-zCDP mechanisms must cover it.
    sigma = 1 / math.sqrt(2 * rho)
    assert delta >= mech.analytic_gaussian_delta(sigma, 1.0, epsilon)
    # negative control: the standard bound exp(−(ε−ρ)²/(4ρ)) is looser (when ε > ρ)
    assert delta < math.exp(-(epsilon - rho) ** 2 / (4 * rho))


def test_acceptance_rates_stay_above_the_constants_of_the_error_bound():
    lowest = 1.0
    for sigma in np.geomspace(0.01, 1e6, 400):
        t = math.floor(sigma) + 1
        c = (1 - math.exp(-1 / t)) / (1 + math.exp(-1 / t))
        if sigma < 100:
            half = int(40 * sigma) + 40
            theta = np.exp(-np.arange(-half, half + 1) ** 2 / (2 * sigma ** 2)).sum()
        else:    # Poisson summation: θ = √(2π)·σ·(1 + 2Σ_k e^{−2π²σ²k²}), the sum below 1e-300
            theta = math.sqrt(2 * math.pi) * sigma
        rate = c * math.exp(-sigma ** 2 / (2 * t * t)) * theta
        assert rate >= dg.GAUSSIAN_ACCEPTANCE
        lowest = min(lowest, rate)
        accept_u = (1 - math.exp(-1)) / (t * -math.expm1(-1 / t))     # Σ_{u<t} e^{−u/t}/t
        assert accept_u - (1 - math.exp(-1)) / (2 * t) >= dg.PROPOSAL_ACCEPTANCE
    assert lowest < dg.GAUSSIAN_ACCEPTANCE + 0.01         # the constant is (nearly) attained


def test_empirical_acceptance_matches_the_formula():
    """The Gaussian loop accepts as often as c_t·e^{−σ²/(2t²)}·θ predicts (here σ = 0.3)."""
    sigma, n = 0.3, 200_000
    rng = make_rng(13)
    proposals = dg._discrete_laplace(1, n, rng)
    accepted = rng.random(n) < np.exp(-(np.abs(proposals) - sigma ** 2) ** 2 / (2 * sigma ** 2))
    theta = np.exp(-np.arange(-20, 21) ** 2 / (2 * sigma ** 2)).sum()
    c = (1 - math.exp(-1)) / (1 + math.exp(-1))
    assert accepted.mean() == pytest.approx(c * math.exp(-sigma ** 2 / 2) * theta, abs=0.005)


def test_sampler_error_bound_and_its_delta():
    eta = dg.sampler_tv_bound()
    assert 1e-15 < eta < 3e-15          # ≈ DECISION_ERROR / GAUSSIAN_ACCEPTANCE
    assert dg.sampler_delta(1000, 1.0) == pytest.approx(1000 * eta * (1 + math.e))
    plan = dg.calibrate(1.0, 1.0, 1e-6, size=1000, integer_valued=True)
    assert plan["noise_delta"] + plan["sampler_delta"] == pytest.approx(1e-6, rel=1e-6)


@pytest.mark.parametrize("epsilon,inside,size", [(20.0, 17.0, 1), (10.0, 8.0, 10_000)])
def test_epsilon_beyond_the_samplers_proven_accuracy_refused(epsilon, inside, size):
    with pytest.raises(ValueError, match="too large for the discrete Gaussian"):
        mech.gaussian(np.zeros(size, dtype=np.int64), l2_sensitivity=1, epsilon=epsilon,
                      delta=1e-6, rng=make_rng(0))
    # just inside the limit the release goes ahead
    mech.gaussian(np.zeros(size, dtype=np.int64), l2_sensitivity=1, epsilon=inside,
                  delta=1e-6, rng=make_rng(0))


@pytest.mark.parametrize("numerator,denominator", [(0, 5), (1, 3), (7, 7), (999_999, 10**6)])
def test_integer_bernoulli_exp_has_the_right_rate(numerator, denominator):
    n = 400_000
    hits = dg._bernoulli_exp(np.full(n, numerator), np.full(n, denominator), make_rng(14))
    p = math.exp(-numerator / denominator)
    assert stats.binomtest(int(hits.sum()), n, p).pvalue > 1e-3
    if numerator:       # negative control: the rate of γ·1.05 is rejected
        assert stats.binomtest(int(hits.sum()), n, math.exp(-1.05 * numerator / denominator)
                               ).pvalue < 1e-3


def test_geometric_and_uniform_below_follow_their_laws():
    rng = make_rng(15)
    v = dg._geometric(400_000, rng)
    support = np.arange(30)
    p = (1 - math.exp(-1)) * np.exp(-support)
    assert chi_square_fit(v, support, p).passed
    assert not chi_square_fit(v, support, (1 - math.exp(-1.1)) * np.exp(-1.1 * support)).passed
    m = np.array([1, 2, 3, 7, 2**40 + 3])
    u = dg._uniform_below(np.repeat(m, 50_000), rng).reshape(m.size, -1)
    assert np.all(u >= 0) and np.all(u < m[:, None])
    assert chi_square_fit(u[3], np.arange(7), np.full(7, 1 / 7)).passed


def test_numpys_exp_is_within_the_decision_error_on_this_stack():
    """DECISION_ERROR assumes numpy's exp(−γ) is off by ≤ 4 ulps of a value ≤ 1 (≤ 4·2^−53):
    checked against 40-digit decimal arithmetic, on the γ range the sampler evaluates."""
    import decimal
    gammas = np.concatenate([np.geomspace(1e-12, 50.0, 3000), make_rng(16).uniform(0, 5, 3000)])
    context = decimal.Context(prec=40)
    exact = np.array([float(context.exp(-decimal.Decimal(float(g)))) for g in gammas])
    error = np.abs(np.exp(-gammas) - exact)
    assert error.max() <= 4 * 2.0 ** -53 and 8 * 2.0 ** -53 <= dg.DECISION_ERROR
    # negative control: single precision, off by ~2^−24, breaks the bound
    single = np.exp(-gammas.astype(np.float32)).astype(float)
    assert np.abs(single - exact).max() > dg.DECISION_ERROR
