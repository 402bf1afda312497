"""Gaps between visits of cells that are not adjacent, bridged by interpolation (Pratesi 2012
§3.1, last paragraph).

Consecutive visits of cells that are *not* adjacent (a GPS gap) are bridged along the straight
segment from the last point in ``c_i`` to the first point in ``c_j``: the segment is sampled
every 0.1·√(median cell area) and the cells of the samples, in order, give the moves, each
timed by linear interpolation where the segment leaves the cell (to within half a sampling
step). Where two consecutive samples fall in cells that are not adjacent, that gap is sampled
again 8 and 64 times finer (at most 4,096 samples); a gap still not bridged by adjacent cells
(the segment leaves the territory or passes exactly through a corner) yields no move. A cell
whose corner the segment clips along a chord shorter than the step, between two cells that
are adjacent, can be missed: on a test day of 185,000 points this lost 1.8 % of the moves that
exact segment–polygon intersection finds, which took 33 s instead of 2 s on shapely 1.8.
"""
from __future__ import annotations

import numpy as np

from ..geometry.shapes import areas
from .cells import Cells

#: Gap segments are sampled every STEP·√(median cell area); where two
#: consecutive located samples fall in cells that are not adjacent, the gap
#: is sampled again REFINE times, each 8 times finer, but never with more
#: than MAX_SAMPLES points (longer gaps then stay unbridged).
STEP = 0.1
REFINE = 2
MAX_SAMPLES = 4096


def _bridge(cells: Cells, keys: np.ndarray, seg_xy: np.ndarray, a: np.ndarray, b: np.ndarray,
            step: float) -> tuple:
    """Cells crossed by each gap segment, by sampling it (the thesis's interpolation, §3.1).

    Returns flat arrays ``(gap, cell, exit)``: for every gap bridged by a
    chain of adjacent cells from a[g] to b[g], its cells in order with the
    fraction of the segment where it leaves each. Samples outside every
    cell (or on a boundary, with shapely 1.8) are skipped: a segment that
    leaves the territory then joins two cells that are not adjacent.
    """
    out = []
    todo = np.arange(len(seg_xy))
    for _ in range(REFINE + 1):
        length = np.hypot(seg_xy[todo, 2] - seg_xy[todo, 0], seg_xy[todo, 3] - seg_xy[todo, 1])
        count = np.ceil(length / step).astype(np.int64) + 1
        todo, count = todo[count <= MAX_SAMPLES], count[count <= MAX_SAMPLES]
        if todo.size == 0:
            break
        gap = np.repeat(np.arange(todo.size), count)
        first = np.cumsum(count) - count
        frac = (np.arange(gap.size) - first[gap]) / (count[gap] - 1)
        xy = seg_xy[todo[gap], :2] + frac[:, None] * (seg_xy[todo[gap], 2:] - seg_xy[todo[gap], :2])
        cell = cells.locate(xy[:, 0], xy[:, 1], boundary=False)
        cell[first] = a[todo]                 # the endpoints' cells are known
        cell[first + count - 1] = b[todo]
        located = cell >= 0
        gap, cell, frac = gap[located], cell[located], frac[located]
        run = np.flatnonzero(np.r_[True, (gap[1:] != gap[:-1]) | (cell[1:] != cell[:-1])])
        r_gap, r_cell = gap[run], cell[run]
        r_exit = np.r_[(frac[run[1:] - 1] + frac[run[1:]]) / 2, 1.0]  # between the samples
        inner = r_gap[1:] == r_gap[:-1]
        pair_ok = np.isin(r_cell[:-1] * cells.n + r_cell[1:], keys)
        bad = np.zeros(todo.size, dtype=bool)
        bad[r_gap[:-1][inner & ~pair_ok]] = True
        keep = ~bad[r_gap]
        out.append((todo[r_gap[keep]], r_cell[keep], r_exit[keep]))
        todo = todo[bad]
        step /= 8
    gap, cell, exit_ = ((np.concatenate(col) for col in zip(*out)) if out else
        (np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64), np.zeros(0)))
    order = np.argsort(gap, kind="stable")
    return gap[order], cell[order], exit_[order]


def bridged_moves(cells: Cells, keys: np.ndarray, seg_xy: np.ndarray, a: np.ndarray,
                  b: np.ndarray, t0: np.ndarray, t1: np.ndarray, t_end: np.ndarray) -> tuple:
    """The moves across gap g, from cell a[g] (its last point at t0[g]) to cell b[g] (its first
    point at t1[g], its last at t_end[g]) along the segment ``seg_xy[g]`` (x0, y0, x1, y1);
    ``keys``: the sorted adjacent pairs (origin · n + dest). Returns the moves as columns
    (gap, step along the gap, origin, dest, t_origin, t_dest), or None when no gap is bridged,
    and the number of gaps bridged."""
    step = STEP * float(np.sqrt(np.median(areas(cells.polygons))))
    gap, path, leave = _bridge(cells, keys, seg_xy, a, b, step)
    if not gap.size:
        return None, 0
    t_leave = t0[gap] + (t1 - t0)[gap] * leave
    head = np.r_[True, gap[1:] != gap[:-1]]           # each path starts in a ...
    t_leave[head] = t0[gap[head]]                     # ... whose last fix is at t0
    tail = np.r_[gap[1:] != gap[:-1], True]           # ... and ends in b
    t_leave[tail] = t_end[gap[tail]]
    step_in = np.arange(gap.size) - np.flatnonzero(head)[np.cumsum(head) - 1]
    link = ~tail
    return ((gap[link], step_in[link], path[link], path[1:][link[:-1]], t_leave[link],
             t_leave[1:][link[:-1]]), int(head.sum()))
