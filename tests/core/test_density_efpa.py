"""EFPA / EFPA_G (Acs & Castelluccia Alg. 4): DCT, choice of k, noise and cost."""
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mobility_dp.dpcore.density.efpa import coefficient_noise_std, dct, efpa, idct, noise_rsse, tail_rsse
from mobility_dp.dpcore.mechanisms.gaussian_calibration import gaussian_sigma
from mobility_dp.dpcore.random.rng import make_rng

from ..support.dp_audit import chi_square_fit


def test_dct_matches_the_orthonormal_dct_ii_formula():
    x = np.array([1.0, 2.0, 0.0, -1.0])
    n = x.size
    i = np.arange(n)
    basis = np.cos(np.pi * (2 * i[None, :] + 1) * i[:, None] / (2 * n))
    scale = np.where(i == 0, math.sqrt(1 / n), math.sqrt(2 / n))
    np.testing.assert_allclose(dct(x), scale * (basis @ x), atol=1e-12)
    # F0 is the sum over √n
    assert dct(x)[0] == pytest.approx(x.sum() / 2)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.floats(-1e6, 1e6, allow_nan=False), min_size=1, max_size=200))
def test_dct_round_trip_and_norm(values):
    x = np.array(values)
    np.testing.assert_allclose(idct(dct(x)), x, atol=1e-6 * (1 + np.abs(x).max()))
    assert np.linalg.norm(dct(x)) == pytest.approx(np.linalg.norm(x), rel=1e-9, abs=1e-6)


def test_tail_rsse_by_hand():
    np.testing.assert_allclose(tail_rsse(np.array([3.0, 4.0, 0.0, 12.0])),
                               [math.sqrt(160), 12, 12, 0])


def test_exponential_mechanism_probabilities_for_k():
    """Frequencies of k over 20,000 independent series fit the hand-computed law."""
    eps, delta, ell = 2.0, 1e-4, 4
    series = np.array([40.0, 30.0, 10.0, 12.0, 25.0, 38.0])
    n = series.size
    f = dct(series)
    sigma = gaussian_sigma(math.sqrt(ell), eps / 2, delta, "analytic")  # ε/2 of the call
    tails = np.array([math.sqrt(np.sum(f[k:] ** 2)) for k in range(1, n + 1)])
    u = -(tails + np.sqrt(np.arange(1, n + 1)) * sigma)
    # exp(ε_k·u/(2Δ)), ε_k = ε/2 and Δ = √ℓ for one series
    logits = (eps / 2) * u / (2 * math.sqrt(ell))
    p = np.exp(logits - logits.max())
    p /= p.sum()
    m = 20000
    rel = efpa(np.tile(series, (m, 1)), epsilon=eps, delta=delta, rng=make_rng(3),
               l2_sensitivity=math.sqrt(ell), l2_sum_sensitivity=math.sqrt(ell))
    ks = rel.public["k"]
    good = chi_square_fit(ks, np.arange(1, n + 1), p)
    assert good.passed, good
    # negative control: the law with the full ε (no even split) is rejected
    wrong = np.exp(2 * (logits - logits.max()))
    wrong /= wrong.sum()
    assert not chi_square_fit(ks, np.arange(1, n + 1), wrong).passed


def test_gaussian_noise_on_the_first_k_coefficients_only():
    eps, delta = 1.0, 1e-5
    series = np.tile(100 + 50 * np.cos(np.linspace(0, 6 * np.pi, 24)), (3000, 1))
    rel = efpa(series, epsilon=eps, delta=delta, rng=make_rng(4), l2_sensitivity=3.0,
               l2_sum_sensitivity=3.0)
    sigma = gaussian_sigma(3.0, eps / 2, delta, "analytic", size=series.size, integer_valued=False)
    assert rel.public["sigma"] == sigma
    noisy, true, k = dct(rel.values), dct(series), rel.public["k"]
    keep = np.arange(24)[None, :] < k[:, None]
    assert np.allclose(noisy[~keep], 0, atol=1e-9)
    grid = rel.public["granularity"]                  # the noisy coefficients lie on the grid
    assert np.allclose(noisy[keep] / grid, np.rint(noisy[keep] / grid), atol=1e-3)
    z = (noisy - true)[keep] / sigma
    assert abs(z.mean()) < 0.05 and abs(z.std() - 1) < 0.03


def test_laplace_scale_grows_with_k_and_the_joint_sensitivity():
    rng = make_rng(5)
    series = rng.poisson(200, size=(5, 48)).astype(float)
    rel = efpa(series, epsilon=0.8, rng=rng, noise="laplace", l2_sensitivity=2.0,
               l2_sum_sensitivity=7.0)
    np.testing.assert_allclose(rel.public["laplace_scale"], np.sqrt(rel.public["k"]) * 7.0 / 0.4,
                               rtol=1e-5)  # + the float-safety share of ε (snapping)


@pytest.mark.parametrize("noise,delta", [("gaussian", 1e-6), ("laplace", 0.0)])
def test_cost_is_half_exponential_half_noise(noise, delta):
    rel = efpa(np.ones((4, 10)), epsilon=0.6, delta=delta, rng=make_rng(6), noise=noise,
               l2_sensitivity=2.0, l2_sum_sensitivity=4.0)
    parts = rel.cost.parts
    assert [p.mechanism.split()[0] for p in parts] == [
        "exponential", "Gaussian" if noise == "gaussian" else "Laplace"]
    assert [p.epsilon for p in parts] == [0.3, 0.3]
    assert rel.cost.epsilon == pytest.approx(0.6)
    assert rel.cost.delta == delta
    assert "4 calls" in parts[0].note


def test_large_epsilon_keeps_everything(noiseless_epsilon):
    x = np.array([[5.0, 9.0, 2.0, 7.0, 7.0, 1.0]])
    rel = efpa(x, epsilon=1e6, delta=1e-6, rng=make_rng(7), l2_sensitivity=1.0,
               l2_sum_sensitivity=1.0)
    assert rel.public["k"][0] == 6        # σ ≈ Δ/√(2ε) ≈ 1e-3 at this ε
    np.testing.assert_allclose(rel.values, x, atol=1e-2)


def test_tau_noise_std_and_penalties():
    assert coefficient_noise_std(168, "gaussian", epsilon=0.15, delta=2e-6,
                                 l2_sensitivity=math.sqrt(30), calibration="classic") == \
        pytest.approx(math.sqrt(2) * math.sqrt(30) * math.sqrt(math.log(4 / 2e-6)) / 0.075)
    assert coefficient_noise_std(168, "laplace", epsilon=0.15, delta=0.0,
                                 l2_sensitivity=math.sqrt(30)) == \
        pytest.approx(math.sqrt(2) * math.sqrt(168) * math.sqrt(30) / 0.075)
    np.testing.assert_allclose(noise_rsse(3, "gaussian", sigma=2.0), 2 * np.sqrt([1, 2, 3]))
    np.testing.assert_allclose(noise_rsse(3, "laplace", sensitivity=2.0, epsilon=0.5),
                               math.sqrt(2) * 4 * np.array([1, 2, 3]))


def test_bad_inputs():
    with pytest.raises(ValueError, match="delta > 0"):
        efpa(np.ones((1, 4)), epsilon=1.0, delta=0.0, rng=make_rng(1), l2_sensitivity=1.0,
             l2_sum_sensitivity=1.0)
    with pytest.raises(ValueError, match="2-D"):
        efpa(np.ones(4), epsilon=1.0, delta=0.1, rng=make_rng(1), l2_sensitivity=1.0,
             l2_sum_sensitivity=1.0)
    with pytest.raises(ValueError, match="unknown noise"):
        efpa(np.ones((1, 4)), epsilon=1.0, rng=make_rng(1), noise="cauchy",
             l2_sensitivity=1.0, l2_sum_sensitivity=1.0)
