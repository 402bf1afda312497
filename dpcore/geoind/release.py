"""Release functions of the geo-indistinguishability stage.

:func:`perturb_points` perturbs each point with planar Laplace (Andrés et
al. 2013) or a grid mechanism of Alvim et al. (discretised Laplace,
geometric, k-RR; see :mod:`.grid`). The unit of privacy is one reported
point, with ε per metre: two true locations d metres apart give report
distributions within a factor e^{ε·d}. When a user id is given, the m points
of one user compose sequentially to m·ε per metre (the cost says so), unless
one random point per user is kept.

:func:`estimate_distribution` turns reports into an estimated distribution
over a grid by IBU (:mod:`.ibu`); it is post-processing and spends nothing.
"""
from __future__ import annotations

import numpy as np

from ..privacy import PrivacyCost, Release, check_epsilon, report_progress
from .grid import Grid, make_channel
from .ibu import (clip_to_simplex, iterative_bayesian_update, matrix_inversion,
                  report_histogram)
from .planar import guarantee_facts, planar_laplace_noise, remap_to_region

PERTURB_MECHANISMS = ("planar_laplace", "laplace", "geometric", "krr")


def perturb_points(xy, *, epsilon: float, rng: np.random.Generator, delta: float = 0.0,
                   progress=None, mechanism: str = "planar_laplace", grid: Grid = None,
                   boundary: str = "remap", region=None, user_ids=None,
                   one_per_user: bool = False) -> Release:
    """Geo-indistinguishable reports of the points ``xy`` (metres, shape (n, 2)).

    ``epsilon`` is per metre (unitless for ``"krr"``). ``region`` (planar
    Laplace only) remaps reports outside that polygon to its nearest point.
    Grid mechanisms snap each true point to its cell of ``grid`` (points
    outside the grid to the nearest cell) and report a cell centre.
    ``values`` are the reported points; ``info["kept"]`` the input rows they
    belong to (all rows unless ``one_per_user``).
    """
    epsilon = check_epsilon(epsilon)
    if delta != 0.0:
        raise ValueError("geo-indistinguishability is pure: delta must be 0")
    if mechanism not in PERTURB_MECHANISMS:
        raise ValueError(f"unknown mechanism {mechanism!r}; use one of {PERTURB_MECHANISMS}")
    xy = np.asarray(xy, dtype=float)
    if xy.ndim != 2 or xy.shape[1] != 2:
        raise ValueError("points must be an array of shape (n, 2)")
    if not np.all(np.isfinite(xy)):
        raise ValueError("point coordinates must be finite")
    if mechanism != "planar_laplace" and grid is None:
        raise ValueError(f"the {mechanism} mechanism needs a grid")
    if region is not None and mechanism != "planar_laplace":
        raise ValueError("remapping to a study area applies to planar Laplace only")

    kept, times, protects = _privacy_unit(len(xy), user_ids, one_per_user, rng)
    points = xy[kept]
    report_progress(progress, 0.1)
    info = {"mechanism": mechanism, "epsilon": epsilon, "kept": kept, "composed_points": times}
    internal = {}
    if mechanism == "planar_laplace":
        reported = points + planar_laplace_noise(len(points), epsilon, rng)
        if region is not None:
            reported = remap_to_region(reported, region)
        cost = PrivacyCost.of(
            "planar Laplace", times * epsilon, protects=protects,
            note=f"ε per metre (e^(ε·d) for locations d metres apart), ε={epsilon:.6g}/m × "
                 f"{times} point(s); radius ~ Gamma(2, 1/ε), uniform angle"
                 + ("; reports remapped to the study area (post-processing)" if region is not None
                    else ""))
        info["facts"] = guarantee_facts(epsilon)
    else:
        channel = make_channel(mechanism, grid, epsilon, boundary)
        true_cells, outside = grid.cell_of(points)
        internal["true_cells"], internal["outside_grid"] = true_cells, int(outside.sum())
        reported_cells = channel.sample(true_cells, rng)
        reported = grid.centers()[reported_cells]
        info["reported_cells"] = reported_cells
        cost = channel.cost(protects, times)
        if mechanism != "krr":
            info["facts"] = guarantee_facts(channel.guarantee())
    report_progress(progress, 1.0)
    return Release(reported, cost, info=info, internal=internal)


def planned_epsilon(epsilon: float, *, mechanism: str = "planar_laplace",
                    boundary: str = "remap", user_ids=None, one_per_user: bool = False) -> float:
    """The ε :func:`perturb_points` will spend, known before any noise is drawn (for a ledger)."""
    epsilon = check_epsilon(epsilon)
    doubled = mechanism in ("laplace", "geometric") and boundary == "renormalise"
    m = 1
    if user_ids is not None and not one_per_user:
        m = int(np.unique(np.asarray(user_ids).astype(str), return_counts=True)[1].max())
    return (2.0 if doubled else 1.0) * m * epsilon


def _privacy_unit(n: int, user_ids, one_per_user: bool, rng) -> tuple:
    """(rows kept, points composed per protected unit, description of the unit)."""
    if n == 0:
        raise ValueError("there are no points to perturb")
    if user_ids is None:
        if one_per_user:
            raise ValueError("keeping one point per user needs a user id")
        return np.arange(n), 1, "one reported point"
    ids = np.asarray(user_ids)
    if ids.shape != (n,):
        raise ValueError("need one user id per point")
    _, inverse, counts = np.unique(ids.astype(str), return_inverse=True, return_counts=True)
    if one_per_user:
        order = rng.permutation(n)       # a uniformly random point of each user
        _, first = np.unique(inverse[order], return_index=True)
        return np.sort(order[first]), 1, "one user (one random point kept per user)"
    m = int(counts.max())
    return (np.arange(n), m,
            f"one user: up to {m} points per user compose to {m}·ε")


def estimate_distribution(reports_xy, *, grid: Grid, mechanism: str, epsilon: float,
                          boundary: str = "remap", iterations: int = 200, tol: float = 1e-9,
                          progress=None) -> Release:
    """IBU estimate of the true distribution over ``grid`` from reported points.

    ``mechanism`` is the one that produced the reports; continuous planar
    Laplace reports are binned to the grid (outside ones to the nearest
    cell) and modelled by the discretised Laplace channel, i.e. true points
    at cell centres (Alvim et al. §IV-A). ``values`` is the estimated
    probability per cell; ``info`` adds the raw histogram of the reports
    and, for k-RR, the matrix-inversion baseline. Spends no privacy.
    """
    if mechanism not in PERTURB_MECHANISMS:
        raise ValueError(f"unknown mechanism {mechanism!r}; use one of {PERTURB_MECHANISMS}")
    reports_xy = np.asarray(reports_xy, dtype=float).reshape(-1, 2)
    if len(reports_xy) == 0:
        raise ValueError("there are no reported points")
    if mechanism == "planar_laplace":   # reports outside the grid are binned to the nearest cell
        channel = make_channel("laplace", grid, epsilon, "remap")
    else:
        channel = make_channel(mechanism, grid, epsilon, boundary)
    cells, outside = grid.cell_of(reports_xy)
    counts = report_histogram(cells, grid.size)
    theta, done = iterative_bayesian_update(
        counts, channel, iterations=iterations, tol=tol,
        progress=None if progress is None else (lambda f: report_progress(progress, f)))
    info = {"iterations": done, "reports": int(len(cells)), "reports_outside_grid": int(outside.sum()),
            "raw_histogram": counts / counts.sum(), "channel": channel.name,
            "expected_counts": theta * len(cells)}
    if mechanism == "krr":
        info["matrix_inversion"] = matrix_inversion(counts, channel)
        info["matrix_inversion_clipped"] = clip_to_simplex(info["matrix_inversion"])
    return Release(theta, PrivacyCost(), info=info)
