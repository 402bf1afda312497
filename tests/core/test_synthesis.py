"""Private synthetic trips (dpcore.od.synthesis, issue 31): cost, leaks, audit, post-processing."""
import numpy as np
import pytest
from shapely.geometry import box

from mobility_dp.dpcore.accounting.contract import check_spent
from mobility_dp.dpcore.flows.cells import locate_points
from mobility_dp.dpcore.od.synthesis import release_synthetic_trips, synthetic_trips_cost
from mobility_dp.dpcore.od.synthesis.parts import WEIGHTS, budget, sensitivities
from mobility_dp.dpcore.od.trip_arrays import Trips, ZonedTrips
from mobility_dp.dpcore.random.rng import make_rng

from ..support.synthesis_audit import advantage_bound, membership_advantage, person_scores

DAY0 = 1_779_667_200  # Monday 25 May 2026
WINDOW = (DAY0, DAY0 + 7 * 86400)
ZONES = [box(x, y, x + 1000, y + 1000) for x in range(0, 5000, 1000) for y in range(0, 5000, 1000)]


def commuters(n_people, rng, first_user=0):
    """Each person: a home and a work point, 2–8 trips between them on weekdays, plus a few
    other trips; whole-second start times."""
    users, o, d, start = [], [], [], []
    for p in range(n_people):
        home, work = rng.random(2) * 5000, rng.random(2) * 5000
        for k in range(int(rng.integers(2, 9))):
            a, b = (home, work) if k % 2 == 0 else (work, home)
            if rng.random() < 0.2:
                b = rng.random(2) * 5000
            users.append(first_user + p)
            o.append(a)
            d.append(b)
            start.append(DAY0 + int(rng.integers(0, 5)) * 86400 + int(rng.integers(6, 20)) * 3600
                         + int(rng.integers(0, 3600)))
    o, d, start = np.array(o), np.array(d), np.array(start, dtype=float)
    length = np.hypot(*(d - o).T) * 1.3
    trips = Trips(np.array(users), o, d, start, start + length / 8.0, length)
    oz = locate_points(ZONES, o[:, 0], o[:, 1])
    dz = locate_points(ZONES, d[:, 0], d[:, 1])
    return ZonedTrips(trips, oz, dz, len(ZONES))


PARAMS = dict(epsilon=1.0, max_trips=10, trips_cap=30, polygons=ZONES, window=WINDOW)


def test_cost_is_planned_from_parameters_and_spent_as_planned():
    plan = synthetic_trips_cost(epsilon=1.0, max_trips=10, trips_cap=30)
    assert plan.epsilon == pytest.approx(1.0) and plan.delta == 0
    sens = sensitivities(10)
    assert plan.unit_of_privacy == "user" and len(plan.parts) == len(WEIGHTS)
    assert [p.sensitivity for p in plan.parts] == [sens[k] for k in budget(1.0)]
    rel = release_synthetic_trips(commuters(200, make_rng(1)), rng=make_rng(2), **PARAMS)
    check_spent(plan, rel.cost)
    assert rel.cost.epsilon == pytest.approx(1.0)
    assert not rel.public["pairs_raked_to_distances"]   # 625 pairs for 200 people: dense
    small = [box(x, y, x + 250, y + 250) for x in range(0, 5000, 250)
             for y in range(0, 5000, 250)]   # 160,000 pairs for 200 people: sparse
    data = commuters(200, make_rng(1))
    o = locate_points(small, data.trips.origin[:, 0], data.trips.origin[:, 1])
    d = locate_points(small, data.trips.dest[:, 0], data.trips.dest[:, 1])
    rel = release_synthetic_trips(ZonedTrips(data.trips, o, d, len(small)), rng=make_rng(2),
                                  **{**PARAMS, "polygons": small})
    check_spent(plan, rel.cost)
    assert rel.public["pairs_raked_to_distances"]
    with pytest.raises(ValueError, match="cap M"):
        synthetic_trips_cost(epsilon=1.0, max_trips=10, trips_cap=5)
    with pytest.raises(ValueError, match="epsilon"):
        synthetic_trips_cost(epsilon=0.0, max_trips=10, trips_cap=30)


def test_output_holds_no_input_coordinate_time_or_user_and_rows_are_shuffled():
    data = commuters(300, make_rng(3))
    rel = release_synthetic_trips(data, rng=make_rng(4), n_trips=5000, **PARAMS)
    s = rel.values.zoned
    assert s.n == 5000
    raw_xy = set(map(tuple, np.round(np.vstack([data.trips.origin, data.trips.dest]), 9)))
    out_xy = set(map(tuple, np.round(np.vstack([s.trips.origin, s.trips.dest]), 9)))
    assert not raw_xy & out_xy
    raw_t = set(np.concatenate([data.trips.start, data.trips.end]))
    assert not raw_t & set(np.concatenate([s.trips.start, s.trips.end]))
    assert np.all((s.trips.start >= WINDOW[0]) & (s.trips.end <= WINDOW[1]))
    # user codes are a random permutation of the synthetic people, rows in random order
    runs = np.count_nonzero(np.diff(s.user) != 0)
    assert runs > 0.5 * s.n
    assert abs(np.corrcoef(np.arange(s.n), s.user)[0, 1]) < 0.1


def test_bad_input_refused():
    data = commuters(20, make_rng(5))
    with pytest.raises(ValueError, match="time window"):
        release_synthetic_trips(data, rng=make_rng(1), **{**PARAMS, "window": None})
    untimed = ZonedTrips(Trips(data.trips.user, data.trips.origin, data.trips.dest,
                               np.full(data.n, np.nan), np.full(data.n, np.nan),
                               data.trips.length), data.origin_zone, data.dest_zone, data.n_zones)
    with pytest.raises(ValueError, match="have none"):
        release_synthetic_trips(untimed, rng=make_rng(1), **PARAMS)
    with pytest.raises(ValueError, match="zone polygons"):
        release_synthetic_trips(data, rng=make_rng(1), **{**PARAMS, "polygons": ZONES[:3]})


def test_noise_only_pairs_are_shrunk_to_nothing_where_clipping_would_invent_mass():
    """Post-processing of the home–work pairs on noise alone (all true counts 0): the
    grouped empirical-Bayes posterior means keep < 0.2 person per cell; clipping at 0 (the control)
    would spread about 2.5 synthetic people per cell."""
    from mobility_dp.dpcore.mechanisms.geometric import discrete_laplace_alpha, discrete_laplace_noise
    from mobility_dp.dpcore.od.synthesis.parts import budget
    from mobility_dp.dpcore.od.synthesis.reconstruct import distance_groups, shrink_by_group
    eps = budget(1.0)["home_work"]
    zones = [box(x, 0, x + 1000, 1000) for x in range(0, 100_000, 1000)]
    from mobility_dp.dpcore.od.synthesis.place import Zones
    groups = distance_groups(Zones(zones).distances())
    noise = discrete_laplace_noise((len(zones) ** 2,), sensitivity=1, epsilon=eps,
                                   rng=make_rng(8)).astype(float)
    shrunk = shrink_by_group(noise, discrete_laplace_alpha(1, eps), groups)
    assert shrunk.sum() < 0.2 * noise.size
    assert np.clip(noise, 0, None).sum() > 1.0 * noise.size


def _audit(generator, seeds=3):
    """Median membership advantage over seeds: members = persons in the training data,
    outsiders = persons of the same population held out."""
    out = []
    for seed in range(seeds):
        rng = make_rng(100 + seed)
        members, outsiders = commuters(150, rng), commuters(150, rng, first_user=10_000)
        synthetic = generator(members, make_rng(200 + seed))
        s = np.hstack([synthetic.trips.origin, synthetic.trips.dest])
        def score(z, s=s):
            return person_scores(np.hstack([z.trips.origin, z.trips.dest]), z.user, s)
        out.append(membership_advantage(score(members), score(outsiders)))
    return float(np.median(out))


def test_membership_inference_advantage_within_what_epsilon_allows():
    ours = _audit(lambda data, rng: release_synthetic_trips(
        data, rng=rng, n_trips=data.n, **PARAMS).values.zoned)
    assert ours <= advantage_bound(1.0)


def test_membership_audit_fails_a_generator_that_copies_records_with_jitter():
    def copier(data, rng):
        t = data.trips
        def jitter(xy):
            return xy + rng.normal(0, 30.0, xy.shape)
        return ZonedTrips(Trips(t.user, jitter(t.origin), jitter(t.dest), t.start, t.end,
                                t.length), data.origin_zone, data.dest_zone, data.n_zones)
    assert _audit(copier) > advantage_bound(1.0)


def test_advantage_statistic():
    assert membership_advantage([0, 0, 0], [1, 1, 1]) == 1.0
    assert membership_advantage([1, 2, 3], [1, 2, 3]) == pytest.approx(0.0, abs=0.34)
    assert advantage_bound(1.0) == pytest.approx(0.4621, abs=1e-4)


def test_shares_of_epsilon_sum_to_one_and_are_the_split():
    """The documented shares of ε (WEIGHTS) sum to 1 (the weights as written summed to 1.01)
    and are exactly the split the release spends."""
    import math
    assert math.fsum(WEIGHTS.values()) == pytest.approx(1.0, abs=1e-15)
    split = budget(2.0)
    assert split == pytest.approx({k: 2.0 * w for k, w in WEIGHTS.items()}, rel=1e-15)
