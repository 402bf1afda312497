"""Clustering of cover cells (Acs & Castelluccia Alg. 3, §5.3.1) and the §6 rule for τ.

Alg. 3 starts from singletons and, while some cluster has a noisy total
below τ, merges the cluster with the smallest noisy total into the cluster
whose centre is geographically closest. The centre of a cluster is the
centroid of its cells' polygons, i.e. the area-weighted mean of their
centroids (footnote 5). It only reads noisy totals and public geometry, so
it is post-processing.

τ (§6): "the expected RSSE is less than 1 % of the total count when all
coefficients are retained". With all n orthonormal DCT coefficients kept,
each with noise of variance σ², the time-domain error has expected squared
norm n·σ² (the DCT is orthonormal), so the RSSE is about √n·σ; asking
√n·σ ≤ 0.01·S for the cluster total S gives τ = √n·σ/0.01 (the paper's
τ = √168·σ/0.01).

When σ itself depends on the number m of clusters (EFPA's Laplace noise is
calibrated to a sensitivity that grows with m, see
:func:`dpcore.density.sensitivity.cluster_l2_sum_bound`), the rule must hold
for the noise actually added: :func:`consistent_tau` finds the smallest
τ = τ(m) whose clustering has m(τ) clusters with τ(m(τ)) ≤ τ.
"""
from __future__ import annotations

import math

import numpy as np


def tau_from_noise(n_slots: int, coefficient_std: float, fraction: float = 0.01) -> float:
    """τ = √n·σ / fraction: a cluster total above τ has expected RSSE below ``fraction`` of it."""
    if not 0 < fraction <= 1:
        raise ValueError(f"the RSSE fraction must be in (0, 1], got {fraction}")
    return math.sqrt(int(n_slots)) * float(coefficient_std) / fraction


def consistent_tau(centroids, areas, totals, tau_of) -> tuple:
    """Smallest τ = ``tau_of(m)`` such that Alg. 3 with it obeys the τ rule for its own m.

    ``tau_of(m)`` is the τ of the §6 rule when there are m clusters, non-
    decreasing in m. m(τ) is non-increasing in τ, so the predicate
    ``tau_of(m(tau_of(m))) <= tau_of(m)`` is monotone in m and a bisection
    over m = 1..n finds the smallest τ that holds (m = n always does).
    Returns ``(tau, labels)``. A constant ``tau_of`` costs one clustering.
    """
    n = len(np.asarray(totals))

    def attempt(m):
        tau = tau_of(m)
        labels = cluster_cells(centroids, areas, totals, tau)
        return tau_of(int(labels.max()) + 1) <= tau, tau, labels

    ok, tau, labels = attempt(1)
    if ok:
        return tau, labels
    lo, hi = 1, max(n, 1)                    # predicate false at lo, true at hi
    best = attempt(hi)[1:]
    while hi - lo > 1:
        mid = (lo + hi) // 2
        ok, tau, labels = attempt(mid)
        if ok:
            hi, best = mid, (tau, labels)
        else:
            lo = mid
    return best


def cluster_cells(centroids, areas, totals, tau: float) -> np.ndarray:
    """Alg. 3: cluster label (0..m−1) of each cell.

    ``centroids`` (n × 2, metres), ``areas`` (n, > 0) and the noisy
    ``totals`` (n) of the cells; ``tau`` the minimum cluster total. Ties
    go to the lowest index. Merging stops when every cluster reaches τ or
    a single cluster remains.
    """
    xy = np.asarray(centroids, dtype=float)
    area = np.array(areas, dtype=float)
    total = np.array(totals, dtype=float)
    n = total.size
    if xy.shape != (n, 2) or area.shape != (n,):
        raise ValueError(f"centroids must be ({n}, 2) and areas ({n},), got {xy.shape}, {area.shape}")
    if n == 0:
        raise ValueError("there are no cells to cluster")
    if not (np.all(np.isfinite(xy)) and np.all(np.isfinite(total)) and np.all(area > 0)):
        raise ValueError("cell centroids and totals must be finite and areas positive")
    label = np.arange(n)
    moment = xy * area[:, None]          # Σ area·centroid per cluster (rows of live clusters)
    alive = np.ones(n, dtype=bool)
    while True:
        live = np.flatnonzero(alive)
        if live.size < 2:
            break
        smallest = live[np.argmin(total[live])]
        if total[smallest] >= tau:
            break
        centres = moment[live] / area[live, None]
        dist = np.hypot(*(centres - moment[smallest] / area[smallest]).T)
        dist[live == smallest] = np.inf
        target = live[np.argmin(dist)]
        total[target] += total[smallest]
        area[target] += area[smallest]
        moment[target] += moment[smallest]
        alive[smallest] = False
        label[label == smallest] = target
    return np.unique(label, return_inverse=True)[1].reshape(n)
