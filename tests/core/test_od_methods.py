"""The public rule that picks the OD and visits methods, and the mobility report with the
methods of issue 29 (people per pair, shrunk visits, the trip scale)."""
import math

import numpy as np
import pytest

from mobility_dp.dpcore import mechanisms as mech
from mobility_dp.dpcore.accounting.contract import check_spent
from mobility_dp.dpcore.od import report, shrink, strategy, trip_scale
from mobility_dp.dpcore.od.trip_arrays import Trips
from mobility_dp.dpcore.random.rng import make_rng


def test_rule_reads_public_facts_only():
    sparse = strategy.choose(n_zones=965, max_trips=10, epsilon=1.0)
    assert sparse.od == strategy.OD_PEOPLE and "assumed sparse" in sparse.reason
    assert sparse.visits == strategy.VISITS_SHRUNK
    dense = strategy.choose(n_zones=7, max_trips=10, epsilon=1.0, population=5000)
    assert dense.od == strategy.OD_TRIPS and "dense" in dense.reason
    grid = strategy.choose(n_zones=125, max_trips=10, epsilon=1.0, population=5000)
    assert grid.od == strategy.OD_PEOPLE and "sparse" in grid.reason
    # the trips' noise grows with m: the same population is sparse for a larger m
    assert strategy.choose(n_zones=30, max_trips=10, epsilon=1.0, population=5000).od == \
        strategy.OD_TRIPS
    assert strategy.choose(n_zones=30, max_trips=40, epsilon=1.0, population=5000).od == \
        strategy.OD_PEOPLE
    huge = strategy.choose(n_zones=965, max_trips=10, epsilon=50.0)
    assert (huge.od, huge.visits) == (strategy.OD_TRIPS, strategy.VISITS_PLAIN)
    assert strategy.choose(n_zones=965, max_trips=10, epsilon=1.0,
                           trips_options="Gaussian noise").od == strategy.OD_TRIPS


def test_resolve_keeps_named_methods_and_refuses_unknown_ones():
    c = strategy.resolve("trips", "plain", n_zones=965, max_trips=10, epsilon=1.0)
    assert (c.od, c.visits) == ("trips", "plain") and "user" in c.reason
    with pytest.raises(ValueError, match="unknown OD method"):
        strategy.resolve("gravity", n_zones=9, max_trips=1, epsilon=1.0)
    with pytest.raises(ValueError, match="population"):
        strategy.choose(n_zones=9, max_trips=1, epsilon=1.0, population=-3)


def _trips(n_users=400, n_zones=6, seed=0):
    rng = np.random.default_rng(seed)
    home = rng.integers(0, n_zones, n_users)
    work = rng.integers(0, n_zones, n_users)
    per = rng.integers(2, 9, n_users)
    user = np.repeat(np.arange(n_users), per)
    k = np.concatenate([np.arange(p) for p in per])
    o = np.where(k % 2 == 0, home[user], work[user])
    d = np.where(k % 2 == 0, work[user], home[user])
    t0 = 1_779_667_200 + 3600.0 * (8 + 9 * (k % 2)) + 86400.0 * (k // 2)
    z = np.zeros((user.size, 2))
    return Trips(user, z, z + 1000.0, t0, t0 + 1800.0, np.full(user.size, 1000.0)), o, d


def test_report_with_the_new_methods_spends_as_planned():
    trips, o, d = _trips()
    kw = dict(epsilon=2.0, weights={"visits": 1, "od": 1}, max_trips=4,
              od_method="auto", visits_method="auto", scale_share=0.1, total_cap=20)
    plan = report.report_cost(n_zones=6, **kw)
    rel = report.release_report(trips, o, d, n_zones=6, rng=make_rng(1),
                                bins=report.Bins(time_windows=(0, 24)), **kw)
    check_spent(plan, rel.cost)
    assert math.isclose(rel.cost.epsilon, 2.0)
    # 400 users: the trip scale takes more than its nominal share (users counted twice)
    assert [p.sensitivity for p in rel.cost.parts] == [8, 1, 1, 1, 20]
    assert rel.public["epsilon_trip_scale"] > 0.1 * 2.0
    assert rel.public["od_method"] == "people_shrunk" and "assumed sparse" in rel.public["rule"]
    od, visits = rel.values["od"], rel.values["visits"]
    assert od["counts"].shape == (6, 6) and np.allclose(od["counts"], od["counts"].T)
    assert "people per unordered pair" in od["counted"]
    truth_visits = np.bincount(o, minlength=6) + np.bincount(d, minlength=6)
    assert np.abs(visits["per_zone"] - truth_visits).mean() < 0.25 * truth_visits.mean()
    assert od["counts"].sum() == pytest.approx(trips.n, rel=0.25)
    with pytest.raises(ValueError, match="number of zones"):
        report.report_cost(**kw)


def test_trip_scale_is_paid_by_the_od_flows_that_need_it_when_they_hold_half_of_eps():
    trips, o, d = _trips()
    kw = dict(epsilon=2.0, max_trips=4, od_method="auto", visits_method="auto",
              scale_share=0.1, total_cap=20, bins=report.Bins(time_windows=(0, 24)))
    rel = report.release_report(trips, o, d, n_zones=6, rng=make_rng(1),
                                weights={"visits": 1, "od": 1}, **kw)
    scale = rel.public["epsilon_trip_scale"]
    assert scale > 0.2   # 400 users: more than the nominal share
    # the visits keep their half of ε; the OD flows give the scale what it took
    assert rel.public["epsilon_per_statistic"] == pytest.approx({"visits": 1.0,
                                                                 "od": 1.0 - scale})
    assert rel.public["trip_scale_paid_by"] == "OD flows"
    assert math.isclose(rel.cost.epsilon, 2.0)
    planned = report.report_cost(n_zones=6, weights={"visits": 1, "od": 1},
                                 **{k: v for k, v in kw.items() if k != "bins"})
    assert [p.epsilon for p in planned.parts] == pytest.approx([1.0, 0.8, 0.06, 0.14])
    # OD flows under half of the weight: every statistic pays by weight, as before
    three = {"visits": 1, "od": 1, "trip_length": 1}
    rel = report.release_report(trips, o, d, n_zones=6, rng=make_rng(1), weights=three, **kw)
    scale = rel.public["epsilon_trip_scale"]
    assert rel.public["epsilon_per_statistic"] == pytest.approx(
        {k: (2.0 - scale) / 3 for k in three})
    assert rel.public["trip_scale_paid_by"] == "every statistic, by weight"
    assert math.isclose(rel.cost.epsilon, 2.0)
    # trips per pair do not need κ̂: the shrunk visits' scale is paid by weight
    rel = report.release_report(trips, o, d, n_zones=6, rng=make_rng(1),
                                weights={"visits": 1, "od": 3},
                                **{**kw, "od_method": "trips"})
    assert rel.public["trip_scale_paid_by"] == "every statistic, by weight"


def test_old_methods_stay_selectable_and_unchanged():
    trips, o, d = _trips()
    kw = dict(epsilon=1.0, weights={"visits": 1, "od": 1}, max_trips=4)
    old = report.release_report(trips, o, d, n_zones=6, rng=make_rng(3), **kw)
    named = report.release_report(trips, o, d, n_zones=6, rng=make_rng(3), od_method="trips",
                                  visits_method="plain", **kw)
    assert np.array_equal(old.values["od"]["counts"], named.values["od"]["counts"])
    assert [p.sensitivity for p in old.cost.parts] == [8, 4]


def test_free_prior_invents_nothing_on_noise_only_visits():
    alpha = math.exp(-0.5 / 20)
    y = mech.discrete_laplace(np.zeros(965, dtype=np.int64), sensitivity=20, epsilon=0.5,
                              rng=make_rng(4)).values
    est = shrink.posterior_mean(y, alpha, family=shrink.FREE)
    control = np.clip(y, 0, None)
    assert est.mean() < 0.2 * control.mean() and est.max() < 0.5 * control.max()


def _scale_sample(users, n, eps, cap, sensitivity=None):
    from mobility_dp.dpcore.od.people import user_totals
    out = np.empty(n, dtype=np.int64)
    for s in range(n):
        if sensitivity is None:
            rel = trip_scale.trip_scale(users, epsilon=eps, cap=cap, rng=make_rng(s), m=1)
        else:  # broken: the trips counted as if one user added one
            rel = mech.discrete_laplace(user_totals(users, cap, 1), sensitivity=sensitivity,
                                        epsilon=eps, rng=make_rng(s))
        out[s] = rel.values[1] + rel.values[2]
    return out


def test_trip_scale_neighbour_ratio_and_miscounted_control_fails():
    """D' adds one user with 5 trips (capped at M = 2: one below m, one between m and M)."""
    from ..support.dp_audit import likelihood_ratio_audit
    d = np.repeat(np.arange(30), 2)
    dp = np.r_[d, np.full(5, 30)]
    eps, n = 1.0, 4000
    assert likelihood_ratio_audit(_scale_sample(d, n, eps, 2), _scale_sample(dp, n, eps, 2),
                                  "discrete", eps).passed
    assert not likelihood_ratio_audit(_scale_sample(d, n, eps, 2, 1),
                                      _scale_sample(dp, n, eps, 2, 1), "discrete", eps).passed


def test_dense_pairs_get_trips_per_pair_scaled_for_the_trips_lost_by_sampling():
    trips, o, d = _trips(n_users=3000, n_zones=3)
    pick = strategy.choose(n_zones=3, max_trips=4, epsilon=2.0, population=3000)
    assert pick.od == strategy.OD_TRIPS and pick.rescale
    kw = dict(epsilon=2.0, weights={"visits": 1, "od": 1}, max_trips=4, od_method="auto",
              visits_method="auto", scale_share=0.1, total_cap=20, population=3000)
    rel = report.release_report(trips, o, d, n_zones=3, rng=make_rng(2),
                                bins=report.Bins(time_windows=(0, 24)), **kw)
    check_spent(report.report_cost(n_zones=3, **kw), rel.cost)
    od = rel.values["od"]
    assert "trips per ordered pair" in od["counted"] and rel.public["sampling_scale"] > 1.1
    truth = np.bincount(o * 3 + d, minlength=9).reshape(3, 3)
    assert od["counts"].sum() == pytest.approx(truth.sum(), rel=0.05)  # not the sampled total


def test_people_per_pair_refuses_unrepresentable_epsilon_in_the_plan():
    from mobility_dp.dpcore.od.people_flows import people_od_cost
    with pytest.raises(ValueError, match="use the method 'trips'"):
        people_od_cost(epsilon=100.0)
    with pytest.raises(ValueError, match="OD method 'trips'"):
        report.report_cost(epsilon=100.0, weights={"od": 1}, max_trips=5,
                                od_method="people_shrunk")
    # the rule never picks it there
    assert strategy.choose(n_zones=965, max_trips=10, epsilon=100.0).od == strategy.OD_TRIPS


def test_linear_shrinkage_invents_nothing_on_noise_only_visits_and_keeps_real_spread():
    alpha = math.exp(-0.5 / 20)
    y = mech.discrete_laplace(np.zeros(965, dtype=np.int64), sensitivity=20, epsilon=0.5,
                              rng=make_rng(4)).values
    est, share = shrink.linear_shrink(y, alpha)
    assert share < 0.1 and np.std(est) < 0.1 * np.std(y)          # (almost) flat
    assert abs(est.mean()) < 5.0                                    # near the true 0
    truth = make_rng(5).integers(0, 2000, 965)                      # spread ≫ the noise
    y = mech.discrete_laplace(truth, sensitivity=20, epsilon=0.5, rng=make_rng(6)).values
    est, share = shrink.linear_shrink(y, alpha)
    assert share > 0.9                                              # (almost) untouched
    assert np.abs(est - truth).mean() < 1.02 * np.abs(y - truth).mean()


def _noisy_table(truth, seed, sensitivity=20, epsilon=0.5):
    return np.asarray(mech.discrete_laplace(truth, sensitivity=sensitivity, epsilon=epsilon,
                                            rng=make_rng(seed)).values, dtype=float)


def test_profile_shrinkage_invents_nothing_on_noise_only_visits():
    alpha = math.exp(-0.5 / 20)
    y = _noisy_table(np.zeros((125, 6), dtype=np.int64), 11)
    est = shrink.profile_shrink(y, alpha)
    # pure noise: every zone's total and every cell near the common mean (≈ the true 0)
    assert np.std(est.sum(axis=1)) < 0.1 * np.std(y.sum(axis=1))
    assert np.std(est) < 0.1 * np.std(y) and abs(est.mean()) < 5.0
    # negative control: without the shrinkage of the deviations the cells keep the noise
    profile = np.full(6, 1.0 / 6)
    loose = est + (y - y.sum(axis=1, keepdims=True) * profile)
    assert np.std(loose) > 0.5 * np.std(y)


def test_profile_shrinkage_keeps_the_zones_that_per_window_shrinkage_flattens():
    """A 1 km-like table: zones differ a lot (heavy tail), each window's cells are small
    beside the noise. Per window, Fay–Herriot sends every cell to its window's mean; the
    zone totals hold the signal, and each zone's cells still sum to its shrunk total."""
    rng = np.random.default_rng(12)
    size = rng.pareto(1.5, 125) * 60.0                         # visits per zone, heavy tail
    hours = np.array([0.05, 0.25, 0.2, 0.2, 0.25, 0.05])       # a shared time profile
    truth = rng.poisson(size[:, None] * hours[None, :] * 6.0)
    alpha = math.exp(-0.5 / 20)
    errors = {"profile": [], "window": [], "noisy": []}
    for seed in range(5):
        y = _noisy_table(truth, 20 + seed)
        est = shrink.profile_shrink(y, alpha)
        totals, _ = shrink.linear_shrink(y.sum(axis=1), alpha, summed=6)
        assert np.allclose(est.sum(axis=1), totals)
        window = np.column_stack([shrink.linear_shrink(y[:, w], alpha)[0] for w in range(6)])
        for key, table in (("profile", est), ("window", window), ("noisy", y)):
            errors[key].append(np.abs(np.clip(table, 0, None).sum(axis=1)
                                      - truth.sum(axis=1)).mean())
    assert np.median(errors["profile"]) < 0.9 * np.median(errors["window"])
    assert np.median(errors["profile"]) < np.median(errors["noisy"])


def test_trimmed_prior_drops_a_tail_of_noise_outliers_and_keeps_a_supported_one():
    """Sparse people per pair (0 or 1) with many pairs: the noise's extremes must not be
    published as large flows; a real tail (pairs of 20–40 people) is kept."""
    rng = make_rng(7)
    eps = 0.475
    alpha = math.exp(-eps)
    truth = (rng.random(400_000) < 0.01).astype(np.int64)
    y = mech.discrete_laplace(truth, sensitivity=1, epsilon=eps, rng=rng).values
    grid, pi = shrink.fit_prior_trimmed(y, alpha)
    scale = 1.0 / eps                                    # the noise scale Δ/ε
    assert grid[-1] <= 2 * scale + 2                     # the floor of 2 noise scales, no more
    est = shrink.posterior_mean(y, alpha, (grid, pi))
    assert est.max() <= 2 * scale + 2 and y.max() > 5 * scale   # outliers stay small
    truth[:200] = rng.integers(20, 41, 200)
    y = mech.discrete_laplace(truth, sensitivity=1, epsilon=eps, rng=rng).values
    grid, pi = shrink.fit_prior_trimmed(y, alpha)
    assert grid[-1] >= 30
    est = shrink.posterior_mean(y, alpha, (grid, pi))
    assert np.median(est[:200] / truth[:200]) > 0.8


def test_post_processed_margins_are_labelled_and_the_label_is_needed():
    """The report's shrunk visits print the noisy count's margin × the scale, which does not
    cover the shrunk value at 95 %: the entry says so (margin_note). Measured over 100 seeds
    on zones of very unequal size: the two busiest zones (the stratum shrinkage moves most,
    towards the mean) are covered 73 % of the time, not 95 %: hence the label. 3,000 users: at
    300 the trip scale takes more ε (small noisy size) and the visits less."""
    trips, o, d = _trips(n_users=3000, n_zones=12, seed=3)   # the scale at its nominal ε
    o = np.where(o < 2, o, o % 4)         # zones 0 and 1 hold most trip ends
    kw = dict(epsilon=0.5, weights={"visits": 1, "od": 1}, max_trips=4, od_method="auto",
              visits_method="auto", scale_share=0.1, total_cap=8)
    truth = np.bincount(o, minlength=12) + np.bincount(d, minlength=12)   # all trips' ends
    busiest = np.argsort(truth)[-2:]
    covered = total = 0
    for seed in range(100):
        rel = report.release_report(trips, o, d, n_zones=12, rng=make_rng(seed),
                                    bins=report.Bins(time_windows=(0, 24)), **kw)
        v = rel.values["visits"]
        assert "not guaranteed" in v["margin_note"]
        od = rel.values["od"]      # its interval holds the value (coverage: test_interval_coverage)
        assert np.all((od["lower"] <= od["counts"]) & (od["counts"] <= od["upper"]))
        err = np.abs(v["per_zone"][busiest] - truth[busiest])
        covered += int(np.sum(err <= v["margin_of_error_95"]))
        total += busiest.size
    assert covered / total < 0.9, covered / total   # measured: 0.73
