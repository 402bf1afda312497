"""Audits and unit tests of dpcore.mechanisms.

Every mechanism gets (a) a fit of its output to the exact distribution and
(b) a likelihood-ratio audit on neighbouring inputs (see dp_audit.py), and
(c) a deliberately broken variant that must FAIL the same audit. Broken
variants run the real mechanism code with a tampered random generator (or a
misused parameter), so the audit is shown to catch the bug where it would
really happen.
"""
from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import integrate, stats

from mobility_dp.dpcore import mechanisms as mech
from mobility_dp.dpcore.accounting.costs import PrivacyCost
from mobility_dp.dpcore.mechanisms import discrete_gaussian
from mobility_dp.dpcore.random.rng import make_rng

from ..support.dp_audit import chi_square_fit, likelihood_ratio_audit, snapped_laplace_fit
from ..support.reference import discrete_laplace_pmf

N = 10**6  # samples per side for vectorised mechanisms


class Tampered:
    """A Generator whose named methods are replaced: the broken variants."""

    def __init__(self, rng, **overrides):
        self._rng, self._overrides = rng, overrides

    def __getattr__(self, name):
        return self._overrides.get(name) or getattr(self._rng, name)


def assert_audit(sample_d, sample_dp, bins, epsilon, delta=0.0, *, passes, tails=True):
    result = likelihood_ratio_audit(sample_d, sample_dp, bins, epsilon, delta, tails=tails)
    assert result.passed == passes, str(result)
    return result


# --------------------------------------------------------------------------
# Laplace
# --------------------------------------------------------------------------

def _laplace_samples(rng, epsilon, sensitivity, n=N):
    d = mech.laplace(np.zeros(n), sensitivity=sensitivity, epsilon=epsilon, rng=rng).values
    dp = mech.laplace(np.full(n, sensitivity), sensitivity=sensitivity, epsilon=epsilon,
                      rng=rng).values
    return d, dp


def _snapped_fit(sample, epsilon, sensitivity):
    return snapped_laplace_fit(sample, sensitivity=sensitivity, epsilon=epsilon)


@pytest.mark.parametrize("epsilon,sensitivity", [(1.0, 1.0), (0.3, 2.5)])
def test_laplace_fits_and_passes_audit(epsilon, sensitivity):
    d, dp = _laplace_samples(make_rng(1), epsilon, sensitivity)
    fit = _snapped_fit(d, epsilon, sensitivity)
    assert fit.passed, str(fit)
    res = assert_audit(d, dp, "discrete", epsilon, passes=True)
    # the half-line tails reach the worst case: the audit is tight
    assert res.epsilon_lower_bound > 0.9 * epsilon, str(res)


def test_broken_laplace_half_scale_fails():
    rng = make_rng(2)
    broken = Tampered(rng, laplace=lambda loc, scale, size=None: rng.laplace(loc, scale / 2, size))
    d, dp = _laplace_samples(broken, 1.0, 1.0)
    assert not _snapped_fit(d, 1.0, 1.0).passed
    res = assert_audit(d, dp, "discrete", 1.0, passes=False)
    assert res.epsilon_lower_bound > 1.5


@pytest.mark.parametrize("epsilon,sensitivity,bound", [
    (1.0, 1.0, None), (0.3, 2.5, None), (0.1, 30.0, 1e6), (5.0, 1.0, 100.0)])
def test_snapped_laplace_values_on_granularity_and_cost_exact(epsilon, sensitivity, bound):
    x = np.array([0.0, 1.0, 3.7, -12.25, 1e4 / 3])
    rel = mech.laplace(x, sensitivity=sensitivity, epsilon=epsilon, rng=make_rng(3),
                       bound=bound, protects="one user")
    g, b = rel.public["granularity"], rel.public["bound"]
    k = rel.values / g
    assert np.array_equal(k, np.round(k)) and np.array_equal(np.round(k) * g, rel.values)
    # Λ is a power of two times Δ, at least the noise scale
    assert math.log2(g / sensitivity) == round(math.log2(g / sensitivity))
    assert rel.public["scale"] <= g < 2 * rel.public["scale"]
    assert np.all(np.abs(rel.values) <= b)
    part = rel.cost.parts[0]
    assert rel.cost.epsilon == epsilon and (part.granularity, part.bound) == (g, b)
    assert "granularity" in part.note and "bound" in part.note
    # the float-safety share is computed from Mironov's bound, and small
    eta = mech.SNAPPING_ETA
    b_units = b / sensitivity
    eps_noise = sensitivity / rel.public["scale"]
    total = eps_noise * (1 + 2 * b_units * eta) * (1 + 12 * b_units * eta) + 2 * eta
    assert total == pytest.approx(epsilon, rel=1e-12)
    assert rel.public["float_extra_epsilon"] == pytest.approx(epsilon - eps_noise, rel=1e-6)
    assert 0 < rel.public["float_extra_epsilon"] < 1e-5


@pytest.mark.parametrize("epsilon,sensitivity", [(1e-4, 1.0), (1.0, 1.0), (0.5, 30.0), (50.0, 2.0)])
def test_default_bound_costs_under_a_millionth_of_epsilon(epsilon, sensitivity):
    plan = mech.snapping_parameters(sensitivity, epsilon)
    assert plan["bound"] == pytest.approx(2.0 ** 28 * sensitivity)
    assert plan["extra_epsilon"] == pytest.approx(14 * 2.0 ** 28 * mech.SNAPPING_ETA * epsilon,
                                                  rel=1e-3)
    assert plan["extra_epsilon"] < 1e-6 * epsilon
    assert plan["scale"] == pytest.approx(sensitivity / epsilon)   # rel 1e-6


def test_default_bound_at_huge_epsilon_stays_in_mironovs_range():
    plan = mech.snapping_parameters(1.0, 1e9)
    assert plan["bound"] == pytest.approx(2.0 ** 45 * plan["scale"], rel=1e-6)
    rel = mech.laplace(np.array([396.0, -1234.5]), sensitivity=1, epsilon=1e9, rng=make_rng(6))
    assert np.allclose(rel.values, [396.0, -1234.5], atol=1e-6)


def test_snapping_clamps_to_the_public_bound():
    rel = mech.laplace(np.array([1e9, -1e9, 5.0]), sensitivity=1, epsilon=1.0, rng=make_rng(4),
                       bound=100.0)
    assert rel.values[0] <= 100 and rel.values[1] >= -100
    assert abs(rel.values[0] - 100) < 40 and abs(rel.values[1] + 100) < 40


@pytest.mark.parametrize("bound,match", [(0.5, "between one noise scale"),
                                         (1e14, "too large"), (1e20, "too large"), (-1.0, "positive"),
                                         (math.inf, "positive")])
def test_snapping_bound_refused(bound, match):
    with pytest.raises(ValueError, match=match):
        mech.laplace([1.0], sensitivity=1, epsilon=1.0, rng=make_rng(0), bound=bound)


@pytest.mark.parametrize("granularity", [0.01, 1e-7, 2.0 ** -3, 25.0])
def test_round_to_granularity_puts_values_on_the_grid(granularity):
    rng = make_rng(7)
    xy = np.column_stack((6.5e6 + rng.laplace(0, 300, 1000), rng.laplace(0, 300, 1000)))
    out = mech.round_to_granularity(xy, granularity)
    assert out.shape == xy.shape
    assert np.array_equal(np.rint(out / granularity) * granularity, out)
    assert np.abs(out - xy).max() <= granularity / 2 * (1 + 1e-6) + 1e-9
    with pytest.raises(ValueError, match="granularity"):
        mech.round_to_granularity(xy, 0.0)


def _not_on_grid(y, bits=53):
    """Mironov's test statistic: |y| < 1/4 and y is not a multiple of 2^−bits."""
    return (np.abs(y) < 0.25) & (np.ldexp(y, bits) != np.round(np.ldexp(y, bits)))


def test_unsnapped_laplace_leaks_through_low_bits_and_snapping_closes_it():
    """Mironov (CCS 2012) §3: x + Lap(λ) as a raw double reveals x.

    From x = 1 every output y ∈ (−1/4, 1/4) is 1 − |n| for a noise double
    |n| ∈ (3/4, 5/4): exact (Sterbenz) and so a multiple of 2^−53. From
    x = 0 such outputs are the noise itself, whose low bits are free. The
    event "|y| < 1/4 and not a multiple of 2^−53" has probability ≈ 0.2
    from x = 0 and exactly 0 from x = 1: the audit proves an unbounded
    privacy loss. The snapped outputs (multiples of Λ ≥ λ) never show it,
    and their own likelihood-ratio audit passes.
    """
    rng = make_rng(5)
    n, epsilon = 200_000, 1.0
    raw_d = 0.0 + rng.laplace(0.0, 1.0 / epsilon, n)          # the unsnapped variant
    raw_dp = 1.0 + rng.laplace(0.0, 1.0 / epsilon, n)
    leak = assert_audit(_not_on_grid(raw_d), _not_on_grid(raw_dp), "discrete", epsilon,
                        passes=False, tails=False)
    assert leak.q_hat == 0.0 and leak.p_hat > 0.1 and leak.epsilon_lower_bound > 5
    d, dp = _laplace_samples(rng, epsilon, 1.0, n)
    assert not _not_on_grid(d).any() and not _not_on_grid(dp).any()
    assert_audit(d, dp, "discrete", epsilon, passes=True)


# --------------------------------------------------------------------------
# Discrete Laplace
# --------------------------------------------------------------------------

def _discrete_samples(rng, epsilon, sensitivity):
    d = mech.discrete_laplace(np.zeros(N, dtype=np.int64), sensitivity=sensitivity,
                              epsilon=epsilon, rng=rng).values
    dp = mech.discrete_laplace(np.full(N, sensitivity), sensitivity=sensitivity,
                               epsilon=epsilon, rng=rng).values
    return d, dp


def _discrete_fit(sample, epsilon, sensitivity):
    support = np.arange(-400, 401)
    return chi_square_fit(sample, support, discrete_laplace_pmf(
        support, sensitivity=sensitivity, epsilon=epsilon))


@pytest.mark.parametrize("epsilon,sensitivity", [(1.0, 1), (0.5, 2), (3.0, 1)])
def test_discrete_laplace_exact_pmf_and_audit(epsilon, sensitivity):
    d, dp = _discrete_samples(make_rng(3), epsilon, sensitivity)
    assert d.dtype == np.int64
    fit = _discrete_fit(d, epsilon, sensitivity)
    assert fit.passed, str(fit)
    res = assert_audit(d, dp, "discrete", epsilon, passes=True)
    assert res.epsilon_lower_bound > 0.9 * epsilon, str(res)


def test_discrete_laplace_pmf_is_a_distribution():
    k = np.arange(-2000, 2001)
    pmf = discrete_laplace_pmf(k, sensitivity=1, epsilon=0.05)
    assert math.isclose(pmf.sum(), 1.0, rel_tol=1e-12)
    assert np.allclose(pmf[1:] / pmf[:-1], np.where(k[1:] <= 0, math.exp(0.05), math.exp(-0.05)))


def test_broken_discrete_laplace_double_epsilon_fails():
    rng = make_rng(4)
    # α for 2ε: the geometric parameter 1 − α becomes 1 − α².
    broken = Tampered(rng, geometric=lambda p, size=None: rng.geometric(1 - (1 - p) ** 2, size))
    d, dp = _discrete_samples(broken, 1.0, 1)
    assert not _discrete_fit(d, 1.0, 1).passed
    res = assert_audit(d, dp, "discrete", 1.0, passes=False)
    assert res.epsilon_lower_bound > 1.8


# --------------------------------------------------------------------------
# Gaussian
# --------------------------------------------------------------------------

def test_gaussian_sigma_known_value_and_exact_delta():
    # Balle & Wang 2018: Δ=1, ε=1, δ=1e-5 needs σ ≈ 3.73 (classic bound needs more)
    sigma = mech.gaussian_sigma_analytic(1.0, 1.0, 1e-5)
    assert abs(sigma - 3.73) < 0.005
    assert mech.analytic_gaussian_delta(sigma, 1.0, 1.0) <= 1e-5
    assert math.isclose(mech.analytic_gaussian_delta(sigma, 1.0, 1.0), 1e-5, rel_tol=1e-8)
    # δ(σ) is the supremum over half-lines of P[N(0,σ²) ≤ t] − e^ε P[N(Δ,σ²) ≤ t]
    t = np.linspace(-40, 10, 200001)
    direct = stats.norm.cdf(t, 0, sigma) - math.e * stats.norm.cdf(t, 1.0, sigma)
    assert math.isclose(direct.max(), 1e-5, rel_tol=1e-6)


@pytest.mark.parametrize("epsilon,delta", [(0.1, 1e-6), (0.5, 1e-5), (0.9, 1e-3)])
def test_gaussian_analytic_tighter_than_classic(epsilon, delta):
    analytic = mech.gaussian_sigma(2.0, epsilon, delta, "analytic")
    classic = mech.gaussian_sigma(2.0, epsilon, delta, "classic")
    assert analytic < classic
    assert classic == pytest.approx(math.sqrt(2) * 2.0 * math.sqrt(math.log(4 / delta)) / epsilon)
    # the discrete Gaussian's σ spends exactly δ: its zCDP bound plus the sampler's share
    spent = discrete_gaussian.zcdp_delta(2.0 ** 2 / (2 * analytic ** 2), epsilon)
    assert spent + discrete_gaussian.sampler_delta(1, epsilon) == pytest.approx(delta, rel=1e-6)
    # and it costs 4–13 % more σ than the continuous analytic Gaussian, never less
    premium = analytic / mech.gaussian_sigma_analytic(2.0, epsilon, delta)
    assert premium > 1.03 and premium < 1.14


def test_gaussian_analytic_large_epsilon_is_finite():
    sigma = mech.gaussian_sigma_analytic(1.0, 50.0, 1e-9)
    assert 0 < sigma < 1 and mech.analytic_gaussian_delta(sigma, 1.0, 50.0) <= 1e-9


def _gaussian_samples(rng, epsilon, delta, calibration):
    kw = dict(l2_sensitivity=1.0, epsilon=epsilon, delta=delta, calibration=calibration, rng=rng)
    zeros = np.zeros(N, dtype=np.int64)
    return mech.gaussian(zeros, **kw).values, mech.gaussian(zeros + 1, **kw).values


def _discrete_gaussian_fit(sample, sigma):
    support = np.arange(-int(12 * sigma) - 2, int(12 * sigma) + 3)
    return chi_square_fit(sample, support, discrete_gaussian.pmf(support, sigma))


GAUSSIAN_CASES = [("analytic", 1.0, 1e-2), ("analytic", 1.0, 1e-5), ("classic", 0.5, 1e-2)]


@pytest.mark.parametrize("calibration,epsilon,delta", GAUSSIAN_CASES)
def test_gaussian_fits_and_passes_audit(calibration, epsilon, delta):
    d, dp = _gaussian_samples(make_rng(5), epsilon, delta, calibration)
    assert d.dtype == np.int64
    sigma = mech.gaussian_sigma(1.0, epsilon, delta, calibration)
    fit = _discrete_gaussian_fit(d, sigma)
    assert fit.passed, str(fit)
    assert_audit(d, dp, "discrete", epsilon, delta, passes=True)


def _shrunk_sigma(monkeypatch, factor):
    """The broken variant: the calibration returns ``factor`` times the σ it should."""
    right = discrete_gaussian.sigma_for
    monkeypatch.setattr(discrete_gaussian, "sigma_for", lambda *a: factor * right(*a))


@pytest.mark.parametrize("calibration,epsilon,delta", GAUSSIAN_CASES[:2])
def test_broken_gaussian_third_sigma_fails(monkeypatch, calibration, epsilon, delta):
    sigma = mech.gaussian_sigma(1.0, epsilon, delta, calibration)
    _shrunk_sigma(monkeypatch, 1 / 3)
    d, dp = _gaussian_samples(make_rng(6), epsilon, delta, calibration)
    assert not _discrete_gaussian_fit(d, sigma).passed
    assert_audit(d, dp, "discrete", epsilon, delta, passes=False)


def test_audit_catches_slightly_small_analytic_sigma(monkeypatch):
    """At δ=0.01 the audit catches σ 20 % too small.

    That is 0.87 of the continuous Gaussian's tight σ; 10 % too small (0.97
    of it) is still (ε, δ)-DP in fact, since the zCDP bound is not tight.
    """
    _shrunk_sigma(monkeypatch, 0.8)
    d, dp = _gaussian_samples(make_rng(7), 1.0, 1e-2, "analytic")
    assert_audit(d, dp, "discrete", 1.0, 1e-2, passes=False)


@pytest.mark.parametrize("sigma_args", [(1.0, 1.0, 1e-5), (30.0, 0.3, 1e-6), (0.01, 5.0, 1e-9)])
def test_gaussian_outputs_on_the_stated_granularity(sigma_args):
    sens, eps, delta = sigma_args
    x = np.array([0.0, 1.0 / 3, 12345.678, -7.0])
    rel = mech.gaussian(x, l2_sensitivity=sens, epsilon=eps, delta=delta, rng=make_rng(21))
    g = rel.public["granularity"]
    assert rel.cost.parts[0].granularity == g
    assert math.log2(g) == int(math.log2(g))                       # a power of two
    assert math.sqrt(x.size) * g <= 2.0 ** -10 * sens < 2 * math.sqrt(x.size) * g
    assert rel.public["charged_sensitivity"] == sens + math.sqrt(x.size) * g
    assert np.array_equal(np.rint(rel.values / g) * g, rel.values)
    counts = mech.gaussian(np.array([0, 3, 12345]), l2_sensitivity=sens, epsilon=eps,
                           delta=delta, rng=make_rng(21))
    assert counts.values.dtype == np.int64 and counts.public["granularity"] == 1.0
    assert counts.public["charged_sensitivity"] == sens


def test_unsnapped_gaussian_leaks_through_low_bits_and_the_discrete_gaussian_closes_it():
    """Mironov's attack on x + N(0, σ²) as a raw double, as for Laplace above.

    From x = 1 an output y ∈ (−1/4, 1/4) is 1 + n for a noise double
    n ∈ (−5/4, −3/4): exact, a multiple of 2^−53. From x = 0 it is the noise
    itself, with free low bits. The discrete Gaussian's outputs are integers.
    """
    rng = make_rng(8)
    n, epsilon, delta = 200_000, 1.0, 1e-5
    sigma = mech.gaussian_sigma(1.0, epsilon, delta)
    leak = assert_audit(_not_on_grid(rng.normal(0.0, sigma, n)),
                        _not_on_grid(1.0 + rng.normal(0.0, sigma, n)), "discrete", epsilon,
                        delta, passes=False, tails=False)
    assert leak.q_hat == 0.0 and leak.p_hat > 0.01
    kw = dict(l2_sensitivity=1.0, epsilon=epsilon, delta=delta, rng=rng)
    d = mech.gaussian(np.zeros(n, dtype=np.int64), **kw).values
    dp = mech.gaussian(np.ones(n, dtype=np.int64), **kw).values
    assert not _not_on_grid(d.astype(float)).any() and not _not_on_grid(dp.astype(float)).any()
    assert_audit(d, dp, "discrete", epsilon, delta, passes=True)


# --------------------------------------------------------------------------
# Exponential mechanism
# --------------------------------------------------------------------------

def _reference_probabilities(u, epsilon, sensitivity, monotonic=False):
    """exp(f·(u − max u)) normalised: an independent, overflow-free reference."""
    f = epsilon / ((1 if monotonic else 2) * sensitivity)
    w = np.array([math.exp(f * (x - max(u))) for x in u])
    return w / math.fsum(w)


def test_exponential_probabilities_exact_for_huge_utilities():
    small = np.array([0.0, 3.0, -2.0, 7.5, 7.0])
    for offset in (0.0, 1e6, 1e12):
        u = small + offset
        with np.errstate(over="ignore"):
            assert not np.all(np.isfinite(np.exp(u)))  or offset == 0.0  # naive exp overflows
        for monotonic in (False, True):
            p = np.exp(mech.exponential_log_probabilities(u, sensitivity=2.0, epsilon=1.5,
                                                          monotonic=monotonic))
            ref = _reference_probabilities(small, 1.5, 2.0, monotonic)
            assert np.allclose(p, ref, rtol=1e-9, atol=0), (offset, monotonic)


K = 10
U_D = 1e6 + np.zeros(K)                                      # utilities on D
U_DP = U_D + np.where(np.arange(K) == 0, -1.0, 1.0)          # neighbour: each moves by Δ=1
M_EXP = 20000


def _exponential_samples(rng, epsilon, monotonic=False):
    def draw(u):
        return [mech.exponential(u, sensitivity=1.0, epsilon=epsilon, rng=rng,
                                           monotonic=monotonic).values for _ in range(M_EXP)]
    return np.array(draw(U_D)), np.array(draw(U_DP))


def test_exponential_fits_and_passes_audit():
    d, dp = _exponential_samples(make_rng(8), 1.0)
    for sample, u in ((d, U_D), (dp, U_DP)):
        fit = chi_square_fit(sample, np.arange(K), _reference_probabilities(u, 1.0, 1.0))
        assert fit.passed, str(fit)
    assert_audit(d, dp, "discrete", 1.0, passes=True, tails=False)


def test_broken_exponential_monotone_factor_on_non_monotone_utility_fails():
    # factor ε/Δ instead of ε/(2Δ): valid only for monotone utilities, and
    # U_D → U_DP is not monotone (one utility drops while the others rise).
    d, dp = _exponential_samples(make_rng(9), 1.0, monotonic=True)
    assert_audit(d, dp, "discrete", 1.0, passes=False, tails=False)


# --------------------------------------------------------------------------
# Sparse vector technique
# --------------------------------------------------------------------------

Q_D = np.array([0.0, 1.0, 1.0, 0.0])
Q_DP = np.array([1.0, 0.0, 0.0, 1.0])                        # each query moves by Δ=1
THRESHOLD = 0.5
M_SVT = 40000


def _svt_samples(rng, epsilon, cutoff):
    def draw(q):
        return np.array([mech.sparse_vector(q, THRESHOLD, sensitivity=1.0, epsilon=epsilon,
                                                       cutoff=cutoff, rng=rng).values
                                   for _ in range(M_SVT)])
    return draw(Q_D), draw(Q_DP)


def _svt_exact(pattern, q, epsilon, cutoff):
    """P[answers = pattern], integrating over the threshold noise ρ (Lyu et al. Alg. 1)."""
    hits = np.flatnonzero(pattern)
    if hits.size > cutoff:
        return 0.0
    last = hits[-1] if hits.size == cutoff else q.size - 1
    rho = stats.laplace(0, 1.0 / (epsilon / 2))
    nu = stats.laplace(0, 2 * cutoff * 1.0 / (epsilon / 2))
    a, qq = np.asarray(pattern[:last + 1], bool), q[:last + 1]

    def integrand(u):
        above = nu.sf(THRESHOLD + rho.ppf(u) - qq)
        return float(np.prod(np.where(a, above, 1 - above)))

    kinks = sorted(set(rho.cdf(qq - THRESHOLD)) | {0.5})
    return integrate.quad(integrand, 0, 1, points=kinks, limit=200, epsabs=1e-13)[0]


def _codes(rows):
    return (np.asarray(rows, int) << np.arange(rows.shape[1])).sum(axis=1)


@pytest.mark.parametrize("cutoff", [1, 2])
def test_sparse_vector_fits_and_passes_audit(cutoff):
    d, dp = _svt_samples(make_rng(10 + cutoff), 1.0, cutoff)
    assert d.dtype == bool and d.shape == (M_SVT, Q_D.size)
    assert d.sum(axis=1).max() <= cutoff
    patterns = (np.arange(16)[:, None] >> np.arange(4)) & 1
    for sample, q in ((d, Q_D), (dp, Q_DP)):
        exact = np.array([_svt_exact(p, q, 1.0, cutoff) for p in patterns])
        assert math.isclose(exact.sum(), 1.0, rel_tol=1e-7)
        fit = chi_square_fit(_codes(sample), np.arange(16), exact)
        assert fit.passed, str(fit)
    assert_audit(d, dp, "discrete", 1.0, passes=True)


def test_broken_sparse_vector_without_query_noise_fails():
    rng = make_rng(12)
    broken = Tampered(rng, laplace=lambda loc, scale, size=None:
                      rng.laplace(loc, scale) if size is None else np.zeros(size))
    d, dp = _svt_samples(broken, 1.0, 2)
    res = assert_audit(d, dp, "discrete", 1.0, passes=False)
    assert res.q_hat == 0.0  # an answer vector impossible on the neighbour


def test_sparse_vector_releases_only_answers_and_costs_epsilon():
    q = np.array([5.0, 50.0, 0.0, 60.0, 70.0, 80.0])
    rel = mech.sparse_vector(q, 30.0, sensitivity=2.0, epsilon=0.8, cutoff=2,
                             rng=make_rng(13), threshold_share=0.25, protects="one user")
    assert rel.values.dtype == bool and rel.values.shape == q.shape
    assert rel.values.sum() <= 2
    assert set(rel.public) == {"examined", "positives"}
    hits = np.flatnonzero(rel.values)
    assert rel.public["examined"] == (hits[-1] + 1 if hits.size == 2 else q.size)
    assert [p.mechanism for p in rel.cost.parts] == ["SVT threshold noise", "SVT query noise"]
    assert [p.epsilon for p in rel.cost.parts] == pytest.approx([0.2, 0.6])
    assert math.fsum(p.epsilon for p in rel.cost.parts) == pytest.approx(0.8)
    assert rel.cost.epsilon == pytest.approx(0.8) and rel.cost.delta == 0.0
    assert all(p.sensitivity == 2.0 and p.protects == "one user" for p in rel.cost.parts)


def test_sparse_vector_stops_after_cutoff():
    # without noise every query would be above: exactly c answers, then stop
    rel = mech.sparse_vector(np.full(20, 1e9), 0.0, sensitivity=1.0, epsilon=1.0, cutoff=3,
                             rng=make_rng(14))
    assert rel.values.tolist() == [True] * 3 + [False] * 17
    assert rel.public == {"examined": 3, "positives": 3}


# --------------------------------------------------------------------------
# k-ary randomized response
# --------------------------------------------------------------------------

@pytest.mark.parametrize("k,epsilon", [(2, 0.5), (5, 1.0), (30, 3.0)])
def test_krr_channel_exact(k, epsilon):
    c = mech.krr_channel(k, epsilon)
    assert c.shape == (k, k)
    assert np.allclose(c.sum(axis=1), 1.0, rtol=0, atol=1e-15)
    assert np.allclose(np.diag(c), math.exp(epsilon) / (math.exp(epsilon) + k - 1))
    # worst ratio over inputs, per output column, is exactly e^ε
    assert math.isclose((c.max(axis=0) / c.min(axis=0)).max(), math.exp(epsilon), rel_tol=1e-12)


def _krr_samples(rng, k, epsilon):
    return (mech.krr(np.zeros(N, dtype=np.int64), k=k, epsilon=epsilon, rng=rng).values,
            mech.krr(np.ones(N, dtype=np.int64), k=k, epsilon=epsilon, rng=rng).values)


@pytest.mark.parametrize("k,epsilon", [(2, 0.5), (5, 1.0)])
def test_krr_fits_channel_and_passes_audit(k, epsilon):
    d, dp = _krr_samples(make_rng(15), k, epsilon)
    channel = mech.krr_channel(k, epsilon)
    for sample, x in ((d, 0), (dp, 1)):
        fit = chi_square_fit(sample, np.arange(k), channel[x])
        assert fit.passed, str(fit)
    res = assert_audit(d, dp, "discrete", epsilon, passes=True, tails=False)
    assert res.epsilon_lower_bound > 0.9 * epsilon, str(res)


def test_broken_krr_uniform_over_all_values_fails():
    # bug: "flip" to a uniform draw over all k values, the true one included
    rng = make_rng(16)
    broken = Tampered(rng, integers=lambda low, high, size=None: rng.integers(0, high, size))
    d, dp = _krr_samples(broken, 5, 1.0)
    assert not chi_square_fit(d, np.arange(5), mech.krr_channel(5, 1.0)[0]).passed
    assert_audit(d, dp, "discrete", 1.0, passes=False, tails=False)


# --------------------------------------------------------------------------
# Costs, validation, randomness
# --------------------------------------------------------------------------

def _single_part(cost: PrivacyCost):
    assert len(cost.parts) == 1
    return cost.parts[0]


def test_costs_of_each_mechanism():
    rng = make_rng(17)
    p = _single_part(mech.laplace([1.0, 2.0], sensitivity=3, epsilon=0.5, rng=rng,
                                  protects="one trip").cost)
    assert (p.mechanism, p.epsilon, p.delta, p.sensitivity, p.protects) == \
        ("Laplace", 0.5, 0.0, 3.0, "one trip")
    rel = mech.discrete_laplace([1, 2], sensitivity=2, epsilon=0.7, rng=rng)
    p = _single_part(rel.cost)
    assert (p.mechanism, p.epsilon, p.delta, p.sensitivity) == ("discrete Laplace", 0.7, 0.0, 2.0)
    assert rel.public["alpha"] == pytest.approx(math.exp(-0.35))
    for cal in ("analytic", "classic"):
        rel = mech.gaussian([0.0], l2_sensitivity=1.5, epsilon=0.9, delta=1e-6, rng=rng,
                            calibration=cal)
        p = _single_part(rel.cost)
        assert (p.mechanism, p.epsilon, p.delta, p.sensitivity) == \
            (f"Gaussian ({cal})", 0.9, 1e-6, 1.5)
        assert rel.public["sigma"] == mech.gaussian_sigma(1.5, 0.9, 1e-6, cal, integer_valued=False)
    p = _single_part(mech.exponential([1.0, 2.0], sensitivity=1, epsilon=0.3, rng=rng).cost)
    assert (p.mechanism, p.epsilon, p.delta, p.sensitivity) == ("exponential", 0.3, 0.0, 1.0)
    p = _single_part(mech.krr([0, 1], k=3, epsilon=2.0, rng=rng).cost)
    assert (p.mechanism, p.epsilon, p.delta) == ("k-ary randomized response", 2.0, 0.0)
    assert p.protects == "one reported value"


def test_discrete_laplace_noise_std_matches_info():
    rel = mech.discrete_laplace(np.zeros(200000, dtype=int), sensitivity=1, epsilon=0.5,
                                rng=make_rng(18))
    assert np.std(rel.values) == pytest.approx(rel.public["noise_std"], rel=0.01)


def _calls(epsilon=1.0, delta=1e-5):
    rng = make_rng(0)
    return {
        "laplace": lambda: mech.laplace([1.0], sensitivity=1, epsilon=epsilon, rng=rng),
        "discrete_laplace": lambda: mech.discrete_laplace([1], sensitivity=1, epsilon=epsilon,
                                                          rng=rng),
        "gaussian": lambda: mech.gaussian([1.0], l2_sensitivity=1, epsilon=epsilon, delta=delta,
                                          rng=rng),
        "gaussian_classic": lambda: mech.gaussian([1.0], l2_sensitivity=1, epsilon=epsilon / 2,
                                                  delta=delta, rng=rng, calibration="classic"),
        "exponential": lambda: mech.exponential([1.0, 2.0], sensitivity=1, epsilon=epsilon,
                                                rng=rng),
        "sparse_vector": lambda: mech.sparse_vector([1.0, 2.0], 1.5, sensitivity=1,
                                                    epsilon=epsilon, cutoff=1, rng=rng),
        "krr": lambda: mech.krr([0, 1], k=2, epsilon=epsilon, rng=rng),
    }


@pytest.mark.parametrize("epsilon", [0.0, -1.0, math.inf, math.nan])
@pytest.mark.parametrize("name", sorted(_calls()))
def test_bad_epsilon_refused(name, epsilon):
    with pytest.raises(ValueError, match="epsilon"):
        _calls(epsilon=epsilon)[name]()


@pytest.mark.parametrize("delta", [0.0, -1e-9, 1.0, 1.5, math.nan])
@pytest.mark.parametrize("name", ["gaussian", "gaussian_classic"])
def test_bad_delta_refused(name, delta):
    with pytest.raises(ValueError, match="delta"):
        _calls(delta=delta)[name]()


@pytest.mark.parametrize("call,match", [
    (lambda r: mech.discrete_laplace([1.5, 2.0], sensitivity=1, epsilon=1, rng=r), "integer"),
    (lambda r: mech.discrete_laplace([1.0, np.nan], sensitivity=1, epsilon=1, rng=r), "integer"),
    (lambda r: mech.discrete_laplace(["a"], sensitivity=1, epsilon=1, rng=r), "integer"),
    (lambda r: mech.discrete_laplace([1], sensitivity=1.5, epsilon=1, rng=r), "integer sensitiv"),
    (lambda r: mech.discrete_laplace([1], sensitivity=math.inf, epsilon=1, rng=r), "sensitivity"),
    (lambda r: mech.laplace([1.0], sensitivity=0, epsilon=1, rng=r), "sensitivity"),
    (lambda r: mech.laplace([1.0], sensitivity=-2, epsilon=1, rng=r), "sensitivity"),
    (lambda r: mech.gaussian([1.0], l2_sensitivity=1, epsilon=1, delta=1e-5, rng=r,
                             calibration="classic"), "epsilon < 1"),
    (lambda r: mech.gaussian([1.0], l2_sensitivity=1, epsilon=.5, delta=1e-5, rng=r,
                             calibration="magic"), "calibration"),
    (lambda r: mech.exponential([], sensitivity=1, epsilon=1, rng=r), "non-empty"),
    (lambda r: mech.exponential([[1.0, 2.0]], sensitivity=1, epsilon=1, rng=r), "1-D"),
    (lambda r: mech.exponential([1.0, np.inf], sensitivity=1, epsilon=1, rng=r), "finite"),
    (lambda r: mech.sparse_vector([[1.0]], 0, sensitivity=1, epsilon=1, cutoff=1, rng=r), "1-D"),
    (lambda r: mech.sparse_vector([1.0], 0, sensitivity=1, epsilon=1, cutoff=0, rng=r), "cutoff"),
    (lambda r: mech.sparse_vector([1.0], 0, sensitivity=1, epsilon=1, cutoff=1, rng=r,
                                  threshold_share=1.0), "threshold_share"),
    (lambda r: mech.krr([0, 5], k=5, epsilon=1, rng=r), r"\[0, 5\)"),
    (lambda r: mech.krr([-1], k=5, epsilon=1, rng=r), r"\[0, 5\)"),
    (lambda r: mech.krr([0.0], k=5, epsilon=1, rng=r), "integers"),
    (lambda r: mech.krr([0], k=1, epsilon=1, rng=r), "k >= 2"),
    (lambda r: mech.krr([0], k=2.5, epsilon=1, rng=r), "k >= 2"),
])
def test_input_validation(call, match):
    with pytest.raises(ValueError, match=match):
        call(make_rng(0))


@pytest.mark.parametrize("call,limit", [
    (lambda e, r: mech.discrete_laplace([1], sensitivity=1, epsilon=e, rng=r), 32 * math.log(2)),
    (lambda e, r: mech.discrete_laplace([1], sensitivity=3, epsilon=e, rng=r),
     3 * 32 * math.log(2)),
    (lambda e, r: mech.krr([0], k=2, epsilon=e, rng=r), 32 * math.log(2)),
    (lambda e, r: mech.krr([0], k=10, epsilon=e, rng=r), 32 * math.log(2) + math.log(9)),
])
def test_epsilon_beyond_representable_probabilities_refused(call, limit):
    """ε where the sampler's chance of changing the output drops below 2^−32 is refused."""
    call(limit * (1 - 1e-9), make_rng(0))
    with pytest.raises(ValueError, match="too large for .*2\\^-32"):
        call(limit * (1 + 1e-9), make_rng(0))
    with pytest.raises(ValueError, match="too large"):
        call(40.0 * limit / 22, make_rng(0))


def test_krr_still_changes_outputs_just_below_the_limit():
    """At the largest accepted ε the flip probability is still ≥ 2^−32 (k-RR's worst case)."""
    eps = 32 * math.log(2) + math.log(9) - 1e-6
    assert 9 * mech.krr_other_probability(10, eps) >= 2.0 ** -32


def _draw_all(rng):
    return [np.asarray(f().values, dtype=float) for f in (
        lambda: mech.laplace(np.zeros(5), sensitivity=1, epsilon=1, rng=rng),
        lambda: mech.discrete_laplace(np.zeros(5, int), sensitivity=1, epsilon=1, rng=rng),
        lambda: mech.gaussian(np.zeros(5), l2_sensitivity=1, epsilon=1, delta=1e-5, rng=rng),
        lambda: mech.exponential(np.arange(50.0), sensitivity=1, epsilon=.1, rng=rng),
        lambda: mech.sparse_vector(np.zeros(30), 0.0, sensitivity=1, epsilon=1, cutoff=3, rng=rng),
        lambda: mech.krr(np.zeros(20, int), k=4, epsilon=.5, rng=rng))]


def test_seeded_runs_reproduce():
    a, b = _draw_all(make_rng(123)), _draw_all(make_rng(123))
    for x, y in zip(a, b):
        assert np.array_equal(x, y)
    c = _draw_all(make_rng(124))
    assert not all(np.array_equal(x, y) for x, y in zip(a, c))


def test_unseeded_rng_differs_between_calls():
    assert not np.array_equal(make_rng(None).random(8), make_rng(None).random(8))
    assert not np.array_equal(make_rng().integers(0, 2**62, 4), make_rng().integers(0, 2**62, 4))


@pytest.mark.parametrize("seed", [-1, 1.5, True, "x"])
def test_bad_seed_refused(seed):
    with pytest.raises(ValueError):
        make_rng(seed)


# --------------------------------------------------------------------------
# The audit helper itself
# --------------------------------------------------------------------------

def test_clopper_pearson_matches_scipy_exact_interval():
    from ..support.dp_audit import clopper_pearson
    for hits, n in [(0, 50), (3, 50), (25, 50), (50, 50), (1234, 10000)]:
        lo, hi = clopper_pearson(hits, n, 0.025)
        ci = stats.binomtest(hits, n).proportion_ci(confidence_level=0.95, method="exact")
        assert (float(lo), float(hi)) == pytest.approx((ci.low, ci.high), abs=1e-12)


def test_audit_false_alarm_rate_is_below_alpha():
    """A mechanism exactly at its ε (k-RR's worst ratio is e^ε) rarely fails."""
    rng = make_rng(19)
    alpha, runs, n = 0.2, 300, 4000
    failures = 0
    for _ in range(runs):
        d = mech.krr(np.zeros(n, dtype=int), k=3, epsilon=1.0, rng=rng).values
        dp = mech.krr(np.ones(n, dtype=int), k=3, epsilon=1.0, rng=rng).values
        failures += not likelihood_ratio_audit(d, dp, "discrete", 1.0, alpha=alpha,
                                               tails=False).passed
    assert failures <= alpha * runs


def test_fit_and_audit_input_checks():
    impossible = [0] * 50 + [1] * 25 + [2] * 24 + [7]  # 7 has probability 0
    assert chi_square_fit(impossible, [0, 1, 2], [0.5, 0.25, 0.25]).pvalue == 0.0
    with pytest.raises(ValueError, match="distinct"):
        chi_square_fit([0], [0, 0], [0.5, 0.5])
    with pytest.raises(ValueError, match="sum to at most 1"):
        chi_square_fit([0], [0, 1], [0.7, 0.7])
    with pytest.raises(ValueError, match="increasing"):
        likelihood_ratio_audit([0.0], [1.0], [1.0, 0.0], 1.0)
    with pytest.raises(ValueError, match="discrete"):
        likelihood_ratio_audit([0.0], [1.0], "quantiles", 1.0)
    with pytest.raises(ValueError, match="pilot"):
        likelihood_ratio_audit(np.zeros(50), np.ones(50), 40, 1.0)


def test_pilot_bins_are_independent_of_the_audited_samples():
    """Quantile bins come from the first 20 % only: changing the rest leaves the events unchanged."""
    rng = make_rng(20)
    a, b = rng.laplace(0, 1, 10000), rng.laplace(1, 1, 10000)
    res = likelihood_ratio_audit(a, b, 20, 1.0)
    a2 = a.copy()
    a2[2000:] = rng.laplace(0, 1, 8000)
    res2 = likelihood_ratio_audit(a2, b, 20, 1.0)
    assert res.events == res2.events == 22 + 2 * 21   # 21 edges: 22 bins, 42 half-lines
    from ..support.dp_audit import quantile_edges
    edges = quantile_edges(a[:2000], b[:2000], bins=20)
    assert res == likelihood_ratio_audit(a[2000:], b[2000:], edges, 1.0)


def test_krr_channel_ratio_exact_at_large_epsilon():
    """1 − keep underflows at large ε; the channel computes the other entries directly."""
    channel = mech.krr_channel(900, 40.0)
    assert channel[0, 1] > 0
    assert np.log(channel[0, 0] / channel[0, 1]) == pytest.approx(40.0, rel=1e-12)
    assert np.allclose(channel.sum(axis=1), 1.0)


def test_continuous_releases_lie_on_their_stated_granularity():
    """Real releases (counts, central flows) publish values on the granularity their cost states."""
    from mobility_dp.dpcore.counts.noisycounts import release_noisy_counts
    from mobility_dp.dpcore.flows.central_noise import release_central
    from mobility_dp.dpcore.flows.coordinator import release_flows

    from .test_flows_noise import replicated
    x = np.arange(50) * 7
    releases = [
        release_noisy_counts(x, epsilon=0.7, rng=make_rng(22), mechanism="laplace",
                             cells_per_person=3, max_change=2, round_output=False),
        release_noisy_counts(x, epsilon=0.7, delta=1e-6, rng=make_rng(23), mechanism="gaussian_analytic",
                             cells_per_person=3, max_change=2, round_output=False),
        release_central(replicated([[1, 0, 3, 2]], 30), epsilon=0.5, rng=make_rng(24),
                        max_moves=3, noise="continuous"),
        release_flows(replicated([[1, 0, 3, 2]], 30), epsilon=0.5, delta=1e-3, rng=make_rng(25),
                      method="balanced", noise="continuous"),
    ]
    for rel in releases:
        g = [p.granularity for p in rel.cost.parts if p.granularity is not None]
        assert len(g) == 1, rel.cost
        values = np.asarray(rel.values, dtype=float)
        assert np.array_equal(np.rint(values / g[0]) * g[0], values), rel.cost.parts[0].note
