"""Spatial smoothing of noisy zone counts (post-processing, dpcore.od.synthesis.smooth): noise
alone gives back a flat map (no structure invented; a control that picks the bandwidth without
the risk's penalty keeps the noise) and does not pass the test for spatial structure (the
posterior mean is kept), a smooth signal is recovered better than by its noisy values, a sharp
one or one unlike its neighbours is not smoothed, a peak moves by at most the limit; the other
trips' zones elsewhere (weak weights, smoothed without the limit): noise alone stays flat, a
weak smooth signal is recovered in full."""
import numpy as np

from mobility_dp.dpcore.mechanisms.geometric import discrete_laplace_alpha, discrete_laplace_noise
from mobility_dp.dpcore.od.shrink import noise_variance
from mobility_dp.dpcore.od.synthesis import smooth
from mobility_dp.dpcore.od.synthesis.parts import budget
from mobility_dp.dpcore.random.rng import make_rng

SIDE = 14
XY = np.array([[x * 1000.0 + 500, y * 1000.0 + 500] for x in range(SIDE) for y in range(SIDE)])
EPS = budget(1.0)["margins"]            # the margins' share of ε = 1, sensitivity 2
VAR = noise_variance(discrete_laplace_alpha(2, EPS))


def _noisy(truth, seed):
    return truth + discrete_laplace_noise(truth.shape, sensitivity=2, epsilon=EPS,
                                          rng=make_rng(seed))


def _no_penalty(noisy, variance, centroids):
    """Control: the bandwidth of least residual alone (no 2σ² tr S term)."""
    d = np.hypot(*(XY[:, None, :] - XY[None, :, :]).transpose(2, 0, 1))
    step = smooth.spacing(XY)
    h = min((float(s) * step for s in smooth.SPACINGS),
            key=lambda h: float(((noisy - smooth.kernel(d, h) @ noisy) ** 2).sum()))
    return smooth.kernel(d, h) @ noisy, h


def test_spacing_and_kernel():
    assert smooth.spacing(XY) == 1000.0
    k = smooth.kernel(np.hypot(*(XY[:, None, :] - XY[None, :, :]).transpose(2, 0, 1)), 1000.0)
    assert np.allclose(k.sum(axis=1), 1.0) and np.allclose(smooth.kernel(k, 0.0), np.eye(len(XY)))


def test_noise_only_gives_a_flat_map_and_the_control_does_not():
    truth = np.full(len(XY), 20.0)
    errors, control = [], []
    for seed in range(5):
        y = _noisy(truth, seed)
        out, h = smooth.sure_smooth(y, VAR, XY)
        assert h >= 1500.0                       # a wide kernel on noise alone
        errors.append(np.std(out - truth))
        control.append(np.std(_no_penalty(y, VAR, XY)[0] - truth))
    sd = np.sqrt(VAR)
    assert np.median(errors) < 0.6 * sd          # the noise is mostly smoothed out
    assert np.median(control) > 0.9 * sd         # the control keeps it: the test can fail


def test_smooth_signal_is_recovered_better_than_its_noisy_values():
    centre = XY.mean(axis=0)
    truth = 5.0 + 60.0 * np.exp(-0.5 * (np.hypot(*(XY - centre).T) / 3000.0) ** 2)
    gain = []
    for seed in range(5):
        y = _noisy(truth, seed)
        out, h = smooth.sure_smooth(y, VAR, XY)
        assert h > 0
        gain.append(np.corrcoef(out, truth)[0, 1] - np.corrcoef(y, truth)[0, 1])
    assert np.median(gain) > 0.1


def test_sharp_signal_is_not_blurred():
    # a checkerboard of 0 and 120 people: far above the noise, nothing alike next door
    truth = 120.0 * ((XY[:, 0] // 1000 + XY[:, 1] // 1000) % 2)
    for seed in range(3):
        y = _noisy(truth, seed)
        out, h = smooth.sure_smooth(y, VAR, XY)
        assert h == 0.0 and np.array_equal(out, y)


def test_a_peak_moves_by_at_most_the_limit():
    truth = np.full(len(XY), 10.0)
    truth[100] = 150.0                           # one zone far above its neighbours
    y = _noisy(truth, 0)
    out, h = smooth.sure_smooth(y, VAR, XY)
    assert h > 0 and np.all(np.abs(out - y) <= smooth.LIMIT * np.sqrt(VAR) + 1e-9)
    assert out[100] >= y[100] - np.sqrt(VAR) - 1e-9 and out[100] > 100.0


def test_moran_test_finds_structure_only_where_there_is_some():
    gradient = 5.0 + 60.0 * np.exp(-0.5 * (np.hypot(*(XY - XY.mean(axis=0)).T) / 3000.0) ** 2)
    rng = np.random.default_rng(3)
    unrelated = rng.integers(0, 40, len(XY)).astype(float)   # large, but not like next door
    found = {name: [smooth.spatial(_noisy(t, seed), XY) for seed in range(10)]
             for name, t in (("gradient", gradient), ("noise", np.full(len(XY), 20.0)),
                             ("unrelated", unrelated))}
    assert all(found["gradient"])
    assert sum(found["noise"]) <= 2 and sum(found["unrelated"]) <= 2
    # control: the same statistic on the truth itself sees the gradient, not the others
    w = np.exp(-0.5 * (np.hypot(*(XY[:, None, :] - XY[None, :, :]).transpose(2, 0, 1)) /
                       1000.0) ** 2)
    np.fill_diagonal(w, 0.0)
    assert smooth.moran_z(gradient, w) > 10 and abs(smooth.moran_z(unrelated, w)) < 3


def test_halves_without_structure_keep_the_posterior_mean():
    from mobility_dp.dpcore.od.shrink import posterior_mean
    alpha = discrete_laplace_alpha(2, EPS)
    gradient = 5.0 + 60.0 * np.exp(-0.5 * (np.hypot(*(XY - XY.mean(axis=0)).T) / 3000.0) ** 2)
    sharp = 120.0 * ((XY[:, 0] // 1000 + XY[:, 1] // 1000) % 2)
    for truth in (np.concatenate([gradient, sharp]), np.full(2 * len(XY), 20.0)):
        y = _noisy(truth, 1)
        out, (h1, h2) = smooth.smooth_halves(y, alpha, XY)
        pm = posterior_mean(y, alpha)
        assert h2 == 0.0 and np.array_equal(out[len(XY):], pm[len(XY):])
        if truth[0] != truth[1]:
            assert h1 > 0 and np.corrcoef(out[:len(XY)], gradient)[0, 1] > np.corrcoef(
                pm[:len(XY)], gradient)[0, 1] + 0.05
        else:                                   # noise alone: nothing smoothed, as before
            assert h1 == 0.0 and np.array_equal(out, pm)


def test_a_hundred_people_are_not_made_worse():
    # 100 people around one corner of 196 squares: counts far below their noise
    from mobility_dp.dpcore.od.shrink import posterior_mean
    alpha = discrete_laplace_alpha(2, EPS)
    pts = np.random.default_rng(5).normal([3000, 3000], 2000, (100, 2)).clip(0, 13999)
    truth = np.bincount((pts[:, 0] // 1000).astype(int) * SIDE + (pts[:, 1] // 1000).astype(int),
                        minlength=len(XY)).astype(float)
    ours, plain, smoothed = [], [], 0
    for seed in range(8):
        y = _noisy(np.concatenate([truth, truth]), seed)
        out, (h, _) = smooth.smooth_halves(y, alpha, XY)
        smoothed += h > 0
        ours.append(np.corrcoef(np.clip(out[:len(XY)], 0, None), truth)[0, 1])
        plain.append(np.corrcoef(posterior_mean(y, alpha)[:len(XY)], truth)[0, 1])
    assert smoothed <= 2                         # mostly below the test: the posterior mean
    assert np.median(ours) >= np.median(plain) - 0.01


# The other trips' zones elsewhere: weights (1/k per person) of Laplace noise at their share of
# ε, sensitivity 2, smoothed without the limited translation (limit = inf).
EPS_ENDS = budget(1.0)["other_ends"]
ALPHA_ENDS = float(np.exp(-EPS_ENDS / 2))
SD_ENDS = np.sqrt(2.0) * 2 / EPS_ENDS


def _ends(truth, seed):
    return np.round(truth + make_rng(seed).laplace(0.0, 2 / EPS_ENDS, truth.shape))


def test_noise_only_other_ends_stay_flat_and_the_control_does_not():
    truth = np.full(2 * len(XY), 10.0)
    spread, control = [], []
    for seed in range(10):
        y = _ends(truth, seed)
        out, _ = smooth.smooth_halves(y, ALPHA_ENDS, XY, limit=np.inf)
        spread.append(np.std(out[:len(XY)]))
        control.append(np.std(_no_penalty(y[:len(XY)], SD_ENDS ** 2, XY)[0]))
    assert max(spread) < 0.3 * SD_ENDS           # no map invented from noise alone
    assert np.median(control) > 0.9 * SD_ENDS    # the control keeps the noise: the test can fail


def test_weak_other_ends_signal_is_recovered_in_full_not_limited():
    # ~10 per zone around a centre against a noise std of ~20: a 1-std limit keeps most noise
    gradient = 2.0 + 30.0 * np.exp(-0.5 * (np.hypot(*(XY - XY.mean(axis=0)).T) / 3000.0) ** 2)
    full, limited, smoothed = [], [], 0
    for seed in range(5):
        y = _ends(np.concatenate([gradient, gradient]), seed)
        out, (h, _) = smooth.smooth_halves(y, ALPHA_ENDS, XY, limit=np.inf)
        smoothed += h > 0                        # the test for structure passes it mostly
        full.append(np.corrcoef(out[:len(XY)], gradient)[0, 1])
        lim, _ = smooth.smooth_halves(y, ALPHA_ENDS, XY)
        limited.append(np.corrcoef(lim[:len(XY)], gradient)[0, 1])
    assert smoothed >= 4
    assert np.median(full) > 0.8 and np.median(full) > np.median(limited) + 0.1
