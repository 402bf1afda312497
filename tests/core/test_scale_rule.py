"""The trip scale on small data (``dpcore.od.scale_rule``): its ε adapts to a noisy user count,
its interval is carried into what it multiplies, and an unknown scale is said, not floored."""
import numpy as np
import pytest

from mobility_dp.dpcore.accounting.contract import check_spent
from mobility_dp.dpcore.od.people_flows import people_od_cost, release_people_od
from mobility_dp.dpcore.od.scale_rule import scale_epsilon
from mobility_dp.dpcore.od.trip_arrays import Trips, ZonedTrips
from mobility_dp.dpcore.od.trip_scale import MAX_SCALE_SHARE, trip_scale
from mobility_dp.dpcore.random.rng import make_rng


def people(n, seed=0, zones=6):
    """``n`` people, 2–12 trips each between a home and a work zone."""
    rng = np.random.default_rng(seed)
    per = rng.integers(2, 13, n)
    user = np.repeat(np.arange(n), per)
    home, work = rng.integers(0, zones, n), rng.integers(0, zones, n)
    k = np.concatenate([np.arange(p) for p in per])
    o = np.where(k % 2 == 0, home[user], work[user])
    d = np.where(k % 2 == 0, work[user], home[user])
    z = np.zeros((user.size, 2))
    t0 = 1_779_667_200 + 3600.0 * (8 + 9 * (k % 2))
    return ZonedTrips(Trips(user, z, z, t0, t0 + 900.0, np.zeros(user.size)), o, d, zones)


def test_rule_reads_the_noisy_user_count_only():
    nominal = 0.035
    assert scale_epsilon(100_000, cap=50, nominal=nominal, ceiling=0.5) == nominal
    small = [scale_epsilon(u, cap=50, nominal=nominal, ceiling=0.5) for u in (50, 200, 1000)]
    assert small[0] == 0.5 and small[0] >= small[1] >= small[2] > nominal
    assert scale_epsilon(-172, cap=50, nominal=nominal, ceiling=0.5) == 0.5


def test_noise_only_scale_is_unknown_not_invented():
    # no person at all: the noisy counts are pure noise; the scale must not claim a value
    warned = 0
    for seed in range(20):
        rel = trip_scale(np.zeros(0, dtype=np.int64), epsilon=0.05, cap=50, rng=make_rng(seed))
        lo, hi = rel.public["trips_per_person_interval"]
        assert lo <= rel.public["trips_per_person"] <= hi
        warned += bool(rel.public["warnings"])
    assert warned == 20     # every noise-only scale says it may be off by more than 2×


def test_hundred_people_scale_takes_more_epsilon_covers_and_the_total_is_as_planned():
    data = people(100)
    true_kappa = np.minimum(np.bincount(data.user), 50).mean()
    plan = people_od_cost(epsilon=1.0)
    errors, fixed_errors, covered = [], [], 0
    for seed in range(20):
        rel = release_people_od(data, rng=make_rng(seed), epsilon=1.0)
        check_spent(plan, rel.cost)                      # the planned total, re-split
        pub = rel.public
        assert 0.05 < pub["epsilon_trip_scale"] <= MAX_SCALE_SHARE + 0.05 * 0.3 + 1e-12
        lo, hi = pub["trips_per_person_interval"]
        covered += lo <= true_kappa <= hi
        errors.append(abs(np.log(pub["trips_per_person"] / true_kappa)))
        # negative control: the scale at its nominal share only (the former rule)
        fixed = trip_scale(data.user, epsilon=0.05, cap=50, rng=make_rng(seed))
        fixed_errors.append(abs(np.log(fixed.public["trips_per_person"] / true_kappa)))
    assert covered >= 19          # a 99 % interval
    # measured: median |log κ̂/κ| 0.38 with the rule (a quarter of ε at most), 1.10 without
    assert np.median(errors) < 0.5 * np.median(fixed_errors)
    # the intervals of the flows carry the scale's interval
    rel = release_people_od(data, rng=make_rng(0), epsilon=1.0)
    lo, hi = rel.public["trips_per_person_interval"]
    kappa = rel.public["trips_per_person"]
    upper_people = rel.public["upper"] / kappa if hi == kappa else None
    assert hi > kappa and np.all(rel.public["upper"] >= rel.values - 1e-9)
    assert upper_people is None


def test_report_scale_adapts_and_warns_when_below_its_noise():
    from mobility_dp.dpcore.od import report
    data = people(30)
    kw = dict(epsilon=0.2, weights={"visits": 1, "od": 1}, max_trips=4, od_method="auto",
              visits_method="auto", total_cap=50)
    plan = report.report_cost(n_zones=6, **kw)
    shares = []
    for seed in range(5):
        rel = report.release_report(data.trips, data.origin_zone, data.dest_zone, n_zones=6,
                                    rng=make_rng(seed), bins=report.Bins(time_windows=(0, 24)),
                                    **kw)
        check_spent(plan, rel.cost)
        shares.append(rel.public["epsilon_trip_scale"] / 0.2)
        lo, hi = rel.public["trips_per_person_interval"]
        wide = hi > 2 * rel.public["trips_per_person"] or lo < rel.public["trips_per_person"] / 2
        assert wide == bool(rel.public["warnings"])
    assert min(shares) > 0.05
    assert sum(rel.cost.parts[k].epsilon for k in range(len(rel.cost.parts))) == \
        pytest.approx(0.2)
