"""A release's parts add up to exactly its ε (the ledger is charged ε = 1, not
0.9999999999999999): :func:`dpcore.accounting.costs.rest` gives the last part."""
import math

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from mobility_dp.dpcore.accounting.costs import Budget, rest, upper_sum
from mobility_dp.dpcore.accounting.ledger import Ledger
from mobility_dp.dpcore.od.flows import od_cost
from mobility_dp.dpcore.od.people_flows import people_od_cost, release_people_od
from mobility_dp.dpcore.od.trip_arrays import Trips, ZonedTrips
from mobility_dp.dpcore.random.rng import make_rng

EPSILONS = (1.0, 0.3, 0.7, 2.5, 1 / 3, 0.1, 4.0)


@given(st.floats(1e-6, 1e3), st.lists(st.floats(0.0, 0.5), min_size=1, max_size=4))
def test_rest_completes_the_parts_to_the_total_exactly(total, shares):
    taken = [total * s / len(shares) for s in shares]
    r = rest(total, *taken)
    assert upper_sum([*taken, r]) == total
    assert abs(r - (total - math.fsum(taken))) <= 4 * math.ulp(total)


def test_the_naive_rest_misses_the_total():
    """Negative control: with a trip scale of ε 0.0116 (users 30 %, trips 70 %), the people's
    1 − sum is 0.9884 and the parts add up to 0.9999999999999999; the exact sum is rounded
    up, never down."""
    taken = [0.0116 * 0.3, 0.0116 * 0.7]
    assert math.fsum([*taken, 1.0 - math.fsum(taken)]) == 0.9999999999999999
    assert upper_sum([*taken, rest(1.0, *taken)]) == 1.0
    assert math.fsum([1.0, 2**-54]) == 1.0                        # rounded down by fsum
    assert upper_sum([1.0, 2**-54]) == math.nextafter(1.0, 2.0)


def _zoned(n_users=40, seed=0):
    rng = np.random.default_rng(seed)
    user = np.repeat(np.arange(n_users), 3)
    z, nan = np.zeros((user.size, 2)), np.full(user.size, np.nan)
    return ZonedTrips(Trips(user, z, z, nan, nan, np.zeros(user.size)),
                      rng.integers(0, 4, user.size), rng.integers(0, 4, user.size), 4)


def test_od_plans_and_releases_total_exactly_epsilon(tmp_path):
    for eps in EPSILONS:
        assert people_od_cost(epsilon=eps).epsilon == eps
        assert people_od_cost(epsilon=eps, scale_share=0.1, total_cap=5).epsilon == eps
        assert od_cost(epsilon=eps, delta=0.0, noise="discrete_laplace", max_trips=4,
                       total_share=0.05, total_cap=50).epsilon == eps
        for n_users in (5, 400):           # few users: the trip scale takes more of ε
            rel = release_people_od(_zoned(n_users), rng=make_rng(1), epsilon=eps)
            assert rel.cost.epsilon == eps, (eps, n_users, rel.cost.epsilon)
    ledger = Ledger(tmp_path / "ledger.json")
    rel = release_people_od(_zoned(), rng=make_rng(2), epsilon=1.0)
    with ledger.reserve("d", rel.cost, budget=Budget(3.0)) as r:
        r.commit(rel.cost)
    assert ledger.entries("d")[0]["epsilon"] == 1.0 and ledger.spent("d") == (1.0, 0.0)
