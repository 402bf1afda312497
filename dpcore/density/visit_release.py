"""The ``visits`` density release: distinct people per tower and slot, low-rank denoised.

It estimates the density of Acs & Castelluccia (KDD 2014) §4.1–4.2 that
the benchmark takes as truth: X^T_t, the distinct people seen at tower T in
slot t (one person seen at two towers counts at both), spread over the
census cells by Formula 1. Unit of privacy: one user (all its events).

Each user keeps at most k of its distinct (tower, slot) visits, chosen
uniformly (:mod:`.visits`), k ≤ ℓ set by a public rule (:func:`visit_cap`).
Measurement (the costs the mechanisms return add up to ≤ (ε, δ)):

1. the tower × slot matrix of kept visits, at (1 − s)·ε: k = 1 → discrete
   Laplace (one user changes one entry by 1: L1 sensitivity 1, δ unused);
   k > 1 → discrete Gaussian (:func:`dpcore.mechanisms.gaussian`) at δ,
   L2 sensitivity √k (≤ k distinct entries, each +1);
2. Σ_u min(n_u, B), the visits of every user capped at a public B ≥ ℓ,
   discrete Laplace at s·ε, L1 sensitivity B (s = :data:`SCALE_SHARE`).

Reconstruction (post-processing of noisy values and public parameters):
optimal singular-value shrinkage (:mod:`.lowrank`) of the noisy matrix with
σ² = the noise variance + the mean of the clipped noisy counts (the
counts' own sampling variation when k is small; it only raises the noise
edge, so noise alone still gives zeros), clipping at 0, the noisy ratio
ρ = Σ min(n_u, B) / Σ min(n_u, k) (the share of visits the cap removed,
clipped to its range [1, B/k]) and Formula 1 to the census cells.

What ρ assumes: the cap removes the same share of visits at every tower and
slot. With k = 1 a user's one visit stands for all n_u of them, so a cell's
estimate weighs its people by 1/n_u: the release is unbiased only when the
number of visits of a person does not depend on where and when they are
(on the synthetic Paris week this bias alone gives a mean relative error of
0.07). A larger k shrinks that bias and raises the noise (√k); the rule
takes k = 1 below :data:`RULE_EPSILON`, where noise dominates, and k = ℓ
from there (measured on the synthetic week, benchmarks/density.py).

No margin of error is published: the shrinkage is biased towards the
low-rank part, so a margin simulated from the noise alone would not cover;
the report says so.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..cover import reallocate
from ..mechanisms import discrete_laplace, gaussian, gaussian_sigma
from ..checks import check_delta, check_epsilon
from ..contract import Release
from ..costs import PrivacyCost
from ..progress import report_progress
from .assembly import DensityAssembly, _drops_text
from .lowrank import denoise
from .pipeline import UNIT_OF_PRIVACY, _internal
from .scaling import PROTECTS
from .sensitivity import check_ell, check_weights
from .visits import (VisitCounts, capped_total, default_total_bound, visit_l1_sensitivity,
                     visit_l2_sensitivity)

#: Share of ε for the capped total Σ min(n_u, B) (the rest: the noise on the matrix).
SCALE_SHARE = 0.05
#: Below this ε each user keeps one visit (k = 1), from it ℓ (:func:`visit_cap`).
RULE_EPSILON = 0.5
TOTAL_MECHANISM = "discrete Laplace on the visits capped at B per user"


def visit_cap(epsilon: float, ell: int) -> int:
    """k, the visits kept per user: 1 below ε = :data:`RULE_EPSILON`, else ℓ (public rule)."""
    return 1 if check_epsilon(epsilon) < RULE_EPSILON else check_ell(ell)


def _matrix_mechanism(k: int) -> str:
    return ("discrete Laplace on every tower × slot count (one visit per user)" if k == 1 else
            f"Gaussian on every tower × slot count (≤ {k} distinct visits per user)")


@dataclass
class VisitDensityInputs:
    """What :func:`release_visits` reads: capped visits and the Formula 1 weights.

    ``weights`` (towers × census cells) is public geometry; ``visits``
    (:class:`dpcore.density.visits.VisitCounts`, capped at k = ``visits.ell``)
    is private.
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


def _check(epsilon, delta, ell, n_towers, n_slots, total_bound, cap):
    epsilon, delta = check_epsilon(epsilon), check_delta(delta)
    ell = check_ell(ell)
    k = visit_cap(epsilon, ell) if cap is None else check_ell(cap)
    if k > ell:
        raise ValueError(f"the visits kept per user k = {k} exceed ℓ = {ell}")
    if k > 1 and delta <= 0:
        raise ValueError(f"with k = {k} visits per user the visits method adds Gaussian noise "
                         "and needs δ > 0")
    if int(n_towers) < 1 or int(n_slots) < 1:
        raise ValueError("at least one tower and one slot are needed")
    return epsilon, delta, k, default_total_bound(n_slots, ell, total_bound)


def plan_visits(*, epsilon: float, delta: float, ell: int, n_towers: int, n_slots: int,
                total_bound=None, cap=None) -> PrivacyCost:
    """The cost :func:`release_visits` spends, from public parameters only.

    ``cap``: k (default :func:`visit_cap`). Refuses k > ℓ, δ = 0 with k > 1,
    B < ℓ and an (ε, δ, size) the samplers cannot serve, before any data
    are read.
    """
    epsilon, delta, k, bound = _check(epsilon, delta, ell, n_towers, n_slots, total_bound, cap)
    e_total, e_matrix = SCALE_SHARE * epsilon, (1.0 - SCALE_SHARE) * epsilon
    if k == 1:
        matrix = PrivacyCost.of(_matrix_mechanism(k), e_matrix, sensitivity=1.0,
                                protects=PROTECTS)
    else:
        gaussian_sigma(visit_l2_sensitivity(k), e_matrix, delta,
                       size=int(n_towers) * int(n_slots))
        matrix = PrivacyCost.of(_matrix_mechanism(k), e_matrix, delta,
                                sensitivity=visit_l2_sensitivity(k), protects=PROTECTS)
    return (matrix + PrivacyCost.of(TOTAL_MECHANISM, e_total, sensitivity=bound,
                                    protects=PROTECTS)).with_unit_of_privacy(UNIT_OF_PRIVACY)


def release_visits(data: VisitDensityInputs, *, rng: np.random.Generator, progress=None,
                   epsilon: float, delta: float, ell=None, total_bound=None) -> Release:
    """(ε, δ)-DP census density (cells × slots) of distinct people per tower and slot.

    ``data.visits`` must be capped at k = :func:`visit_cap` (ε, ``ell``)
    (``ell`` defaults to that cap); ``total_bound`` is B (default: the
    number of slots, at least ℓ). ``public`` holds the noise σ, the rank
    kept, the noisy cap ratio ρ and the denoised tower matrix.
    """
    visits = data.visits
    n_towers, n_slots = visits.counts.shape
    k = visits.ell
    ell = k if ell is None else ell
    epsilon, delta, planned_k, bound = _check(epsilon, delta, ell, n_towers, n_slots,
                                              total_bound, None)
    if planned_k != k:
        raise ValueError(f"the visits were capped at {k} per user, the rule asks {planned_k}")
    e_total, e_matrix = SCALE_SHARE * epsilon, (1.0 - SCALE_SHARE) * epsilon
    report_progress(progress, 0.05)
    counts = np.asarray(visits.counts, dtype=np.int64)
    if k == 1:
        matrix = discrete_laplace(counts, sensitivity=1, epsilon=e_matrix, rng=rng,
                                  protects=PROTECTS)
        sigma = float(matrix.public["noise_std"])
    else:
        matrix = gaussian(counts, l2_sensitivity=visit_l2_sensitivity(k), epsilon=e_matrix,
                          delta=delta, rng=rng, protects=PROTECTS)
        sigma = float(matrix.public["sigma"])
    total = discrete_laplace(np.array([capped_total(visits.per_user, bound)]),
                             sensitivity=bound, epsilon=e_total, rng=rng, protects=PROTECTS)
    cost = matrix.cost + total.cost
    report_progress(progress, 0.4)

    # post-processing: noisy values and public parameters only
    noisy = np.asarray(matrix.values, dtype=float)
    spread = math.sqrt(sigma ** 2 + float(np.clip(noisy, 0.0, None).mean()))
    estimate, rank = denoise(noisy, spread)
    estimate = np.clip(estimate, 0.0, None)
    ratio = cap_ratio(float(total.values[0]), float(noisy.sum()), bound / k)
    towers = estimate * ratio
    report_progress(progress, 0.8)
    census = reallocate(towers, data.weights)
    report_progress(progress, 1.0)
    public = {"method": "visits", "ell": ell, "visits_per_user": k, "sigma": sigma,
              "spread": spread, "rank": rank, "total_bound": bound, "cap_ratio": ratio,
              "scale_share": SCALE_SHARE, "noisy_capped_total": float(total.values[0]),
              "towers": towers, "l1_sensitivity": visit_l1_sensitivity(k),
              "l2_sensitivity": visit_l2_sensitivity(k), "l1_sensitivity_total": float(bound)}
    return Release(census, cost.with_unit_of_privacy(UNIT_OF_PRIVACY), public=public,
                   internal=_internal(data, delta))


def cap_ratio(noisy_total_b: float, noisy_total_k: float, most: float) -> float:
    """ρ = Σ min(n_u, B) / Σ min(n_u, k) from noisy totals, clipped to [1, B/k] (its range)."""
    if not noisy_total_k > 0:
        return 1.0
    return float(np.clip(noisy_total_b / noisy_total_k, 1.0, most))


def assemble_visits(geo, visits: VisitCounts) -> DensityAssembly:
    """The release inputs and the true density (NOT private) of ``visits`` on ``geo``.

    ``geo``: :class:`dpcore.density.DensityGeography` (its tower order is
    ``visits``'); refused, before any noise, when no visit is left, with the
    events counted by reason.
    """
    if visits.kept_visits == 0:
        raise ValueError(
            "no event falls at a known tower within the period: "
            + _drops_text(int(visits.n_events), dict(visits.dropped))
            + ". Check the start, slot length and number of slots, and the tower id fields")
    return DensityAssembly(VisitDensityInputs(visits, geo.graph.weights),
                           reallocate(visits.true_counts, geo.graph.weights))


def facts_rows(visits: VisitCounts) -> list:
    """Raw-data facts of the visit counting, for the internal report."""
    rows = [("rows read", visits.n_events)]
    rows += [(f"rows not used: {k.replace('_', ' ')}", v) for k, v in visits.dropped.items()]
    return rows + [("users", visits.n_users),
                   ("distinct (user, tower, slot) visits K", visits.total_visits),
                   (f"visits kept by the cap k = {visits.ell}", visits.kept_visits)]
