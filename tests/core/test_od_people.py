"""People per OD pair (issue 29): the per-user statistics, the release, its audits, the
empirical-Bayes shrinkage (noise-only input, coverage of the margins by stratum)."""
import math

import numpy as np
import pytest

from mobility_dp.dpcore import mechanisms as mech
from mobility_dp.dpcore.accounting.contract import check_spent
from mobility_dp.dpcore.od import people, shrink
from mobility_dp.dpcore.od.people_flows import measure_people, people_od_cost, release_people_od
from mobility_dp.dpcore.od.trip_arrays import Trips, ZonedTrips
from mobility_dp.dpcore.random.rng import make_rng

from ..support.dp_audit import chi_square_fit, likelihood_ratio_audit
from ..support.reference import discrete_laplace_pmf


def zoned(user, o, d, n_zones):
    user = np.asarray(user)
    z = np.zeros((user.size, 2))
    nan = np.full(user.size, np.nan)
    return ZonedTrips(Trips(user, z, z, nan, nan, np.zeros(user.size)), o, d, n_zones)


# ---------------------------------------------------------------- the per-user statistics
def test_each_user_counts_once_on_their_most_frequent_pair():
    # user 0: 0→1 twice, 1→0 once; user 1: 2→2 once; user 2: 1→2 three times, 0→0 once
    z = zoned([0, 0, 0, 1, 2, 2, 2, 2], [0, 0, 1, 2, 1, 1, 1, 0], [1, 1, 0, 2, 2, 2, 2, 0], 3)
    und = people.people_per_pair(z, directed=False, rng=make_rng(0))
    assert und.sum() == 3 and und[0, 1] == 1 and und[2, 2] == 1 and und[1, 2] == 1
    users, keys, trips = people.main_pairs(z, directed=False, rng=make_rng(0))
    assert users.tolist() == [0, 1, 2] and trips.tolist() == [3, 1, 3]
    d = people.people_per_pair(z, directed=True, rng=make_rng(0))
    assert d.sum() == 3 and d[0, 1] == 1 and d[1, 2] == 1 and d[1, 0] == 0


def test_ties_are_broken_uniformly_at_random():
    z = zoned([0, 0], [0, 1], [1, 2], 3)  # one trip on each of two pairs
    picks = [people.main_pairs(z, directed=True, rng=make_rng(s))[1][0] for s in range(400)]
    share = np.mean(np.asarray(picks) == 1)
    assert 0.42 < share < 0.58
    never = [people.main_pairs(z, directed=True, rng=make_rng(s))[1][0] for s in range(2)]
    assert set(never) <= {1, 5}


def test_user_totals_cap_the_trips_of_each_user():
    assert people.user_totals([0, 0, 0, 2, 2], cap=2).tolist() == [2, 4]


# ---------------------------------------------------------------- the release and its cost
def test_cost_is_planned_and_spent_exactly():
    z = zoned(np.arange(20) % 7, np.arange(20) % 3, (np.arange(20) * 2) % 3, 3)
    for publish in ("people", "trips"):
        plan = people_od_cost(epsilon=1.0, publish=publish, scale_share=0.1, total_cap=5)
        rel = release_people_od(z, rng=make_rng(1), epsilon=1.0, publish=publish,
                                scale_share=0.1, total_cap=5)
        check_spent(plan, rel.cost)
        assert math.isclose(rel.cost.epsilon, 1.0)
        # 7 users: the trip scale takes more ε and counts the users a second time
        assert [p.sensitivity for p in rel.cost.parts] == ([1.0] if publish == "people"
                                                           else [1.0, 1.0, 1.0, 5.0])
        assert rel.cost.unit_of_privacy == "user"
    with pytest.raises(ValueError, match="share"):
        people_od_cost(epsilon=1.0, publish="trips", scale_share=0.0)
    with pytest.raises(ValueError, match="publish"):
        people_od_cost(epsilon=1.0, publish="visits")


def test_undirected_release_is_symmetric_and_scaled_to_trips(noiseless_epsilon):
    # 30 users commute 0↔1 (3 trips each), 10 go 2→2 once: κ = 100 / 40
    user = np.r_[np.repeat(np.arange(30), 3), np.arange(30, 40)]
    o = np.r_[np.tile([0, 1, 0], 30), np.full(10, 2)]
    d = np.r_[np.tile([1, 0, 1], 30), np.full(10, 2)]
    rel = release_people_od(zoned(user, o, d, 3), rng=make_rng(0), epsilon=1e6,
                            scale_share=0.5, total_cap=10)
    v = rel.values
    assert np.allclose(v, v.T)
    assert math.isclose(rel.public["trips_per_person"], 2.5)
    assert v[0, 1] == pytest.approx(2.5 * 15, rel=1e-3) and v[2, 2] == pytest.approx(25, rel=1e-3)
    assert v.sum() == pytest.approx(100, rel=1e-3)


# ---------------------------------------------------------------- audits of the measurement
def _neighbours():
    base = zoned(np.arange(6), np.zeros(6, int), np.zeros(6, int), 2)  # 6 users stay in zone 0
    extra = zoned(np.r_[np.arange(6), 6, 6, 6, 6], np.r_[np.zeros(6, int), 0, 1, 0, 0],
                  np.r_[np.zeros(6, int), 1, 0, 1, 0], 2)  # + a user mostly on {0, 1}
    return base, extra


def _sample(z, n, epsilon, broken=False):
    out = np.empty(n, dtype=np.int64)
    for s in range(n):
        rng = make_rng(10_000 + s)
        if broken:  # trips on the pair with the noise of one person: sensitivity miscounted
            t = np.bincount(np.minimum(z.origin_zone, z.dest_zone) * 2 +
                            np.maximum(z.origin_zone, z.dest_zone), minlength=4)[[0, 1, 3]]
            out[s] = mech.discrete_laplace(t, sensitivity=1, epsilon=epsilon, rng=rng).values[1]
        else:
            out[s] = measure_people(z, epsilon=epsilon, directed=False, rng=rng)[0].values[1]
    return out


def test_neighbour_ratio_within_e_eps_and_broken_control_fails():
    eps, n = 0.7, 6000
    d, dp = _neighbours()
    assert likelihood_ratio_audit(_sample(d, n, eps), _sample(dp, n, eps), "discrete", eps).passed
    assert not likelihood_ratio_audit(_sample(d, n, eps, True), _sample(dp, n, eps, True),
                                      "discrete", eps).passed


def test_noisy_counts_follow_the_discrete_laplace_law_and_wrong_law_fails():
    eps = 0.8
    d, _ = _neighbours()
    rel, truth, index = measure_people(d, epsilon=eps, directed=False, rng=make_rng(3))
    # 3 pairs per draw are too few: pool 4000 independent releases on pair {0, 1} (truth 0)
    sample = _sample(d, 4000, eps)
    support = np.arange(-30, 31)
    assert chi_square_fit(sample, support, discrete_laplace_pmf(
        support, sensitivity=1, epsilon=eps)).passed
    assert not chi_square_fit(sample, support, discrete_laplace_pmf(
        support, sensitivity=1, epsilon=eps * 0.8)).passed
    assert truth.ravel()[index].tolist() == [6, 0, 0]


# ---------------------------------------------------------------- post-processing
def test_noise_only_input_invents_no_structure_and_unshrunk_control_does():
    eps = 1.0
    alpha = math.exp(-eps)
    y = mech.discrete_laplace(np.zeros(20_000, dtype=np.int64), sensitivity=1, epsilon=eps,
                              rng=make_rng(5)).values
    for prior in (None, shrink.fit_prior_trimmed(y, alpha)):   # the release uses the second
        est = shrink.posterior_mean(y, alpha, prior)
        # almost nothing rounds to one person (≤ 1 in 1000) and the total stays near 0
        assert np.mean(est >= 0.5) < 1e-3 and est.sum() < 0.02 * y.size
    control = np.clip(y, 0, None)                          # clipping alone (no shrinkage)
    assert np.mean(control >= 0.5) > 0.1 and control.sum() > 0.2 * y.size


def test_shrinkage_beats_clipping_on_sparse_counts():
    rng = make_rng(2)
    truth = (rng.random(50_000) < 0.02).astype(np.int64) * rng.integers(1, 4, 50_000)
    y = mech.discrete_laplace(truth, sensitivity=1, epsilon=1.0, rng=rng).values
    est = shrink.posterior_mean(y, math.exp(-1.0))
    assert np.mean((est - truth) ** 2) < 0.3 * np.mean((np.clip(y, 0, None) - truth) ** 2)


@pytest.mark.parametrize("stratum", [(0, 0), (1, 5), (6, 40)])
def test_intervals_cover_in_every_true_count_stratum(stratum):
    """≥ 100 seeds per stratum: the published 95 % intervals cover the true people count."""
    lo, hi = stratum
    covered = total = 0
    for seed in range(100):
        rng = make_rng(seed)
        n_users = rng.integers(lo, hi + 1, size=6)
        user, o, d, k = [], [], [], 0
        for pair, count in enumerate(n_users):  # pair p: zones (0, p) of a 7-zone map
            user += list(range(k, k + count))
            o += [0] * count
            d += [pair + 1] * count
            k += count
        rel = release_people_od(zoned(np.array(user, int), np.array(o, int), np.array(d, int),
                                      7), rng=rng, epsilon=0.5, publish="people")
        t = rel.internal["truth_people"][0, 1:]
        low, up = rel.public["lower"][0, 1:] * 2, rel.public["upper"][0, 1:] * 2
        covered += int(np.sum((low <= t) & (t <= up)))
        total += t.size
    assert covered / total >= 0.95 - 2 * math.sqrt(0.05 * 0.95 / total)
