"""Reconstruction of the synthetic-trips model from its noisy parts (post-processing).

Reads only noisy values and public facts (zones, noise laws), so it costs nothing:
empirical-Bayes shrinkage of sparse counts within public groups
(:func:`dpcore.od.shrink.posterior_mean`), unimodal (isotonic) fits of distance-like
histograms, and raking (iterative proportional fitting) of the home–main pairs to
released margins and distance bands (all of them, or only the pooled gaps beyond the noise).
"""
from __future__ import annotations

import numpy as np
from scipy import sparse

from ..noise import DISCRETE_LAPLACE, margin_of_error
from ..shrink import posterior_mean
from . import parts as P

GROUP_EDGES_M = np.array([0.0, 1000.0, 2000.0, 4000.0, 8000.0, 16000.0])
MIN_GROUP = 2000
FLOOR = 0.05
RAKE_ROUNDS = 20
POOL_EDGES_M = np.array([0.0, 500.0, 1000.0, 2000.0, 4000.0, 8000.0, 16000.0])


def shrink_by_group(noisy, alpha: float, groups=None) -> np.ndarray:
    """Empirical-Bayes posterior means of noisy counts, the prior fitted separately within
    each public group of cells (e.g. the distance band of an OD pair: pairs far apart are
    rarely used, so their noise is shrunk harder)."""
    noisy = np.asarray(noisy, dtype=float)
    if groups is None:
        return posterior_mean(noisy, alpha)
    groups = np.asarray(groups).ravel()
    out = np.empty(noisy.size)
    for g in np.unique(groups):
        sel = groups == g
        out[sel] = posterior_mean(noisy.ravel()[sel], alpha)
    return out.reshape(noisy.shape)


def distance_groups(zone_distance, edges=GROUP_EDGES_M, min_cells: int = MIN_GROUP):
    """Public groups of OD cells by distance (doubling bands), each of ≥ ``min_cells``
    cells (small groups merged into the next shorter one): the empirical-Bayes prior is
    fitted within each (a prior fitted on a few hundred noise-only cells overfits)."""
    g = P.band(np.asarray(zone_distance).ravel(), np.append(edges, np.inf))
    for k in range(len(edges) - 1, 0, -1):
        if np.count_nonzero(g == k) < min_cells:
            g[g == k] = k - 1
    return g


def decreasing(values) -> np.ndarray:
    """Least-squares non-increasing fit (pool-adjacent-violators; Barlow et al. 1972)."""
    blocks = []   # [mean, size]
    for v in np.asarray(values, dtype=float):
        blocks.append([v, 1])
        while len(blocks) > 1 and blocks[-2][0] < blocks[-1][0]:
            (m2, n2), (m1, n1) = blocks.pop(), blocks.pop()
            blocks.append([(m1 * n1 + m2 * n2) / (n1 + n2), n1 + n2])
    return np.concatenate([np.full(n, m) for m, n in blocks])


def unimodal(values, tail_margin=None) -> np.ndarray:
    """A distance-like histogram fitted as unimodal (rising to its largest value, then
    non-increasing; isotonic on each side) and clipped at 0: the noise of its long tail is
    averaged out rather than left as spikes of far trips (post-processing). With
    ``tail_margin`` (the simultaneous margin of the noise), the bands beyond the last noisy
    value above it are 0: a tail that the noise alone could make is not kept."""
    v = np.asarray(values, dtype=float)
    if tail_margin is not None:
        above = np.flatnonzero(v > tail_margin)
        v = np.where(np.arange(v.size) <= (above[-1] if above.size else -1), v, 0.0)
    top = int(np.argmax(v))
    left = decreasing(v[:top + 1][::-1])[::-1]
    return np.clip(np.concatenate([left, decreasing(v[top + 1:]) if top + 1 < v.size else
                                   np.zeros(0)]), 0.0, None)


def toward(current, released, margin, hard: bool = False) -> np.ndarray:
    """A histogram's target: its ``current`` counts (scaled to the released total) moved
    towards the ``released`` ones only by the part of each band's gap beyond ``margin`` (the
    noise margin of a band; soft thresholding, Donoho & Johnstone 1994): noise alone moves
    nothing."""
    current, released = np.asarray(current, dtype=float), np.asarray(released, dtype=float)
    expected = current / max(current.sum(), 1e-300) * released.sum()
    gap = released - expected
    if hard:
        return np.clip(np.where(np.abs(gap) > margin, released, expected), 0.0, None)
    return np.clip(expected + np.sign(gap) * np.clip(np.abs(gap) - margin, 0.0, None), 0.0, None)


def band_shares(bands, n_bands: int):
    """The sparse (pairs × bands) matrix of each zone pair's shares of the distance bands of
    its K sampled point pairs (``bands``: (K, n, n), :meth:`.place.Zones.pair_bands`)."""
    k, pairs_n = len(bands), bands[0].size
    return sparse.csr_matrix((np.full(k * pairs_n, 1.0 / k),
                              np.asarray(bands).reshape(k, -1).T.ravel(),
                              np.arange(0, k * pairs_n + 1, k)), shape=(pairs_n, n_bands))


def pooled_bands(n_bands: int, sensitivity: float, epsilon: float, edges=POOL_EDGES_M):
    """The pooled group of each 500 m distance band (doubling groups from 500 m: a gap
    spread over w bands grows like w, their summed noise like √w) and each group's
    simultaneous 95 % noise margin (Bonferroni over the groups) for bands counted with
    discrete Laplace noise at ``sensitivity`` and ``epsilon``."""
    group = P.band(P.DISTANCE_EDGES_M[:n_bands], np.append(edges, np.inf))
    width = np.bincount(group)
    return group, np.array([margin_of_error(DISCRETE_LAPLACE, sensitivity=sensitivity,
                                            epsilon=epsilon, n_summed=int(w),
                                            level=1.0 - 0.05 / width.size) for w in width])


def rake_toward(pairs, rows, cols, bands, released, margin) -> tuple:
    """Pairs already raked to their margins, raked again to released distance counts where
    these differ from the pairs' own by more than their noise (:func:`toward`; ``bands``:
    (K, n, n) the groups of K sampled point pairs per zone pair, ``released``: the noisy
    counts per group, unbiased sums of the noisy bands, ``margin``: their noise margins).
    The fit is log-linear in (home, main end, group): weight(pair) × share of its sampled
    point pairs in the group × row × column × tilt(group) (iterative proportional fitting of
    three margins, Deming & Stephan 1940), so the points inside a zone pair follow the tilt
    (:func:`.place.place_pairs`) and same-zone pairs need not be over-drawn to reach a short
    group. Returns (pair weights, tilt per group, how many groups moved); a gap within the
    noise moves nothing."""
    share = band_shares(bands, np.size(released))
    share_t = share.T.tocsr()
    p = np.clip(pairs, 0.0, None).ravel() / max(float(np.clip(pairs, 0.0, None).sum()), 1e-300)
    own = share_t @ p
    target = toward(own, released, margin, hard=True)
    moved = int(np.count_nonzero(np.abs(np.sum(released) * own - released) > margin))
    tilt = np.ones(np.size(released))
    if target.sum() <= 0 or moved == 0:
        return pairs, tilt, moved
    target, shape = target / target.sum(), np.shape(pairs)
    rows, cols = rows / rows.sum(), cols / cols.sum()
    for _ in range(RAKE_ROUNDS):
        got = tilt * (share_t @ p)
        tilt *= np.where(got > 0, target / np.maximum(got, 1e-300), 1.0)
        m = (p * (share @ tilt)).reshape(shape)
        p = (p.reshape(shape) * (rows / np.maximum(m.sum(axis=1), 1e-300))[:, None]).ravel()
        m = (p * (share @ tilt)).reshape(shape)
        p = (p.reshape(shape) * (cols / np.maximum(m.sum(axis=0), 1e-300))[None, :]).ravel()
    return (p * (share @ tilt)).reshape(shape), tilt, moved


def rake_pooled(pairs, rows, cols, pair_bands, raw, sensitivity: float, epsilon: float) -> tuple:
    """:func:`rake_toward` on the noisy 500 m bands ``raw`` (discrete Laplace at
    ``sensitivity``, ``epsilon``) pooled by :func:`pooled_bands` (sums of the raw noisy
    counts: unbiased, unlike their clipped unimodal fit); ``pair_bands``: (K, n, n) the bands
    of K sampled point pairs per zone pair. Returns (pair weights, tilt per 500 m band, how
    many of the pooled groups moved)."""
    group, margin = pooled_bands(np.size(raw), sensitivity, epsilon)
    got, tilt, moved = rake_toward(pairs, rows, cols, group[pair_bands],
                                   np.bincount(group, raw), margin)
    return got, tilt[group], moved


def rake(pairs: np.ndarray, rows: np.ndarray, cols: np.ndarray, bands=None,
         band_totals=None, floor: float = FLOOR, rounds: int = RAKE_ROUNDS) -> np.ndarray:
    """The pair weights raked (iterative proportional fitting, Deming & Stephan 1940) to
    released row and column margins and, with ``bands`` ((K, n, n): the distance bands of K
    point pairs sampled in every pair of zones), to released totals per distance band, each
    pair spread over its bands (generalised iterative scaling; Darroch & Ratcliff 1972); a
    share ``floor`` of the independence model rows ⊗ cols is
    mixed in first so that every zone with a margin can be reached."""
    rows, cols = rows / rows.sum(), cols / cols.sum()
    if bands is not None:   # bands: (K, n, n), K sampled distances per pair → pair × band
        share = band_shares(bands, band_totals.size)
        share_t = share.T.tocsr()   # one conversion, then fast row-wise products
        target = band_totals / band_totals.sum()
    p = np.clip(pairs, 0.0, None)
    p = (1.0 - floor) * p / max(p.sum(), 1e-300) + floor * np.outer(rows, cols)
    for _ in range(rounds):
        if bands is not None:   # a generalised iterative scaling step on the bands
            got = share_t @ p.ravel()
            ratio = np.where(got > 0, target / np.maximum(got, 1e-300), 0.0)
            p *= (share @ ratio).reshape(p.shape)
        p *= (rows / np.maximum(p.sum(axis=1), 1e-300))[:, None]
        p *= (cols / np.maximum(p.sum(axis=0), 1e-300))[None, :]
    return p
