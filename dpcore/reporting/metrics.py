"""Utility metrics of a released density (Acs & Castelluccia §3.3 and §6.4).

Arrays are cells × slots: ``true`` the original counts, ``private`` the
released ones.

* MRE per cell: (1/n)·Σ_t |X̂_t − X_t| / max(γ, X_t), with the sanity bound
  γ = 0.1 % of the cell's series total (§3.3, after Xiao et al. 2011).
* Pearson correlation per cell between the two series (§3.3).
* EMD per slot (§6.4) between the spatial distributions of the slot (counts
  normalised to sum 1; negative released counts count as 0), with the
  Euclidean distance between cell centroids (metres) as ground distance.
  It is solved exactly as a transportation problem with POT's network
  simplex when ``ot`` is importable, else with scipy's HiGHS
  (``linprog``). Because the ground distance is a metric, mass present in
  both distributions stays in place in an optimal plan, so only the
  surplus cells (p > q) ship to the deficit cells (q > p): the problem
  solved is that smaller one, with the same optimum.

Cells (or slots) where a metric is undefined — a series of total 0 for
MRE, a constant series for PC, a slot without mass for EMD — give NaN;
:func:`summary` averages the defined values and counts the others.
"""
from __future__ import annotations

import numpy as np
import scipy.sparse as sp
from scipy.optimize import linprog

#: γ as a fraction of the series total (§3.3).
SANITY_FRACTION = 1e-3


def pot_module():
    """POT (optional: its exact network simplex is much faster than an LP), or None. Imported at
    the first transport, not with the plugin: it loads scipy.stats."""
    try:
        import ot
    except ImportError:  # depends on the environment
        return None
    return ot


def _pair(true, private) -> tuple:
    x = np.asarray(true, dtype=float)
    y = np.asarray(private, dtype=float)
    if x.shape != y.shape or x.ndim != 2:
        raise ValueError(f"true and private counts must be 2-D arrays of the same shape "
                         f"(cells × slots), got {x.shape} and {y.shape}")
    if not (np.all(np.isfinite(x)) and np.all(np.isfinite(y))):
        raise ValueError("counts must be finite")
    return x, y


def relative_errors(true, private, *, fraction: float = SANITY_FRACTION) -> np.ndarray:
    """|X̂_t − X_t| / max(γ, X_t) per cell and slot, γ = ``fraction`` of the cell's total."""
    x, y = _pair(true, private)
    gamma = fraction * x.sum(axis=1, keepdims=True)
    denom = np.maximum(gamma, x)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(denom > 0, np.abs(y - x) / denom, np.nan)


def mre(true, private, *, fraction: float = SANITY_FRACTION) -> np.ndarray:
    """Mean relative error of every cell's series (NaN for a cell whose total is 0)."""
    err = relative_errors(true, private, fraction=fraction)
    out = np.full(err.shape[0], np.nan)
    ok = ~np.isnan(err).any(axis=1)
    out[ok] = err[ok].mean(axis=1)
    return out


def pearson(true, private) -> np.ndarray:
    """Pearson correlation of every cell's true and private series (NaN if one is constant)."""
    x, y = _pair(true, private)
    xc = x - x.mean(axis=1, keepdims=True)
    yc = y - y.mean(axis=1, keepdims=True)
    denom = np.sqrt((xc ** 2).sum(axis=1) * (yc ** 2).sum(axis=1))
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(denom > 0, (xc * yc).sum(axis=1) / denom, np.nan)


def transport_cost(supply, demand, cost) -> float:
    """Exact min Σ f_ij·cost_ij with row sums ``supply`` and column sums ``demand`` (equal totals)."""
    a = np.asarray(supply, dtype=float)
    b = np.asarray(demand, dtype=float)
    c = np.asarray(cost, dtype=float)
    if a.size == 0 or b.size == 0:
        return 0.0
    mass = a.sum()
    if not mass > 0:
        return 0.0
    a, b = a / mass, b / b.sum()       # unit totals: equal up to rounding, well scaled
    ot = pot_module()
    if ot is not None:
        return mass * float(ot.emd2(a, b, c, numItermax=10_000_000))
    n_a, n_b = c.shape
    rows = np.concatenate([np.repeat(np.arange(n_a), n_b), n_a + np.tile(np.arange(n_b), n_a)])
    cols = np.concatenate([np.arange(n_a * n_b), np.arange(n_a * n_b)])
    a_eq = sp.csr_matrix((np.ones(rows.size), (rows, cols)), shape=(n_a + n_b, n_a * n_b))
    res = linprog(c.ravel(), A_eq=a_eq, b_eq=np.concatenate([a, b]), bounds=(0, None),
                  method="highs")
    if res.status != 0:
        raise RuntimeError(f"EMD transport problem failed: {res.message}")
    return mass * float(res.fun)


def emd(true, private, centroids, *, slots=None) -> np.ndarray:
    """EMD (metres) between the normalised spatial distributions of every slot (§6.4).

    ``centroids`` are the cells' centres (cells × 2, metres). ``slots``
    restricts the computation to some slot indices (default: all); the
    result has one value per computed slot.
    """
    x, y = _pair(true, private)
    xy = np.asarray(centroids, dtype=float)
    if xy.shape != (x.shape[0], 2):
        raise ValueError(f"centroids must have shape ({x.shape[0]}, 2), got {xy.shape}")
    y = np.clip(y, 0.0, None)
    idx = np.arange(x.shape[1]) if slots is None else np.asarray(slots, dtype=np.intp)
    out = np.full(idx.size, np.nan)
    for j, t in enumerate(idx):
        sx, sy = x[:, t].sum(), y[:, t].sum()
        if sx <= 0 or sy <= 0:
            continue
        diff = x[:, t] / sx - y[:, t] / sy
        src, dst = np.flatnonzero(diff > 0), np.flatnonzero(diff < 0)
        cost = np.hypot(xy[src, None, 0] - xy[None, dst, 0], xy[src, None, 1] - xy[None, dst, 1])
        out[j] = transport_cost(diff[src], -diff[dst], cost)
    return out


def _nanmean(values, axis=None):
    """Mean of the defined (non-NaN) values; NaN without a warning when there are none."""
    v = np.asarray(values, dtype=float)
    n = (~np.isnan(v)).sum(axis=axis)
    total = np.nansum(v, axis=axis)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(n > 0, total / np.maximum(n, 1), np.nan)


def summary(true, private, centroids=None, *, emd_slots=None,
            fraction: float = SANITY_FRACTION) -> dict:
    """Per-cell MRE and PC, per-slot mean relative error and EMD, and their means."""
    cell_mre = mre(true, private, fraction=fraction)
    cell_pc = pearson(true, private)
    slot_err = _nanmean(relative_errors(true, private, fraction=fraction), axis=0)
    out = {"mre": cell_mre, "pc": cell_pc, "relative_error_by_slot": slot_err,
           "mean_mre": float(_nanmean(cell_mre)), "mean_pc": float(_nanmean(cell_pc)),
           "undefined_mre": int(np.isnan(cell_mre).sum()),
           "undefined_pc": int(np.isnan(cell_pc).sum())}
    if centroids is not None:
        slot_emd = emd(true, private, centroids, slots=emd_slots)
        out.update(emd=slot_emd, mean_emd=float(_nanmean(slot_emd)),
                   undefined_emd=int(np.isnan(slot_emd).sum()))
    return out
