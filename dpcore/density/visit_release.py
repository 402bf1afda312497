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

Strategy (public: the slots' length, the period's start, ε): slots are
pooled before the noise into *columns* (:func:`pooling`): the same block of
hours of the day (:func:`block_hours`: 8 h below ε = 0.5, else 4 h) on every
weekday together, and on every weekend day together (days of 24 h from the
start; a day is a weekend day when its midday, UTC, is a Saturday or
Sunday). A week of hours becomes 2 × 3 (or 2 × 6) columns, each summing
5 (or 2) days × 8 (or 4) hours of counts under one draw of noise.
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
only): optimal singular-value shrinkage of the towers × columns matrix
(:mod:`.lowrank`, Gavish & Donoho, with σ = the Laplace noise's standard
deviation, rounding to the snapping grid included), keeping only singular
values above both the Tracy–Widom edge and :func:`laplace_edge` (the largest
of 1000 noise-only matrices simulated from the public noise law, plus a
margin): noise alone gives rank 0, an all-zero output (measured: none of
6000 noise-only draws per shape exceeded it); clipping at 0; each column is
spread over its slots by :func:`spread` (the noisy profile times the tower's
level relative to the city, interpolated between neighbouring blocks); the
whole is multiplied by ρ = K̂ / Σ shares, the noisy number of visits per
person (Σ shares ≈ the number of people), clipped to [1, B]; Formula 1 maps
towers to census cells.

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

import datetime as _dt
import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Optional

import numpy as np

from ..accounting.checks import check_delta, check_epsilon
from ..accounting.contract import Release
from ..accounting.costs import PrivacyCost
from ..geometry.cover import reallocate
from ..mechanisms.geometric import discrete_laplace
from ..mechanisms.snapping import laplace, snap, snapping_plan
from ..od.totals import total_warning
from ..reporting.messages import word
from ..reporting.progress import report_progress
from .assembly import DensityAssembly, _drops_text
from .inputs import internal_warnings
from .lowrank import denoise, simulated_edge
from .pipeline import UNIT_OF_PRIVACY
from .scaling import PROTECTS
from .sensitivity import check_ell, check_weights
from .visits import SHARE_BITS, VisitCounts, capped_total, default_total_bound

#: Share of ε for the capped total Σ min(n_u, B).
SCALE_SHARE = 0.05
#: Share of ε for the global profile (when columns pool several slots of a day).
PROFILE_SHARE = 0.1
#: Hours of the day pooled into one column: :data:`LOW_EPSILON_BLOCK_HOURS` below ε =
#: :data:`BLOCK_RULE_EPSILON`, else :data:`BLOCK_HOURS` (public rule, :func:`block_hours`).
BLOCK_HOURS = 4
LOW_EPSILON_BLOCK_HOURS = 8
BLOCK_RULE_EPSILON = 0.5
#: L1 sensitivity of the shares: one user's weights sum to ≤ 1 (exact integers).
SHARE_SENSITIVITY = 1.0
TOTAL_MECHANISM = "discrete Laplace on the visits capped at B per user"
DAY_SECONDS = 86400.0


@dataclass(frozen=True)
class Pooling:
    """Which slots one noise draw covers (public: from the period only).

    ``column[t]`` is slot t's column of the measured matrix, ``fine[t]`` its
    entry of the global profile (day type × slot of the day); ``block`` the
    slots of a day per column (1: no pooling within the day). ``neighbours[t]``
    are the columns of the same day type whose centres bracket slot t's
    centre (the day wraps around), ``weight[t]`` the share of the second.
    """

    column: np.ndarray
    fine: np.ndarray
    block: int
    day_types: bool
    neighbours: Optional[np.ndarray] = None
    weight: Optional[np.ndarray] = None

    @property
    def n_columns(self) -> int:
        return int(self.column.max()) + 1

    @property
    def n_fine(self) -> int:
        return int(self.fine.max()) + 1

    @property
    def profiled(self) -> bool:
        """Does a column hold several slots of one day (then the profile is measured)?"""
        return self.block > 1


def _dense(codes) -> np.ndarray:
    return np.unique(np.asarray(codes), return_inverse=True)[1].ravel().astype(np.int64)


def block_hours(epsilon: float) -> int:
    """Hours per column: 8 below ε = 0.5 (less noise per column), else 4 (public rule).

    Measured on the synthetic week (benchmarks/density.py, 5 runs, with the
    interpolating :func:`spread`): with 250,000 people, blocks of 8 h gave a
    mean relative error of 0.186 / 0.150 / 0.147 at ε = 0.1 / 0.3 / 1 against
    0.21 / 0.154 / 0.146 for 4 h; with 2 million (3 runs), 0.065 / 0.064 /
    0.063 against 0.062 / 0.059 / 0.058.
    """
    return LOW_EPSILON_BLOCK_HOURS if check_epsilon(epsilon) < BLOCK_RULE_EPSILON else BLOCK_HOURS


def pooling(n_slots: int, slot_seconds: float = 3600.0, start: Optional[float] = None,
            block_hours: int = BLOCK_HOURS) -> Pooling:
    """The columns of the ``visits`` release for ``n_slots`` slots of ``slot_seconds`` from ``start``.

    Days are 24 h from ``start`` (epoch seconds; ``None``: every day of one
    type); a day is a weekend day when its midday (UTC) is a Saturday or
    Sunday. A slot length that does not divide a day pools nothing.
    """
    n_slots = int(n_slots)
    if n_slots < 1:
        raise ValueError("at least one slot is needed")
    slots = np.arange(n_slots)
    per_day = DAY_SECONDS / float(slot_seconds)
    if not (per_day >= 1 and per_day == round(per_day)):
        return Pooling(slots, slots, 1, False)
    per_day = int(round(per_day))
    day, of_day = slots // per_day, slots % per_day
    if start is None:
        kind = np.zeros(n_slots, dtype=np.int64)
    else:
        weekday = np.array([_dt.datetime.fromtimestamp(float(start) + d * DAY_SECONDS
                                                       + DAY_SECONDS / 2,
                                                       _dt.timezone.utc).weekday()
                            for d in range(int(day.max()) + 1)])
        kind = (weekday[day] >= 5).astype(np.int64)
    block = max(1, int(round(block_hours * 3600.0 / float(slot_seconds))))
    n_blocks = -(-per_day // block)
    code = kind * n_blocks + of_day // block
    column = _dense(code)
    lookup = np.full(2 * n_blocks, -1, dtype=np.int64)
    lookup[code] = column
    position = (of_day + 0.5) / block - 0.5            # block centres at 0, 1, 2, …
    low = np.floor(position).astype(np.int64)
    pair = np.stack([lookup[kind * n_blocks + low % n_blocks],
                     lookup[kind * n_blocks + (low + 1) % n_blocks]], axis=1)
    pair = np.where(pair < 0, column[:, None], pair)   # a block absent from the period
    return Pooling(column, _dense(kind * per_day + of_day), block, start is not None,
                   pair, position - low)


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
    snapping_plan(SHARE_SENSITIVITY, e_matrix)          # refuses an ε it cannot serve
    cost = PrivacyCost.of("Laplace", e_matrix, sensitivity=SHARE_SENSITIVITY,
                          protects=PROTECTS)
    if pool.profiled:
        cost = cost + PrivacyCost.of("Laplace", e_profile, sensitivity=SHARE_SENSITIVITY,
                                     protects=PROTECTS)
    return cost + PrivacyCost.of(TOTAL_MECHANISM, e_total, sensitivity=bound,
                                 protects=PROTECTS)


def plan_visits(*, epsilon: float, delta: float, ell: int, n_towers: int, n_slots: int,
                slot_seconds: float = 3600.0, start=None, total_bound=None) -> PrivacyCost:
    """The cost :func:`release_visits` spends, from public parameters only.

    ε-DP (δ is allowed but not spent). Refuses B < ℓ and an ε the samplers
    cannot serve, before any data are read.
    """
    epsilon, delta, ell, bound = _check(epsilon, delta, ell, n_towers, n_slots, total_bound)
    pool = pooling(n_slots, slot_seconds, start, block_hours(epsilon))
    return _parts(epsilon, bound, pool).with_unit_of_privacy(UNIT_OF_PRIVACY)


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
    plan = snapping_plan(SHARE_SENSITIVITY, epsilon)
    return (simulated_edge(m, n, lambda rng, shape: snap(np.zeros(shape), plan, rng))
            + math.log(10.0) * plan["scale"])


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
    e_matrix, e_profile, e_total = _shares(epsilon, pool.profiled)
    report_progress(progress, 0.05)
    shares = np.asarray(visits.shares, dtype=np.int64)
    unit = float(2 ** SHARE_BITS)
    columns = np.zeros((n_towers, pool.n_columns), dtype=np.int64)
    for t in range(n_slots):                        # exact integer sums
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
    cost = cost + total.cost
    report_progress(progress, 0.4)

    # post-processing: noisy values and public parameters only
    noisy = np.asarray(matrix.values, dtype=float)
    scale, grid = float(matrix.public["scale"]), float(matrix.public["granularity"])
    sigma = math.sqrt(2.0 * scale ** 2 + grid ** 2 / 12.0)
    estimate, rank = denoise(noisy, sigma, laplace_edge(*noisy.shape, e_matrix))
    estimate = np.clip(estimate, 0.0, None)
    ratio = cap_ratio(float(total.values[0]), float(noisy.sum()), float(bound))
    towers = spread(estimate, pool, profile) * ratio
    report_progress(progress, 0.8)
    census = reallocate(towers, data.weights)
    report_progress(progress, 1.0)
    # the unclipped noisy columns' sum × ρ is unbiased: a released total 2× away is warned
    warning = total_warning(float(np.sum(census)), float(noisy.sum()) * ratio,
                            noisy.size * sigma ** 2 * ratio ** 2, word("people per cell and slot"))
    public = {"method": "visits", "warnings": [warning] if warning else [], "ell": ell, "sigma": sigma, "scale": scale,
              "granularity": grid, "rank": rank, "total_bound": bound, "cap_ratio": ratio,
              "columns": pool.n_columns, "n_slots": n_slots, "block_slots": pool.block,
              "day_types": pool.day_types, "scale_share": SCALE_SHARE,
              "profile_share": PROFILE_SHARE if pool.profiled else 0.0,
              "noisy_capped_total": float(total.values[0]), "noisy_columns": noisy,
              "noisy_profile": profile, "towers": towers,
              "l1_sensitivity": SHARE_SENSITIVITY, "l1_sensitivity_total": float(bound)}
    return Release(census, cost.with_unit_of_privacy(UNIT_OF_PRIVACY), public=public,
                   internal=internal_warnings(data, 0.0))   # δ is not spent


def cap_ratio(noisy_total_b: float, noisy_total_k: float, most: float) -> float:
    """ρ = Σ min(n_u, B) / Σ shares (or Σ min(n_u, k)) from noisy totals, clipped to [1, most]."""
    if not noisy_total_k > 0:
        return 1.0
    return float(np.clip(noisy_total_b / noisy_total_k, 1.0, most))


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
