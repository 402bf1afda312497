"""Estimating the true distribution from perturbed reports (Alvim et al. §II).

:func:`iterative_bayesian_update` is the EM / Iterative Bayesian Update of
Agrawal, Srikant & Thomas (SIGMOD 2005), the estimator Alvim et al. use:
θ ← θ · Cᵀ(f / (θ·C)) with f the empirical distribution of the reports. Its
fixed point is the maximum-likelihood estimate in the probability simplex.
The channel is applied through its ``forward`` / ``backward`` operators, so
translation-invariant channels cost two FFT convolutions per iteration
instead of a dense |X|² product (see :mod:`.grid_channels`).

Baselines: the raw histogram of the reports, and matrix inversion
(θ = f·C⁻¹, closed form for k-RR), which can leave the simplex.
Estimation is post-processing of the reports: it spends no privacy.
"""
from __future__ import annotations

import numpy as np

from ..reporting.progress import report_progress


def report_histogram(cells, size: int) -> np.ndarray:
    """Counts of reports per cell."""
    cells = np.asarray(cells, dtype=np.int64)
    if cells.size and (cells.min() < 0 or cells.max() >= size):
        raise ValueError(f"report cells must be in [0, {size})")
    return np.bincount(cells, minlength=size).astype(float)


def iterative_bayesian_update(counts, channel, *, iterations: int = 200, tol: float = 1e-9,
                              progress=None) -> tuple:
    """EM estimate of the true distribution over the channel's input cells.

    ``counts`` are the report counts per output cell. Stops after
    ``iterations`` steps or when the L1 change of θ falls below ``tol``.
    Returns (θ, number of iterations run).
    """
    counts = np.asarray(counts, dtype=float)
    total = counts.sum()
    if counts.ndim != 1 or counts.size != channel.grid.size:
        raise ValueError(f"need one count per grid cell ({channel.grid.size})")
    if np.any(counts < 0) or not total > 0:
        raise ValueError("IBU needs non-negative report counts with at least one report")
    if int(iterations) < 1:
        raise ValueError("iterations must be at least 1")
    f = counts / total
    theta = np.full(counts.size, 1.0 / counts.size)
    done = 0
    for done in range(1, int(iterations) + 1):
        q = channel.forward(theta)
        ratio = np.divide(f, q, out=np.zeros_like(f), where=q > 0)
        new = theta * channel.backward(ratio)
        new /= new.sum()
        change = np.abs(new - theta).sum()
        theta = new
        report_progress(progress, done / iterations)
        if change < tol:
            break
    return theta, done


def matrix_inversion(counts, channel) -> np.ndarray:
    """θ solving θ·C = f (may be negative): closed form for k-RR, dense solve otherwise."""
    counts = np.asarray(counts, dtype=float)
    f = counts / counts.sum()
    if channel.mechanism == "krr":
        return (f - channel.other) / (channel.keep - channel.other)
    return np.linalg.solve(channel.dense().T, f)


def clip_to_simplex(v) -> np.ndarray:
    """Negative entries set to 0, then rescaled to sum 1 (the usual fix for matrix inversion)."""
    v = np.maximum(np.asarray(v, dtype=float), 0.0)
    s = v.sum()
    if not s > 0:
        return np.full(v.size, 1.0 / v.size)
    return v / s
