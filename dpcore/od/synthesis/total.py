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
shrinkage's upward bias seen in the simulation is taken off (clipped at 0).
"""
from __future__ import annotations

import numpy as np

from ...mechanisms.geometric import discrete_laplace
from ...random.rng import make_rng
from .reconstruct import shrink_by_group

DRAWS = 20
SEED = 20_260_525


def expected_trips(people) -> float:
    """Σ_k k · (people with k trips) of a (cap, bands) people table."""
    people = np.asarray(people, dtype=float)
    return float((people.sum(axis=1) * np.arange(1, people.shape[0] + 1)).sum())


def reconstruct_people(noisy, feasible, alpha: float) -> np.ndarray:
    """The people part's post-processing: shrinkage of the feasible cells, 0 elsewhere."""
    out = np.asarray(noisy, dtype=float).ravel().copy()
    out[feasible] = shrink_by_group(out[feasible], alpha)
    out[~feasible] = 0.0
    return out


def total_interval(people, feasible, *, sensitivity: int, epsilon: float, alpha: float,
                   draws: int = DRAWS) -> tuple:
    """The simulated 95 % interval (lower, upper) of :func:`expected_trips` of the released
    ``people`` (module doc)."""
    people = np.asarray(people, dtype=float)
    base = expected_trips(people)
    table = np.round(np.clip(people, 0.0, None)).astype(np.int64).ravel()
    rng = make_rng(SEED)
    totals = []
    for _ in range(int(draws)):
        noisy = discrete_laplace(table, sensitivity=sensitivity, epsilon=epsilon, rng=rng).values
        totals.append(expected_trips(reconstruct_people(noisy, feasible, alpha)
                                     .reshape(people.shape)))
    low, high = np.quantile(totals, [0.025, 0.975])
    return max(2 * base - high, 0.0), max(2 * base - low, 0.0)
