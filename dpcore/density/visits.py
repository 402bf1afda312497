"""Distinct visits per tower and slot, bounded per user: what the density counts.

Acs & Castelluccia (KDD 2014) §4.1 define the density as X^T_t, the number
of distinct people seen at tower T in slot t (a person seen at two towers in
one hour counts at both), mapped to census cells by Formula 1 (§4.2). A
*visit* is a distinct (user, tower, slot) triple, so Σ X = K, the paper's
total number of visits. The paper's pre-sampling (§5.1) keeps one visit per
user and slot; its improved scaling (§5.4.1) then rescales by a total of
those one-per-slot visits. That undercounts K by the visits of people seen
at several towers in one slot. This module counts what the density counts,
bounded per user in two ways:

* *Shares* (what the ``visits`` release measures, :mod:`.visit_release`):
  every user spreads a weight of 1 evenly over all its n_u distinct visits,
  ⌊2^30/n_u⌋·2^−30 each (:func:`visit_shares`). One user changes the
  tower × slot matrix of shares — and any sum of its entries over slots —
  by at most 1 in L1, with no visit dropped at random (a one-visit sample
  per user, as the §5.1 pre-sampling draws, is this matrix plus sampling
  noise). The weights are integers in units of 2^−30, so every sum is exact:
  no floating-point rounding can move a neighbour's output by more than
  the sensitivity.
* *Kept visits* (``VisitCounts.counts``): every user keeps min(n_u, k) of its
  n_u distinct visits, chosen uniformly (the §5.1 selection sampling, run
  on (tower, slot) pairs instead of slots: :func:`dpcore.ingest.bound_contributions`
  on the flattened index ``tower · n_slots + slot``, so the code and its
  tests are the ingest's); k is the ``ell`` argument of :mod:`dpcore.ingest.visits`. A user's kept
  visits are ≤ k *distinct* cells, each raised by exactly 1: ≤ k in L1 and
  ≤ √k in L2 (:func:`visit_l2_sensitivity`) — on towers, not on the §5.2
  cover, where two towers of one slot may share a census cell. (The
  first ``visits`` release noised these; the shares replaced them, see
  :mod:`.visit_release`.)

Visits per person: the release rescales by Σ_u min(n_u, B) for a public
bound B ≥ ℓ (default: the number of slots, the most visits a person has at
one tower per slot): one user changes it by at most B (:func:`capped_total`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import numpy as np

from .sensitivity import check_ell


@dataclass
class VisitCounts:
    """Distinct visits of a period, bounded per user.

    Released (after noise): ``counts`` ``(n_towers, n_slots)`` int64, the
    visits each user kept (≤ ℓ, distinct cells); ``per_user`` gives every
    user's number n_u of distinct visits before the cap, from which
    :func:`capped_total` computes Σ_u min(n_u, B).

    ``shares`` (int64, same shape, units of 2^−:data:`SHARE_BITS`): every user's
    weight 1 spread evenly over its distinct visits (:func:`visit_shares`);
    ``None`` when not computed.

    Data owner only, NEVER released: ``true_counts`` (distinct people per
    tower and slot, no cap: the density's truth), ``per_user`` itself.
    Facts: ``n_users``, ``n_events``, ``dropped`` (by reason), ``ell``.
    """

    counts: np.ndarray
    true_counts: np.ndarray
    per_user: np.ndarray
    n_users: int
    n_events: int
    dropped: dict
    ell: int
    shares: Optional[np.ndarray] = None

    @property
    def n_towers(self) -> int:
        return self.counts.shape[0]

    @property
    def n_slots(self) -> int:
        return self.counts.shape[1]

    @property
    def kept_visits(self) -> int:
        return int(self.counts.sum())

    @property
    def total_visits(self) -> int:
        """K: distinct (user, tower, slot) visits, Σ of the truth."""
        return int(self.true_counts.sum())


#: Weights of :func:`visit_shares` are integers in units of 2^−SHARE_BITS.
SHARE_BITS = 30
#: L1 sensitivity of the shares: one user's weights sum to ≤ 1 (exact integers).
SHARE_SENSITIVITY = 1.0


def visit_shares(user, cells, n_cells: int) -> np.ndarray:
    """Σ over users of ⌊2^30/n_u⌋ at each of their distinct cells (int64, units of 2^−30).

    ``cells`` in ``[0, n_cells)`` (one per event; duplicates of a (user,
    cell) pair count once); n_u is the user's number of distinct cells. A
    user's entries sum to n_u·⌊2^30/n_u⌋ ≤ 2^30, i.e. ≤ 1 in units of 2^−30:
    the L1 sensitivity of the matrix (and of any sum of its entries) is 1.
    Integer sums are exact for fewer than 2^33 users.
    """
    user, cells = np.asarray(user), np.asarray(cells, dtype=np.int64)
    n_cells = int(n_cells)
    if user.size == 0:
        return np.zeros(n_cells, dtype=np.int64)
    _, uid = np.unique(user, return_inverse=True)
    keys = np.unique(uid.astype(np.int64).ravel() * n_cells + cells)
    owner, cell = keys // n_cells, keys % n_cells
    n_u = np.bincount(owner)
    weight = (np.int64(1) << SHARE_BITS) // n_u[owner]
    if n_u.size < 2 ** (52 - SHARE_BITS):   # every float partial sum < 2^52: exact
        return np.rint(np.bincount(cell, weights=weight.astype(float),
                                   minlength=n_cells)).astype(np.int64)
    out = np.zeros(n_cells, dtype=np.int64)
    np.add.at(out, cell, weight)
    return out


def _from_flat(bounded, n_towers: int, n_slots: int, shares=None) -> VisitCounts:
    shape = (n_towers, n_slots)
    return VisitCounts(shares=None if shares is None else shares.reshape(shape),counts=bounded.counts.reshape(shape),
                       true_counts=bounded.true_counts.reshape(shape),
                       per_user=np.asarray(bounded.visits_per_user, dtype=np.int64),
                       n_users=int(bounded.n_users), n_events=int(bounded.n_events),
                       dropped=dict(bounded.dropped), ell=int(bounded.ell))


def capped_total(per_user, bound: int) -> int:
    """Σ_u min(n_u, B): one user changes it by at most B (its L1 sensitivity)."""
    if int(bound) != bound or bound < 1:
        raise ValueError(f"the visit bound B must be a positive integer, got {bound!r}")
    return int(np.minimum(np.asarray(per_user, dtype=np.int64), int(bound)).sum())


def default_total_bound(n_slots: int, ell: int, total_bound: Optional[int] = None) -> int:
    """B (public): ``total_bound``, by default the number of slots (at least ℓ); B ≥ ℓ."""
    ell = check_ell(ell)
    b = max(int(n_slots), ell) if total_bound is None else total_bound
    if isinstance(b, bool) or int(b) != b or b < ell:
        raise ValueError(f"the visit bound B must be an integer ≥ ℓ = {ell}, got {b!r}")
    return int(b)
