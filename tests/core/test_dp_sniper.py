"""The DP-Sniper/StatDP-style auditor (dp_sniper.py) against every mechanism and one
release per stage, at small scale; every case has a broken variant that must fail.

Each audit draws 3 × n outputs per side (train, select, test): a few seconds.
"""
from __future__ import annotations

import numpy as np
import pytest

from mobility_dp.dpcore import mechanisms as mech
from mobility_dp.dpcore.random.rng import make_rng

from ..support.dp_sniper import dp_sniper
from .test_mechanisms import Q_D, Q_DP, THRESHOLD, U_D, U_DP, K, Tampered

N = 20000


def _vectorised(call, rng, **kw):
    """draw(x)(k): k outputs of ``call(np.full(k, x))`` (mechanisms are i.i.d. per entry)."""
    return lambda x: (lambda k: call(np.full(k, x), rng=rng, **kw).values)


def check(draw, x, x_prime, epsilon, delta=0.0, *, passes, n=N, at_least=0.0):
    res = dp_sniper(draw(x), draw(x_prime), epsilon, delta, n=n)
    assert res.passed == passes, str(res)
    if passes:
        assert res.epsilon_lower_bound >= at_least * epsilon, str(res)   # the search has power
    return res


# --------------------------------------------------------------------------
# Mechanisms
# --------------------------------------------------------------------------

@pytest.mark.parametrize("seed", [1, None])          # seeded PCG64 and the secure generator
def test_laplace(seed, seeded_urandom):   # secure draws read a seeded os.urandom: one verdict
    rng = make_rng(seed)
    draw = _vectorised(mech.laplace, rng, sensitivity=1.0, epsilon=1.0)
    check(draw, 0.0, 1.0, 1.0, passes=True, at_least=0.8)
    broken = Tampered(rng, laplace=lambda loc, scale, size=None: rng.laplace(loc, scale / 2, size))
    check(_vectorised(mech.laplace, broken, sensitivity=1.0, epsilon=1.0), 0.0, 1.0, 1.0,
          passes=False)


@pytest.mark.parametrize("seed", [2, None])
def test_discrete_laplace(seed, seeded_urandom):   # secure draws read a seeded os.urandom: one verdict
    rng = make_rng(seed)
    draw = _vectorised(mech.discrete_laplace, rng, sensitivity=2, epsilon=1.0)
    check(draw, 0, 2, 1.0, passes=True, at_least=0.8)
    # broken: the neighbours differ by 2 but sensitivity 1 is declared
    check(_vectorised(mech.discrete_laplace, rng, sensitivity=1, epsilon=1.0), 0, 2, 1.0,
          passes=False)


@pytest.mark.parametrize("seed", [3, None])
def test_gaussian(seed, seeded_urandom):   # secure draws read a seeded os.urandom: one verdict
    rng = make_rng(seed)
    kw = dict(l2_sensitivity=1.0, epsilon=1.0, delta=1e-3)
    check(_vectorised(mech.gaussian, rng, **kw), 0, 1, 1.0, 1e-3, passes=True, at_least=0.4)
    # broken: the neighbours differ by 3 but sensitivity 1 is declared
    check(_vectorised(mech.gaussian, rng, **kw), 0, 3, 1.0, 1e-3, passes=False)


def test_krr():
    rng = make_rng(4)
    check(_vectorised(mech.krr, rng, k=5, epsilon=1.0), 0, 1, 1.0, passes=True, at_least=0.8)
    broken = Tampered(rng, integers=lambda low, high, size=None: rng.integers(0, high, size))
    check(_vectorised(mech.krr, broken, k=5, epsilon=1.0), 0, 1, 1.0, passes=False)


def test_exponential():
    rng = make_rng(5)
    utilities = {0: U_D, 1: U_DP}
    def draw(monotonic):
        return (lambda x: (lambda k: np.array([
            mech.exponential(utilities[x], sensitivity=1.0, epsilon=1.0, rng=rng,
                             monotonic=monotonic).values for _ in range(k)])))
    check(draw(False), 0, 1, 1.0, passes=True, n=4000, at_least=0.3)
    check(draw(True), 0, 1, 1.0, passes=False, n=4000)
    assert K == U_D.size


def test_sparse_vector():
    rng = make_rng(6)
    queries = {0: Q_D, 1: Q_DP}

    def draw(tampered):
        def sample(x):
            return lambda k: np.array([
                mech.sparse_vector(queries[x], THRESHOLD, sensitivity=1.0, epsilon=1.0, cutoff=2,
                                   rng=tampered).values @ (1 << np.arange(4)) for _ in range(k)])
        return sample
    check(draw(rng), 0, 1, 1.0, passes=True, n=3000)
    broken = Tampered(rng, laplace=lambda loc, scale, size=None:
                      rng.laplace(loc, scale) if size is None else np.zeros(size))
    check(draw(broken), 0, 1, 1.0, passes=False, n=3000)


def test_planar_laplace():
    """ε·d-privacy for two points d = 250 m apart at ε = 0.004/m; the search works on 2-D outputs."""
    from mobility_dp.dpcore.geoind.planar import planar_laplace_noise
    rng = make_rng(7)
    eps, d = 0.004, 250.0
    def draw(noise):
        return (lambda x: (lambda k: np.array([x, 0.0]) + noise(k)))
    def good(k):
        return planar_laplace_noise(k, eps, rng)
    check(draw(good), 0.0, d, eps * d, passes=True, at_least=0.5)
    def half(k):
        return planar_laplace_noise(k, 2 * eps, rng)     # broken: radius scale halved
    check(draw(half), 0.0, d, eps * d, passes=False)


# --------------------------------------------------------------------------
# One full release per stage, small scale
# --------------------------------------------------------------------------

def test_counts_release():
    from mobility_dp.dpcore.counts.noisycounts import release_noisy_counts
    rng = make_rng(8)
    draw = _vectorised(release_noisy_counts, rng, epsilon=1.0, cells_per_person=1,
                       max_change=2)
    check(draw, 0, 2, 1.0, passes=True, at_least=0.8)
    # broken: a neighbour changing a count by 3 while max_change = 2 is declared
    check(draw, 0, 3, 1.0, passes=False)


def test_density_release(monkeypatch):
    """LPA on the one-tower case of test_density_pipeline (D′ adds one user), 4-slot vectors."""
    from mobility_dp.dpcore.density import release_lpa

    from .test_density_pipeline import shrink_sensitivities, tiny
    rng = make_rng(9)
    data = {x: tiny(x) for x in (False, True)}
    def draw(x):
        return (lambda k: np.array([release_lpa(data[x], epsilon=1.0, rng=rng).values.ravel()
                                              for _ in range(k)]))
    check(draw, False, True, 1.0, passes=True, n=2000, at_least=0.3)
    shrink_sensitivities(monkeypatch)
    check(draw, False, True, 1.0, passes=False, n=2000)


def _replicated(rows, n):
    """n independent copies of a small dataset (test_flows_noise's helper), without the
    explicit zeros its Kronecker product stores: a stored zero would count as a "move"
    for the distinct bounding (reported to flows)."""
    from .test_flows_noise import replicated
    fv = replicated(rows, n)
    fv.counts.eliminate_zeros()
    return fv


def test_central_flows_release_worst_case_neighbour(monkeypatch):
    """Distinct bounding: a vehicle with m distinct moves, each k times, reaches Δ₁ = m·k.

    The neighbour adds [0, 2, 2, 0] with m = k = 2: an L1 change of 4 = m·k spread over
    two entries, which the search combines. Charging Δ₁ = m (a mutation the per-entry
    audit of test_flows_noise could not see) fails.
    """
    from mobility_dp.dpcore.flows import central_noise as flows_noise
    from mobility_dp.dpcore.flows.central_noise import release_central
    rng = make_rng(10)
    rows = {False: [[1, 0, 0, 2]], True: [[1, 0, 0, 2], [0, 2, 2, 0]]}
    kw = dict(epsilon=1.0, max_moves=2, max_count=2, bounding="distinct")
    def draw(x):
        return (lambda k: release_central(_replicated(rows[x], k), rng=rng,
                                                    **kw).values.reshape(k, 4))
    check(draw, False, True, 1.0, passes=True, at_least=0.6)
    monkeypatch.setattr(flows_noise, "central_sensitivity", lambda m, k, bounding: m)
    check(draw, False, True, 1.0, passes=False)


def test_geoind_release():
    from mobility_dp.dpcore.geoind import perturb_points
    rng = make_rng(11)
    eps, d = 0.004, 250.0
    def draw(x):
        return (lambda k: perturb_points(np.tile([x, 0.0], (k, 1)), epsilon=eps,
                                                   rng=rng).values)
    check(draw, 0.0, d, eps * d, passes=True, at_least=0.5)
    check(draw, 0.0, 2 * d, eps * d, passes=False)   # broken: neighbours twice as far apart


def test_od_release(monkeypatch):
    """OD matrix; D′ adds a user with 6 trips z0 → z1, of which max_trips = 3 are kept."""
    from mobility_dp.dpcore.od import flows as od_flows
    rng = make_rng(12)
    user, o, d = [0, 0, 1], [0, 1, 1], [1, 0, 0]
    data = {False: (user, o, d), True: (user + [2] * 6, o + [0] * 6, d + [1] * 6)}
    def draw(x):
        return (lambda k: np.array([
            od_flows.release_od(*data[x], n_zones=2, epsilon=1.0, max_trips=3, rng=rng).values.ravel()
            for _ in range(k)]))
    check(draw, False, True, 1.0, passes=True, n=1500, at_least=0.3)
    # broken: the noise calibrated to one trip per user
    real = mech.discrete_laplace
    def one(values, sensitivity, **kw):
        return real(values, sensitivity=1, **kw)
    monkeypatch.setattr(mech, "discrete_laplace", one)
    monkeypatch.setattr(od_flows, "discrete_laplace", one)
    check(draw, False, True, 1.0, passes=False, n=1500)
