"""§5.4.2 exponential-curve smoothing of the night hours."""
import numpy as np
import pytest

from mobility_dp.dpcore.density.smoothing import fit_exponential, smooth_night


def brute_force_fit(x, y):
    """Least-squares a·exp(b·x) on a fine grid of b (a is linear: closed form)."""
    best = None
    for b in np.linspace(-2, 2, 40001):
        e = np.exp(b * x)
        a = (e @ y) / (e @ e)
        sse = ((y - a * e) ** 2).sum()
        if best is None or sse < best[0]:
            best = (sse, a * e)
    return best[1]


def test_levenberg_marquardt_fit_matches_brute_force():
    rng = np.random.default_rng(0)
    x = np.arange(5.0)
    y = 80 * np.exp(-0.35 * x) + rng.normal(0, 4, size=5)
    np.testing.assert_allclose(fit_exponential(x, y), brute_force_fit(x, y), rtol=1e-3)


def test_exact_exponential_nights_are_kept_and_other_hours_untouched():
    hours = np.arange(48.0)                                  # two days of hourly slots
    hod = hours % 24
    y = np.full(48, 500.0)
    down = hod <= 4
    up = (hod >= 4) & (hod <= 6)
    y[down] = 100 * np.exp(-0.4 * hod[down])                  # 00:00-04:00
    y[up] = 100 * np.exp(-1.6) * np.exp(0.7 * (hod[up] - 4))  # 04:00-06:00, same value at 4
    out = smooth_night(y[None, :], hours)
    np.testing.assert_allclose(out[0], y, rtol=1e-6)
    noisy = y + np.random.default_rng(1).normal(0, 3, 48)
    out = smooth_night(noisy[None, :], hours)[0]
    night = hod <= 6
    np.testing.assert_array_equal(out[~night], noisy[~night])
    assert np.abs(out[night] - y[night]).mean() < np.abs(noisy[night] - y[night]).mean()


def test_each_day_gets_its_own_fit_and_shared_slot_is_averaged():
    hours = np.arange(24.0, 48.0)                             # a day starting at hour 24
    y = np.zeros(24)
    y[:5] = [10, 8, 7, 5, 9]
    y[4:7] = [9, 12, 20]
    out = smooth_night(y[None, :], hours)[0]
    first = fit_exponential(np.arange(5.0), y[:5])
    second = fit_exponential(np.arange(3.0), y[4:7])
    np.testing.assert_allclose(out[:4], first[:4])
    np.testing.assert_allclose(out[5:7], second[1:])
    assert out[4] == pytest.approx((first[4] + second[0]) / 2)


def test_scale_equivariance_lets_clusters_be_smoothed_once():
    hours = np.arange(24.0)
    rng = np.random.default_rng(2)
    profile = rng.random(24)
    a = smooth_night(profile[None, :], hours)[0]
    b = smooth_night(37.5 * profile[None, :], hours)[0]
    np.testing.assert_allclose(b, 37.5 * a, rtol=1e-5)


def test_zero_nights_stay_zero_and_shape_is_checked():
    out = smooth_night(np.zeros((2, 24)), np.arange(24.0))
    assert np.all(out == 0)
    with pytest.raises(ValueError, match="one entry per slot"):
        smooth_night(np.zeros((1, 24)), np.arange(10.0))
