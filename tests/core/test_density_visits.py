"""Issue 29 item 4: the ``visits`` density release (dpcore.density: visits, lowrank,
visit_pooling, visit_release, visit_reconstruction).

What is counted (distinct people per tower and slot; the per-user cap of the
ingest, and the shares: every user's weight 1 spread over its visits), the
sensitivities (a worst-case neighbour, with the §5.2 cover counts and the
unnormalised visits as negative controls that break the bounds), the public
pooling of slots, the cost (planned == spent), a neighbouring-dataset audit
of the release (with a broken normalisation as the negative control that
must fail), and the post-processing's behaviour on noise-only input (with a
control whose looser threshold invents structure).
"""
import math

import numpy as np
import pytest
import scipy.sparse as sp

from mobility_dp.dpcore.density import lowrank, visit_reconstruction, visit_release
from mobility_dp.dpcore.density.sensitivity import cover_mapping
from mobility_dp.dpcore.density.visit_pooling import block_hours, pooling
from mobility_dp.dpcore.density.visit_reconstruction import cap_ratio
from mobility_dp.dpcore.density.visit_release import VisitDensityInputs, release_visits, visits_cost
from mobility_dp.dpcore.density.visits import SHARE_BITS, VisitCounts, capped_total, visit_shares
from mobility_dp.dpcore.geometry.cover import reallocate
from mobility_dp.dpcore.ingest import CompactEvents
from mobility_dp.dpcore.ingest.visits import bound_visits, visits_from_events
from mobility_dp.dpcore.random.rng import make_rng

from ..support.dp_audit import likelihood_ratio_audit
from ..support.reference import visit_l2_sensitivity


def _events(rng, n_users=300, n_towers=6, n_slots=24, per_user=12):
    user = np.repeat(np.arange(n_users), per_user)
    return (user, rng.integers(0, n_towers, user.size), rng.integers(0, n_slots, user.size))


def test_a_person_at_two_towers_in_one_hour_counts_at_both():
    user, tower, slot = np.array([7, 7, 7, 8]), np.array([0, 1, 1, 1]), np.array([3, 3, 3, 3])
    v = bound_visits(user, tower, slot, n_towers=2, n_slots=5, ell=5, rng=make_rng(1))
    assert v.counts[:, 3].tolist() == [1, 2] and v.counts.sum() == 3
    assert np.array_equal(v.counts, v.true_counts) and v.per_user.tolist() == [2, 1]


def test_cap_keeps_at_most_ell_distinct_visits_per_user_and_the_truth_uncapped():
    user, tower, slot = _events(make_rng(2))
    tower[:5], slot[:5] = -1, 3                           # unknown towers are dropped
    v = bound_visits(user, tower, slot, n_towers=6, n_slots=24, ell=4, rng=make_rng(3))
    full = bound_visits(user, tower, slot, n_towers=6, n_slots=24, ell=10_000, rng=make_rng(3))
    assert v.dropped["unknown_tower"] == 5 and v.n_events == user.size
    assert np.array_equal(full.counts, full.true_counts)
    assert np.array_equal(v.true_counts, full.true_counts)
    assert v.kept_visits == capped_total(v.per_user, 4) < v.total_visits
    for u in range(0, 300, 37):                           # per user: ≤ ℓ cells, each +1
        mine = user == u
        alone = bound_visits(user[mine], tower[mine], slot[mine], n_towers=6, n_slots=24,
                             ell=4, rng=make_rng(u))
        assert alone.counts.max() <= 1 and alone.counts.sum() == min(alone.per_user[0], 4)


def test_compact_events_give_the_same_counts():
    user, tower, slot = _events(make_rng(4))
    lookup = np.array([5, 4, 3, 2, 1, 0, -1])             # event codes → caller's towers
    code = np.where(tower == 0, 6, 5 - tower)             # code 6: a tower not in the layer
    events = CompactEvents(user=user.astype(np.int32), tower=code.astype(np.int32),
                           slot=slot.astype(np.int32), n_users=300, user_ids=np.arange(300),
                           tower_ids=np.arange(7), dropped={}, n_rows=user.size, start=0.0,
                           slot_seconds=3600.0, n_slots=24)
    a = visits_from_events(events, lookup, n_towers=6, ell=5, rng=make_rng(5))
    b = bound_visits(user, np.where(tower == 0, -1, tower), slot, n_towers=6, n_slots=24,
                     ell=5, rng=make_rng(5))
    assert np.array_equal(a.true_counts, b.true_counts) and a.true_counts[0].sum() == 0
    assert a.kept_visits == b.kept_visits and a.dropped["unknown_tower"] == (tower == 0).sum()
    assert np.array_equal(a.shares, b.shares)


def _worst_user(ell, n_towers):
    """A user seen at every tower in each of its first slots: ≥ ℓ visits, several per slot."""
    t, s = np.meshgrid(np.arange(n_towers), np.arange(ell), indexing="ij")
    return np.zeros(t.size, np.int64), t.ravel(), s.ravel()


def _within(change, ell):
    return (np.abs(change).sum() <= ell + 1e-9
            and np.sqrt((change ** 2).sum()) <= visit_l2_sensitivity(ell) + 1e-9)


def test_one_user_moves_the_tower_matrix_by_at_most_ell_and_root_ell():
    """Coupled neighbours: the others' selections are per user, so D − D' is the user's own."""
    ell = 6
    weights = sp.csr_matrix(np.array([[0.5, 0.5, 0.0], [0.0, 0.5, 0.5], [0.0, 0.0, 1.0]]))
    user, tower, slot = _worst_user(ell, 3)
    worst = 0.0
    for seed in range(20):
        change = bound_visits(user, tower, slot, n_towers=3, n_slots=ell, ell=ell,
                              rng=make_rng(seed)).counts.astype(float)
        assert _within(change, ell)
        worst = max(worst, math.sqrt((change ** 2).sum()))
    assert worst == pytest.approx(math.sqrt(ell))          # the bound is attained
    # negative control: the §5.2 cover counts (cover: tower 0, census cells 1 and 2) of a
    # possible change (the ℓ = 6 visits at all 3 towers in 2 slots): towers 1 and 2 share
    # census cell 2, whose entry moves by 1.5 per slot, and the √ℓ bound breaks there
    kept = np.zeros((3, ell))
    kept[:, :2] = 1
    assert _within(kept, ell)
    cover = cover_mapping(weights, np.array([True, False, False]),
                          np.array([False, True, True])).to_cover(kept)
    assert not _within(cover, ell) and math.sqrt((cover ** 2).sum()) == pytest.approx(math.sqrt(7))


UNIT = 2 ** SHARE_BITS
MONDAY = 1_700_438_400.0                                  # 2023-11-20 00:00 UTC, a Monday


def test_every_user_spreads_a_weight_of_one_over_its_distinct_visits():
    user, tower, slot = np.array([7, 7, 7, 8, 9, 9, 9]), np.array([0, 1, 1, 1, 0, 0, 1]), \
        np.array([3, 3, 3, 3, 1, 2, 2])
    v = bound_visits(user, tower, slot, n_towers=2, n_slots=5, ell=1, rng=make_rng(1))
    # user 7: (0, 3), (1, 3) → ½ each; user 8: (1, 3) → 1; user 9: three visits → ⅓ each
    third = (UNIT // 3) / UNIT
    assert (v.shares / UNIT).tolist() == [[0, third, third, 0.5, 0], [0, 0, third, 1.5, 0]]
    assert v.shares.dtype == np.int64
    user, tower, slot = _events(make_rng(2))
    s = visit_shares(user, tower * 24 + slot, 6 * 24)
    assert s.sum() <= 300 * UNIT and s.sum() > 300 * UNIT - 300 * 24


def test_one_user_moves_the_shares_by_at_most_one_in_l1_and_the_visits_do_not():
    """Any sum of the shares' entries (the release's columns) moves by ≤ 1; the raw visits
    of the same user (the negative control) move their column by its number of visits."""
    user, tower, slot = _worst_user(6, 3)
    others = _events(make_rng(3), n_users=50, n_towers=3, n_slots=6, per_user=5)
    rest = visit_shares(others[0] + 10, others[1] * 6 + others[2], 18)
    both = visit_shares(np.concatenate([user, others[0] + 10]),
                        np.concatenate([tower * 6 + slot, others[1] * 6 + others[2]]), 18)
    change = (both - rest) / UNIT
    assert np.abs(change).sum() <= 1.0 and change.min() >= 0
    pool = pooling(6, 3600.0, None, 4)                    # slots 0–3 and 4–5 of the day
    columns = np.zeros((3, pool.n_columns))
    np.add.at(columns.T, pool.column, change.reshape(3, 6).T)
    assert np.abs(columns).sum() <= 1.0
    visits = np.zeros((3, pool.n_columns))
    np.add.at(visits.T, pool.column, np.ones((6, 3)))     # unnormalised: 18 visits of one user
    assert np.abs(visits).sum() == 18


def test_pooling_puts_the_same_block_of_every_weekday_and_weekend_day_together():
    week = pooling(168, 3600.0, MONDAY, 4)
    assert week.n_columns == 12 and week.n_fine == 48 and week.profiled and week.day_types
    assert week.column[0] == week.column[24] == week.column[4 * 24 + 3]   # Mon, Tue, Fri 0–4 h
    assert week.column[5 * 24] == week.column[6 * 24 + 2] != week.column[0]   # Sat, Sun
    assert week.column[4] != week.column[0] and week.fine[1] != week.fine[0]
    # a period starting at 23:00 UTC (local midnight an hour east) keeps its days whole
    shifted = pooling(168, 3600.0, MONDAY - 3600.0, 4)
    assert np.array_equal(shifted.column, week.column)
    assert pooling(168, 3600.0, None, 4).n_columns == 6   # no calendar: one day type
    assert pooling(50, 7 * 60.0, MONDAY).n_columns == 50  # 7 min does not divide a day
    assert not pooling(24, 3600.0, MONDAY, 1).profiled
    assert block_hours(0.1) == 8 and block_hours(0.3) == 8 and block_hours(1.0) == 4


def test_spread_keeps_every_column_total_and_follows_a_tower_busier_later():
    """Two days of 24 h in blocks of 8 h under a flat city profile: a tower at the city's
    level stays flat; one whose level doubles from block to block rises within each block."""
    pool = pooling(48, 3600.0, None, 8)
    assert pool.n_columns == 3 and pool.block == 8
    estimate = np.array([[80.0, 80.0, 80.0], [10.0, 20.0, 40.0]])
    out = visit_reconstruction.spread(estimate, pool, np.ones(24))
    sums = np.zeros_like(estimate)
    np.add.at(sums.T, pool.column, out.T)
    assert sums == pytest.approx(estimate)
    assert out[0] == pytest.approx(np.full(48, 5.0))                      # 80 over 16 slots
    middle = out[1, 8:16]                                                 # 08–16 h, day 1
    assert np.all(np.diff(middle) > 0) and middle[0] < 20 / 16 < middle[-1]
    # without a profile (no pooling within the day) a column is shared equally
    flat = pooling(24, 3600.0, None, 1)
    assert visit_reconstruction.spread(np.ones((1, 24)), flat, None) == pytest.approx(np.ones((1, 24)))


def _inputs(shares, per_user, weights=None, start=None, ell=1):
    shares = np.asarray(shares, dtype=np.int64)
    counts = (shares > 0).astype(np.int64)
    visits = VisitCounts(counts=counts, true_counts=counts, per_user=np.asarray(per_user),
                         n_users=len(per_user), n_events=int(counts.sum()), dropped={}, ell=ell,
                         shares=shares)
    return VisitDensityInputs(visits, sp.identity(shares.shape[0], format="csr")
                              if weights is None else weights, start=start)


@pytest.mark.parametrize("epsilon,n_parts", [(1.0, 3), (0.1, 3)])
def test_planned_cost_is_spent_and_refusals_come_before_data(epsilon, n_parts):
    """ε-DP whatever δ allows: Laplace on the shares' columns and on the profile, discrete
    Laplace on the capped total; the plan is computed from public parameters only."""
    data = _inputs(np.full((4, 48), 50 * UNIT), [5] * 40, start=MONDAY)
    plan = visits_cost(epsilon=epsilon, delta=2e-6, ell=5, n_towers=4, n_slots=48,
                       start=MONDAY)
    rel = release_visits(data, rng=make_rng(1), epsilon=epsilon, delta=2e-6, ell=5)
    assert len(plan.parts) == n_parts
    assert [p.epsilon for p in rel.cost.parts] == pytest.approx([p.epsilon for p in plan.parts])
    assert [p.delta for p in rel.cost.parts] == [p.delta for p in plan.parts] == [0.0] * 3
    assert rel.cost.epsilon == pytest.approx(epsilon) and rel.cost.delta == 0.0
    assert rel.cost.unit_of_privacy == plan.unit_of_privacy == "user"
    assert [p.sensitivity for p in plan.parts] == [1.0, 1.0, 48.0]  # shares, profile, B
    assert rel.public["block_slots"] == block_hours(epsilon)
    # no pooling within a day (slots of 7 min): no profile, two parts
    assert len(visits_cost(epsilon=epsilon, delta=0.0, ell=5, n_towers=4, n_slots=6,
                           slot_seconds=420.0).parts) == 2
    for bad in ({"ell": 0}, {"total_bound": 4}, {"epsilon": -1}, {"delta": 1.0},
                {"n_towers": 0}):
        with pytest.raises(ValueError):
            visits_cost(**{"epsilon": epsilon, "delta": 2e-6, "ell": 5, "n_towers": 4,
                           "n_slots": 6, **bad})
    with pytest.raises(ValueError, match="shares"):
        VisitDensityInputs(VisitCounts(counts=np.zeros((2, 3), np.int64),
                                       true_counts=np.zeros((2, 3), np.int64),
                                       per_user=np.zeros(0), n_users=0, n_events=0, dropped={},
                                       ell=1), sp.identity(2, format="csr"))


def test_cap_ratio_stays_in_its_possible_range():
    assert cap_ratio(110.0, 100.0, 4.0) == pytest.approx(1.1)
    assert cap_ratio(90.0, 100.0, 4.0) == 1.0 and cap_ratio(900.0, 100.0, 4.0) == 4.0
    assert cap_ratio(50.0, -3.0, 4.0) == 1.0


# -- audit of the release on neighbouring data -------------------------------------------

AUDIT_RUNS = 1500


def _audit_sample(shares, epsilon, seed, monkeypatch):
    """The release's noisy column of the neighbour's visits (its measured statistic)."""
    monkeypatch.setattr(visit_reconstruction, "denoise", lambda y, *noise: (y, 0))
    data = _inputs(shares, [4] * 50)
    rng = make_rng(seed)
    return np.array([release_visits(data, rng=rng, epsilon=epsilon, delta=0.0)
                     .public["noisy_columns"][0, 0] for _ in range(AUDIT_RUNS)])


@pytest.mark.parametrize("broken", [False, True])
def test_neighbour_audit_and_its_negative_control(monkeypatch, broken):
    """ε = 0.45: D' = D minus a user with 4 visits in slots 0–3 of tower 0 (one column: the
    block of 8 h): weight ¼ each, 1 in all. The control's user is counted once per visit (no
    normalisation): its column moves by 4, which the sensitivity 1 does not cover."""
    epsilon = 0.45
    e_matrix = epsilon * (1 - visit_release.SCALE_SHARE - visit_release.PROFILE_SHARE)
    d_prime = np.full((4, 8), 400 * UNIT)
    d = d_prime.copy()
    d[0, :4] += UNIT if broken else UNIT // 4
    a = _audit_sample(d, epsilon, 11, monkeypatch)
    b = _audit_sample(d_prime, epsilon, 12, monkeypatch)
    result = likelihood_ratio_audit(a, b, bins=12, epsilon=e_matrix, delta=0.0)
    assert result.passed != broken, result


# -- post-processing ---------------------------------------------------------------------

@pytest.mark.parametrize("epsilon", [0.1, 0.3, 1.0])
def test_noise_only_input_gives_an_all_zero_release_and_a_looser_edge_invents_structure(
        monkeypatch, epsilon):
    """True shares all zero: the shrinkage keeps rank 0 (its low-rank part explains none of
    the variance, as pure noise would), so nothing is released; the control, a plain
    truncated SVD above 0.9 × the Marchenko–Pastur edge, finds structure in the noise."""
    data = _inputs(np.zeros((120, 168)), [0] * 10, start=MONDAY)
    for seed in range(15):
        rel = release_visits(data, rng=make_rng(seed), epsilon=epsilon, delta=2e-6, ell=30)
        assert rel.public["rank"] == 0 and not rel.values.any()
    monkeypatch.setattr(lowrank, "shrink", lambda s, m, n, sigma, edge=0.0: np.where(
        s > 0.9 * sigma * (math.sqrt(m) + math.sqrt(n)), s, 0.0))
    ranks = [release_visits(data, rng=make_rng(seed), epsilon=epsilon, delta=2e-6,
                            ell=30).public["rank"] for seed in range(15)]
    assert sum(r > 0 for r in ranks) >= 10


def test_shrinkage_recovers_a_low_rank_density_better_than_the_raw_noisy_counts():
    rng = make_rng(7)
    hours = np.arange(168)
    rhythm = np.vstack([1 + np.sin(2 * np.pi * hours / 24), 1 + np.cos(2 * np.pi * hours / 24)])
    truth = rng.uniform(50, 400, (200, 2)) @ rhythm
    noisy = truth + rng.normal(0, 80, truth.shape)
    estimate, rank = lowrank.denoise(noisy, 80.0)
    assert rank == 2
    assert np.abs(estimate - truth).mean() < 0.2 * np.abs(noisy - truth).mean()


def test_release_estimates_the_density_through_formula_1():
    """People with many visits weigh less per visit; the noisy ratio ρ puts the total back."""
    rng = make_rng(8)
    n_t, n_s = 30, 48
    user = np.concatenate([np.repeat(np.arange(2000), 6), np.repeat(np.arange(2000, 2200), 40)])
    tower, slot = rng.integers(0, n_t, user.size), rng.integers(0, n_s, user.size)
    visits = bound_visits(user, tower, slot, n_towers=n_t, n_slots=n_s, ell=12, rng=rng)
    weights = sp.random(n_t, 50, density=0.1, random_state=1, format="csr")
    weights = sp.diags(1.0 / np.maximum(np.asarray(weights.sum(1)).ravel(), 1)) @ weights
    rel = release_visits(VisitDensityInputs(visits, weights, start=MONDAY), rng=make_rng(9),
                         epsilon=5.0, delta=1e-6)
    truth = reallocate(visits.true_counts, weights)
    assert visits.shares.sum() / UNIT == pytest.approx(2200, rel=1e-6)
    assert rel.values.sum() == pytest.approx(truth.sum(), rel=0.05)
    assert rel.values.shape == truth.shape and rel.values.min() >= 0
