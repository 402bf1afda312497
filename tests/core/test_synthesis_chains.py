"""Multi-stop trajectories of the synthetic trips (dpcore.od.synthesis.chains, issue 31):
the transitions part's bound and cost, the adaptive choice, chained generation."""
import dataclasses

import numpy as np
import pytest
from shapely.geometry import box

from mobility_dp.dpcore.accounting.contract import check_spent
from mobility_dp.dpcore.flows.cells import locate_points
from mobility_dp.dpcore.od.synthesis import release_synthetic_trips, synthetic_trips_cost
from mobility_dp.dpcore.od.synthesis.chains import CELLS, E, H, Markov, W, markov_of, true_transitions, walk
from mobility_dp.dpcore.od.synthesis.evaluate import profile
from mobility_dp.dpcore.od.synthesis.fit import fit_model
from mobility_dp.dpcore.od.synthesis.generate import generate
from mobility_dp.dpcore.od.synthesis.parts import WEIGHTS, budget
from mobility_dp.dpcore.od.synthesis.place import Zones
from mobility_dp.dpcore.od.trip_arrays import Trips, ZonedTrips
from mobility_dp.dpcore.random.rng import make_rng

DAY0 = 1_779_667_200  # Monday 25 May 2026
WINDOW = (DAY0, DAY0 + 5 * 86400)
ZONES = [box(x, y, x + 1000, y + 1000) for x in range(0, 5000, 1000) for y in range(0, 5000, 1000)]


def days_out(n_people, rng, first_user=0):
    """Each person, each of 1–5 weekdays: home → work (7–9 h), sometimes work → a shop →
    work at noon, work → home (17–19 h): chained trips in time order."""
    users, o, d, start = [], [], [], []
    for p in range(n_people):
        home, work = rng.random(2) * 5000, rng.random(2) * 5000
        for day in range(int(rng.integers(1, 6))):
            t0 = DAY0 + day * 86400
            stops = [home, work] + ([rng.random(2) * 5000, work] if rng.random() < 0.4 else []) \
                + [home]
            hours = np.sort(rng.uniform(7, 19, len(stops) - 1))
            for a, b, h in zip(stops[:-1], stops[1:], hours):
                users.append(first_user + p)
                o.append(a)
                d.append(b)
                start.append(t0 + h * 3600)
    o, d, start = np.array(o), np.array(d), np.array(start)
    length = np.hypot(*(d - o).T) * 1.3
    trips = Trips(np.array(users), o, d, start, start + 600.0, length)
    return ZonedTrips(trips, locate_points(ZONES, o[:, 0], o[:, 1]),
                      locate_points(ZONES, d[:, 0], d[:, 1]), len(ZONES))


PARAMS = dict(epsilon=1.0, max_trips=10, trips_cap=30, polygons=ZONES, window=WINDOW)


def test_transitions_part_is_charged_and_optional():
    plan = synthetic_trips_cost(epsilon=1.0, max_trips=10, trips_cap=30)
    part = [p for p in plan.parts if "consecutive trips" in p.note]
    assert len(part) == 1 and part[0].sensitivity == 1
    assert part[0].epsilon == pytest.approx(WEIGHTS["transitions"] / sum(WEIGHTS.values()))
    without = synthetic_trips_cost(epsilon=1.0, max_trips=10, trips_cap=30, transitions=False)
    assert len(without.parts) == len(WEIGHTS) - 1 and without.epsilon == pytest.approx(1.0)
    assert "transitions" not in budget(1.0, transitions=False)
    data = days_out(150, make_rng(1))
    for flag, planned in ((True, plan), (False, without)):
        rel = release_synthetic_trips(data, rng=make_rng(2), transitions=flag, **PARAMS)
        check_spent(planned, rel.cost)
        assert rel.cost.epsilon == pytest.approx(1.0)


def test_one_user_adds_at_most_one_to_the_transitions():
    """L1 sensitivity 1: the weights of any one user sum to ≤ 1 (neighbouring datasets)."""
    data = days_out(60, make_rng(3))
    kinds = np.zeros(data.n, dtype=np.int64), np.ones(data.n, dtype=np.int64)
    full = true_transitions(data, *kinds)
    for u in np.unique(data.user)[:20]:
        keep = np.flatnonzero(data.user != u)
        sub = ZonedTrips(data.trips.subset(keep), data.origin_zone[keep], data.dest_zone[keep],
                         data.n_zones)
        assert np.abs(full - true_transitions(sub, kinds[0][keep], kinds[1][keep])).sum() \
            <= 1.0 + 1e-9


def test_adaptive_choice_reads_noisy_counts_only():
    dense = np.zeros(CELLS)
    dense[(H * 3 + W) * 3 + H] = 5000.0      # (home → main end) then back home: many people
    dense[(W * 3 + H) * 3 + W] = 3.0         # a state with a few
    m = markov_of(dense, 0.04)
    assert m.second_used[H * 3 + W] and not m.second_used[W * 3 + H]
    assert m.chained and m.chained_share == pytest.approx(1.0)
    dense[-1] = 1e5                           # mostly not chained: trips drawn one by one
    assert not markov_of(dense, 0.04).chained


def test_walk_keeps_each_persons_trips_and_main_pair_trips():
    first = np.array([[0.2, 0.5, 0.3], [0.5, 0.2, 0.3], [0.4, 0.4, 0.2]])
    for share in (1.0, 0.6):                                # unbroken, and with breaks
        markov = Markov(first, np.tile(first, (3, 1)), np.zeros(9, dtype=bool), share)
        rng = make_rng(4)
        k = rng.integers(1, 12, 500)
        j = np.minimum(rng.integers(0, 12, 500), k)
        home, away = rng.integers(0, 25, 500), rng.integers(0, 25, 500)
        person, ko, kd, oz, dz = walk(markov, k, j, home, away,
                                      lambda z, r: r.integers(0, 25, z.size), rng)
        assert np.array_equal(np.bincount(person, minlength=500), k)
        main = (ko != E) & (kd == 1 - ko)
        assert np.array_equal(np.bincount(person[main], minlength=500), j)
        same = person[1:] == person[:-1]
        assert np.all(ko[np.r_[True, ~same]] == H)         # every walk starts at home
        follows = oz[1:][same] == dz[:-1][same]
        if share == 1.0:
            assert np.all(follows)                          # a chain: zones follow
        else:
            assert abs(follows.mean() - share) < 0.03
            broken = np.flatnonzero(~follows) + 1          # a break starts in a stop of its
            assert np.all(np.where(ko[broken] == H, oz[broken] == home[person[broken]],
                                   np.where(ko[broken] == W, oz[broken] ==
                                            away[person[broken]], True)))   # kind's zone


def test_chained_synthetic_trips_follow_each_other():
    data = days_out(300, make_rng(5))
    truth = profile(data, make_rng(0))["chained"]
    rel = release_synthetic_trips(data, rng=make_rng(6), **PARAMS)
    assert rel.public["chained_trajectories"]
    z = rel.values.zoned
    assert profile(z, make_rng(0))["chained"] >= min(0.9, truth - 0.05)
    t = z.trips
    order = np.lexsort((t.start, t.user))
    same = t.user[order][1:] == t.user[order][:-1]
    a, b = order[:-1][same], order[1:][same]
    assert np.mean(np.all(t.origin[b] == t.dest[a], axis=1)) > 0.8   # the same point
    assert np.all(t.start >= WINDOW[0]) and np.all(t.end <= WINDOW[1])
    old = release_synthetic_trips(data, rng=make_rng(6), transitions=False, **PARAMS)
    assert not old.public["chained_trajectories"]
    assert profile(old.values.zoned, make_rng(0))["chained"] < 0.8


@pytest.mark.parametrize("share", [0.5, 0.9])
def test_synthetic_chained_share_follows_the_released_share(share):
    """Generation breaks the chains at the released rate of pairs not chained (post-processing:
    the model is fitted once, only its released share is set); negative control: an unbroken
    model stays at 1 and the two shares give measurably different data."""
    data = days_out(300, make_rng(7))
    zones = Zones(ZONES)
    model = fit_model(data, epsilon=1.0, max_trips=10, trips_cap=30, zones=zones,
                      rng=make_rng(8))[0]
    assert model.markov is not None

    def chained(s):
        m = dataclasses.replace(model, markov=dataclasses.replace(model.markov,
                                                                  chained_share=s))
        z = generate(m, zones, WINDOW, 20_000, make_rng(9)).zoned
        t = z.trips
        order = np.lexsort((t.start, t.user))
        same = t.user[order][1:] == t.user[order][:-1]
        a, b = order[:-1][same], order[1:][same]
        at_point = np.all(t.origin[b] == t.dest[a], axis=1)
        return profile(z, make_rng(0))["chained"], at_point.mean()

    got, at_point = chained(share)
    assert abs(got - share) < 0.03
    assert at_point <= got + 1e-12          # a trip starting at the last point is chained
    unbroken, at_point = chained(1.0)
    assert unbroken == 1.0 and at_point > 0.99
    other = 0.9 if share == 0.5 else 0.5
    assert abs(chained(other)[0] - share) > 0.3
