"""Whole-trip OD flows, per-user sampling, the mobility report and report comparison."""
import itertools
import math

import numpy as np
import pytest
from scipy import stats

from mobility_dp.dpcore.od import compare, flows, noise, report, report_content, report_entries, statistics
from mobility_dp.dpcore.od.trip_arrays import Trips, in_window, trips_from_fixes
from mobility_dp.dpcore.random.rng import make_rng
from mobility_dp.dpcore.random.sampling import sample_per_user as sample_mask


def sample_per_user(user, m, rng):
    return np.flatnonzero(sample_mask(user, m, rng))

HUGE = 1e6  # ε so large that discrete Laplace noise is 0 with probability ≈ 1


# ---------------------------------------------------------------- per-user sampling
def _subset_frequencies(sampler, n_users=3000, n_trips=6, m=2, seed=1):
    user = np.repeat(np.arange(n_users), n_trips)
    kept = sampler(user, m, make_rng(seed))
    pos = kept % n_trips
    code = {s: i for i, s in enumerate(itertools.combinations(range(n_trips), m))}
    per_user = pos.reshape(n_users, m)
    return np.bincount([code[tuple(r)] for r in per_user], minlength=len(code))


def _biased_sampler(user, m, rng):
    """A broken sampler: later trips are slightly more likely to be kept."""
    n_trips = np.bincount(user)[0]
    key = rng.random(user.size) * (1.0 - 0.08 * (np.arange(user.size) % n_trips))
    order = np.lexsort((key, user))
    rank = np.arange(user.size) % n_trips
    return np.sort(order[rank < m])


def test_sampling_keeps_min_n_m_trips_per_user():
    user = np.array([0] * 7 + [1] * 2 + [2] * 1 + [5] * 4)
    kept = sample_per_user(user, 3, make_rng(0))
    assert np.bincount(user[kept]).tolist() == [3, 2, 1, 0, 0, 3]
    assert np.all(np.diff(kept) > 0)


def test_sampling_is_uniform_over_subsets_and_biased_control_fails():
    freq = _subset_frequencies(sample_per_user)
    assert stats.chisquare(freq).pvalue > 1e-3
    biased = _subset_frequencies(_biased_sampler)
    assert stats.chisquare(biased).pvalue < 1e-6


def test_sampling_refuses_bad_m():
    with pytest.raises(ValueError, match="integer ≥ 1"):
        flows.release_od([0], [0], [0], n_zones=1, epsilon=1, max_trips=0, rng=make_rng(0))


# ---------------------------------------------------------------- trips
def test_trips_from_fixes_first_last_and_length():
    user = [0, 0, 0, 1, 1, 0]
    trip = ["a", "a", "a", "a", "a", "b"]
    t = [10, 0, 20, 5, 6, 100]
    x = [3, 0, 3, 0, 0, 9]
    y = [4, 0, 8, 0, 1, 9]
    tr = trips_from_fixes(user, trip, t, x, y)
    assert tr.n == 3
    assert tr.origin.tolist() == [[0, 0], [9, 9], [0, 0]]
    assert tr.dest.tolist() == [[3, 8], [9, 9], [0, 1]]
    assert tr.length.tolist() == [9.0, 0.0, 1.0]
    assert tr.start.tolist() == [0, 100, 5] and tr.end.tolist() == [20, 100, 6]
    assert in_window(tr, 1, None).tolist() == [False, True, True]



# ---------------------------------------------------------------- OD flows
def test_od_hand_made_case_with_diagonal(noiseless_epsilon):
    # users 0 and 1; zones 0, 1, 2; user 0 has 3 trips, user 1 one intra-zone trip
    user = [0, 0, 0, 1]
    o, d = [0, 0, 1, 2], [1, 1, 0, 2]
    rel = flows.release_od(user, o, d, n_zones=3, epsilon=HUGE, max_trips=5, rng=make_rng(3))
    assert rel.values.tolist() == [[0, 2, 0], [1, 0, 0], [0, 0, 1]]
    assert rel.public["margin_of_error_95"] == 0 and rel.public["simultaneous_margin_95"] == 0
    assert rel.cost.epsilon == HUGE and rel.cost.parts[0].sensitivity == 5


def test_od_bounding_and_noisy_total_rescales(noiseless_epsilon):
    user = [0] * 6 + [1] * 2
    o, d = [0] * 6 + [1, 1], [1] * 6 + [0, 0]
    rel = flows.release_od(user, o, d, n_zones=2, epsilon=HUGE, max_trips=2, rng=make_rng(1),
                           total_share=0.25, total_cap=4)
    # sampled: 2 + 2 trips; up to the cap: 4 + 2 → factor 1.5
    assert rel.public["scale_factor"] == pytest.approx(1.5)
    assert rel.values.tolist() == [[0, 3], [3, 0]]
    assert [p.sensitivity for p in rel.cost.parts] == [2, 4]
    assert [p.epsilon for p in rel.cost.parts] == pytest.approx([0.75 * HUGE, 0.25 * HUGE])
    assert rel.internal["trips_kept"] == 4 and rel.internal["trips_up_to_cap"] == 6


def test_od_refuses_cap_below_m_and_bad_noise():
    with pytest.raises(ValueError, match="must be ≥ the trips kept"):
        flows.od_cost(epsilon=1, delta=0, noise="discrete_laplace", max_trips=5,
                           total_share=0.1, total_cap=3)
    with pytest.raises(ValueError, match="Gaussian noise needs delta > 0"):
        flows.od_cost(epsilon=1, delta=0, noise="gaussian", max_trips=5)


@pytest.mark.parametrize("kind,delta", [("discrete_laplace", 0.0), ("gaussian", 1e-6)])
def test_margin_of_error_covers_the_truth_at_the_stated_rate(kind, delta):
    rng = make_rng(11)
    n_users, m, zones = 400, 3, 4  # ≈ 75 trips per cell: clipping at 0 never helps
    user = np.repeat(np.arange(n_users), 5)
    o, d = rng.integers(0, zones, user.size), rng.integers(0, zones, user.size)
    hits = wrong = total = 0
    for seed in range(150):
        rel = flows.release_od(user, o, d, n_zones=zones, epsilon=0.7, delta=delta,
                               max_trips=m, noise=kind, rng=make_rng(seed))
        truth = rel.internal["truth_sampled"]
        err = np.abs(rel.values - truth)
        hits += int((err <= rel.public["margin_of_error_95"]).sum())
        # negative control: the margin computed for m = 1 is too narrow
        narrow = noise.margin_of_error(kind, sensitivity=1, epsilon=0.7, delta=delta)
        wrong += int((err <= narrow).sum())
        total += truth.size
    # 2400 values: the 99.9 % binomial band around 0.95 is about ± 0.015
    assert hits / total >= 0.935
    assert hits / total <= 0.975
    assert wrong / total < 0.9


def test_simultaneous_margin_bounds_all_pairs_at_once():
    zones = 30  # 900 pairs, all empty: every released value is pure noise
    hits = per_value = 0
    for seed in range(200):
        rel = flows.release_od([], [], [], n_zones=zones, epsilon=1.0, max_trips=3,
                               rng=make_rng(seed))
        hits += int(rel.values.max() <= rel.public["simultaneous_margin_95"])
        # negative control: the per-value margin is exceeded somewhere in almost every run
        per_value += int(rel.values.max() <= rel.public["margin_of_error_95"])
    assert hits / 200 >= 0.9
    assert per_value / 200 < 0.05


def test_summed_margin_matches_simulation():
    from mobility_dp.dpcore.mechanisms.geometric import discrete_laplace_noise
    z = discrete_laplace_noise((40000, 6), sensitivity=4, epsilon=0.5, rng=make_rng(2)).sum(1)
    h = noise.margin_of_error("discrete_laplace", sensitivity=4, epsilon=0.5, n_summed=6)
    assert 0.94 <= np.mean(np.abs(z) <= h) <= 0.96
    assert np.mean(np.abs(z) <= h - 4) < 0.95


# ---------------------------------------------------------------- mobility report
def _toy_trips(seed=0, n_users=30):
    rng = make_rng(seed)
    n_each = rng.integers(1, 8, n_users)
    user = np.repeat(np.arange(n_users), n_each)
    n = user.size
    start = 1_700_000_000 + rng.uniform(0, 7 * 86400, n)
    dur = rng.uniform(300, 3600, n)
    origin = rng.uniform(0, 5000, (n, 2))
    dest = rng.uniform(0, 5000, (n, 2))
    trips = Trips(user, origin, dest, start, start + dur, np.hypot(*(dest - origin).T))
    def zone(p):
        return (p[:, 0] // 2500).astype(int) * 2 + (p[:, 1] // 2500).astype(int)
    return trips, zone(origin), zone(dest)


def test_mixed_report_costs_are_exact():
    trips, o, d = _toy_trips()
    weights = {"visits": 2, "od": 1, "trip_length": 1, "trips_per_user": 0.5,
               "time_between_trips": 0.5, "radius_of_gyration": 0}
    rel = report.release_report(trips, o, d, n_zones=4, epsilon=2.0, weights=weights,
                                max_trips=4, rng=make_rng(5))
    assert [p.epsilon for p in rel.cost.parts] == pytest.approx([0.8, 0.4, 0.4, 0.2, 0.2],
                                                                rel=1e-15)
    assert [p.sensitivity for p in rel.cost.parts] == [8, 4, 4, 1, 3]
    assert math.fsum(p.epsilon for p in rel.cost.parts) == pytest.approx(2.0, rel=1e-15)
    assert rel.cost.delta == 0 and rel.cost.unit_of_privacy == "user"
    assert set(rel.values) == {"visits", "od", "trip_length", "trips_per_user",
                               "time_between_trips"}
    assert rel.cost.parts[0].note.startswith(statistics.TITLES["visits"])
    planned = report.report_cost(epsilon=2.0, weights=weights, max_trips=4)
    assert [(p.epsilon, p.sensitivity) for p in planned.parts] == \
        [(p.epsilon, p.sensitivity) for p in rel.cost.parts]


def test_report_with_huge_epsilon_equals_the_truth(noiseless_epsilon):
    trips, o, d = _toy_trips(1)
    weights = {k: 1 for k in statistics.STATISTICS}
    week = statistics.Bins(window=(1_700_000_000, 1_700_000_000 + 8 * 86400))
    rel = report.release_report(trips, o, d, n_zones=4, epsilon=HUGE * 10, weights=weights,
                                max_trips=10, rng=make_rng(2), bins=week)
    for name in statistics.STATISTICS:
        assert np.array_equal(rel.values[name]["counts"], rel.internal["truth"][name]["counts"])
    # max_trips 10 ≥ every user's trips: counts are the full data
    assert rel.values["od"]["counts"].sum() == trips.n
    assert rel.values["visits"]["per_zone"].sum() == 2 * trips.n
    assert rel.values["trips_per_user"]["counts"].sum() == 30
    assert rel.values["trips_over_time"]["per_weekday"].sum() == trips.n
    per_day = rel.values["trips_per_day"]
    assert per_day["counts"].sum() == trips.n and len(per_day["labels"][0]) == 9
    assert per_day["labels"][0][0] == "2023-11-14"  # 1_700_000_000 s = 2023-11-14T22:13:20Z
    first_day = np.floor(trips.start / 86400).astype(int) - 19675
    assert per_day["counts"].tolist() == np.bincount(first_day, minlength=9).tolist()


def test_per_user_statistics_on_a_hand_made_user():
    # one user, two trips: (0,0)->(2000,0) zone 0->1, (2000,0)->(0,0) 1->0, gap 2 h
    t0 = 1_700_000_000.0
    trips = Trips([0, 0], [[0, 0], [2000, 0]], [[2000, 0], [0, 0]], [t0, t0 + 3 * 3600],
                  [t0 + 3600, t0 + 4 * 3600], [2000, 2000])
    o, d = np.array([0, 1]), np.array([1, 0])
    kept = np.array([0, 1])
    b = statistics.Bins()
    gyr = statistics.compute("radius_of_gyration", trips, kept, o, d, 2, 2, b)
    assert gyr.counts.tolist()[2] == 1  # 1 km → bin [1, 1.5)
    zones = statistics.compute("zones_per_user", trips, kept, o, d, 2, 2, b)
    assert zones.counts.tolist() == [0, 1, 0, 0]
    ent = statistics.compute("mobility_entropy", trips, kept, o, d, 2, 2, b)
    assert ent.counts[-1] == 1  # two zones visited equally often → 1
    gap = statistics.compute("time_between_trips", trips, kept, o, d, 2, 2, b)
    assert gap.counts[list(b.gap_hours).index(2)] == 1
    assert statistics.compute("travel_time", trips, kept, o, d, 2, 2, b).counts[12] == 2


def test_report_refuses_unknown_statistic_and_missing_times():
    trips, o, d = _toy_trips()
    with pytest.raises(ValueError, match="unknown statistic"):
        report.split_budget(1.0, {"speed": 1})
    with pytest.raises(ValueError, match="at least one statistic"):
        report.split_budget(1.0, {"od": 0})
    with pytest.raises(ValueError, match="trips per day needs the time window"):
        report.release_report(trips, o, d, n_zones=4, epsilon=1, weights={"trips_per_day": 1},
                              max_trips=5, rng=make_rng(0))
    trips.start[:3] = np.nan
    with pytest.raises(ValueError, match=rf"needs trip times: 3 of the {trips.start.size} trips "
                                         "have no start or end time"):
        report.release_report(trips, o, d, n_zones=4, epsilon=1, weights={"travel_time": 1},
                              max_trips=50, rng=make_rng(0))


def test_quartiles_of_a_histogram():
    q = report_entries.hist_quartiles([0, 4, 0, 4], [0, 1, 2, 3, 4])
    assert q == pytest.approx([1.5, 2.0, 3.5])


# ---------------------------------------------------------------- comparison
def _docs():
    trips, o, d = _toy_trips(2)
    weights = {"visits": 1, "od": 1, "trip_length": 1, "trips_over_time": 1}
    rel = report.release_report(trips, o, d, n_zones=4, epsilon=1.0, weights=weights,
                                max_trips=3, rng=make_rng(4))
    centroids = [[1250, 1250], [1250, 3750], [3750, 1250], [3750, 3750]]
    public = report_content.document(rel.values, zone_ids="abcd", centroids=centroids,
                                     internal=False, cost=rel.cost)
    raw = report_content.document(rel.internal["truth"], zone_ids="abcd", centroids=centroids,
                                  internal=True)
    return public, raw


def test_compare_identical_reports_is_zero_and_internal_flag_propagates():
    public, raw = _docs()
    same = compare.compare_documents(public, public)
    assert not same["internal"]
    assert all(v == 0 or (isinstance(v, float) and abs(v) < 1e-12) for _, _, v in same["rows"])
    diff = compare.compare_documents(raw, public)
    assert diff["internal"]
    emd_row = [v for s, m, v in diff["rows"] if m == "EMD per zone (m)"][0]
    assert 0 < emd_row < 5000


def test_compare_measures_on_known_values():
    assert compare.smape([1, 0, 2], [3, 0, 2]) == pytest.approx(0.5 / 3)
    assert compare.js([1, 0], [0, 1]) == pytest.approx(1.0)
    assert compare.kl([1, 1], [1, 1]) == 0.0
    assert compare.kl([1, 0], [0, 1]) == math.inf


def test_compare_refuses_other_zones_and_foreign_files():
    public, raw = _docs()
    other = dict(raw, zones={"ids": ["x", "y", "z", "w"], "centroids": raw["zones"]["centroids"]})
    with pytest.raises(ValueError, match="different zones"):
        compare.compare_documents(public, other)
    with pytest.raises(ValueError, match="not a Mobility DP report"):
        compare.compare_documents(public, {"type": "FeatureCollection"})


def test_report_sections_show_every_statistic_with_margins():
    from mobility_dp.dpcore.od.figures import sections
    trips, o, d = _toy_trips(3)
    rel = report.release_report(trips, o, d, n_zones=4, epsilon=2.0,
                                weights={k: 1 for k in statistics.STATISTICS}, max_trips=4,
                                rng=make_rng(1), bins=statistics.Bins(
                                    window=(1_700_000_000, 1_700_000_000 + 7 * 86400)))
    parts = sections(rel.values, zone_ids=list("abcd"))
    assert [h for h, _ in parts] == [statistics.TITLES[k] for k in statistics.STATISTICS]
    for heading, body in parts:
        assert "95 % margin of error" in body, heading
    assert "Quartiles" in dict(parts)[statistics.TITLES["trip_length"]]


def test_same_seed_gives_the_same_noise_on_neighbouring_data():
    """Sampling draws from its own stream: one more user does not shift the OD noise."""
    user = np.repeat(np.arange(50), 4)
    rng = make_rng(0)
    o, d = rng.integers(0, 3, user.size), rng.integers(0, 3, user.size)
    a = flows.release_od(user, o, d, n_zones=3, epsilon=1.0, max_trips=2, rng=make_rng(7))
    more = np.concatenate([user, [99, 99, 99]])
    b = flows.release_od(more, np.r_[o, 0, 0, 0], np.r_[d, 1, 1, 1], n_zones=3, epsilon=1.0,
                         max_trips=2, rng=make_rng(7))
    noise_a = a.values - a.internal["truth_sampled"]
    noise_b = b.values - b.internal["truth_sampled"]
    positive = (a.values > 0) & (b.values > 0)   # clipping aside, the noise is the same
    assert np.array_equal(noise_a[positive], noise_b[positive])
