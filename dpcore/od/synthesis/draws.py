"""Random draws shared by the two trip generators (trips drawn one by one in :mod:`.generate`,
walked chains in :mod:`.chains`). Post-processing of the released model: no privacy cost.

Systematic sampling (Madow 1949) takes the multinomial noise of independent draws out of the
counts that the synthetic trips are read by: :func:`draw_quota` for one law (the people's home
and main-end zone pairs, the hours of a class), :func:`balanced_clocks` for the start hours of
the trips leaving each zone, whose law is the model's and the walk's (a tour's trips take
their day's clocks in time order), known only by drawing it."""
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


def clock_order(key, clock) -> np.ndarray:
    """The order of the trips by ``key`` (an integer, e.g. a person's day or a zone), then
    by ``clock`` (seconds of the day, in [0, 86 400)): one stable sort of key · 86 400 + clock,
    the order ``np.lexsort((clock, key))`` gives in a tenth of its time on a million trips."""
    return np.argsort(np.asarray(key, dtype=float) * 86400.0 + clock, kind="stable")


def class_clocks(start_hour, row, rng) -> np.ndarray:
    """One clock (seconds of the day) per trip: an hour of the law of its ``row`` of
    ``start_hour`` (:func:`draw_quota` per row) and a uniform second."""
    clock = np.empty(np.size(row))
    for r in np.unique(row):
        sel = np.flatnonzero(row == r)
        clock[sel] = (draw_quota(start_hour[r], sel.size, rng) + rng.random(sel.size)) * 3600.0
    return clock


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


#: Independent draws of the start clocks whose mean law per origin zone :func:`balanced_clocks`
#: samples from: its Monte Carlo variance is 1/16 of one draw's multinomial noise.
BALANCE_DRAWS = 16


def balanced_clocks(draw_clocks, zone, rng, draws: int = BALANCE_DRAWS) -> np.ndarray:
    """Clocks (seconds of the day) of trips whose hours leaving each zone follow their law to
    within 1: ``draw_clocks()`` draws one clock per trip (any joint law, e.g. the walked tours'
    sorted clocks); the law of each zone's hours is estimated by the mean of ``draws`` such
    draws, each zone's hours are a systematic sample of it (one uniform offset per zone: every
    hour gets the floor or the ceiling of its expected count; Madow 1949), given to the zone's
    trips in the order of one draw's clocks, each trip keeping that draw's minute and second
    (so a trip keeps its hour wherever its zone's counts agree with the draw). Without it one
    draw's hours per zone carry multinomial noise of the size of the counts of a fine tiling
    (~10 trips per zone and hour on 1 km squares)."""
    zone = np.asarray(zone, dtype=np.int64)
    first = np.asarray(draw_clocks(), dtype=float)
    hour = np.clip(np.floor(first / 3600.0).astype(np.int64), 0, 23)
    zones = int(zone.max()) + 1 if zone.size else 0
    table = np.bincount(zone * 24 + hour, minlength=zones * 24).astype(float)
    for _ in range(draws - 1):
        h = np.clip(np.floor(np.asarray(draw_clocks()) / 3600.0).astype(np.int64), 0, 23)
        table += np.bincount(zone * 24 + h, minlength=zones * 24)
    order = clock_order(zone, first)            # by zone, then the first draw's clock
    start = np.cumsum(np.bincount(zone, minlength=zones)) - np.bincount(zone, minlength=zones)
    # each zone's row of expected counts sums to its trips: its cumulative row, shifted by the
    # zone's first position in ``order``, is one increasing sequence searched at p + offset
    cum = np.cumsum(table.reshape(zones, 24) / draws, axis=1) + start[:, None]
    cum[:, -1] = start + np.bincount(zone, minlength=zones)   # exact row sums
    points = np.arange(zone.size) + rng.random(zones)[zone[order]]
    picked = np.searchsorted(cum.ravel(), points, side="right") - zone[order] * 24
    out = np.empty(zone.size)
    out[order] = np.clip(picked, 0, 23) * 3600.0 + np.mod(first[order], 3600.0)
    return out
