"""Synthetic generator: determinism, calibration to the paper's figures, trips, check-ins."""
import os

import numpy as np
import pytest
from scipy import optimize

from mobility_dp.dpcore.demo_data import (
    PRESETS,
    expected_visits,
    generate_cdr,
    generate_checkins,
    generate_population,
    generate_trajectories,
    hourly_profile,
)
from mobility_dp.dpcore.demo_data.cdr import WEEKDAY
from mobility_dp.dpcore.geometry.geography import lambert93_to_lonlat, lonlat_to_lambert93
from mobility_dp.dpcore.ingest import bound_contributions
from mobility_dp.dpcore.random.rng import make_rng

from ..support.geography import grid_city, load_paris_sample

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
N = 20_000


@pytest.fixture(scope="module")
def paris():
    return load_paris_sample(os.path.join(ROOT, "sample_data"))


@pytest.fixture(scope="module")
def population(paris):
    return generate_population(paris, N, rng=make_rng(42))


def _visits_per_user(cdr, n_towers):
    """Distinct (user, tower, hour) per user present in the CDR: the paper's visits and N."""
    hour = (cdr.time - int(cdr.start)) // 3600
    key = (cdr.user.astype(np.int64) * cdr.n_hours + hour) * n_towers + cdr.tower
    v = np.bincount(np.unique(key) // (cdr.n_hours * n_towers), minlength=cdr.n_users)
    return v[v > 0]


def test_lambert93_matches_proj(paris):
    # reference values from PROJ (pyproj 3, EPSG:4326 -> EPSG:2154)
    x, y = lonlat_to_lambert93([2.3522, 2.2], [48.8566, 48.95])
    assert np.allclose(x, [652469.0227, 641407.2335], atol=1e-3)
    assert np.allclose(y, [6862035.2594, 6872523.1603], atol=1e-3)
    lon, lat = lambert93_to_lonlat(x, y)
    assert np.allclose(lon, [2.3522, 2.2], atol=1e-10) and np.allclose(lat, [48.8566, 48.95])
    assert paris.towers.shape == (627, 2) and len(paris.zones) == 965
    assert 85e6 < sum(z.area for z in paris.zones) < 110e6  # Paris is ≈ 105 km²


@pytest.mark.parametrize("preset", list(PRESETS))
def test_calibration_mean_visits(paris, population, preset):
    """Mean visits per user within ±5 % of the preset (measured: < 1 %)."""
    cdr = generate_cdr(population, rng=make_rng(1), activity=preset)
    v = _visits_per_user(cdr, len(paris.towers))
    assert abs(v.mean() / PRESETS[preset] - 1) < 0.05
    assert len(cdr) >= v.sum()
    assert np.all(np.diff(cdr.user) >= 0)
    same = np.diff(cdr.user) == 0
    assert np.all(np.diff(cdr.time)[same] >= 0)


def test_dispersion_and_tail(paris, population):
    """events_13_55: sd within ±15 % of the published 18.33; a tail of very active users
    (max 732 in the paper): at N = 20,000, max in [150, 1000] and 0.1–3 % above 100."""
    profile = hourly_profile(0, 168)
    rate = optimize.brentq(lambda r: expected_visits(r, profile)[0] - 13.55, 1e-3, 1e4)
    assert abs(expected_visits(rate, profile)[1] / 18.33 - 1) < 0.05  # the choice of SIGMA
    v = _visits_per_user(generate_cdr(population, rng=make_rng(2), activity="events_13_55"),
                         len(paris.towers))
    assert abs(v.std() / 18.33 - 1) < 0.15
    assert 150 <= v.max() <= 1000
    assert 0.001 <= (v > 100).mean() <= 0.03


def test_diurnal_shape(population):
    cdr = generate_cdr(population, rng=make_rng(3))
    hour = (cdr.time - int(cdr.start)) // 3600
    weekday = hour < 5 * 24  # the default week starts on a Monday
    hod = np.bincount(hour[weekday] % 24, minlength=24)
    assert 3 <= np.argmin(hod) <= 5 and hod.min() < 0.1 * hod.max()
    assert 9 <= np.argmax(hod) <= 20
    assert np.corrcoef(hod, WEEKDAY)[0, 1] > 0.97
    day = np.bincount(hour // 24, minlength=7)
    assert day[5:].mean() < day[:5].mean()  # quieter weekend


def test_events_follow_ground_truth(paris, population):
    cdr = generate_cdr(population, rng=make_rng(4))
    hour = (cdr.time - int(cdr.start)) // 3600
    truth = np.take_along_axis(population.place_tower, population.states.astype(np.intp), axis=1)[cdr.user, hour]
    st = population.states
    settled = (hour > 0) & (st[cdr.user, hour] == st[cdr.user, np.maximum(hour - 1, 0)]) \
        & ~population.roaming[cdr.user]
    assert np.array_equal(cdr.tower[settled], truth[settled])
    assert 0.5 < (cdr.tower == truth).mean() < 1.0  # switching / roaming hours differ
    # night at home, weekday 11:00 mostly away for the employed
    home = population.states[:, 3] == 0
    assert home.mean() > 0.98
    assert (population.states[population.employed, 11] == 1).mean() > 0.7
    xy = population.location(np.arange(5), 3)
    assert np.allclose(xy, population.places[:5, 0])


def test_deterministic_from_seed():
    geo = grid_city(n_side=8, n_towers=40, seed=1)

    def run(seed):
        rng = make_rng(seed)
        pop = generate_population(geo, 2000, rng=rng, days=2)
        return generate_cdr(pop, rng=rng, activity="events_13_55")

    a, b, c = run(7), run(7), run(8)
    assert all(np.array_equal(getattr(a, f), getattr(b, f)) for f in ("user", "tower", "time"))
    assert len(a) != len(c) or not np.array_equal(a.tower, c.tower)
    t1, t2 = (generate_trajectories(geo, rng=make_rng(3), n_vehicles=50) for _ in range(2))
    assert np.array_equal(t1.x, t2.x) and np.array_equal(t1.t, t2.t)
    k1, k2 = (generate_checkins(geo, rng=make_rng(4), n_users=50, n_venues=20)
              for _ in range(2))
    assert np.array_equal(k1.venue, k2.venue) and np.array_equal(k1.x, k2.x)


def test_cdr_feeds_bounding(paris, population):
    cdr = generate_cdr(population, rng=make_rng(5))
    b = bound_contributions(cdr.user, cdr.tower, cdr.time, n_towers=len(paris.towers), ell=30,
                            rng=make_rng(6), start=cdr.start)
    assert sum(b.dropped.values()) == 0 and 0.8 * N < b.n_users < N
    assert abs(b.total_visits / b.n_users / PRESETS["mean_iris_count_91"] - 1) < 0.05


def test_bad_activity(population):
    with pytest.raises(ValueError, match="unknown activity preset"):
        generate_cdr(population, rng=make_rng(0), activity="lots")
    with pytest.raises(ValueError, match="mean visits"):
        generate_cdr(population, rng=make_rng(0), activity=200.0)
    with pytest.raises(ValueError, match="too low"):
        generate_cdr(population, rng=make_rng(0), activity=0.5)


def test_bad_population_parameters():
    geo = grid_city(n_side=3, n_towers=5, seed=0)
    with pytest.raises(ValueError, match="midnight"):
        generate_population(geo, 10, rng=make_rng(0), start="2007-09-10T12:00:00")
    with pytest.raises(ValueError, match="at least 1"):
        generate_population(geo, 0, rng=make_rng(0))


def test_trajectories_thesis_scale(paris):
    tr = generate_trajectories(paris, rng=make_rng(9))
    per_day = tr.n_trips / 4200
    assert abs(per_day / (15700 / 4200) - 1) < 0.05
    same = np.diff(tr.trip_id) == 0
    gaps = np.diff(tr.t)[same]
    assert np.percentile(gaps, 1) >= 29 and gaps.max() <= 211
    assert np.all(np.diff(tr.trip_id) >= 0)
    x0, y0, x1, y1 = np.array([z.bounds for z in paris.zones]).T
    inside = (tr.x > x0.min() - 500) & (tr.x < x1.max() + 500) & (tr.y > y0.min() - 500) \
        & (tr.y < y1.max() + 500)
    assert inside.all()
    first = np.r_[True, ~same]
    assert np.allclose(tr.x[first], tr.trip_origin[tr.trip_id[first], 0], atol=60)


def test_checkins(paris):
    ck = generate_checkins(paris, rng=make_rng(10), n_users=3000, n_venues=500)
    per_user = np.bincount(ck.user, minlength=3000)
    assert per_user.min() >= 1 and abs(per_user.mean() / 5 - 1) < 0.1
    assert np.array_equal(np.c_[ck.x, ck.y], ck.venues[ck.venue])
    d_home = np.hypot(*(ck.venues[ck.venue] - ck.home[ck.user]).T)
    d_rand = np.hypot(*(ck.venues[ck.venue] - ck.home[make_rng(1).permutation(ck.user)]).T)
    assert np.median(d_home) < 0.8 * np.median(d_rand)  # gravity: near home

