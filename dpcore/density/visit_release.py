"""The ``visits`` density release: distinct people per tower and hour, low-rank denoised.

It estimates exactly the density of Acs & Castelluccia (KDD 2014) §4.1–4.2
that the benchmark takes as truth: X^T_t, the distinct people seen at tower
T in slot t (one person seen at two towers counts at both), spread over the
census cells by Formula 1. Unit of privacy: one user (all its events).

Measurement (the costs the mechanisms return add up to (ε, δ)):

1. the tower × slot matrix of visits each user kept (≤ ℓ distinct
   (tower, slot) pairs, :mod:`.visits`) gets discrete Gaussian noise
   (:func:`dpcore.mechanisms.gaussian`) at ((1 − s)·ε, δ), L2 sensitivity √ℓ;
2. Σ_u min(n_u, B), the visits of every user capped at a public B ≥ ℓ,
   gets discrete Laplace noise at s·ε, L1 sensitivity B (s = :data:`SCALE_SHARE`).

Reconstruction (post-processing of noisy values and public σ only):
the noisy matrix is denoised by optimal singular-value shrinkage
(:mod:`.lowrank`; a noise-only input gives an all-zero output), clipped at
0, multiplied by the noisy ratio ρ = (capped total at B) / (capped total at
ℓ) — the share of visits the ℓ cap removed, assumed the same at every
tower and slot (clipped to [1, B/ℓ], its possible range) — and mapped to
the census cells by Formula 1.

No margin of error is published: the shrinkage is biased towards the
low-rank part, so a margin simulated from the noise alone would not cover;
the report says so.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..cover import reallocate
from ..mechanisms import discrete_laplace, gaussian, gaussian_sigma
from ..privacy import PrivacyCost, Release, check_delta, check_epsilon, report_progress
from .lowrank import denoise
from .pipeline import UNIT_OF_PRIVACY, _internal
from .scaling import PROTECTS
from .sensitivity import check_ell, check_weights
from .visits import (VisitCounts, capped_total, default_total_bound, visit_l1_sensitivity,
                     visit_l2_sensitivity)

#: Share of ε for the capped total Σ min(n_u, B) (the rest: the Gaussian on the matrix).
SCALE_SHARE = 0.05
MATRIX_MECHANISM = "Gaussian on every tower × slot count of distinct visits"
TOTAL_MECHANISM = "discrete Laplace on the visits capped at B per user"


@dataclass
class VisitDensityInputs:
    """What :func:`release_visits` reads: capped visits and the Formula 1 weights.

    ``weights`` (towers × census cells) is public geometry; ``visits``
    (:class:`dpcore.density.visits.VisitCounts`) is private.
    """

    visits: VisitCounts
    weights: object
    n_users: int = 0

    def __post_init__(self):
        self.weights = check_weights(self.weights)
        if self.weights.shape[0] != self.visits.n_towers:
            raise ValueError(f"the Formula 1 weights have {self.weights.shape[0]} tower rows, "
                             f"the visit counts {self.visits.n_towers}")
        self.n_users = self.n_users or self.visits.n_users


def _check(epsilon, delta, ell, n_towers, n_slots, total_bound):
    epsilon, delta = check_epsilon(epsilon), check_delta(delta)
    if delta <= 0:
        raise ValueError("the visits method adds Gaussian noise and needs δ > 0")
    ell = check_ell(ell)
    if int(n_towers) < 1 or int(n_slots) < 1:
        raise ValueError("at least one tower and one slot are needed")
    return epsilon, delta, ell, default_total_bound(n_slots, ell, total_bound)


def plan_visits(*, epsilon: float, delta: float, ell: int, n_towers: int, n_slots: int,
                total_bound=None) -> PrivacyCost:
    """The cost :func:`release_visits` spends, from public parameters only.

    Refuses δ = 0, ℓ < 1, B < ℓ and a (ε, δ, size) the discrete Gaussian
    sampler cannot serve, before any data are read.
    """
    epsilon, delta, ell, bound = _check(epsilon, delta, ell, n_towers, n_slots, total_bound)
    e_total, e_matrix = SCALE_SHARE * epsilon, (1.0 - SCALE_SHARE) * epsilon
    gaussian_sigma(visit_l2_sensitivity(ell), e_matrix, delta, size=int(n_towers) * int(n_slots))
    return PrivacyCost.sequential([
        PrivacyCost.of(MATRIX_MECHANISM, e_matrix, delta,
                       sensitivity=visit_l2_sensitivity(ell), protects=PROTECTS),
        PrivacyCost.of(TOTAL_MECHANISM, e_total, sensitivity=bound, protects=PROTECTS),
    ]).with_unit_of_privacy(UNIT_OF_PRIVACY)


def release_visits(data: VisitDensityInputs, *, rng: np.random.Generator, progress=None,
                   epsilon: float, delta: float, total_bound=None) -> Release:
    """(ε, δ)-DP census density (cells × slots) of distinct people per tower and slot.

    ``total_bound`` is B (default: the number of slots). Returns the census
    density; ``public`` holds σ, the rank kept, the noisy cap ratio ρ and
    the denoised tower matrix.
    """
    visits = data.visits
    n_towers, n_slots = visits.counts.shape
    epsilon, delta, ell, bound = _check(epsilon, delta, visits.ell, n_towers, n_slots,
                                        total_bound)
    e_total, e_matrix = SCALE_SHARE * epsilon, (1.0 - SCALE_SHARE) * epsilon
    report_progress(progress, 0.05)
    matrix = gaussian(np.asarray(visits.counts, dtype=np.int64),
                      l2_sensitivity=visit_l2_sensitivity(ell), epsilon=e_matrix, delta=delta,
                      rng=rng, protects=PROTECTS)
    total = discrete_laplace(np.array([capped_total(visits.per_user, bound)]),
                             sensitivity=bound, epsilon=e_total, rng=rng, protects=PROTECTS)
    cost = matrix.cost + total.cost
    report_progress(progress, 0.4)

    # post-processing: noisy values and public σ only
    noisy = np.asarray(matrix.values, dtype=float)
    sigma = float(matrix.public["sigma"])
    estimate, rank = denoise(noisy, sigma)
    estimate = np.clip(estimate, 0.0, None)
    ratio = cap_ratio(float(total.values[0]), float(noisy.sum()), bound / ell)
    towers = estimate * ratio
    report_progress(progress, 0.8)
    census = reallocate(towers, data.weights)
    report_progress(progress, 1.0)
    public = {"method": "visits", "ell": ell, "sigma": sigma, "rank": rank,
              "total_bound": bound, "cap_ratio": ratio, "scale_share": SCALE_SHARE,
              "noisy_capped_total": float(total.values[0]), "towers": towers,
              "l2_sensitivity": visit_l2_sensitivity(ell),
              "l1_sensitivity_total": float(bound),
              "l1_sensitivity": visit_l1_sensitivity(ell)}
    return Release(census, cost.with_unit_of_privacy(UNIT_OF_PRIVACY), public=public,
                   internal=_internal(data, delta))


def cap_ratio(noisy_total_b: float, noisy_total_ell: float, most: float) -> float:
    """ρ = Σ min(n_u, B) / Σ min(n_u, ℓ) from noisy totals, clipped to [1, B/ℓ] (its range)."""
    if not noisy_total_ell > 0:
        return 1.0
    return float(np.clip(noisy_total_b / noisy_total_ell, 1.0, most))
