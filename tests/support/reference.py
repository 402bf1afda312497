"""Reference formulas and in-core twins the tests compare the production code against (no
production code calls them): probability laws of the mechanisms' noise, the l2 sensitivity of
kept visits, a Monte Carlo utility loss of geo-indistinguishable reports, dense user codes, and
the Spark job's trip tables computed in memory."""
import math
from typing import Optional

import numpy as np

from mobility_dp.dpcore.accounting.checks import check_epsilon
from mobility_dp.dpcore.density.sensitivity import check_ell
from mobility_dp.dpcore.geoind.ibu import iterative_bayesian_update, report_histogram
from mobility_dp.dpcore.geoind.tuning import emd
from mobility_dp.dpcore.mechanisms.geometric import discrete_laplace_alpha
from mobility_dp.dpcore.od.people import main_pairs
from mobility_dp.dpcore.od.statistics import Bins
from mobility_dp.dpcore.od.table_statistics import count_untimed
from mobility_dp.dpcore.od.trip_bounds import _report, bottom_m
from mobility_dp.dpcore.od.trip_tables import TripTables, trips_per_user
from mobility_dp.dpcore.reporting.progress import report_progress


def discrete_laplace_pmf(k, *, sensitivity: float, epsilon: float) -> np.ndarray:
    """P(Z = k) = (1−α)/(1+α) · α^|k| of the two-sided geometric distribution."""
    alpha = discrete_laplace_alpha(sensitivity, epsilon)
    k = np.abs(np.asarray(k, dtype=float))
    return (1 - alpha) / (1 + alpha) * np.power(alpha, k)


def truncated_discrete_laplace_pmf(k, alpha, bound) -> np.ndarray:
    """P(Z = k) of the two-sided geometric with ratio α conditioned on |Z| ≤ bound."""
    k = np.abs(np.asarray(k, dtype=float))
    alpha = np.asarray(alpha, dtype=float)
    bound = np.asarray(bound, dtype=float)
    mass = (1 + alpha - 2 * alpha ** (bound + 1)) / (1 - alpha)  # Σ_{|j|≤B} α^|j|
    return np.where(k <= bound, alpha ** k / mass, 0.0)


def radius_cdf(r, epsilon: float) -> np.ndarray:
    """C_ε(r) = 1 − (1 + εr)·e^{−εr}: probability of a displacement ≤ r metres."""
    er = check_epsilon(epsilon) * np.maximum(np.asarray(r, dtype=float), 0.0)
    return -np.expm1(-er) - er * np.exp(-er)


def visit_l2_sensitivity(ell: int) -> float:
    """Δ₂ of the tower × slot matrix of kept visits: √k (≤ k distinct cells, each +1)."""
    return math.sqrt(check_ell(ell))


def utility_loss(true_cells, channel, *, rng: np.random.Generator, trials: int = 1,
                 iterations: int = 200, tol: float = 1e-9, progress=None) -> float:
    """Monte Carlo estimate of E[EMD(π̂, π)] (Eq. 3) for the dataset ``true_cells``.

    π is the distribution of ``true_cells``; each trial perturbs every cell
    once with ``channel`` and estimates π̂ by IBU.
    """
    true_cells = np.asarray(true_cells, dtype=np.int64)
    size = channel.grid.size
    truth = report_histogram(true_cells, size)
    truth /= truth.sum()
    losses = []
    for t in range(int(trials)):
        counts = report_histogram(channel.sample(true_cells, rng), size)
        estimate, _ = iterative_bayesian_update(counts, channel, iterations=iterations, tol=tol)
        losses.append(emd(estimate, truth, channel.grid))
        report_progress(progress, (t + 1) / trials)
    return float(np.mean(losses))


def user_codes(values) -> tuple:
    """Dense codes 0..k-1 of arbitrary user ids, and the unique ids; None/NaN refused."""
    arr = np.asarray(values, dtype=object)
    missing = sum(v is None or (isinstance(v, float) and v != v) for v in arr)
    if missing:
        raise ValueError(f"{missing} of {arr.size} records have no user id")
    keys = arr.astype(str)
    unique, codes = np.unique(keys, return_inverse=True)
    return codes.astype(np.int64), unique


def bounded_tables(zoned, keys, *, key: int, m: int, bins: Optional[Bins] = None,
                   no_frame: str = "") -> TripTables:
    """The Spark job's tables (:class:`dpcore.od.trip_tables.TripTables`) of ``zoned``: trips
    bounded to ≤ m per user by the trip ``keys`` (:func:`trip_keys`), people per main pair with
    ties by ``key`` (:func:`dpcore.od.people.main_pairs`), trips per user, all trips, and the
    report's other statistics over the same kept trips with the public ``bins`` (default
    :class:`dpcore.od.statistics.Bins`; ``zoned``'s ends in the metric frame, or
    ``no_frame`` says why not)."""
    n = zoned.n_zones
    bins = bins or Bins()
    o = zoned.origin_zone.astype(np.int64)
    d = zoned.dest_zone.astype(np.int64)
    keep = bottom_m(zoned.user, keys, m)
    people = {}
    for directed in (True, False):
        _, pair, _ = main_pairs(zoned, directed=directed, key=key)
        people[directed] = np.bincount(pair, minlength=n * n).reshape(n, n)
    kept = np.flatnonzero(keep)
    report, missing = _report(zoned.trips, kept, o, d, n, m, bins, no_frame,
                              count_untimed(zoned.trips, kept))
    return TripTables(n, m, trips=np.bincount(o[keep] * n + d[keep],
                                              minlength=n * n).reshape(n, n),
                      people_directed=people[True], people_undirected=people[False],
                      trips_per_user=trips_per_user(zoned.user),
                      all_trips=np.bincount(o * n + d, minlength=n * n).reshape(n, n),
                      report=report, report_bins=bins, report_missing=missing)
