"""§5.2 sensitivity fix, Formula 1 through the cover, and the sensitivity bounds."""
import math

import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from mobility_dp.dpcore.density.sensitivity import cluster_l2_sum_bound, cover_mapping, l1_sensitivity, l2_sensitivity
from mobility_dp.dpcore.geometry.cover import minimum_vertex_cover, reallocate

# Two towers, three census cells: T0 = L0 ∪ half of L1, T1 = the rest of L1 ∪ L2.
W = sp.csr_matrix(np.array([[0.5, 0.5, 0.0],
                            [0.0, 0.25, 0.75]]))


def test_fix_by_hand():
    # cover {T0, L1, L2}: T0 and L1 overlap, so T0 keeps only its share outside L1 (0.5)
    m = cover_mapping(W, [True, False], [False, True, True])
    x = np.array([[8.0, 4.0], [4.0, 0.0]])            # tower × slot
    cover = m.to_cover(x)
    np.testing.assert_allclose(cover, [[4.0, 2.0],     # T0: 0.5·X_T0
                                       [5.0, 2.0],     # L1: 0.5·X_T0 + 0.25·X_T1
                                       [3.0, 0.0]])    # L2: 0.75·X_T1
    assert cover.sum() == x.sum()                      # each visit counted once
    # one visit at T0 moves the cover counts by 1 in L1 (0.5 + 0.5); without the fix
    # (T0 counted in full) it would move them by 1.5 > 1
    np.testing.assert_allclose(np.abs(m.forward.toarray()).sum(axis=0), [1.0, 1.0])
    naive = np.vstack([[1.0, 0.0], W[:, 1:].toarray().T])
    assert np.abs(naive).sum(axis=0)[0] == 1.5
    # back to census: L0 is not in the cover and gets T0's reduced count · 0.5/0.5
    np.testing.assert_allclose(m.to_census(cover), reallocate(x, W))


def random_partition_weights(rng, n_t, n_l):
    """Weights of two random interval partitions of [0, 1] (towers × cells)."""
    a = np.sort(np.r_[0, rng.random(n_t - 1), 1])
    b = np.sort(np.r_[0, rng.random(n_l - 1), 1])
    lo = np.maximum(a[:-1, None], b[None, :-1])
    hi = np.minimum(a[1:, None], b[None, 1:])
    overlap = np.clip(hi - lo, 0, None)
    return sp.csr_matrix(overlap / (a[1:] - a[:-1])[:, None])


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 12), st.integers(1, 12), st.booleans())
def test_formula_1_through_the_cover_conserves_totals(seed, n_t, n_l, use_min_cover):
    rng = np.random.default_rng(seed)
    w = random_partition_weights(rng, n_t, n_l)
    if use_min_cover:
        ct, cl = minimum_vertex_cover(w)
    else:  # any vertex cover: every tower plus random census cells
        ct, cl = np.ones(n_t, bool), rng.random(n_l) < 0.5
    m = cover_mapping(w, ct, cl)
    x = rng.poisson(20, size=(n_t, 5)).astype(float)
    cover = m.to_cover(x)
    # totals per slot are conserved (towers lie inside the census area here)
    np.testing.assert_allclose(cover.sum(axis=0), x.sum(axis=0))
    # and the way back reproduces Formula 1 exactly
    np.testing.assert_allclose(m.to_census(cover), reallocate(x, w), atol=1e-9)
    # one visit moves non-negative shares summing to at most 1
    assert m.forward.min() >= 0
    assert np.abs(m.forward.toarray()).sum(axis=0).max() <= 1 + 1e-12


def test_not_a_partition_and_not_a_cover_are_refused():
    overlapping = sp.csr_matrix(np.array([[0.8, 0.6], [0.0, 1.0]]))
    with pytest.raises(ValueError, match="not a partition"):
        cover_mapping(overlapping, [True, True], [False, False])
    with pytest.raises(ValueError, match="not a vertex cover"):
        cover_mapping(W, [True, False], [False, False, True])
    with pytest.raises(ValueError, match="non-negative"):
        cover_mapping(sp.csr_matrix(np.array([[-0.5, 1.0]])), [True], [True, True])


def test_sensitivity_values():
    assert l1_sensitivity(30) == 30
    assert l2_sensitivity(30) == pytest.approx(math.sqrt(30))
    assert cluster_l2_sum_bound(30, 1) == pytest.approx(math.sqrt(30))   # the paper's √ℓ
    assert cluster_l2_sum_bound(30, 10) == pytest.approx(math.sqrt(300))
    assert cluster_l2_sum_bound(30, 500) == 30
    with pytest.raises(ValueError, match="positive integer"):
        l1_sensitivity(0)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 40), st.integers(1, 15))
def test_cluster_l2_sum_bound_holds_for_random_users(seed, ell, m):
    """A user: ≤ ℓ slots, per slot a split of ≤ 1 visit over the clusters."""
    rng = np.random.default_rng(seed)
    n = 60
    slots = rng.choice(n, size=min(ell, n), replace=False)
    d = np.zeros((m, n))
    shares = rng.dirichlet(np.full(m, 0.3), size=slots.size) * rng.random((slots.size, 1))
    d[:, slots] = shares.T
    assert np.linalg.norm(d, axis=1).sum() <= cluster_l2_sum_bound(ell, m) + 1e-9
    assert np.linalg.norm(d) <= l2_sensitivity(ell) + 1e-9
    assert np.abs(d).sum() <= l1_sensitivity(ell) + 1e-9


def test_cluster_l2_sum_bound_is_attained():
    # ℓ = 4 visits, each in a different one of m = 4 clusters: Σ‖d_E‖₂ = 4 = min(ℓ, √(mℓ))
    d = np.eye(4)
    assert np.linalg.norm(d, axis=1).sum() == cluster_l2_sum_bound(4, 4)
    # and it exceeds the paper's √ℓ = 2, which assumed the clusters were disjoint
    assert cluster_l2_sum_bound(4, 4) > l2_sensitivity(4)
