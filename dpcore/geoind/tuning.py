"""Tuning ε to a common expected distance, and the expected utility loss.

Alvim et al. §III, Eq. 2: two mechanisms give the same protection when the
expected distance between the true and the reported cell,
Σ_{x,y} π(x)·C[x, y]·d(x, y), is the same; :func:`tune_epsilon` finds the ε
of a grid mechanism that reaches a target expected distance by root finding
(Brent's method on log ε; the expected distance decreases with ε).

§VI, Eq. 3: the utility loss is the expected Kantorovich (earth mover's)
distance between the IBU estimate π̂ and the true distribution π, with the
distance between cell centres as ground distance. :func:`emd` solves the
transport problem exactly (linear programme, HiGHS).
"""
from __future__ import annotations

import math

import numpy as np
from scipy import optimize, sparse

from .grid import Grid
from .grid_channels import make_channel


def expected_distance(channel, prior) -> float:
    """Σ_x π(x) Σ_y C[x, y]·d(x, y) in metres, computed one grid row at a time."""
    grid = channel.grid
    prior = _check_distribution(prior, grid.size, "prior")
    total = 0.0
    for row in range(grid.ny):
        cells = row * grid.nx + np.arange(grid.nx)
        weights = prior[cells]
        if not weights.any():
            continue
        per_cell = (channel.row_block(row) * grid.distances_from(cells)).sum(axis=1)
        total += float(weights @ per_cell)
    return total


def tune_epsilon(mechanism: str, target_expected_distance: float, prior, grid: Grid,
                 boundary: str = "remap") -> float:
    """The ε of ``mechanism`` on ``grid`` whose expected distance under ``prior`` is the target.

    ε is per metre for ``"laplace"`` and ``"geometric"``, unitless for ``"krr"``.
    """
    target = float(target_expected_distance)
    if not (target > 0 and math.isfinite(target)):
        raise ValueError(f"target expected distance must be a positive number of metres, got {target}")
    prior = _check_distribution(prior, grid.size, "prior")
    def gap(log_eps: float) -> float:
        return expected_distance(make_channel(mechanism, grid, math.exp(log_eps), boundary),
                                 prior) - target

    # Bracket the root by doubling outwards from a start value: the continuous
    # planar Laplace ε = 2/target, or ε = 1 for k-RR.
    start = 0.0 if mechanism == "krr" else math.log(2.0 / target)
    lo = hi = start
    try:
        while gap(lo) < 0:
            lo -= math.log(2.0)
            if lo < start - 40:
                raise ValueError
        while gap(hi) > 0:
            hi += math.log(2.0)
            if hi > start + 40:
                raise ValueError
    except ValueError as exc:
        raise ValueError(f"no ε of {mechanism} gives an expected distance of {target:g} m "
                         f"on this grid") from exc
    return math.exp(optimize.brentq(gap, lo, hi, xtol=1e-12, rtol=1e-12))


def emd(p, q, grid: Grid) -> float:
    """Exact earth mover's distance (metres) between two distributions on the grid's cells.

    Mass common to both stays put at zero cost, so only the surplus of p is
    transported to the surplus of q (exact for a metric ground distance);
    the transport LP is solved with HiGHS (about 1 s for two dense
    distributions on 30 × 30 cells).
    """
    p = _check_distribution(p, grid.size, "p")
    q = _check_distribution(q, grid.size, "q")
    diff = p - q
    # Surpluses below 1e-13 are dropped (they change the result by less than
    # 1e-13 × the grid diameter) because the LP solver's tolerances cannot
    # handle them; the problem is solved for a unit total surplus.
    src, dst = np.flatnonzero(diff > 1e-13), np.flatnonzero(diff < -1e-13)
    if src.size == 0 or dst.size == 0:
        return 0.0
    scale = diff[src].sum()
    supply, demand = diff[src] / scale, -diff[dst]
    demand /= demand.sum()
    cost = grid.distances_from(src)[:, dst].ravel()
    m, k = src.size, dst.size
    # The last demand constraint is implied by the others (equal totals); HiGHS
    # can declare the full, rank-deficient system infeasible, so it is dropped.
    a_eq = sparse.vstack([sparse.kron(sparse.identity(m), np.ones((1, k))),
                          sparse.kron(np.ones((1, m)), sparse.identity(k))]).tocsr()[:-1]
    res = optimize.linprog(cost, A_eq=a_eq, b_eq=np.r_[supply, demand][:-1], bounds=(0, None),
                           method="highs")
    if res.status != 0:
        raise ValueError(f"the transport problem failed: {res.message}")
    return float(res.fun) * scale


def _check_distribution(p, size: int, name: str) -> np.ndarray:
    p = np.asarray(p, dtype=float).ravel()
    if p.size != size:
        raise ValueError(f"{name} needs one value per grid cell ({size}), got {p.size}")
    if np.any(p < 0) or not np.all(np.isfinite(p)) or not p.sum() > 0:
        raise ValueError(f"{name} must be non-negative with a positive sum")
    return p / p.sum()
