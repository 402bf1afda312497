"""The estimated distribution of geo-indistinguishable reports over a grid (post-processing).

:func:`estimate_distribution` turns the reports of :func:`.release.perturb_points` into an
estimated distribution of the true points over a grid by Iterative Bayesian Update (Alvim et
al. §II, :mod:`.ibu`), through the channel of the mechanism that made them. It reads only the
reports and public parameters, so it spends nothing.
"""
from __future__ import annotations

import numpy as np

from ..accounting.contract import Release
from ..accounting.costs import PrivacyCost
from ..reporting.progress import report_progress
from .grid import Grid
from .grid_channels import make_channel
from .ibu import clip_to_simplex, iterative_bayesian_update, matrix_inversion, report_histogram
from .release import PERTURB_MECHANISMS


def estimate_distribution(reports_xy, *, grid: Grid, mechanism: str, epsilon: float,
                          boundary: str = "remap", iterations: int = 200, tol: float = 1e-9,
                          progress=None) -> Release:
    """IBU estimate of the true distribution over ``grid`` from reported points.

    ``mechanism`` is the one that produced the reports; continuous planar
    Laplace reports are binned to the grid (outside ones to the nearest
    cell) and modelled by the discretised Laplace channel, i.e. true points
    at cell centres (Alvim et al. §IV-A). ``values`` is the estimated
    probability per cell; ``info`` adds the raw histogram of the reports
    and, for k-RR, the matrix-inversion baseline; for grid mechanisms
    ``reports_off_centre`` counts reports farther than 1 % of a cell from a
    cell centre (a sign that they were made on another grid). Spends no
    privacy.
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
    info = {"iterations": done, "reports": int(len(cells)),
            "reports_outside_grid": int(outside.sum()),
            "raw_histogram": counts / counts.sum(), "channel": channel.name,
            "expected_counts": theta * len(cells)}
    if mechanism != "planar_laplace":   # grid reports are cell centres of the grid they used
        offset = np.abs(grid.centers()[cells] - reports_xy).max(axis=1)
        info["reports_off_centre"] = int((offset > 0.01 * grid.cell).sum())
    if mechanism == "krr":
        info["matrix_inversion"] = matrix_inversion(counts, channel)
        info["matrix_inversion_clipped"] = clip_to_simplex(info["matrix_inversion"])
    return Release(theta, PrivacyCost(), public=info)
