"""The margin of error of the synthetic-trips model's noisy total (post-processing).

The model's total, Σ_k k · people with k trips, is read from the people part after its
empirical-Bayes shrinkage, so no closed form gives its error: a person wrongly placed at 30
trips adds 30 trips, and on small data the shrunk total can be several times the truth. Its
95 % margin is simulated from public facts only (a parametric bootstrap, Efron & Tibshirani
1993, ch. 6): the released people table is taken as the truth, the part's public noise law is
drawn :data:`DRAWS` times and the same reconstruction rerun; the margin is the 95th percentile
of the distance between the simulated totals and the released one. It reads nothing but
noisy values and public parameters, so it costs nothing; its draws come from a fixed public
seed, not from the release's random stream (they are not noise protecting anyone). The
interval is the basic bootstrap's, [2T − q₉₇.₅, 2T − q₂.₅] of the simulated totals q: the
shrinkage's upward bias seen in the simulation is taken off (clipped at 0). The same bias is
taken off the point estimate, as a ratio so that it stays positive: the bias-corrected total
T² / median(q) (Efron & Tibshirani 1993, §10.2), from which the synthetic trips are counted.
On 184 riders' 1,336 trips (1 and 3 km squares) the shrunk total was 2.0–2.1× the truth
(medians of 10 seeds), the corrected one 1.6–1.7×; on 200 generated people 1.8× and 1.5×, on
1,000 1.13× and 1.08× (2T − median(q), the additive correction, reached 0 on some seeds: one
synthetic trip). The start hours' rules read the noisy people scaled by the same ratio (each
person weighs 1 there); the travel times' rules the uncorrected kept trips.
"""
from __future__ import annotations

import numpy as np

from ...mechanisms.geometric import discrete_laplace
from ...random.rng import make_rng
from . import parts as P
from .reconstruct import shrink_by_group

DRAWS = 20
SEED = 20_260_525
#: Upper ends of the public groups of trips-per-person rows whose empirical-Bayes prior is
#: fitted apart (doubling bands: 1–2, 3–4, 5–8, 9–16, 17 and more trips).
TRIP_GROUP_ENDS = (2, 4, 8, 16)


def expected_trips(people) -> float:
    """Σ_k k · (people with k trips) of a (cap, bands) people table."""
    people = np.asarray(people, dtype=float)
    return float((people.sum(axis=1) * np.arange(1, people.shape[0] + 1)).sum())


def trip_groups(cells: int) -> np.ndarray:
    """The public group of each cell of a (cap, bands) people table, by its row's trips."""
    trips = np.repeat(np.arange(1, cells // P.SHARE_BANDS + 1), P.SHARE_BANDS)
    return np.searchsorted(TRIP_GROUP_ENDS, trips, side="left")


def reconstruct_people(noisy, feasible, alpha: float) -> np.ndarray:
    """The people part's post-processing: shrinkage of the feasible cells, 0 elsewhere. The
    prior is fitted within each group of :func:`trip_groups`: with one prior for every row, a
    few hundred people put a prior mass well above 0 on every cell, and each noise-only cell
    of a row of 25 trips got 1–2 people (25–50 phantom trips): on 184 riders' 1,336 trips and
    200 or 1,000 generated people (5 seeds each) 6 of 20 true totals fell outside the
    simulated 95 % interval, fitted by group none."""
    out = np.asarray(noisy, dtype=float).ravel().copy()
    out[feasible] = shrink_by_group(out[feasible], alpha, trip_groups(out.size)[feasible])
    out[~feasible] = 0.0
    return out


def total_interval(people, feasible, *, sensitivity: int, epsilon: float, alpha: float,
                   draws: int = DRAWS) -> tuple:
    """(lower, upper, corrected): the simulated 95 % interval of :func:`expected_trips` of the
    released ``people`` and its bias-corrected value (module doc)."""
    people = np.asarray(people, dtype=float)
    base = expected_trips(people)
    table = np.round(np.clip(people, 0.0, None)).astype(np.int64).ravel()
    rng = make_rng(SEED)
    totals = []
    for _ in range(int(draws)):
        noisy = discrete_laplace(table, sensitivity=sensitivity, epsilon=epsilon, rng=rng).values
        totals.append(expected_trips(reconstruct_people(noisy, feasible, alpha)
                                     .reshape(people.shape)))
    low, mid, high = np.quantile(totals, [0.025, 0.5, 0.975])
    corrected = base * base / mid if mid > 0 else 0.0
    return max(2 * base - high, 0.0), max(2 * base - low, 0.0), corrected
