"""Issue 29 item 4: the ``visits`` density release (dpcore.density: visits, lowrank, visit_release).

What is counted (distinct people per tower and slot, capped per user), its
sensitivity (a worst-case neighbour, with the §5.2 cover counts as the
negative control that breaks the bound), the cost (planned == spent), a
neighbouring-dataset audit of the release (with a broken sensitivity as the
negative control that must fail), and the post-processing's behaviour on
noise-only input (with a control whose looser threshold invents structure).
"""
import math

import numpy as np
import pytest
import scipy.sparse as sp

from ..support.dp_audit import likelihood_ratio_audit
from mobility_dp.dpcore.cover import reallocate
from mobility_dp.dpcore.density import lowrank, visit_release
from mobility_dp.dpcore.density.sensitivity import cover_mapping
from mobility_dp.dpcore.density.visit_release import (VisitDensityInputs, cap_ratio,
                                                      plan_visits, release_visits, visit_cap)
from mobility_dp.dpcore.density.visits import (VisitCounts, bound_visits, capped_total,
                                               visit_l2_sensitivity, visits_from_events)
from mobility_dp.dpcore.ingest import CompactEvents
from mobility_dp.dpcore.rng import make_rng


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


def _inputs(counts, per_user, ell, weights=None):
    counts = np.asarray(counts, dtype=np.int64)
    visits = VisitCounts(counts=counts, true_counts=counts, per_user=np.asarray(per_user),
                         n_users=len(per_user), n_events=int(counts.sum()), dropped={}, ell=ell)
    return VisitDensityInputs(visits, sp.identity(counts.shape[0], format="csr")
                              if weights is None else weights)


@pytest.mark.parametrize("epsilon,k,delta_spent", [(1.0, 5, 2e-6), (0.3, 1, 0.0)])
def test_planned_cost_is_spent_and_refusals_come_before_data(epsilon, k, delta_spent):
    """The rule keeps k = 1 visit per user below ε = 0.5 (discrete Laplace), ℓ from there."""
    assert visit_cap(epsilon, 5) == k
    data = _inputs(np.full((4, 6), 50), [5] * 40, ell=k)
    plan = plan_visits(epsilon=epsilon, delta=2e-6, ell=5, n_towers=4, n_slots=6)
    rel = release_visits(data, rng=make_rng(1), epsilon=epsilon, delta=2e-6, ell=5)
    assert [(p.epsilon, p.delta) for p in rel.cost.parts] == [(p.epsilon, p.delta)
                                                             for p in plan.parts]
    assert rel.cost.epsilon == pytest.approx(epsilon) and rel.cost.delta == delta_spent
    assert rel.cost.unit_of_privacy == plan.unit_of_privacy == "user"
    assert [p.sensitivity for p in plan.parts] == [math.sqrt(k), 6.0]  # √k and B = max(6, ℓ)
    assert rel.public["visits_per_user"] == k
    with pytest.raises(ValueError, match="capped at"):              # data capped otherwise
        release_visits(_inputs(np.full((4, 6), 50), [5] * 40, ell=3 if k == 1 else 1),
                       rng=make_rng(1), epsilon=epsilon, delta=2e-6, ell=5)
    for bad in ({"delta": 0.0, "epsilon": 1.0}, {"ell": 0}, {"total_bound": 4},
                {"epsilon": -1}, {"cap": 6}):
        with pytest.raises(ValueError):
            plan_visits(**{"epsilon": epsilon, "delta": 2e-6, "ell": 5, "n_towers": 4,
                           "n_slots": 6, **bad})
    assert plan_visits(epsilon=0.3, delta=0.0, ell=5, n_towers=4, n_slots=6).delta == 0.0


def test_cap_ratio_stays_in_its_possible_range():
    assert cap_ratio(110.0, 100.0, 4.0) == pytest.approx(1.1)
    assert cap_ratio(90.0, 100.0, 4.0) == 1.0 and cap_ratio(900.0, 100.0, 4.0) == 4.0
    assert cap_ratio(50.0, -3.0, 4.0) == 1.0


# -- audit of the release on neighbouring data -------------------------------------------

AUDIT_DELTA, AUDIT_RUNS = 1e-3, 1500


def _audit_sample(counts, ell, epsilon, seed, monkeypatch, l2=None, cells=np.s_[:, :4]):
    """The release's output summed over the neighbour's cells (÷ the public cap ratio).

    The shrinkage is switched off (identity: post-processing cannot add loss, and
    without it the statistic is the noise's sufficient one, so the audit has power).
    """
    monkeypatch.setattr(visit_release, "denoise", lambda y, sigma: (y, 0))
    if l2 is not None:
        monkeypatch.setattr(visit_release, "visit_l2_sensitivity", lambda k: l2)
    data = _inputs(counts, [ell] * 50, ell=ell)
    rng = make_rng(seed)
    out = []
    for _ in range(AUDIT_RUNS):
        rel = release_visits(data, rng=rng, epsilon=epsilon, delta=AUDIT_DELTA)
        out.append(rel.values[cells].sum() / rel.public["cap_ratio"])
    return np.array(out)


@pytest.mark.parametrize("broken", [False, True])
def test_gaussian_neighbour_audit_and_its_negative_control(monkeypatch, broken):
    """ε = 2 (k = ℓ = 16): D' = D minus a user with 16 visits, 4 towers × 4 slots."""
    d_prime = np.full((4, 8), 400)
    d = d_prime.copy()
    d[:, :4] += 1
    l2 = 1.0 if broken else None                          # the control: Δ₂ = 1 instead of √k
    a = _audit_sample(d, 16, 2.0, 11, monkeypatch, l2)
    b = _audit_sample(d_prime, 16, 2.0, 12, monkeypatch, l2)
    result = likelihood_ratio_audit(a, b, bins=12, epsilon=2.0, delta=AUDIT_DELTA)
    assert result.passed != broken, result


@pytest.mark.parametrize("broken", [False, True])
def test_one_visit_neighbour_audit_and_its_negative_control(monkeypatch, broken):
    """ε = 0.45 (k = 1): D' = D minus a user with one visit; the control's user was counted
    3 times in one cell (no cap), which the L1 sensitivity 1 does not cover."""
    d_prime = np.full((4, 8), 400)
    d = d_prime.copy()
    d[0, 0] += 3 if broken else 1
    a = _audit_sample(d, 1, 0.45, 13, monkeypatch, cells=np.s_[0, 0])
    b = _audit_sample(d_prime, 1, 0.45, 14, monkeypatch, cells=np.s_[0, 0])
    result = likelihood_ratio_audit(a, b, bins=12, epsilon=0.45, delta=0.0)
    assert result.passed != broken, result


# -- post-processing ---------------------------------------------------------------------

@pytest.mark.parametrize("epsilon,k", [(0.3, 1), (1.0, 30)])
def test_noise_only_input_gives_an_all_zero_release_and_a_looser_edge_invents_structure(
        monkeypatch, epsilon, k):
    data = _inputs(np.zeros((120, 168)), [0] * 10, ell=k)
    for seed in range(15):
        rel = release_visits(data, rng=make_rng(seed), epsilon=epsilon, delta=2e-6, ell=30)
        assert rel.public["rank"] == 0 and not rel.values.any()
    # control: a plain truncated SVD keeping the singular values above 0.9 × the
    # Marchenko–Pastur edge σ(√m + √n), unshrunk, invents structure from noise alone
    monkeypatch.setattr(lowrank, "shrink", lambda s, m, n, sigma: np.where(
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


def test_release_estimates_the_uncapped_density_through_formula_1():
    """Heavy users lose visits to the cap; the noisy cap ratio puts them back on average."""
    rng = make_rng(8)
    n_t, n_s = 30, 48
    user = np.concatenate([np.repeat(np.arange(2000), 6), np.repeat(np.arange(2000, 2200), 40)])
    tower, slot = rng.integers(0, n_t, user.size), rng.integers(0, n_s, user.size)
    visits = bound_visits(user, tower, slot, n_towers=n_t, n_slots=n_s, ell=12, rng=rng)
    weights = sp.random(n_t, 50, density=0.1, random_state=1, format="csr")
    weights = sp.diags(1.0 / np.maximum(np.asarray(weights.sum(1)).ravel(), 1)) @ weights
    rel = release_visits(VisitDensityInputs(visits, weights), rng=make_rng(9), epsilon=5.0,
                         delta=1e-6)
    truth = reallocate(visits.true_counts, weights)
    assert visits.kept_visits < 0.85 * visits.total_visits
    assert rel.values.sum() == pytest.approx(truth.sum(), rel=0.05)
    assert rel.values.shape == truth.shape
