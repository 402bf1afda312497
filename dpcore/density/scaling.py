"""Noisy cell totals and scaling back (Acs & Castelluccia Alg. 2 lines 1 and 7, §5.4.1).

Two ways to get the noisy total Ŝ_i of every cover cell, each spending the
ε given to it (half of the release's budget, Alg. 1):

* :func:`sampled_totals` (Alg. 2 line 1): Laplace on the row totals of the
  pre-sampled cover counts, whose L1 sensitivity is ℓ. They estimate the
  totals of the pre-sampled data, which are smaller than the true ones.
* :func:`improved_tower_totals` (§5.4.1): estimate each tower's share of
  all visits from a histogram of one visit per user (a user adds 1 to one
  bin: L1 sensitivity 1) and multiply by a noisy total K̂ of all visits.
  The paper's K counts distinct (user, tower, hour) visits and is noised
  with Δ₁ = 732, the largest number of visits of a user *in its data*: a
  data-dependent bound, not DP. A universal bound for that K would be
  towers × slots. We use instead K = the number of visits after the
  one-visit-per-slot truncation of §5.1 (``BoundedCounts.slot_visits``),
  which one user changes by at most the number of slots (168 for a week of
  hours). It undercounts the paper's K by the visits of users seen at
  several towers within one slot. ε/2 goes to each of the two draws;
  integer counts get discrete Laplace noise by default. The tower totals
  then go through the cover map like any counts.

:func:`profiles` and :func:`scale_back` are Alg. 2 line 7: every cell's
series is the normalised noisy series of its cluster times the cell's noisy
total.
"""
from __future__ import annotations

import numpy as np

from ..accounting.checks import check_epsilon
from ..accounting.contract import Release
from ..mechanisms.geometric import discrete_laplace
from ..mechanisms.snapping import laplace
from .sensitivity import l1_sensitivity

PROTECTS = "all visits of one user"


def sampled_totals(cover_counts, *, ell: int, epsilon: float,
                   rng: np.random.Generator) -> Release:
    """Ŝ_i = Σ_t X^C_{i,t} + Lap(ℓ/ε) for every cover cell (L1 sensitivity ℓ, §5.3)."""
    totals = np.asarray(cover_counts, dtype=float).sum(axis=1)
    return laplace(totals, sensitivity=l1_sensitivity(ell), epsilon=epsilon, rng=rng,
                   protects=PROTECTS)


def improved_tower_totals(one_visit_hist, slot_visits: int, *, n_slots: int, epsilon: float,
                          rng: np.random.Generator, discrete: bool = True) -> Release:
    """Noisy total visits of every tower, (H̃_j + noise)/Σ(H̃ + noise) · K̂ (§5.4.1).

    ``one_visit_hist`` counts, per tower, the users whose one sampled visit
    fell there; ``slot_visits`` is K, the number of visits after the
    one-visit-per-slot truncation. ε/2 for the histogram (sensitivity 1),
    ε/2 for K (sensitivity ``n_slots``). Noisy bins are clipped at 0 before
    normalising (post-processing); an all-zero histogram gives equal shares.
    """
    hist = np.asarray(one_visit_hist)
    if hist.ndim != 1 or hist.size == 0:
        raise ValueError("the one-visit histogram must be a non-empty 1-D array")
    if np.any(hist < 0) or np.any(hist != np.round(hist)):
        raise ValueError("the one-visit histogram must hold non-negative integers")
    if int(slot_visits) != slot_visits or slot_visits < 0:
        raise ValueError(f"the total number of visits K must be a non-negative integer, "
                         f"got {slot_visits!r}")
    half = check_epsilon(epsilon) / 2.0
    if discrete:
        h = discrete_laplace(hist.astype(np.int64), sensitivity=1, epsilon=half, rng=rng,
                             protects=PROTECTS)
        k = discrete_laplace(np.array([int(slot_visits)]), sensitivity=int(n_slots),
                             epsilon=half, rng=rng, protects=PROTECTS)
    else:
        h = laplace(hist, sensitivity=1.0, epsilon=half, rng=rng, protects=PROTECTS)
        k = laplace(np.array([float(slot_visits)]), sensitivity=float(n_slots), epsilon=half,
                    rng=rng, protects=PROTECTS)
    share = np.clip(np.asarray(h.values, dtype=float), 0.0, None)
    share = share / share.sum() if share.sum() > 0 else np.full(hist.size, 1.0 / hist.size)
    k_hat = max(float(k.values[0]), 0.0)
    return Release(share * k_hat, h.cost + k.cost, public={"k_hat": k_hat})


def profiles(cluster_series) -> np.ndarray:
    """X̂^E / ‖X̂^E‖₁ per cluster row, after clipping negative noisy values at 0.

    Counts cannot be negative (post-processing). A series that is zero
    everywhere gives the flat profile 1/n.
    """
    series = np.clip(np.asarray(cluster_series, dtype=float), 0.0, None)
    sums = series.sum(axis=1, keepdims=True)
    return np.divide(series, sums, out=np.full_like(series, 1.0 / series.shape[1]),
                     where=sums > 0)


def scale_back(cluster_profiles, labels, totals) -> np.ndarray:
    """X̂_i = Ŝ_i · profile of i's cluster (Alg. 2 line 7); negative totals count as 0."""
    return (np.clip(np.asarray(totals, dtype=float), 0.0, None)[:, None]
            * np.asarray(cluster_profiles, dtype=float)[np.asarray(labels)])
