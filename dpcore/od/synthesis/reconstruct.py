"""Reconstruction of the synthetic-trips model from its noisy parts (post-processing).

Reads only noisy values and public facts (zones, noise laws), so it costs nothing:
empirical-Bayes shrinkage of sparse counts within public groups
(:func:`dpcore.od.shrink.posterior_mean`), unimodal (isotonic) fits of distance-like
histograms, and raking (iterative proportional fitting) of the home–main pairs to
released margins and distance bands (a histogram, or a fit of it: :mod:`.gravity`).
"""
from __future__ import annotations

import numpy as np
from scipy import sparse

from ..shrink import posterior_mean
from . import parts as P

GROUP_EDGES_M = np.array([0.0, 1000.0, 2000.0, 4000.0, 8000.0, 16000.0])
MIN_GROUP = 2000
FLOOR = 0.05
RAKE_ROUNDS = 20


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


def decreasing(values, weights=None) -> np.ndarray:
    """Least-squares non-increasing fit, weighted by ``weights`` (default 1 each)
    (pool-adjacent-violators; Barlow et al. 1972)."""
    values = np.asarray(values, dtype=float)
    weights = np.ones(values.size) if weights is None else np.asarray(weights, dtype=float)
    blocks = []   # [mean, weight, size]
    for v, w in zip(values, weights):
        blocks.append([v, w, 1])
        while len(blocks) > 1 and blocks[-2][0] < blocks[-1][0]:
            (m2, w2, n2), (m1, w1, n1) = blocks.pop(), blocks.pop()
            blocks.append([(m1 * w1 + m2 * w2) / (w1 + w2), w1 + w2, n1 + n2])
    return np.concatenate([np.full(n, m) for m, _, n in blocks] or [np.zeros(0)])


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


def toward(current, released, margin) -> np.ndarray:
    """A histogram's target: its ``current`` counts (scaled to the released total) moved
    towards the ``released`` ones only by the part of each band's gap beyond ``margin`` (the
    noise margin of a band; soft thresholding, Donoho & Johnstone 1994): noise alone moves
    nothing."""
    current, released = np.asarray(current, dtype=float), np.asarray(released, dtype=float)
    expected = current / max(current.sum(), 1e-300) * released.sum()
    gap = released - expected
    return np.clip(expected + np.sign(gap) * np.clip(np.abs(gap) - margin, 0.0, None), 0.0, None)


def band_shares(bands, n_bands: int):
    """The sparse (pairs × bands) matrix of each zone pair's shares of the distance bands of
    its K sampled point pairs (``bands``: (K, n, n), :meth:`.place.Zones.pair_bands`)."""
    k, pairs_n = len(bands), bands[0].size
    return sparse.csr_matrix((np.full(k * pairs_n, 1.0 / k),
                              np.asarray(bands).reshape(k, -1).T.ravel(),
                              np.arange(0, k * pairs_n + 1, k)), shape=(pairs_n, n_bands))


def rake_to(pairs, rows, cols, bands, target) -> tuple:
    """Pairs already raked to their margins, raked again to a distance histogram ``target``
    (per 500 m band; ``bands``: (K, n, n) the bands of K sampled point pairs per zone pair).
    The fit is log-linear in (home, main end, band): weight(pair) × share of its sampled
    point pairs in the band × row × column × tilt(band) (iterative proportional fitting of
    three margins, Deming & Stephan 1940), so the points inside a zone pair follow the tilt
    (:func:`.place.place_pairs`) and same-zone pairs need not be over-drawn to reach a short
    band. Returns (pair weights, tilt per band)."""
    share = band_shares(bands, np.size(target))
    share_t = share.T.tocsr()
    p = np.clip(pairs, 0.0, None).ravel() / max(float(np.clip(pairs, 0.0, None).sum()), 1e-300)
    tilt = np.ones(np.size(target))
    target = np.clip(np.asarray(target, dtype=float), 0.0, None)
    if target.sum() <= 0:
        return pairs, tilt
    target, shape = target / target.sum(), np.shape(pairs)
    rows, cols = rows / rows.sum(), cols / cols.sum()
    for _ in range(RAKE_ROUNDS):
        got = tilt * (share_t @ p)
        tilt *= np.where(got > 0, target / np.maximum(got, 1e-300), 1.0)
        m = (p * (share @ tilt)).reshape(shape)
        p = (p.reshape(shape) * (rows / np.maximum(m.sum(axis=1), 1e-300))[:, None]).ravel()
        m = (p * (share @ tilt)).reshape(shape)
        p = (p.reshape(shape) * (cols / np.maximum(m.sum(axis=0), 1e-300))[None, :]).ravel()
    return (p * (share @ tilt)).reshape(shape), tilt


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
