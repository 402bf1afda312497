"""Reconstruction of the ``visits`` density release: post-processing of its noisy values.

It reads only the noisy values of :mod:`.visit_release` and public parameters (no privacy
cost): optimal singular-value shrinkage of the towers × columns matrix (:mod:`.lowrank`,
Gavish & Donoho, with σ = the Laplace noise's standard deviation, rounding to the snapping
grid included), keeping only singular values above both the Tracy–Widom edge and
:func:`laplace_edge` (the largest of 1000 noise-only matrices simulated from the public noise
law, plus a margin): noise alone gives rank 0, an all-zero output (measured: none of 6000
noise-only draws per shape exceeded it); clipping at 0; each column is spread over its slots
by :func:`spread` (the noisy profile times the tower's level relative to the city,
interpolated between neighbouring blocks); the whole is multiplied by ρ = K̂ / Σ shares
(:func:`cap_ratio`), the noisy number of visits per person (Σ shares ≈ the number of people),
clipped to [1, B]. Formula 1 (Acs & Castelluccia, KDD 2014, §4.2) then maps towers to census
cells.
"""
from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

from ..mechanisms.snapping import snap, snapping_parameters
from .lowrank import denoise, simulated_edge
from .visit_pooling import Pooling
from .visits import SHARE_SENSITIVITY


def reconstruct(noisy_columns, scale: float, granularity: float, epsilon: float, pool: Pooling,
                profile, noisy_total: float, most: float) -> tuple:
    """(towers × slots estimate, σ of the noise, rank kept, ρ) from the noisy columns (snapping
    Laplace of ``scale`` on a grid of ``granularity`` at ``epsilon``), the noisy profile and the
    noisy capped total Σ min(n_u, B) (``most`` = B)."""
    noisy = np.asarray(noisy_columns, dtype=float)
    sigma = math.sqrt(2.0 * scale ** 2 + granularity ** 2 / 12.0)
    estimate, rank = denoise(noisy, sigma, laplace_edge(*noisy.shape, epsilon))
    estimate = np.clip(estimate, 0.0, None)
    ratio = cap_ratio(noisy_total, float(noisy.sum()), most)
    return spread(estimate, pool, profile) * ratio, sigma, rank, ratio


@lru_cache(maxsize=32)
def laplace_edge(m: int, n: int, epsilon: float) -> float:
    """Noise-only edge of the matrix's noise law (snapping Laplace, Δ₁ = 1), public.

    The largest top singular value of 1000 simulated noise-only matrices
    (:func:`.lowrank.simulated_edge`), plus ln 10 noise scales: the tail of
    the top singular value of a skinny Laplace matrix is that of its largest
    entry, exponential, so each ln 10 scales divides the chance to exceed by
    about 10 (measured: 1–3 × 10⁻³ of noise-only draws exceed the bare
    maximum of 1000; none of 6000 exceeded it with the margin, in each of
    120 or 565 × 6 or 12 at ε = 0.085 and 0.255).
    """
    params = snapping_parameters(SHARE_SENSITIVITY, epsilon)
    return (simulated_edge(m, n, lambda rng, shape: snap(np.zeros(shape), params, rng))
            + math.log(10.0) * params["scale"])


def spread(estimate, pool: Pooling, profile) -> np.ndarray:
    """Towers × slots: each column's estimate spread over its slots (post-processing).

    Slot t of a tower gets the profile p_t times the tower's level relative
    to the city, r = estimate / Σ p over the column, interpolated linearly
    between the two columns whose centres bracket t (so a tower busier in
    the next block than the city rises towards it); then every column is
    rescaled to its own estimate. Without a profile (no pooling within a
    day) each column's value is shared equally by its slots.
    """
    estimate = np.asarray(estimate, dtype=float)
    base = estimate[:, pool.column] * _within(pool, profile)[None, :]
    if not pool.profiled or pool.neighbours is None:
        return base
    per_slot = np.clip(np.asarray(profile, dtype=float), 0.0, None)[pool.fine]
    totals = np.bincount(pool.column, weights=per_slot, minlength=pool.n_columns)
    level = estimate / np.where(totals > 0, totals, 1.0)[None, :]
    w = pool.weight[None, :]
    fine = (((1.0 - w) * level[:, pool.neighbours[:, 0]] + w * level[:, pool.neighbours[:, 1]])
        * per_slot[None, :])
    sums = np.zeros_like(estimate)
    np.add.at(sums.T, pool.column, fine.T)
    ok = sums[:, pool.column] > 0
    factor = estimate / np.where(sums > 0, sums, 1.0)
    return np.where(ok, fine * factor[:, pool.column], base)


def _within(pool: Pooling, profile) -> np.ndarray:
    """Each slot's share of its column: its profile value over the column's sum of them."""
    if not pool.profiled:
        size = np.bincount(pool.column).astype(float)
        return 1.0 / size[pool.column]
    per_slot = np.clip(np.asarray(profile, dtype=float), 0.0, None)[pool.fine]
    total = np.bincount(pool.column, weights=per_slot, minlength=pool.n_columns)
    size = np.bincount(pool.column, minlength=pool.n_columns).astype(float)
    return np.where(total[pool.column] > 0, per_slot / np.where(total > 0, total, 1.0)[
        pool.column], 1.0 / size[pool.column])


def cap_ratio(noisy_total_b: float, noisy_total_k: float, most: float) -> float:
    """ρ = Σ min(n_u, B) / Σ shares (or Σ min(n_u, k)) from noisy totals, clipped to [1, most]."""
    if not noisy_total_k > 0:
        return 1.0
    return float(np.clip(noisy_total_b / noisy_total_k, 1.0, most))
