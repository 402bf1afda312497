"""Consistency post-processing (Chen et al. Alg. 3).

Rounds a noisy histogram sequence to integers, sets negative cells to 0 and
takes the same number of units back from positive cells chosen uniformly at
random (a cell at a time, as Alg. 3 does), so every timestamp keeps its
rounded noisy total (or becomes all zero when that total is not positive).
Post-processing of a DP release, so it costs no privacy; it applies to the
output of every method here and to any other count release (e.g. stage 3a's
density).
"""
from __future__ import annotations

import numpy as np


def _take_back(row: np.ndarray, debt: int, rng: np.random.Generator) -> None:
    """Remove ``debt`` units from ``row`` (non-negative ints), in place.

    Alg. 3 draws a cell uniformly and decrements it if positive, until the
    debt is paid. Draws that hit a positive cell are uniform over the
    positive cells, so we draw them in batches (a multinomial over the
    positive cells); draws beyond a cell's count are the ones Alg. 3 would
    have rejected, and are drawn again. The result has Alg. 3's exact
    distribution without a Python loop per unit.
    """
    while debt > 0:
        positive = np.flatnonzero(row > 0)
        if positive.size == 0:
            return
        hits = rng.multinomial(debt, np.full(positive.size, 1.0 / positive.size))
        taken = np.minimum(hits, row[positive])
        row[positive] -= taken
        debt -= int(taken.sum())


def consistency_postprocess(noisy, *, rng: np.random.Generator) -> np.ndarray:
    """Alg. 3 on ``noisy`` of shape ``(n_slots, n_cells)`` (or one histogram).

    Returns non-negative int64 counts of the same shape; each row sums to
    the sum of its rounded input when that sum is positive, else to 0.
    """
    values = np.asarray(noisy, dtype=float)
    if not np.all(np.isfinite(values)):
        raise ValueError("noisy counts must be finite numbers")
    single = values.ndim == 1
    out = np.rint(np.atleast_2d(values)).astype(np.int64)
    if out.ndim != 2:
        raise ValueError("noisy counts must be a 1-D histogram or a 2-D (slot, cell) array")
    for row in out:
        negative = row < 0
        debt = int(-row[negative].sum())
        row[negative] = 0
        _take_back(row, debt, rng)
    return out[0] if single else out
