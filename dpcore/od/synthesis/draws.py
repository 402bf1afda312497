"""Random draws shared by the two trip generators (trips drawn one by one in :mod:`.generate`,
walked chains in :mod:`.chains`). Post-processing of the released model: no privacy cost."""
from __future__ import annotations

import numpy as np

from . import parts as P


def draw(weights, size, rng) -> np.ndarray:
    """``size`` indices drawn in proportion to ``weights`` (flattened; need not sum to 1)."""
    cum = np.cumsum(np.ravel(weights))
    return np.minimum(np.searchsorted(cum, rng.random(size) * cum[-1], side="right"),
                      cum.size - 1)


def draw_quota(weights, size, rng) -> np.ndarray:
    """``size`` indices whose counts follow ``weights`` to within 1 (systematic sampling:
    one uniform offset, ``size`` evenly spaced points on the cumulative weights; Madow 1949),
    in a random order. The released law then reaches the output without the multinomial
    noise of :func:`draw` (JS ≈ 0.009 between a uniform law and 500 trips drawn from it)."""
    cum = np.cumsum(np.ravel(weights))
    points = (rng.random() + np.arange(size)) / max(size, 1) * cum[-1]
    index = np.minimum(np.searchsorted(cum, points, side="right"), cum.size - 1)
    return rng.permutation(index)


def uniform_in_bin(index, edges, top, rng) -> np.ndarray:
    """A uniform value inside bin ``index`` of ``edges`` (the last bin ends at ``top``)."""
    lo = np.asarray(edges, dtype=float)[index]
    hi = np.append(np.asarray(edges, dtype=float)[1:], top)[index]
    return lo + rng.random(index.size) * (hi - lo)


def class_rows(table: np.ndarray, cls) -> np.ndarray:
    """The row of ``table`` each trip draws from: its class where the table is conditioned on
    one (more than one row), else row 0."""
    return cls if table.shape[0] > 1 else np.zeros(np.size(cls), dtype=np.int64)


def with_travel(model, dclass, start, window, rng) -> tuple:
    """(start, end): a travel time drawn per trip from its distance class's 5-minute bins,
    the start moved so that the trip ends inside ``window``."""
    w0, w1 = (float(v) for v in window)
    row = class_rows(model.travel_time, dclass)
    tbin = np.empty(row.size, dtype=np.int64)
    for r in np.unique(row):
        sel = np.flatnonzero(row == r)
        tbin[sel] = draw(model.travel_time[r], sel.size, rng)
    travel = uniform_in_bin(tbin, P.TRAVEL_EDGES_MIN, 180.0, rng) * 60.0
    start = np.clip(start, w0, np.maximum(w1 - travel, w0))
    return start, start + travel
