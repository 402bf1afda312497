"""Central mode of the flow noise (beyond Pratesi 2012): a curator bounds, sums and adds noise once.

A trusted curator bounds what each vehicle adds, sums, and adds noise once to
the global vector: ε-DP for one whole vehicle (add/remove neighbours). Two bounding rules:

* ``trips`` (default): every vehicle keeps ≤ ``m`` of its move
  *occurrences*, a uniformly random subset (:func:`dpcore.random.sampling.
  sample_per_user`); a move made every day is kept as often as it was
  made, so repeated commutes are not lost. Adding or removing a vehicle
  changes the global vector by ≤ m in L1: Δ₁ = m, exactly.
* ``distinct`` (the earlier rule): every vehicle keeps ≤ ``m`` *distinct*
  moves (uniformly among them), each counted ≤ ``k`` times: Δ₁ = m·k. With
  k = 1 it releases, per link, the number of vehicles that used it (a reach
  statistic, not a traffic volume): that is its use; for traffic volumes it
  drops the repetitions of a vehicle's moves.

Public and internal: ``Release.public`` holds parameters and facts computed
from the noisy values only; what depends on the raw data (the number of
vehicles, the share of moves the bounding kept) is in ``Release.internal``.
The released values are not clipped, so their sum is the unbiased noisy total of the
bounded moves; its variance is the public noise law's times the number of possible moves,
and where its 95 % interval reaches 2× away from the total (few moves, many cells, a large
m) :func:`dpcore.od.totals.total_warning` says so in ``public["warnings"]`` (the log and
the publishable report).
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np
import scipy.sparse as sp

from .. import mechanisms
from ..accounting.checks import check_epsilon
from ..accounting.contract import Release
from ..accounting.costs import PrivacyCost
from ..od.totals import total_warning
from ..random.sampling import sample_per_user, sampling_stream
from ..reporting.messages import word
from ..reporting.progress import report_progress
from .noise import BOUNDINGS, NOISES, UNIT_NAMES, UNIT_VEHICLE
from .vectors import FlowVectors


def bound_contributions(vectors: FlowVectors, max_moves: int, max_count: int,
                        rng: np.random.Generator, bounding: str = "trips") -> sp.csr_matrix:
    """Each vehicle's bounded vector: ≤ m move occurrences (``trips``) or ≤ m distinct moves ≤ k times.

    ``trips``: a uniformly random subset of ≤ ``max_moves`` of the vehicle's
    move occurrences (repetitions count); ``max_count`` is not used.
    ``distinct``: ≤ ``max_moves`` distinct moves chosen uniformly among the
    vehicle's, each count clipped to ``max_count``.
    """
    m, c = int(max_moves), int(max_count)
    if m < 1 or c < 1 or m != max_moves or c != max_count:
        raise ValueError("the maximum moves per vehicle and count per move must be integers ≥ 1")
    if bounding not in BOUNDINGS:
        raise ValueError(f"unknown bounding {bounding!r}; choose one of {BOUNDINGS}")
    counts = vectors.counts.tocsr(copy=True)
    counts.eliminate_zeros()  # a stored zero is not a move: it must not take a sampling slot
    rows = np.repeat(np.arange(counts.shape[0]), np.diff(counts.indptr))
    if bounding == "trips":
        occ_rows = np.repeat(rows, counts.data)
        occ_cols = np.repeat(counts.indices, counts.data)
        keep = sample_per_user(occ_rows, m, rng)
        bounded = sp.csr_matrix((np.ones(int(keep.sum()), dtype=np.int64),
                                 (occ_rows[keep], occ_cols[keep])), shape=counts.shape)
        bounded.sum_duplicates()
        return bounded
    keep = sample_per_user(rows, m, rng)
    counts.data = np.where(keep, np.minimum(counts.data, c), 0)
    counts.eliminate_zeros()
    return counts


def central_sensitivity(max_moves: int, max_count: int, bounding: str) -> int:
    """Δ₁ of the bounded global vector under adding or removing one vehicle."""
    return int(max_moves) * (1 if bounding == "trips" else int(max_count))


def bounding_note(max_moves: int, max_count: int, bounding: str) -> str:
    if bounding == "trips":
        return (f"each vehicle keeps a uniformly random sample of ≤ {int(max_moves)} of its "
                f"move occurrences (repetitions counted), so adding or removing a vehicle "
                f"changes the global vector by ≤ {int(max_moves)} in L1")
    return (f"each vehicle keeps ≤ {int(max_moves)} distinct moves counted ≤ "
            f"{int(max_count)} times, so adding or removing a vehicle changes the global "
            f"vector by ≤ {central_sensitivity(max_moves, max_count, bounding)} in L1")


def release_central(vectors: FlowVectors, *, epsilon: float, rng: np.random.Generator,
                    max_moves: int, max_count: int = 1, noise: str = "discrete",
                    bounding: str = "trips", progress=None) -> Release:
    """Curator mode: bounded contributions, noise once on the global vector (ε-DP per vehicle)."""
    epsilon = check_epsilon(epsilon)
    if noise not in NOISES:
        raise ValueError(f"unknown noise {noise!r}; choose one of {NOISES}")
    # sampling on its own stream: same seed, same noise for neighbouring datasets
    bounded = bound_contributions(vectors, max_moves, max_count, sampling_stream(rng), bounding)
    report_progress(progress, 0.3)
    total = np.asarray(bounded.sum(axis=0)).ravel().astype(np.int64)
    sens = central_sensitivity(max_moves, max_count, bounding)
    if noise == "discrete":
        rel = mechanisms.discrete_laplace(total, sensitivity=sens, epsilon=epsilon, rng=rng,
                                          protects=UNIT_VEHICLE)
    else:
        rel = mechanisms.laplace(total, sensitivity=sens, epsilon=epsilon, rng=rng,
                                 protects=UNIT_VEHICLE)
    part = rel.cost.parts[0]
    cost = PrivacyCost((replace(
        part, mechanism=f"{part.mechanism} (central, once on the global vector)",
        unit_of_privacy=UNIT_NAMES[UNIT_VEHICLE],
        note=f"{part.note}; {bounding_note(max_moves, max_count, bounding)}"),))
    values = np.asarray(rel.values, dtype=float)
    negative = values[values < 0]
    report_progress(progress, 1.0)
    # one value's noise variance (public): discrete Laplace's std, or Laplace's 2b²
    variance = (rel.public["noise_std"] ** 2 if noise == "discrete"
                else 2.0 * rel.public["scale"] ** 2)
    warning = total_warning(float(values.sum()), float(values.sum()), values.size * variance,
                            word("moves between cells"))
    info = {"method": "central", "noise": noise, "bounding": bounding,
            "max_moves": int(max_moves), "l1_sensitivity": sens,
            "differentially_private": True, "leaks": "",
            "warnings": [warning] if warning else [],
            "negative_entries": int(negative.size),
            "negative_mean": float(negative.mean()) if negative.size else 0.0}
    if bounding == "distinct":
        info["max_count"] = int(max_count)
    return Release(values, cost, public=info, internal={
        "vehicles": int(vectors.n_vehicles),
        "moves": int(vectors.counts.sum()),
        "kept_fraction": float(bounded.sum() / max(vectors.counts.sum(), 1))})
