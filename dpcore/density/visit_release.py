"""The ``visits`` density release: distinct people per tower and slot, pooled and denoised.

It estimates the density of Acs & Castelluccia (KDD 2014) §4.1–4.2 that
the benchmark takes as truth: X^T_t, the distinct people seen at tower T in
slot t (one person seen at two towers counts at both), spread over the
census cells by Formula 1. Unit of privacy: one user (all its events).

What is measured: every user spreads a weight of 1 evenly over its n_u
distinct (tower, slot) visits (:func:`.visits.visit_shares`), so one user
moves the tower × slot matrix of shares, and any sum of its entries, by at
most 1 in L1. (Keeping k = 1 random visit per user, the §5.1
way, measures the same matrix plus sampling noise — on 250,000 synthetic
people that sampling noise alone was a mean relative error of 0.22 before
any DP noise; keeping k = ℓ visits needs √ℓ times the noise.)

Strategy: slots are pooled into columns by a public rule (:mod:`.visit_pooling`).
Measurement (the costs the mechanisms return add up to ε; δ is not spent):

1. the towers × columns matrix of shares, Laplace (snapping) at
   (1 − s − p)·ε, L1 sensitivity 1;
2. the global profile over the day types' slots of the day (towers summed:
   one value per slot of a weekday and of a weekend day), Laplace at p·ε,
   L1 sensitivity 1 (p = :data:`PROFILE_SHARE`; 0 when no column pools
   slots of one day);
3. Σ_u min(n_u, B), every user's distinct visits capped at a public B ≥ ℓ,
   discrete Laplace at s·ε, L1 sensitivity B (s = :data:`SCALE_SHARE`).

Reconstruction (post-processing of the noisy values and public parameters
only, :mod:`.visit_reconstruction`): low-rank shrinkage, the spread of every column
over its slots, the noisy ratio ρ of visits per person; Formula 1 maps towers to
census cells.

What it assumes: within a block a tower follows the city-wide profile up to
a linear change of its level between blocks, the days of one type are
alike, and a person's visits all weigh 1/n_u, so ρ puts back the people
with many visits on average only (they weigh less where they gather).
These biases are small next to the noise they remove (benchmarks/density.py,
250,000 synthetic people: the noise-free pooled shares have a mean relative
error of 0.15, one sampled visit per person and hour 0.22; with the noise,
0.76×, 0.68× and 0.71× EFPA_G's error at ε = 0.1, 0.3 and 1).

No margin of error is published: the shrinkage and the pooling are biased
towards the common rhythms, so a margin simulated from the noise alone
would not cover; the report says so.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import numpy as np

from ..accounting.checks import check_delta, check_epsilon
from ..accounting.contract import Release
from ..accounting.costs import PrivacyCost
from ..geometry.cover import reallocate
from ..mechanisms.geometric import discrete_laplace
from ..mechanisms.snapping import laplace, snapping_parameters
from ..od.totals import total_warning
from ..reporting.messages import word
from ..reporting.progress import report_progress
from .assembly import DensityAssembly, _drops_text
from .inputs import internal_warnings
from .pipeline import UNIT_OF_PRIVACY
from .scaling import PROTECTS
from .sensitivity import check_ell, check_weights
from .visit_pooling import Pooling, block_hours, pooling
from .visit_reconstruction import reconstruct
from .visits import SHARE_BITS, SHARE_SENSITIVITY, VisitCounts, capped_total, default_total_bound

#: Share of ε for the capped total Σ min(n_u, B).
SCALE_SHARE = 0.05
#: Share of ε for the global profile (when columns pool several slots of a day).
PROFILE_SHARE = 0.1
TOTAL_MECHANISM = "discrete Laplace on the visits capped at B per user"


def _shares(epsilon: float, profiled: bool) -> tuple:
    """(matrix, profile, total) shares of ε."""
    e_total = SCALE_SHARE * epsilon
    e_profile = PROFILE_SHARE * epsilon if profiled else 0.0
    return epsilon - e_total - e_profile, e_profile, e_total


@dataclass
class VisitDensityInputs:
    """What :func:`release_visits` reads: the visit shares and the Formula 1 weights.

    ``weights`` (towers × census cells), ``slot_seconds`` and ``start`` are
    public; ``visits`` (:class:`dpcore.density.visits.VisitCounts` with
    ``shares``) is private.
    """

    visits: VisitCounts
    weights: object
    n_users: int = 0
    slot_seconds: float = 3600.0
    start: Optional[float] = None

    def __post_init__(self):
        self.weights = check_weights(self.weights)
        if self.weights.shape[0] != self.visits.n_towers:
            raise ValueError(f"the Formula 1 weights have {self.weights.shape[0]} tower rows, "
                             f"the visit counts {self.visits.n_towers}")
        if self.visits.shares is None:
            raise ValueError("the visits method needs the visit shares (bound_visits or "
                             "visits_from_events compute them)")
        self.n_users = self.n_users or self.visits.n_users


def _check(epsilon, delta, ell, n_towers, n_slots, total_bound):
    epsilon, delta = check_epsilon(epsilon), check_delta(delta)
    ell = check_ell(ell)
    if int(n_towers) < 1 or int(n_slots) < 1:
        raise ValueError("at least one tower and one slot are needed")
    return epsilon, delta, ell, default_total_bound(n_slots, ell, total_bound)


def _parts(epsilon, bound, pool):
    e_matrix, e_profile, e_total = _shares(epsilon, pool.profiled)
    snapping_parameters(SHARE_SENSITIVITY, e_matrix)          # refuses an ε it cannot serve
    cost = PrivacyCost.of("Laplace", e_matrix, sensitivity=SHARE_SENSITIVITY,
                          protects=PROTECTS)
    if pool.profiled:
        cost = cost + PrivacyCost.of("Laplace", e_profile, sensitivity=SHARE_SENSITIVITY,
                                     protects=PROTECTS)
    return cost + PrivacyCost.of(TOTAL_MECHANISM, e_total, sensitivity=bound,
                                 protects=PROTECTS)


def visits_cost(*, epsilon: float, delta: float, ell: int, n_towers: int, n_slots: int,
                slot_seconds: float = 3600.0, start=None, total_bound=None) -> PrivacyCost:
    """The cost :func:`release_visits` spends, from public parameters only.

    ε-DP (δ is allowed but not spent). Refuses B < ℓ and an ε the samplers
    cannot serve, before any data are read.
    """
    epsilon, delta, ell, bound = _check(epsilon, delta, ell, n_towers, n_slots, total_bound)
    pool = pooling(n_slots, slot_seconds, start, block_hours(epsilon))
    return _parts(epsilon, bound, pool).with_unit_of_privacy(UNIT_OF_PRIVACY)


def release_visits(data: VisitDensityInputs, *, rng: np.random.Generator, progress=None,
                   epsilon: float, delta: float, ell: int = 1,
                   total_bound=None) -> Release:
    """ε-DP census density (cells × slots) of distinct people per tower and slot.

    ``ell`` only sets the least B (default B: the number of slots, at least
    ℓ). ``public`` holds the noise, the pooling, the rank kept, the noisy
    ratio ρ and the denoised tower matrix.
    """
    visits = data.visits
    n_towers, n_slots = visits.shares.shape
    epsilon, delta, ell, bound = _check(epsilon, delta, ell, n_towers, n_slots, total_bound)
    pool = pooling(n_slots, data.slot_seconds, data.start, block_hours(epsilon))
    e_matrix = _shares(epsilon, pool.profiled)[0]
    report_progress(progress, 0.05)
    matrix, profile, total, cost = _measure(visits, pool, epsilon, bound, rng)
    report_progress(progress, 0.4)
    noisy = np.asarray(matrix.values, dtype=float)
    scale, grid = float(matrix.public["scale"]), float(matrix.public["granularity"])
    towers, sigma, rank, ratio = reconstruct(noisy, scale, grid, e_matrix, pool, profile,
                                             float(total.values[0]), float(bound))
    report_progress(progress, 0.8)
    census = reallocate(towers, data.weights)
    report_progress(progress, 1.0)
    # the unclipped noisy columns' sum × ρ is unbiased: a released total 2× away is warned
    warning = total_warning(float(np.sum(census)), float(noisy.sum()) * ratio,
                            noisy.size * sigma ** 2 * ratio ** 2, word("people per cell and slot"))
    public = {"method": "visits", "warnings": [warning] if warning else [], "ell": ell,
              "sigma": sigma, "scale": scale,
              "granularity": grid, "rank": rank, "total_bound": bound, "cap_ratio": ratio,
              "columns": pool.n_columns, "n_slots": n_slots, "block_slots": pool.block,
              "day_types": pool.day_types, "scale_share": SCALE_SHARE,
              "profile_share": PROFILE_SHARE if pool.profiled else 0.0,
              "noisy_capped_total": float(total.values[0]), "noisy_columns": noisy,
              "noisy_profile": profile, "towers": towers,
              "l1_sensitivity": SHARE_SENSITIVITY, "l1_sensitivity_total": float(bound)}
    return Release(census, cost.with_unit_of_privacy(UNIT_OF_PRIVACY), public=public,
                   internal=internal_warnings(data, 0.0))   # δ is not spent


def _measure(visits: VisitCounts, pool: Pooling, epsilon: float, bound: int, rng) -> tuple:
    """(noisy columns, noisy profile or None, noisy capped total, their cost): the three
    measurements of the module docstring, drawn in that order."""
    e_matrix, e_profile, e_total = _shares(epsilon, pool.profiled)
    shares = np.asarray(visits.shares, dtype=np.int64)
    unit = float(2 ** SHARE_BITS)
    columns = np.zeros((shares.shape[0], pool.n_columns), dtype=np.int64)
    for t in range(shares.shape[1]):                # exact integer sums
        columns[:, pool.column[t]] += shares[:, t]
    matrix = laplace(columns / unit, sensitivity=SHARE_SENSITIVITY, epsilon=e_matrix, rng=rng,
                     protects=PROTECTS)
    cost = matrix.cost
    profile = None
    if pool.profiled:
        fine = np.zeros(pool.n_fine, dtype=np.int64)
        np.add.at(fine, pool.fine, shares.sum(axis=0))
        prof = laplace(fine / unit, sensitivity=SHARE_SENSITIVITY, epsilon=e_profile, rng=rng,
                       protects=PROTECTS)
        cost, profile = cost + prof.cost, np.asarray(prof.values, dtype=float)
    total = discrete_laplace(np.array([capped_total(visits.per_user, bound)]),
                             sensitivity=bound, epsilon=e_total, rng=rng, protects=PROTECTS)
    return matrix, profile, total, cost + total.cost


def assemble_visits(geo, visits: VisitCounts, *, slot_seconds: float = 3600.0,
                    start: Optional[float] = None) -> DensityAssembly:
    """The release inputs and the true density (NOT private) of ``visits`` on ``geo``.

    ``geo``: :class:`dpcore.density.DensityGeography` (its tower order is ``visits``');
    ``slot_seconds`` and ``start`` (public) set the pooling. Refused, before any noise, when no
    visit is left, with the events counted by reason.
    """
    if visits.kept_visits == 0:
        raise ValueError(
            "no event falls at a known tower within the period: "
            + _drops_text(int(visits.n_events), dict(visits.dropped))
            + ". Check the start, slot length and number of slots, and the tower id fields")
    return DensityAssembly(VisitDensityInputs(visits, geo.graph.weights,
                                              slot_seconds=slot_seconds, start=start),
                           reallocate(visits.true_counts, geo.graph.weights))


def facts_rows(visits: VisitCounts) -> list:
    """Raw-data facts of the visit counting, for the internal report."""
    rows = [("rows read", visits.n_events)]
    rows += [(f"rows not used: {k.replace('_', ' ')}", v) for k, v in visits.dropped.items()]
    return rows + [("users", visits.n_users),
                   ("distinct (user, tower, slot) visits K", visits.total_visits)]
