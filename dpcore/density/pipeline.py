"""Release of spatio-temporal density: Acs & Castelluccia (KDD 2014) Alg. 1 and its baselines.

Unit of privacy: one user, i.e. all of a user's visits in the period
(add/remove neighbours). The input counts must come from the §5.1
pre-sampling (``dpcore.ingest``): at most one visit per user and slot, at
most ℓ per user. Every function spends exactly the ε (and δ) it is given:

* :func:`release_efpa_g` (default) and :func:`release_efpa`, Alg. 1: cover
  counts with the §5.2 fix → noisy cell totals (ε/2: §5.4.1 improved
  scaling, or Alg. 2 line 1 without improvements) → clustering (Alg. 3,
  τ by the §6 rule for the noise actually added) → EFPA_G / EFPA on each cluster's sum (ε/2: half for the
  exponential choice of k, half for Gaussian / Laplace noise) → normalise,
  smooth the night (§5.4.2, with improvements) and scale back by the cell
  totals → Formula 1 back to every census cell.
* :func:`release_lpa`: Laplace Lap(ℓ/ε) on every count of the cover (the
  paper's LPA baseline, §6), then Formula 1 back to the census cells.
* :func:`release_lpa_direct`: Lap(ℓ/ε) directly on the census counts of
  Formula 1 (the first naive approach of §5.2).

Released counts are clipped at 0 (post-processing). EFPA and both LPAs are
ε-DP (their cost has δ = 0 whatever δ is allowed); EFPA_G is (ε, δ)-DP.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Optional

import numpy as np
import scipy.sparse as sp

from ..accounting.checks import check_delta, check_epsilon
from ..accounting.contract import Release
from ..accounting.costs import PrivacyCost
from ..geometry.cover import minimum_vertex_cover, reallocate
from ..geometry.geography import zone_centroids
from ..geometry.shapes import areas
from ..mechanisms.snapping import laplace
from ..od.totals import total_warning
from ..reporting.messages import word
from ..reporting.progress import report_progress
from .clustering import cluster_cells, consistent_tau, tau_from_noise
from .efpa import coefficient_noise_std, efpa
from .scaling import PROTECTS, improved_tower_totals, profiles, sampled_totals, scale_back
from .sensitivity import check_ell, check_weights, cluster_l2_sum_bound, cover_mapping, l1_sensitivity, l2_sensitivity
from .smoothing import NIGHT_WINDOWS, smooth_night

METHODS = ("efpa_g", "efpa", "lpa", "lpa_direct")
#: The unit of privacy of every density release (ledger and reports).
UNIT_OF_PRIVACY = "user"


@dataclass
class DensityInputs:
    """Everything a density release reads, as arrays.

    ``counts``: pre-sampled tower × slot counts (≤ 1 visit per user and
    slot, ≤ ℓ per user). ``weights``: Formula 1 weights w[T, L] = |T ∩ L|/|T|
    (towers × census cells). ``cover_towers`` / ``cover_cells``: boolean
    masks of the minimum cover (computed from ``weights`` when omitted).
    Centroids (x, y in metres) and areas of tower and census cells are for
    clustering. ``one_visit_hist`` (one visit per user) and ``slot_visits``
    (the number of visits after the one-visit-per-slot truncation of §5.1,
    :attr:`dpcore.ingest.BoundedCounts.slot_visits`, which one user changes
    by at most the number of slots) feed the improved scaling. ``slot_hours``: start of every slot in hours since
    midnight of the first day (default 0, 1, 2, …). ``n_users`` is only
    used to warn when δ ≥ 1/N (kept internal).
    """

    counts: np.ndarray
    weights: sp.csr_matrix
    ell: int
    tower_xy: np.ndarray
    tower_area: np.ndarray
    cell_xy: np.ndarray
    cell_area: np.ndarray
    cover_towers: Optional[np.ndarray] = None
    cover_cells: Optional[np.ndarray] = None
    one_visit_hist: Optional[np.ndarray] = None
    slot_visits: Optional[int] = None
    slot_hours: Optional[np.ndarray] = None
    n_users: Optional[int] = None

    def __post_init__(self):
        self.ell = check_ell(self.ell)
        self.weights = check_weights(self.weights)
        n_t, n_l = self.weights.shape
        c = np.asarray(self.counts)
        if c.ndim != 2 or c.shape[0] != n_t or c.shape[1] < 1:
            raise ValueError(f"counts must be (towers={n_t}) × (slots ≥ 1), got shape {c.shape}")
        if not np.all(np.isfinite(c)) or np.any(c < 0):
            raise ValueError("counts must be finite and non-negative")
        self.counts = c.astype(float)
        for name, n in (("tower", n_t), ("cell", n_l)):
            xy = np.asarray(getattr(self, f"{name}_xy"), dtype=float)
            area = np.asarray(getattr(self, f"{name}_area"), dtype=float)
            if xy.shape != (n, 2) or area.shape != (n,):
                raise ValueError(f"{name} centroids must be ({n}, 2) and areas ({n},), "
                                 f"got {xy.shape} and {area.shape}")
            setattr(self, f"{name}_xy", xy)
            setattr(self, f"{name}_area", area)
        if self.one_visit_hist is not None and np.shape(self.one_visit_hist) != (n_t,):
            raise ValueError(f"the one-visit histogram must have one bin per tower ({n_t}), "
                             f"got shape {np.shape(self.one_visit_hist)}")
        if self.cover_towers is None or self.cover_cells is None:
            self.cover_towers, self.cover_cells = minimum_vertex_cover(self.weights)
        hours = (np.arange(self.n_slots, dtype=float) if self.slot_hours is None
                 else np.asarray(self.slot_hours, dtype=float))
        if hours.shape != (self.n_slots,) or not np.all(np.isfinite(hours)):
            raise ValueError(f"slot_hours must hold {self.n_slots} finite values")
        self.slot_hours = hours

    @property
    def n_slots(self) -> int:
        return self.counts.shape[1]

    @cached_property
    def mapping(self):
        return cover_mapping(self.weights, self.cover_towers, self.cover_cells)

    @property
    def cover_xy(self) -> np.ndarray:
        m = self.mapping
        return np.vstack([self.tower_xy[m.cover_towers], self.cell_xy[m.cover_cells]])

    @property
    def cover_area(self) -> np.ndarray:
        m = self.mapping
        return np.concatenate([self.tower_area[m.cover_towers], self.cell_area[m.cover_cells]])


def density_inputs(bounded, weights, tower_cells, census_cells, *,
                   cover=None) -> DensityInputs:
    """:class:`DensityInputs` from the ingest and cover stages.

    ``bounded``: :class:`dpcore.ingest.BoundedCounts` (its ``ell`` must be
    set: the sensitivities rest on it); ``weights``: Formula 1 weights
    (``OverlapGraph.weights``); ``tower_cells`` / ``census_cells``: the
    polygons (metres) giving centroids and areas; ``cover``: the
    ``(cover_towers, cover_cells)`` masks (computed when omitted). Slot
    start hours are wall-clock hours of ``bounded.start`` read as UTC, the
    convention of :mod:`dpcore.ingest` for naive times.
    """
    if bounded.ell is None:
        raise ValueError("the counts were not pre-sampled (ℓ = none): a DP release needs a "
                         "finite ℓ")
    start_hour = (float(bounded.start) % 86400.0) / 3600.0
    hours = start_hour + np.arange(bounded.n_slots) * float(bounded.slot_seconds) / 3600.0
    ct, cl = (None, None) if cover is None else cover
    return DensityInputs(bounded.counts, weights, bounded.ell,
                         zone_centroids(tower_cells), areas(tower_cells),
                         zone_centroids(census_cells), areas(census_cells),
                         cover_towers=ct, cover_cells=cl,
                         one_visit_hist=bounded.one_visit_hist,
                         slot_visits=bounded.slot_visits, slot_hours=hours,
                         n_users=bounded.n_users)


def _internal(data: DensityInputs, delta: float) -> dict:
    if data.n_users and delta >= 1.0 / data.n_users:
        return {"warnings": [f"δ = {delta:g} is not below 1/N = {1.0 / data.n_users:.3g} "
                             f"(N = {data.n_users} users): a δ that large may expose a user"]}
    return {"warnings": []}


def _release_fourier(data: DensityInputs, *, noise: str, epsilon: float, delta: float,
                     rng: np.random.Generator, progress, improvements: bool,
                     calibration: str, discrete: bool, tau: Optional[float],
                     rsse_fraction: float, windows) -> Release:
    epsilon, delta = check_epsilon(epsilon), check_delta(delta)
    if noise == "gaussian" and delta <= 0:
        raise ValueError("efpa_g adds Gaussian noise and needs δ > 0")
    half = epsilon / 2.0
    n, ell = data.n_slots, data.ell
    mapping = data.mapping
    cover = mapping.to_cover(data.counts)
    report_progress(progress, 0.05)

    # Alg. 2 line 1 / §5.4.1: noisy cell totals (ε/2).
    if improvements:
        if data.one_visit_hist is None or data.slot_visits is None:
            raise ValueError("the improved scaling needs the one-visit-per-user histogram and "
                             "the number of visits")
        tower_totals = improved_tower_totals(data.one_visit_hist, data.slot_visits,
                                             n_slots=n, epsilon=half, rng=rng,
                                             discrete=discrete)
        totals = mapping.to_cover(tower_totals.values)
        totals_cost, k_hat = tower_totals.cost, tower_totals.public["k_hat"]
    else:
        sampled = sampled_totals(cover, ell=ell, epsilon=half, rng=rng)
        totals, totals_cost, k_hat = sampled.values, sampled.cost, None
    report_progress(progress, 0.2)

    # Alg. 3 with the §6 τ, for the noise EFPA(G) will add with the clusters it gets.
    @lru_cache(maxsize=None)
    def noise_std(m):
        sens = l2_sensitivity(ell) if noise == "gaussian" else cluster_l2_sum_bound(ell, m)
        return coefficient_noise_std(n, noise, epsilon=half, delta=delta, l2_sensitivity=sens,
                                     calibration=calibration, series=m)

    if tau is None:
        tau, labels = consistent_tau(data.cover_xy, data.cover_area, totals,
                                     lambda m: tau_from_noise(n, noise_std(m), rsse_fraction))
    else:
        tau = float(tau)
        labels = cluster_cells(data.cover_xy, data.cover_area, totals, tau)
    m = int(labels.max()) + 1
    member = sp.csr_matrix((np.ones(labels.size), (labels, np.arange(labels.size))),
                           shape=(m, labels.size))
    report_progress(progress, 0.4)

    # Alg. 4 on every cluster's sum (ε/2).
    fourier = efpa(np.asarray(member @ cover), epsilon=half, delta=delta, rng=rng, noise=noise,
                   l2_sensitivity=l2_sensitivity(ell),
                   l2_sum_sensitivity=cluster_l2_sum_bound(ell, m),
                   calibration=calibration, protects=PROTECTS)
    report_progress(progress, 0.7)

    prof = profiles(fourier.values)
    if improvements:
        prof = smooth_night(prof, data.slot_hours, windows)
    census = mapping.to_census(scale_back(prof, labels, totals))
    report_progress(progress, 1.0)
    info = {"method": "efpa_g" if noise == "gaussian" else "efpa", "ell": ell,
            "improvements": improvements, "tau": tau, "tau_noise_std": noise_std(m),
            "n_clusters": m, "cluster": labels, "k": fourier.public["k"],
            "cover_towers": mapping.cover_towers, "cover_cells": mapping.cover_cells,
            "cover_totals": totals, "k_hat": k_hat,
            "l2_sensitivity": l2_sensitivity(ell),
            "l2_sum_sensitivity": cluster_l2_sum_bound(ell, m)}
    info.update({key: fourier.public[key] for key in ("sigma", "laplace_scale")
                 if key in fourier.public})
    return Release(census, totals_cost + fourier.cost, public=info,
                   internal=_internal(data, delta))


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


def _total_warnings(census, unclipped, scale: float, n_noisy: int) -> list:
    """The released total beside the sum of the unclipped noisy counts (Laplace of ``scale``
    on ``n_noisy`` counts; Formula 1 keeps totals), warned when 2× away (clipping at 0)."""
    warning = total_warning(float(np.sum(census)), float(np.sum(unclipped)),
                            n_noisy * 2.0 * float(scale) ** 2, word("people per cell and slot"))
    return [warning] if warning else []


def release_lpa(data: DensityInputs, *, epsilon: float, delta: float = 0.0,
                rng: np.random.Generator, progress=None) -> Release:
    """LPA (§6): Lap(ℓ/ε) on every cover count (L1 sensitivity ℓ, §5.2 fix), then Formula 1."""
    epsilon, delta = check_epsilon(epsilon), check_delta(delta)
    mapping = data.mapping
    report_progress(progress, 0.1)
    noisy = laplace(mapping.to_cover(data.counts), sensitivity=l1_sensitivity(data.ell),
                    epsilon=epsilon, rng=rng, protects=PROTECTS)
    census = mapping.to_census(np.clip(noisy.values, 0.0, None))
    report_progress(progress, 1.0)
    return Release(census, noisy.cost,
                   public={"method": "lpa", "ell": data.ell, "scale": noisy.public["scale"],
                           "warnings": _total_warnings(census, mapping.to_census(noisy.values),
                                                       noisy.public["scale"],
                                                       np.size(noisy.values)),
                         "cover_towers": mapping.cover_towers,
                         "cover_cells": mapping.cover_cells},
                   internal=_internal(data, delta))


def release_lpa_direct(data: DensityInputs, *, epsilon: float, delta: float = 0.0,
                       rng: np.random.Generator, progress=None) -> Release:
    """Lap(ℓ/ε) on every census count of Formula 1 (L1 sensitivity ℓ, §5.2 first approach)."""
    epsilon, delta = check_epsilon(epsilon), check_delta(delta)
    report_progress(progress, 0.1)
    noisy = laplace(reallocate(data.counts, data.weights), sensitivity=l1_sensitivity(data.ell),
                    epsilon=epsilon, rng=rng, protects=PROTECTS)
    report_progress(progress, 1.0)
    census = np.clip(noisy.values, 0.0, None)
    return Release(census, noisy.cost,
                   public={"method": "lpa_direct", "ell": data.ell, "scale": noisy.public["scale"],
                           "warnings": _total_warnings(census, noisy.values,
                                                       noisy.public["scale"],
                                                       np.size(noisy.values))},
                   internal=_internal(data, delta))


def plan_density(method: str, *, epsilon: float, delta: float = 0.0,
                 improvements: bool = True) -> PrivacyCost:
    """The cost :func:`release_density` will spend, known before any noise is drawn.

    One part per mechanism call, with its ε and δ (sensitivities that depend
    on the clusters the noisy totals produce are not known in advance). The
    ledger reserves this; the release contract checks the spent cost against it. Only EFPA_G spends δ.
    """
    epsilon, delta = check_epsilon(epsilon), check_delta(delta)
    if method not in METHODS:
        raise ValueError(f"unknown density method {method!r}; choose one of {', '.join(METHODS)}")
    if method in ("lpa", "lpa_direct"):
        return PrivacyCost.of("Laplace on every count", epsilon, protects=PROTECTS,
                              unit_of_privacy=UNIT_OF_PRIVACY)
    if method == "efpa_g" and delta <= 0:
        raise ValueError("efpa_g adds Gaussian noise and needs δ > 0")
    q = epsilon / 4.0
    totals = ([PrivacyCost.of("noisy one-visit histogram (§5.4.1)", q, protects=PROTECTS),
               PrivacyCost.of("noisy number of visits K (§5.4.1)", q, protects=PROTECTS)]
              if improvements else
              [PrivacyCost.of("Laplace on the cover-cell totals (Alg. 2)", 2 * q,
                              protects=PROTECTS)])
    noise = ("Gaussian", delta) if method == "efpa_g" else ("Laplace", 0.0)
    return PrivacyCost.sequential(totals + [
        PrivacyCost.of("exponential choice of k (Alg. 4)", q, protects=PROTECTS),
        PrivacyCost.of(f"{noise[0]} on the DCT coefficients (Alg. 4)", q, noise[1],
                       protects=PROTECTS)]).with_unit_of_privacy(UNIT_OF_PRIVACY)


def release_density(data: DensityInputs, *, method: str = "efpa_g", **kwargs) -> Release:
    """Dispatch to the release function of ``method`` (one of :data:`METHODS`).

    The spent cost's unit of privacy is one user; the release contract checks it
    against :func:`plan_density` (:func:`dpcore.accounting.contract.check_spent`).
    """
    functions = {"efpa_g": release_efpa_g, "efpa": release_efpa, "lpa": release_lpa,
                 "lpa_direct": release_lpa_direct}
    if method not in functions:
        raise ValueError(f"unknown density method {method!r}; choose one of {', '.join(METHODS)}")
    release = functions[method](data, **kwargs)
    release.cost = release.cost.with_unit_of_privacy(UNIT_OF_PRIVACY)
    return release
