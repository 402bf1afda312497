"""Alg. 1 of Acs & Castelluccia (KDD 2014) with EFPA_G or EFPA: the density of a user's visits.

Unit of privacy: one user, i.e. all of a user's visits in the period
(add/remove neighbours); the counts come from the §5.1 pre-sampling (at most
one visit per user and slot, at most ℓ per user). Each step is one call:

1. noisy cell totals of the §5.2 cover counts (ε/2: §5.4.1 improved scaling,
   or Alg. 2 line 1 without improvements);
2. clustering (Alg. 3, τ by the §6 rule for the noise actually added);
3. EFPA_G / EFPA (Alg. 4) on each cluster's sum (ε/2: half for the exponential
   choice of k, half for Gaussian / Laplace noise);
4. post-processing: normalise, smooth the night (§5.4.2, with improvements),
   scale back by the cell totals, Formula 1 back to every census cell.

EFPA is ε-DP (its cost has δ = 0 whatever δ is allowed); EFPA_G is (ε, δ)-DP.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Optional

import numpy as np
import scipy.sparse as sp

from ..accounting.checks import check_delta, check_epsilon
from ..accounting.contract import Release
from ..reporting.progress import report_progress
from .clustering import cluster_cells, consistent_tau, tau_from_noise
from .efpa import coefficient_noise_std, efpa
from .inputs import DensityInputs, internal_warnings
from .scaling import PROTECTS, improved_tower_totals, profiles, sampled_totals, scale_back
from .sensitivity import cluster_l2_sum_bound, l2_sensitivity
from .smoothing import NIGHT_WINDOWS, smooth_night


def _release_fourier(data: DensityInputs, *, noise: str, epsilon: float, delta: float,
                     rng: np.random.Generator, progress, improvements: bool,
                     calibration: str, discrete: bool, tau: Optional[float],
                     rsse_fraction: float, windows) -> Release:
    epsilon, delta = check_epsilon(epsilon), check_delta(delta)
    if noise == "gaussian" and delta <= 0:
        raise ValueError("efpa_g adds Gaussian noise and needs δ > 0")
    half = epsilon / 2.0
    mapping = data.mapping
    cover = mapping.to_cover(data.counts)
    report_progress(progress, 0.05)
    totals, totals_cost, k_hat = _noisy_totals(data, cover, half, improvements, discrete, rng)
    report_progress(progress, 0.2)
    noise_std = _cluster_noise(data.n_slots, data.ell, noise, half, delta, calibration)
    tau, labels = _clusters(data, totals, noise_std, tau, rsse_fraction)
    m = int(labels.max()) + 1
    report_progress(progress, 0.4)
    fourier = _cluster_efpa(cover, labels, data.ell, noise, half, delta, calibration, rng)
    report_progress(progress, 0.7)
    prof = profiles(fourier.values)
    if improvements:
        prof = smooth_night(prof, data.slot_hours, windows)
    census = mapping.to_census(scale_back(prof, labels, totals))
    report_progress(progress, 1.0)
    info = {"method": "efpa_g" if noise == "gaussian" else "efpa", "ell": data.ell,
            "improvements": improvements, "tau": tau, "tau_noise_std": noise_std(m),
            "n_clusters": m, "cluster": labels, "k": fourier.public["k"],
            "cover_towers": mapping.cover_towers, "cover_cells": mapping.cover_cells,
            "cover_totals": totals, "k_hat": k_hat,
            "l2_sensitivity": l2_sensitivity(data.ell),
            "l2_sum_sensitivity": cluster_l2_sum_bound(data.ell, m)}
    info.update({key: fourier.public[key] for key in ("sigma", "laplace_scale")
                 if key in fourier.public})
    return Release(census, totals_cost + fourier.cost, public=info,
                   internal=internal_warnings(data, delta))


def _noisy_totals(data: DensityInputs, cover, epsilon: float, improvements: bool,
                  discrete: bool, rng) -> tuple:
    """(noisy cover-cell totals, their cost, K̂ or None) at ``epsilon``: the §5.4.1 improved
    scaling (one-visit histogram and number of visits), else Alg. 2 line 1."""
    if not improvements:
        sampled = sampled_totals(cover, ell=data.ell, epsilon=epsilon, rng=rng)
        return sampled.values, sampled.cost, None
    if data.one_visit_hist is None or data.slot_visits is None:
        raise ValueError("the improved scaling needs the one-visit-per-user histogram and "
                         "the number of visits")
    tower_totals = improved_tower_totals(data.one_visit_hist, data.slot_visits,
                                         n_slots=data.n_slots, epsilon=epsilon, rng=rng,
                                         discrete=discrete)
    return (data.mapping.to_cover(tower_totals.values), tower_totals.cost,
            tower_totals.public["k_hat"])


def _cluster_noise(n_slots: int, ell: int, noise: str, epsilon: float, delta: float,
                   calibration: str):
    """m ↦ the standard deviation of the noise EFPA(G) adds to a coefficient when the cover
    falls into m clusters (public: from the parameters and m only)."""
    @lru_cache(maxsize=None)
    def noise_std(m):
        sens = l2_sensitivity(ell) if noise == "gaussian" else cluster_l2_sum_bound(ell, m)
        return coefficient_noise_std(n_slots, noise, epsilon=epsilon, delta=delta,
                                     l2_sensitivity=sens, calibration=calibration, series=m)
    return noise_std


def _clusters(data: DensityInputs, totals, noise_std, tau: Optional[float],
              rsse_fraction: float) -> tuple:
    """(τ, cluster of every cover cell): Alg. 3 on the noisy totals, τ by the §6 rule for the
    noise of the clusters it gives (post-processing), or the τ given."""
    if tau is None:
        return consistent_tau(data.cover_xy, data.cover_area, totals,
                              lambda m: tau_from_noise(data.n_slots, noise_std(m), rsse_fraction))
    tau = float(tau)
    return tau, cluster_cells(data.cover_xy, data.cover_area, totals, tau)


def _cluster_efpa(cover, labels, ell: int, noise: str, epsilon: float, delta: float,
                  calibration: str, rng) -> Release:
    """Alg. 4 (EFPA_G / EFPA) on the time series of every cluster's summed counts."""
    m = int(labels.max()) + 1
    member = sp.csr_matrix((np.ones(labels.size), (labels, np.arange(labels.size))),
                           shape=(m, labels.size))
    return efpa(np.asarray(member @ cover), epsilon=epsilon, delta=delta, rng=rng, noise=noise,
                l2_sensitivity=l2_sensitivity(ell),
                l2_sum_sensitivity=cluster_l2_sum_bound(ell, m),
                calibration=calibration, protects=PROTECTS)


def release_efpa_g(data: DensityInputs, *, epsilon: float, delta: float,
                   rng: np.random.Generator, progress=None, improvements: bool = True,
                   calibration: str = "analytic", discrete: bool = True,
                   tau: Optional[float] = None, rsse_fraction: float = 0.01,
                   windows=NIGHT_WINDOWS) -> Release:
    """Alg. 1 with EFPA_G (Alg. 4): (ε, δ)-DP census density, n_cells × n_slots.

    ``calibration``: ``"analytic"`` (default: the smallest σ the discrete
    Gaussian's proven bound allows, see :func:`dpcore.mechanisms.gaussian_calibration.gaussian`)
    or ``"classic"`` (the paper's σ = √2·Δ₂·√ln(4/δ)/ε, valid for ε/4 < 1 here).
    ``improvements``: §5.4 improved scaling and smoothing. ``discrete``:
    discrete Laplace for the integer counts of the improved scaling.
    ``tau`` overrides the §6 rule (minimum cluster total).
    """
    return _release_fourier(data, noise="gaussian", epsilon=epsilon, delta=delta, rng=rng,
                            progress=progress, improvements=improvements,
                            calibration=calibration, discrete=discrete, tau=tau,
                            rsse_fraction=rsse_fraction, windows=windows)


def release_efpa(data: DensityInputs, *, epsilon: float, delta: float = 0.0,
                 rng: np.random.Generator, progress=None, improvements: bool = True,
                 discrete: bool = True, tau: Optional[float] = None,
                 rsse_fraction: float = 0.01, windows=NIGHT_WINDOWS) -> Release:
    """Alg. 1 with EFPA (Laplace on the DCT coefficients): ε-DP; δ is not spent."""
    return _release_fourier(data, noise="laplace", epsilon=epsilon, delta=delta, rng=rng,
                            progress=progress, improvements=improvements,
                            calibration="analytic", discrete=discrete, tau=tau,
                            rsse_fraction=rsse_fraction, windows=windows)
