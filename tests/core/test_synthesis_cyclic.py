"""Cyclic smoothing of the synthetic-trips start hours chosen by Mallows' C_L
(``dpcore.od.synthesis.periods.smooth_cyclic``): a noise-only test with a negative control and
signal tests."""
import numpy as np

from mobility_dp.dpcore.mechanisms.geometric import discrete_laplace, discrete_laplace_alpha
from mobility_dp.dpcore.od.compare import js
from mobility_dp.dpcore.od.synthesis.periods import smooth_cyclic
from mobility_dp.dpcore.random.rng import make_rng

EPS = 0.09                                   # the start hour's share of ε = 1, sensitivity 1
ALPHA = discrete_laplace_alpha(1, EPS)
HOURS = np.arange(24)
#: a two-peaked day: rush hours at 8 h and 18 h on a base of night and midday trips
DAY = 6 + 60 * np.exp(-0.5 * ((HOURS - 8) / 1.5) ** 2) + 50 * np.exp(-0.5 * ((HOURS - 18) / 2) ** 2)


def _noisy(counts, seed):
    return np.asarray(discrete_laplace(np.round(counts).astype(np.int64), sensitivity=1,
                                       epsilon=EPS, rng=make_rng(seed)).values, dtype=float)


def test_noise_only_rows_invent_no_peak():
    # 1,000 people spread evenly over the day: every deviation is noise
    flat = np.full(24, 1000 / 24)
    ratios, raw = [], []
    for seed in range(20):
        noisy = _noisy(flat, seed)
        w, shrunk = smooth_cyclic(noisy, ALPHA)
        assert np.all(w >= 0) and 0.0 <= shrunk <= 1.0
        ratios.append(w.max() / w.mean())
        raw.append(np.clip(noisy, 0, None).max() / np.clip(noisy, 0, None).mean())
    assert np.median(ratios) < 1.1 and max(ratios) < 1.8
    # negative control: the noisy row itself (no smoothing) fails the same bound
    assert not (np.median(raw) < 1.1 and max(raw) < 1.8)
    assert np.median(raw) > 1.5


def test_a_day_at_a_thousand_people_loses_most_of_its_noise():
    day = DAY / DAY.sum() * 1000
    smoothed = [js(day, smooth_cyclic(_noisy(day, s), ALPHA)[0]) for s in range(20)]
    raw = [js(day, np.clip(_noisy(day, s), 0, None)) for s in range(20)]
    assert np.median(smoothed) < 0.6 * np.median(raw)


def test_a_sharp_peak_is_kept_where_the_noise_is_small():
    truth = np.full(24, 20.0)
    truth[[7, 17]] = 5000.0
    w, shrunk = smooth_cyclic(_noisy(truth, 3), ALPHA)
    assert shrunk < 0.05
    assert w[[7, 17]].min() > 100 * np.delete(w, [7, 17]).max()
    # control: the widest kernel the rule may pick spreads the peak over its neighbours
    kernel = np.ones(1)
    for _ in range(12):
        kernel = np.convolve(kernel, (0.5, 0.5))
    wide = sum(k * np.roll(truth, j - 6) for j, k in enumerate(kernel))
    assert not wide[[7, 17]].min() > 100 * np.delete(wide, [7, 17]).max()
