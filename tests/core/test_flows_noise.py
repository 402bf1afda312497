"""Flow stage: noise modes, their exact sensitivities and costs, and DP audits per vehicle."""
import math

import numpy as np
import pytest
import scipy.sparse as sp
from scipy import stats

from mobility_dp.dpcore import mechanisms
from mobility_dp.dpcore.flows.central_noise import bound_contributions, release_central
from mobility_dp.dpcore.flows.coordinator import flow_guarantee, release_flows
from mobility_dp.dpcore.flows.local_noise import LocalNoise, release_local
from mobility_dp.dpcore.flows.noise import (
    balanced_bound,
    continuous_grid,
    truncated_discrete_laplace_noise,
    truncated_laplace_noise,
)
from mobility_dp.dpcore.flows.sketches import SketchSpec
from mobility_dp.dpcore.flows.vectors import FlowVectors, MoveIndex
from mobility_dp.dpcore.random.rng import make_rng
from mobility_dp.dpcore.random.sampling import sampling_stream

from ..support.dp_audit import chi_square_fit, ks_fit, likelihood_ratio_audit, snapped_laplace_fit
from ..support.reference import discrete_laplace_pmf, truncated_discrete_laplace_pmf

INDEX = MoveIndex(np.array([0, 0, 1, 1]), np.array([1, 2, 0, 2]), 3)  # s = 4 moves


def vectors(rows, tmax=None):
    counts = sp.csr_matrix(np.asarray(rows, dtype=np.int64))
    tm = sp.csr_matrix(np.asarray(tmax if tmax is not None else rows, dtype=np.int64))
    counts.sort_indices()
    tm.sort_indices()
    return FlowVectors(INDEX, counts, tm, np.arange(counts.shape[0]))


def outputs(spec, row, tmax, n, seed):
    """n independent per-vehicle outputs of ``spec`` on one vehicle's vector."""
    fv = vectors(np.tile(row, (n, 1)), np.tile(tmax, (n, 1)))
    noisy, _ = spec.perturb(fv.counts, fv.trajectory_max, make_rng(seed))
    return noisy.toarray() if sp.issparse(noisy) else np.asarray(noisy)


# -- truncated samplers and the BalancedNoise bound -----------------------------

def test_truncated_discrete_laplace_fits_its_pmf():
    alpha, bound = math.exp(-0.5), 4
    sample = truncated_discrete_laplace_noise(np.full(40000, 0.5), bound, make_rng(1))
    ks = np.arange(-bound, bound + 1)
    probs = truncated_discrete_laplace_pmf(ks, alpha, bound)
    assert abs(probs.sum() - 1) < 1e-12 and sample.min() >= -bound and sample.max() <= bound
    assert chi_square_fit(sample, ks, probs).passed
    # negative control: the untruncated pmf does not fit
    assert not chi_square_fit(sample, ks, discrete_laplace_pmf(ks, sensitivity=1,
                                                                  epsilon=0.5)).passed


def test_truncated_laplace_fits_its_cdf():
    scale, b = 2.0, 3.0
    sample = truncated_laplace_noise(np.full(20000, scale), b, make_rng(2))
    lap = stats.laplace(scale=scale)
    mass = lap.cdf(b) - lap.cdf(-b)
    def cdf(z):
        return np.clip((lap.cdf(z) - lap.cdf(-b)) / mass, 0, 1)
    assert ks_fit(sample, cdf).passed
    assert not ks_fit(sample, lap.cdf).passed


def test_balanced_bound_matches_the_thesis_and_delta():
    eps, delta = 0.2, 0.2
    b, achieved = balanced_bound(1.0, eps, delta, "continuous")
    # float-safe: the thesis's b on the grid Λ (≈ scale/1000), δ computed for that grid
    grid = continuous_grid(1.0, eps)
    assert grid == 2.0 ** -8 and b / grid == int(b / grid)
    assert b == pytest.approx(-(1 / eps) * math.log(delta / (math.exp(eps) + 1)), abs=grid)
    assert delta * 0.99 < achieved <= delta
    B, achieved = balanced_bound(1.0, eps, delta, "discrete")
    alpha = math.exp(-eps)
    def tail(k):
        return (math.exp(eps) + 1) * 2 * alpha ** (k + 1) / (1 + alpha)
    assert tail(B) <= delta < tail(B - 1) and achieved == pytest.approx(tail(B))
    with pytest.raises(ValueError, match="delta > 0"):
        balanced_bound(1.0, eps, 0.0, "discrete")


def test_continuous_balanced_noise_is_the_truncated_laplace_on_a_grid():
    """Float-safe BalancedNoise: values on the grid, the thesis's truncated Laplace in law."""
    eps, delta = 0.5, 0.1
    out = outputs(LocalNoise("balanced", "move", "continuous", eps, delta), [3, 0], [1, 0],
                  20000, 5)
    grid = continuous_grid(1.0, eps)
    assert np.array_equal(np.rint(out / grid) * grid, out)
    b, _ = balanced_bound(1.0, eps, delta, "continuous")
    assert np.abs(out[:, 0] - 3).max() <= b and np.abs(out[:, 1]).max() <= b
    lap = stats.laplace(scale=1 / eps)
    mass = lap.cdf(b) - lap.cdf(-b)
    def cdf(z):
        return np.clip((lap.cdf(z) - lap.cdf(-b)) / mass, 0, 1)
    assert ks_fit(out[:, 1], cdf).passed
    assert not ks_fit(out[:, 1], stats.laplace(scale=0.5 / eps).cdf).passed   # control: ε·2


# -- exact sensitivity per mode ---------------------------------------------------

def test_move_based_noise_has_scale_one_over_epsilon_on_every_entry():
    eps = 0.5
    out = outputs(LocalNoise("universal", "move", "continuous", eps), [3, 0, 0, 1],
                  [2, 0, 0, 1], 20000, 3)
    def fit(col, x, d):
        return snapped_laplace_fit(out[:, col], true_value=x, sensitivity=d,
                                                    epsilon=eps).passed   # snapping mechanism
    assert fit(1, 0, 1)  # zeros get noise too
    assert fit(0, 3, 1)
    assert not fit(0, 3, 2)


def test_trajectory_based_noise_uses_eq_4_1_and_leaves_zeros_exact():
    eps = 0.5
    out = outputs(LocalNoise("universal", "trajectory", "continuous", eps), [3, 0, 0, 1],
                  [2, 0, 0, 1], 20000, 4)
    def fit(col, x, d):
        return snapped_laplace_fit(out[:, col], true_value=x, sensitivity=d,
                                                    epsilon=eps).passed   # snapping mechanism
    assert fit(0, 3, 2)  # Δ = 2
    assert fit(3, 1, 1)  # Δ = 1
    assert np.all(out[:, 1:3] == 0)


def test_bounded_noise_stays_in_zero_to_twice_the_count():
    out = outputs(LocalNoise("bounded", "move", "discrete", 0.01), [3, 0, 0, 1],
                  [1, 0, 0, 1], 5000, 5)
    assert np.all(out[:, 1:3] == 0)
    assert out[:, 0].min() >= 0 and out[:, 0].max() <= 6 and out[:, 3].max() <= 2
    # at ε = 0.01 the truncated noise is almost uniform on [−x, x]
    assert set(np.unique(out[:, 0])) == set(range(7))


# -- costs ---------------------------------------------------------------------------

def test_costs_state_unit_parallel_composition_and_leaks():
    fv = vectors([[1, 0, 0, 2], [0, 1, 0, 0], [0, 0, 0, 0]])
    rel = release_flows(fv, epsilon=0.3, rng=make_rng(0))
    (part,) = rel.cost.parts
    assert rel.cost.epsilon == 0.3 and rel.cost.delta == 0 and part.sensitivity == 1
    assert "one move" in part.protects and "parallel composition" in part.note
    assert "vehicles" not in rel.public and rel.internal["vehicles"] == 3
    rel = release_flows(fv, epsilon=0.2, delta=0.2, rng=make_rng(0), method="balanced")
    b, achieved = balanced_bound(1.0, 0.2, 0.2, "discrete")
    assert rel.cost.epsilon == 0.2 and rel.cost.delta == pytest.approx(achieved)
    assert achieved <= 0.2
    assert rel.public["bound"] == b
    for method, sens in [("universal", "trajectory"), ("bounded", "move"),
                         ("bounded", "trajectory"), ("balanced", "trajectory")]:
        rel = release_flows(fv, epsilon=0.3, delta=0.1, rng=make_rng(0), method=method,
                            sensitivity=sens)
        assert rel.cost.epsilon == math.inf and not rel.public["differentially_private"]
        assert "NOT differentially private" in rel.cost.parts[0].note
        assert "which moves each vehicle made" in rel.public["leaks"]
    rel = release_flows(fv, epsilon=0.5, rng=make_rng(0), method="central", max_moves=2,
                        max_count=3, bounding="distinct")
    (part,) = rel.cost.parts
    assert rel.cost.epsilon == 0.5 and part.sensitivity == 6 and "one vehicle" in part.protects
    rel = release_flows(fv, epsilon=0.5, rng=make_rng(0), method="central", max_moves=2,
                        max_count=3)
    (part,) = rel.cost.parts
    assert rel.cost.epsilon == 0.5 and part.sensitivity == 2 and "one vehicle" in part.protects
    assert "repetitions counted" in part.note and "max_count" not in rel.public


@pytest.mark.parametrize("kw", [
    dict(), dict(method="balanced", delta=0.1), dict(method="balanced", delta=0.1,
                                                     noise="continuous"),
    dict(sensitivity="trajectory"), dict(method="bounded"),
    dict(method="central", max_moves=3), dict(method="central", max_moves=3, max_count=2,
                                              bounding="distinct", noise="continuous"),
    dict(sketch=SketchSpec("countmin", 8, 2, 1))])
def test_the_guarantee_is_the_cost_and_nothing_raw_is_public(kw):
    fv = vectors([[1, 0, 0, 2], [0, 1, 0, 0], [3, 0, 1, 0]])
    guarantee = flow_guarantee(epsilon=0.4, **kw)
    rel = release_flows(fv, epsilon=0.4, rng=make_rng(1), **kw)
    assert rel.cost.epsilon == guarantee.epsilon and rel.cost.delta == pytest.approx(guarantee.delta)
    assert rel.cost.parts[0].protects == guarantee.unit
    assert rel.cost.unit_of_privacy == guarantee.cost.unit_of_privacy == guarantee.unit_of_privacy
    assert guarantee.unit_of_privacy == ("vehicle" if kw.get("method") == "central" else
                                    "trajectory" if kw.get("sensitivity") == "trajectory" else
                                    "move")
    assert rel.cost.parts[0].sensitivity == guarantee.sensitivity
    assert rel.public["differentially_private"] == guarantee.differentially_private
    # neighbouring datasets (one vehicle fewer) give the same public keys; counts stay internal
    small = release_flows(vectors([[1, 0, 0, 2], [0, 1, 0, 0]]), epsilon=0.4, rng=make_rng(1),
                          **kw)
    assert set(small.public) == set(rel.public)
    for key in rel.public:
        if key not in ("negative_entries", "negative_mean", "clipped_values", "clipped_mass",
                       "warnings"):     # read from the noisy values
            assert small.public[key] == rel.public[key], key
    assert rel.internal["vehicles"] == 3 and small.internal["vehicles"] == 2


def test_bad_parameters_are_refused():
    fv = vectors([[1, 0, 0, 2]])
    with pytest.raises(ValueError, match="unknown method"):
        release_flows(fv, epsilon=1, rng=make_rng(0), method="magic")
    with pytest.raises(ValueError, match="sensitivity"):
        release_flows(fv, epsilon=1, rng=make_rng(0), sensitivity="user")
    with pytest.raises(ValueError, match="epsilon"):
        release_flows(fv, epsilon=0, rng=make_rng(0))
    with pytest.raises(ValueError, match="delta > 0"):
        release_flows(fv, epsilon=1, rng=make_rng(0), method="balanced")
    with pytest.raises(ValueError, match="maximum number of moves"):
        release_flows(fv, epsilon=1, rng=make_rng(0), method="central")
    with pytest.raises(ValueError, match="bounding"):
        flow_guarantee(epsilon=1, method="central", max_moves=2, bounding="pairs")
    with pytest.raises(ValueError, match="integers"):
        flow_guarantee(epsilon=1, method="central", max_moves=2.5)


# -- coordinator sum -----------------------------------------------------------------

def test_coordinator_sums_the_vehicles_noisy_vectors():
    fv = vectors([[1, 0, 0, 2], [0, 1, 0, 0], [4, 0, 1, 0]])
    spec = LocalNoise("universal", "move", "discrete", 0.7)
    rel = release_local(fv, spec, rng=make_rng(9))
    noisy, _ = spec.perturb(fv.counts, fv.trajectory_max, make_rng(9))
    np.testing.assert_array_equal(rel.values, noisy.sum(axis=0))
    clipped = release_local(fv, spec, rng=make_rng(9), clip_negative=True)
    np.testing.assert_array_equal(clipped.values, np.maximum(noisy, 0).sum(axis=0))
    assert clipped.public["clipped_values"] == int((noisy < 0).sum())


# -- DP audits of the per-vehicle noise on neighbouring trajectory sets --------------
# D: the vehicle's trajectories; D': the same plus one more move 0→1 (one unit of privacy).

D, D_PRIME = [1, 0, 0, 2], [2, 0, 0, 2]
D0, D0_PRIME = [0, 0, 0, 2], [1, 0, 0, 2]  # the extra move is the vehicle's first 0→1


def audit(spec, d, dp, seed, epsilon, delta=0.0, n=40000):
    a = outputs(spec, d, np.minimum(d, 1), n, seed)[:, 0]
    b = outputs(spec, dp, np.minimum(dp, 1), n, seed + 1)[:, 0]
    return likelihood_ratio_audit(a, b, "discrete", epsilon, delta)


def test_audit_universal_move_based_is_epsilon_dp():
    assert audit(LocalNoise("universal", "move", "discrete", 0.5), D0, D0_PRIME, 10, 0.5).passed
    # power: the same samples prove more than half the budget was spent
    assert not audit(LocalNoise("universal", "move", "discrete", 0.5), D0, D0_PRIME, 10,
                     0.25).passed


@pytest.mark.parametrize("noise", ["discrete", "continuous"])
def test_audit_balanced_move_based_is_epsilon_delta_dp(noise):
    eps, delta = 0.5, 0.3
    spec = LocalNoise("balanced", "move", noise, eps, delta)
    _, achieved = balanced_bound(1.0, eps, delta, noise)
    assert audit(spec, D, D_PRIME, 20, eps, achieved).passed


def test_audit_trajectory_based_and_bounded_noise_leak():
    # a zero count is released exactly: the first 0→1 move is seen with certainty
    leak = audit(LocalNoise("universal", "trajectory", "discrete", 0.5), D0, D0_PRIME, 30, 0.5)
    assert not leak.passed and leak.epsilon_lower_bound > 3
    leak = audit(LocalNoise("bounded", "move", "discrete", 0.5), D0, D0_PRIME, 40, 0.5)
    assert not leak.passed and leak.epsilon_lower_bound > 3


def replicated(rows, n):
    """n independent copies of a small dataset, each on its own block of moves (one release
    then gives n independent samples of every entry)."""
    counts = sp.kron(sp.identity(n, dtype=np.int64, format="csr"),
                     sp.csr_matrix(np.asarray(rows, dtype=np.int64))).tocsr()
    counts.sort_indices()
    s = counts.shape[1]
    return FlowVectors(MoveIndex(np.arange(s), np.arange(s), s), counts, counts.copy(),
                       np.arange(counts.shape[0]))


def central_samples(rows, n, entry, seed, **kw):
    values = release_central(replicated(rows, n), rng=make_rng(seed), **kw).values
    return values[entry::len(rows[0])]


def test_distinct_bounding_keeps_m_distinct_moves_at_most_k_times_and_passes_its_audit():
    fv = vectors([[5, 1, 1, 1], [0, 3, 0, 0]])
    kept = bound_contributions(fv, 2, 2, make_rng(0), "distinct").toarray()
    assert np.all((kept > 0).sum(axis=1) <= 2) and kept.max() <= 2
    assert np.all(kept <= fv.counts.toarray())
    # neighbours: with and without vehicle 1 (contributes ≤ m·k = 2·2 to entry 1 at most 2)
    kw = dict(epsilon=0.5, max_moves=2, max_count=2, bounding="distinct")
    a = central_samples([[1, 0, 0, 2]], 5000, 1, 50, **kw)
    b = central_samples([[1, 0, 0, 2], [0, 4, 0, 0]], 5000, 1, 51, **kw)
    assert likelihood_ratio_audit(a, b, "discrete", 0.5).passed


def test_distinct_bounding_ignores_stored_zeros():
    """A stored zero is not a move: with m = 2, a vehicle [0, 2, 2, 0] keeps both real moves."""
    stored = sp.csr_matrix((np.array([0, 2, 2, 0]), (np.zeros(4, int), np.arange(4))), shape=(1, 4))
    assert stored.nnz == 4  # the explicit zeros are stored
    fv = FlowVectors(INDEX, stored, stored.copy(), np.arange(1))
    for seed in range(20):
        kept = bound_contributions(fv, 2, 2, make_rng(seed), "distinct").toarray()
        np.testing.assert_array_equal(kept, [[0, 2, 2, 0]])


def test_trip_bounding_keeps_m_occurrences_with_repetitions():
    fv = vectors([[5, 1, 1, 1], [0, 3, 0, 0], [1, 0, 0, 0]])
    kept = bound_contributions(fv, 3, 1, make_rng(0), "trips").toarray()
    np.testing.assert_array_equal(kept.sum(axis=1), [3, 3, 1])
    assert np.all(kept <= fv.counts.toarray())
    np.testing.assert_array_equal(kept[1:], [[0, 3, 0, 0], [1, 0, 0, 0]])  # repetitions kept
    # vehicle 0 keeps each of its 8 move occurrences with probability 3/8
    many = bound_contributions(replicated([[5, 1, 1, 1]], 4000), 3, 1, make_rng(1), "trips")
    mean = np.asarray(many.sum(axis=0)).ravel().reshape(-1, 4).mean(axis=0)
    np.testing.assert_allclose(mean, np.array([5, 1, 1, 1]) * 3 / 8, atol=0.05)


def test_trip_bounding_cost_is_exact():
    """Δ₁ = m: a vehicle repeating one move m times or more shifts that count by exactly m.

    The audit passes at the charged ε and proves more than 0.8·ε was spent, so the
    cost is neither too small nor loose.
    """
    eps, m, n = 0.5, 2, 20000
    a = central_samples([[1, 0, 0, 2]], n, 1, 60, epsilon=eps, max_moves=m)
    b = central_samples([[1, 0, 0, 2], [0, 7, 0, 0]], n, 1, 61, epsilon=eps, max_moves=m)
    audit = likelihood_ratio_audit(a, b, "discrete", eps)
    assert audit.passed and audit.epsilon_lower_bound > 0.8 * eps
    # negative control: the same Δ = m charged for m *distinct* moves with their full
    # counts (a bound that forgets repetitions) fails the same audit
    def broken(rows, seed):
        rng = make_rng(seed)
        kept = bound_contributions(replicated(rows, n), m, 10 ** 6, rng, "distinct")
        total = np.asarray(kept.sum(axis=0)).ravel().astype(np.int64)
        return mechanisms.discrete_laplace(total, sensitivity=m, epsilon=eps,
                                           rng=rng).values[1::4]
    leak = likelihood_ratio_audit(broken([[1, 0, 0, 2]], 62),
                                  broken([[1, 0, 0, 2], [0, 7, 0, 0]], 63), "discrete", eps)
    assert not leak.passed and leak.epsilon_lower_bound > 1.5 * eps


def test_central_noise_is_the_same_for_neighbours_under_one_seed():
    """The bounding draws from its own stream: D and D' + one vehicle get the same noise."""
    d = vectors([[3, 0, 1, 0], [0, 2, 0, 0]])
    plus = vectors([[3, 0, 1, 0], [0, 2, 0, 0], [0, 0, 5, 1]])
    for bounding in ("trips", "distinct"):
        noise = []
        for fv in (d, plus):
            rel = release_central(fv, epsilon=0.5, rng=make_rng(8), max_moves=2,
                                  bounding=bounding)
            kept = bound_contributions(fv, 2, 1, sampling_stream(make_rng(8)), bounding)
            noise.append(rel.values - np.asarray(kept.sum(axis=0)).ravel())
        np.testing.assert_array_equal(noise[0], noise[1])
        assert np.any(noise[0] != 0)
