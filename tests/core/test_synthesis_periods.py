"""Time histograms of the synthetic-trips model on small data: pooled periods and shrinkage
towards the uniform law (``dpcore.od.synthesis.periods``)."""
import numpy as np
import pytest

from mobility_dp.dpcore.mechanisms.geometric import discrete_laplace, discrete_laplace_alpha
from mobility_dp.dpcore.od.compare import js
from mobility_dp.dpcore.od.synthesis import release_synthetic_trips
from mobility_dp.dpcore.od.synthesis.periods import period_width, pool, shrink_to_uniform, spread
from mobility_dp.dpcore.random.rng import make_rng

from .test_synthesis import PARAMS, commuters

ALPHA = discrete_laplace_alpha(10, 0.09)   # the start hour's noise at ε = 1, m = 10


def _noisy(counts, seed):
    return np.asarray(discrete_laplace(np.asarray(counts), sensitivity=10, epsilon=0.09,
                                       rng=make_rng(seed)).values, dtype=float)


def test_noise_only_rows_stay_near_uniform():
    # post-processing must not invent a peak: 24 zero counts plus noise
    ratios = []
    for seed in range(20):
        w, shrunk = shrink_to_uniform(_noisy(np.zeros(24), seed), ALPHA)
        assert np.all(w >= 0)
        ratios.append(w.max() / w.mean())
    assert np.median(ratios) == pytest.approx(1.0) and max(ratios) < 1.6
    # negative control: keeping the values above the 95 % margin (the former rule) makes a
    # single-hour law out of the same noise in some seeds
    from mobility_dp.dpcore.od.noise import DISCRETE_LAPLACE, margin_of_error
    h = margin_of_error(DISCRETE_LAPLACE, sensitivity=10, epsilon=0.09)
    single = [np.count_nonzero(_noisy(np.zeros(24), s) > h) == 1 for s in range(20)]
    assert any(single)


def test_a_strong_peak_is_kept():
    truth = np.zeros(24)
    truth[7:9] = 5000
    truth[17:19] = 4000
    w, shrunk = shrink_to_uniform(_noisy(truth, 3), ALPHA)
    assert shrunk < 0.05
    assert w[7:9].min() > 10 * np.delete(w, [7, 8, 17, 18]).max(initial=1e-9)


def test_period_rule_reads_the_total_only():
    std = 157.0
    assert period_width(1e6, 3, 24, std) == 1
    assert period_width(10.0, 1, 24, std) == 24          # below the noise: one period (uniform)
    widths = [period_width(t, 1, 24, std) for t in (500, 1000, 2000, 4000, 8000)]
    assert widths == sorted(widths, reverse=True) and len(set(widths)) > 2
    assert list(pool(np.arange(24), 6)) == [k // 6 for k in range(24)]
    assert spread([1.0, 3.0], 12, 24).sum() == pytest.approx(4.0)
    assert np.allclose(spread([1.0, 3.0], 12, 24)[:12], 1 / 12)


def _model_law(rel):
    """The released start-hour law (all classes): what the synthetic hours are drawn from."""
    return rel.public["model"].start_hour.sum(axis=0)


@pytest.mark.parametrize("people", [100, 400])
def test_start_hours_never_collapse_nor_lose_to_uniform(people):
    # commuters whose trips start between 06 and 20 h (14 hours); at 100 people (~500 trips,
    # a start-hour cell's noise std ~160 trips) the law falls back to uniform on most seeds,
    # at 400 it carries the peaks
    data = commuters(people, make_rng(5))
    truth = np.bincount((np.mod(data.trips.start, 86400) // 3600).astype(int), minlength=24)
    assert np.count_nonzero(truth) >= 10
    uniform = js(truth, np.ones(24))
    scores = []
    for seed in range(6):
        rel = release_synthetic_trips(data, rng=make_rng(seed), **PARAMS)
        start = rel.values.zoned.trips.start
        hours = np.bincount((np.mod(start, 86400) // 3600).astype(int), minlength=24)
        assert np.count_nonzero(hours) >= 10            # never a single class
        assert rel.public["start_hour_period_hours"] in (1, 2, 3, 4, 6, 8, 12, 24)
        scores.append(js(truth, _model_law(rel)))
    assert max(scores) <= uniform * 1.05
    if people >= 400:
        assert np.median(scores) < 0.8 * uniform and max(scores) < uniform
    # negative control: the law of one noisy period of 3 h, what the former rule kept, loses
    single = np.zeros(24)
    single[3:6] = 1.0
    assert js(truth, single) > uniform


def test_hundred_people_total_has_an_interval_and_a_warning():
    data = commuters(100, make_rng(5))
    covered = 0
    for seed in range(6):
        rel = release_synthetic_trips(data, rng=make_rng(seed), **PARAMS)
        low, high = rel.public["noisy_trips_interval_95"]
        assert low <= rel.public["noisy_trips"] <= high or low == 0
        covered += low <= data.n <= high
        wide = low < rel.public["noisy_trips"] / 2 or high > 2 * rel.public["noisy_trips"]
        assert wide == any("off by more than 2×" in w for w in rel.public["warnings"])
    assert covered >= 4


def test_quota_draws_follow_the_law_to_within_one():
    # the synthetic start hours are drawn by systematic sampling: each hour's count is within
    # 1 of its expected count, so a released uniform law yields a uniform output
    from mobility_dp.dpcore.od.synthesis.draws import draw, draw_quota
    law = np.r_[np.zeros(6), np.arange(1.0, 19.0)]
    expected = 557 * law / law.sum()
    for seed in range(10):
        got = np.bincount(draw_quota(law, 557, make_rng(seed)), minlength=24)
        assert got.sum() == 557 and np.abs(got - expected).max() < 1.0 + 1e-9
    uniform = np.ones(24)
    quota = js(uniform, np.bincount(draw_quota(uniform, 557, make_rng(1)), minlength=24))
    # negative control: independent draws of the same law scatter around it
    free = [js(uniform, np.bincount(draw(uniform, 557, make_rng(s)), minlength=24))
            for s in range(10)]
    assert quota < 1e-3 < min(free)


def test_per_person_start_hours_invent_no_peak_and_keep_a_real_one():
    # the start hour weighs each person's k sampled trips 1/k (sensitivity 1): 400 commuters
    # whose start hours are uniform over the day (noise only: no structure to find) give a
    # law near uniform, the same people starting 06-20 h give their span
    from mobility_dp.dpcore.od.trip_arrays import Trips, ZonedTrips
    data = commuters(400, make_rng(5))
    t = data.trips
    flat = np.floor(t.start / 86400) * 86400 + make_rng(6).integers(0, 86400, t.start.size)
    uniform_data = ZonedTrips(Trips(t.user, t.origin, t.dest, flat, flat + (t.end - t.start),
                                    t.length), data.origin_zone, data.dest_zone, data.n_zones)
    peaks, inside = [], []
    for seed in range(6):
        law = _model_law(release_synthetic_trips(uniform_data, rng=make_rng(seed), **PARAMS))
        peaks.append(law.max() / law.mean())
        law = _model_law(release_synthetic_trips(data, rng=make_rng(seed), **PARAMS))
        inside.append(law[6:20].sum() / law.sum())
    assert np.median(peaks) < 1.5 and max(peaks) < 2.0
    # negative control: on the real span the law is far from uniform (14/24 = 0.58 inside)
    assert np.median(inside) > 0.8
