"""Counts of the cover cells with the sensitivity fix of Acs & Castelluccia §5.2.

The cover C ⊆ T ∪ L (towers T, census cells L) may hold a tower cell and a
census cell that overlap. Counting both in full would count the visits in
their overlap twice, so the L1 sensitivity of the cover counts would exceed
ℓ. The fix (§5.2): a tower in C loses the share of its counts that falls in
census cells also in C. With Formula 1 weights ``w[T, L] = |T ∩ L| / |T|``:

* census cell L ∈ C:  ``X^C_L = Σ_T w[T, L] · X^T``  (Formula 1, §4.2);
* tower T ∈ C:       ``X^C_T = s_T · X^T`` with ``s_T = Σ_{L ∉ C} w[T, L]``.

When T lies inside the census area ``s_T = 1 − Σ_{L ∈ C} w[T, L]``, the
paper's reduction; a part of T outside every census cell is dropped, as
Formula 1 drops it. Each visit at tower T is thus split into non-negative
shares that sum to at most 1, so one user (≤ 1 visit per slot, ≤ ℓ visits,
§5.1) changes the cover counts of one slot by at most 1 in L1 and the whole
cover matrix by at most ℓ in L1 and √ℓ in L2 (§5.3) — see the functions
below. The noisy cover counts go back to every census cell by Formula 1
applied to the reduced towers: a census cell L ∉ C (all its towers are in C,
C being a vertex cover) gets ``Σ_T X^C_T · w[T, L] / s_T``. Without noise
this reproduces Formula 1 exactly (tested).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp

from ..geometry.cover import is_vertex_cover

#: Slack on Formula 1 row sums (float area sums of an exact partition).
ROW_SUM_TOLERANCE = 1e-6


@dataclass(frozen=True)
class CoverMapping:
    """Linear maps between tower counts, cover counts and census counts.

    ``forward`` (n_C × n_T) maps tower counts to cover counts with the §5.2
    fix; ``backward`` (n_L × n_C) maps cover counts to every census cell.
    Cover rows list the cover towers first (``cover_towers`` indices), then
    the cover census cells (``cover_cells`` indices).
    """

    forward: sp.csr_matrix
    backward: sp.csr_matrix
    cover_towers: np.ndarray
    cover_cells: np.ndarray

    @property
    def n_cover(self) -> int:
        return self.forward.shape[0]

    def to_cover(self, tower_counts) -> np.ndarray:
        return np.asarray(self.forward @ np.asarray(tower_counts, dtype=float))

    def to_census(self, cover_counts) -> np.ndarray:
        return np.asarray(self.backward @ np.asarray(cover_counts, dtype=float))


def check_weights(weights) -> sp.csr_matrix:
    """Formula 1 weights as csr; refuse negative weights or rows summing above 1.

    A row sum above 1 means the census polygons overlap (the census layer is
    not a partition): one visit would then count more than once and the
    sensitivity bounds below would not hold.
    """
    w = sp.csr_matrix(weights, dtype=float)
    w.eliminate_zeros()
    if w.nnz and (not np.all(np.isfinite(w.data)) or w.data.min() < 0):
        raise ValueError("Formula 1 weights must be finite and non-negative")
    row_sums = np.asarray(w.sum(axis=1)).ravel()
    if row_sums.size and row_sums.max() > 1.0 + ROW_SUM_TOLERANCE:
        worst = int(np.argmax(row_sums))
        raise ValueError(
            f"the census cells overlapping tower cell #{worst} hold {row_sums[worst]:.6f} of "
            "its area (more than 1): the census layer is not a partition (overlapping polygons)")
    return w


def cover_mapping(weights, cover_towers, cover_cells) -> CoverMapping:
    """Build the §5.2 cover maps; the cover must be a vertex cover of the overlaps."""
    w = check_weights(weights)
    n_t, n_l = w.shape
    ct = np.asarray(cover_towers, dtype=bool)
    cl = np.asarray(cover_cells, dtype=bool)
    if ct.shape != (n_t,) or cl.shape != (n_l,):
        raise ValueError(f"cover masks must have shapes ({n_t},) and ({n_l},), "
                         f"got {ct.shape} and {cl.shape}")
    if not is_vertex_cover(w, ct, cl):
        raise ValueError("the cover leaves an overlap of a tower cell and a census cell "
                         "uncovered: it is not a vertex cover of the overlap graph")
    t_idx, l_idx = np.flatnonzero(ct), np.flatnonzero(cl)
    n_ct = t_idx.size
    # s_T: the share of tower T falling in census cells outside the cover.
    share = np.asarray(w[:, ~cl].sum(axis=1)).ravel()
    fwd_towers = sp.csr_matrix((share[t_idx], (np.arange(n_ct), t_idx)), shape=(n_ct, n_t))
    fwd_cells = sp.csr_matrix(w[:, l_idx].T)
    forward = sp.vstack([fwd_towers, fwd_cells]).tocsr()
    # Back to census: identity for cover cells, w[T, L]/s_T for L outside C.
    inv_share = np.divide(1.0, share[t_idx], out=np.zeros(n_ct), where=share[t_idx] > 0)
    outside = np.flatnonzero(~cl)
    sub = w[t_idx][:, outside].tocoo()
    back_towers = sp.csr_matrix((sub.data * inv_share[sub.row], (outside[sub.col], sub.row)),
                                shape=(n_l, n_ct))
    back_cells = sp.csr_matrix((np.ones(l_idx.size), (l_idx, np.arange(l_idx.size))),
                               shape=(n_l, l_idx.size))
    backward = sp.hstack([back_towers, back_cells]).tocsr()
    return CoverMapping(forward, backward, t_idx, l_idx)


# --------------------------------------------------------------------------
# Sensitivities (unit of privacy: one user added or removed; after §5.1
# pre-sampling a user has ≤ 1 visit per slot and ≤ ℓ visits in all)
# --------------------------------------------------------------------------

def check_ell(ell) -> int:
    if isinstance(ell, bool) or int(ell) != ell or int(ell) < 1:
        raise ValueError(f"ℓ (maximum visits per user) must be a positive integer, got {ell!r}")
    return int(ell)


def l1_sensitivity(ell: int) -> float:
    """Δ₁ of the cover (or census, or tower) count matrix and of its row totals: ℓ.

    A visit moves shares summing to ≤ 1 (§5.2 fix, Formula 1 rows ≤ 1);
    a user has ≤ ℓ visits (§5.1).
    """
    return float(check_ell(ell))


def l2_sensitivity(ell: int) -> float:
    """Δ₂ of the count matrix, and of any partition of its rows into sums: √ℓ (§5.3).

    Per slot a user changes a vector of L1 norm ≤ 1, hence squared L2 ≤ 1;
    over ≤ ℓ slots the squared L2 norm is ≤ ℓ. Summing rows within clusters
    keeps the per-slot L1 ≤ 1, so the bound holds for the cluster series.
    """
    return math.sqrt(check_ell(ell))


def cluster_l2_sum_bound(ell: int, n_clusters: int) -> float:
    """Bound on Σ_E ‖d_E‖₂ over the m cluster series (d_E: one user's change).

    Per-cluster mechanisms (the exponential choice of k, Laplace on each
    cluster's coefficients) compose over clusters, since one user may visit
    several of them; the paper's §5.3 treats Δ₂ = √ℓ as if they were
    disjoint. Their joint privacy loss is ε·Σ_E ‖d_E‖₂ / Δ, so Δ must bound
    that sum: Σ_E ‖d_E‖₂ ≤ √m·√(Σ_E ‖d_E‖₂²) ≤ √(mℓ) (Cauchy–Schwarz and
    the L2 bound above) and Σ_E ‖d_E‖₂ ≤ Σ_E ‖d_E‖₁ ≤ ℓ. With m = 1 this is
    the paper's √ℓ.
    """
    ell = check_ell(ell)
    if int(n_clusters) < 1:
        raise ValueError("at least one cluster is needed")
    return min(float(ell), math.sqrt(ell * int(n_clusters)))
