"""MRE, Pearson correlation and EMD (Acs & Castelluccia §3.3, §6.4)."""
import math

import numpy as np
import pytest
from scipy.stats import pearsonr, wasserstein_distance

from mobility_dp.dpcore.reporting import metrics


def test_mre_with_sanity_bound_by_hand():
    true = np.array([[1000.0, 0.0, 500.0, 500.0]])       # total 2000: γ = 2
    private = np.array([[900.0, 1.0, 500.0, 600.0]])
    # errors 100/1000, 1/max(2, 0), 0, 100/500
    assert metrics.mre(true, private)[0] == pytest.approx((0.1 + 0.5 + 0 + 0.2) / 4)
    assert metrics.mre(np.zeros((1, 3)), np.ones((1, 3)))[0] != metrics.mre(
        np.zeros((1, 3)), np.ones((1, 3)))[0]             # NaN: no scale at all


def test_pearson_matches_scipy_and_constant_series_is_nan():
    rng = np.random.default_rng(0)
    x, y = rng.random((5, 30)), rng.random((5, 30))
    np.testing.assert_allclose(metrics.pearson(x, y), [pearsonr(a, b)[0] for a, b in zip(x, y)])
    assert np.isnan(metrics.pearson(np.ones((1, 4)), np.arange(4.0)[None]))[0]


def test_emd_on_a_line_equals_the_1d_wasserstein_distance():
    rng = np.random.default_rng(1)
    pos = np.sort(rng.random(12)) * 5000
    xy = np.column_stack([pos, np.zeros(12)])
    true = rng.poisson(50, size=(12, 3)).astype(float)
    private = true + rng.normal(0, 20, size=(12, 3))
    got = metrics.emd(true, private, xy)
    for t in range(3):
        q = np.clip(private[:, t], 0, None)
        assert got[t] == pytest.approx(wasserstein_distance(pos, pos, true[:, t], q), rel=1e-6)


def test_emd_by_hand_in_two_dimensions():
    xy = np.array([[0.0, 0], [300, 400], [600, 0]])
    true = np.array([[1.0], [0.0], [1.0]])
    private = np.array([[0.0], [1.0], [1.0]])            # half the mass moves 500 m
    assert metrics.emd(true, private, xy)[0] == pytest.approx(250.0)
    assert metrics.emd(true, true * 7, xy)[0] == pytest.approx(0.0, abs=1e-9)
    assert np.isnan(metrics.emd(true, np.zeros((3, 1)), xy)[0])


def test_scipy_and_pot_paths_agree_when_pot_is_missing(monkeypatch):
    monkeypatch.setattr(metrics, "pot_module", lambda: None)
    cost = np.array([[1.0, 4.0], [3.0, 1.0]])
    assert metrics.transport_cost([0.5, 0.5], [0.25, 0.75], cost) == pytest.approx(
        0.25 * 1 + 0.25 * 4 + 0.5 * 1)


def test_summary_and_bad_shapes():
    rng = np.random.default_rng(2)
    true = rng.poisson(100, size=(4, 24)).astype(float)
    s = metrics.summary(true, true * 1.1, rng.random((4, 2)) * 1000, emd_slots=[0, 5])
    assert s["mean_mre"] == pytest.approx(0.1)
    assert s["mean_pc"] == pytest.approx(1.0)
    assert s["emd"].shape == (2,) and s["mean_emd"] == pytest.approx(0.0, abs=1e-6)
    np.testing.assert_allclose(s["relative_error_by_slot"], 0.1)
    with pytest.raises(ValueError, match="same shape"):
        metrics.mre(true, true[:, :5])
    with pytest.raises(ValueError, match="centroids"):
        metrics.emd(true, true, np.zeros((3, 2)))
    assert math.isnan(metrics.summary(np.zeros((1, 3)), np.zeros((1, 3)))["mean_pc"])
