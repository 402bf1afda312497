"""Trajectory generalisation into moves between adjacent cells (Pratesi 2012 §4.2.1).

Place-based segmentation: a trajectory's points are located in the cells;
consecutive points in the same cell form one *visit*; two consecutive
visits give the temporally annotated move ``(c_i, c_j, t_i, t_j)`` where
``t_i`` is the time of the last position in ``c_i`` (Def. 3.1.2).
A trajectory that never leaves its first cell has no move: it is dropped
and counted.

Consecutive visits of cells that are *not* adjacent (a GPS gap, §3.1 last
paragraph) are bridged by interpolation along the straight segment from
the last point in ``c_i`` to the first point in ``c_j``: the cells that
segment crosses, in order, with times interpolated linearly at the point
where it leaves each cell. A gap that cannot be bridged by adjacent cells
(the segment leaves the territory or crosses a corner exactly) yields no
move and is counted. Points outside every cell are dropped and counted.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely.geometry import LineString

from ..geometry import SHAPELY2, intersecting_pairs, intersections
from ..privacy import report_progress
from .cells import Cells, locate_points


@dataclass
class Moves:
    """All generalised moves, one row per move, ordered by trajectory and time."""

    vehicle: np.ndarray      # vehicle code 0..K-1 of each move
    trajectory: np.ndarray   # trajectory code of each move
    origin: np.ndarray
    dest: np.ndarray
    t_origin: np.ndarray
    t_dest: np.ndarray
    vehicle_ids: np.ndarray  # label of each vehicle code (every vehicle of the input)
    stats: dict = field(default_factory=dict)

    @property
    def n_vehicles(self) -> int:
        return len(self.vehicle_ids)


def _codes(values, name: str) -> tuple:
    values = np.asarray(values)
    if values.dtype.kind == "f" and not np.all(np.isfinite(values)):
        raise ValueError(f"{int((~np.isfinite(values)).sum())} point(s) have no {name}")
    if values.dtype == object and any(v is None for v in values):
        raise ValueError(f"some points have no {name}")
    labels, codes = np.unique(values, return_inverse=True)
    return labels, codes.reshape(-1)


def _finite(values, name: str) -> np.ndarray:
    try:
        arr = np.asarray(values, dtype=float)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be numbers") from None
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{int((~np.isfinite(arr)).sum())} point(s) have no valid {name}")
    return arr


def _segment_crossings(cells: Cells, seg_xy: np.ndarray) -> list:
    """For each segment (x0, y0, x1, y1): cell indices it crosses and exit fractions."""
    segments = [LineString([(a, b), (c, d)]) for a, b, c, d in seg_xy]
    seg, cell = intersecting_pairs(cells.polygons, segments)
    pieces = intersections([cells.polygons[k] for k in cell], [segments[k] for k in seg])
    if SHAPELY2:
        lengths = shapely.length(np.asarray(pieces, dtype=object))
        bounds = shapely.bounds(np.asarray(pieces, dtype=object)).reshape(-1, 4)
    else:
        lengths = np.array([p.length for p in pieces])
        bounds = np.array([p.bounds if not p.is_empty else (np.nan,) * 4
                           for p in pieces]).reshape(-1, 4)
    dx = seg_xy[seg, 2] - seg_xy[seg, 0]
    dy = seg_xy[seg, 3] - seg_xy[seg, 1]
    use_x = np.abs(dx) >= np.abs(dy)
    with np.errstate(divide="ignore", invalid="ignore"):
        s0 = np.where(use_x, (bounds[:, 0] - seg_xy[seg, 0]) / dx, (bounds[:, 1] - seg_xy[seg, 1]) / dy)
        s1 = np.where(use_x, (bounds[:, 2] - seg_xy[seg, 0]) / dx, (bounds[:, 3] - seg_xy[seg, 1]) / dy)
    enter, leave = np.minimum(s0, s1), np.maximum(s0, s1)
    seg_len = np.hypot(dx, dy)
    real = lengths > 1e-9 * np.maximum(seg_len, 1.0)
    out = [(np.zeros(0, dtype=np.int64), np.zeros(0)) for _ in range(len(seg_xy))]
    seg, cell, enter, leave = seg[real], cell[real], enter[real], leave[real]
    order = np.lexsort(((enter + leave) / 2, seg))
    seg, cell, leave = seg[order], cell[order], leave[order]
    starts = np.flatnonzero(np.r_[True, seg[1:] != seg[:-1]])
    ends = np.r_[starts[1:], seg.size]
    for s, e in zip(starts, ends):
        out[seg[s]] = (cell[s:e].astype(np.int64), np.clip(leave[s:e], 0.0, 1.0))
    return out


def generalise(cells: Cells, vehicle, trajectory, t, x, y, *, interval=None,
               progress=None) -> Moves:
    """Generalise GPS points into moves between adjacent cells.

    ``vehicle``, ``trajectory``: ids per point (a trajectory id may repeat
    across vehicles); ``t``: time per point (seconds); ``x``, ``y``: metres
    in the cells' CRS. ``interval = (start, end)`` keeps the moves with both
    times in [start, end] (the time interval τ of Def. 3.1.3).
    """
    n = len(x)
    if not (len(y) == len(t) == len(vehicle) == len(trajectory) == n):
        raise ValueError("vehicle, trajectory, time, x and y must have one value per point")
    if n == 0:
        raise ValueError("there are no trajectory points")
    t = _finite(t, "time")
    x, y = _finite(x, "x coordinate"), _finite(y, "y coordinate")
    vehicle_ids, vcode = _codes(vehicle, "vehicle id")
    _, traw = _codes(trajectory, "trajectory id")
    _, tcode = np.unique(vcode.astype(np.int64) * (traw.max() + 1) + traw, return_inverse=True)
    tcode = tcode.reshape(-1)
    n_traj = int(tcode.max()) + 1
    traj_vehicle = np.zeros(n_traj, dtype=np.int64)
    traj_vehicle[tcode] = vcode
    report_progress(progress, 0.05)

    order = np.lexsort((t, tcode))
    cell = locate_points(cells.polygons, x[order], y[order])
    report_progress(progress, 0.5)
    inside = cell >= 0
    idx = order[inside]
    cell, tc = cell[inside], tcode[idx]
    pt, px, py = t[idx], x[idx], y[idx]

    # visits: runs of consecutive points of one trajectory in one cell
    new = np.r_[True, (tc[1:] != tc[:-1]) | (cell[1:] != cell[:-1])]
    first = np.flatnonzero(new)
    last = np.r_[first[1:] - 1, cell.size - 1]
    v_cell, v_traj = cell[first], tc[first]
    visits_per_traj = np.bincount(v_traj, minlength=n_traj)
    points_per_traj = np.bincount(tcode, minlength=n_traj)

    # consecutive visits of one trajectory
    r = np.flatnonzero(v_traj[1:] == v_traj[:-1])
    a, b = v_cell[r], v_cell[r + 1]
    keys = cells.origin * cells.n + cells.dest
    pos = np.minimum(np.searchsorted(keys, a * cells.n + b), max(keys.size - 1, 0))
    adjacent = keys.size > 0
    adjacent = (keys[pos] == a * cells.n + b) if adjacent else np.zeros(r.size, dtype=bool)

    rows = [(r[adjacent], np.zeros(adjacent.sum(), dtype=np.int64), a[adjacent], b[adjacent],
             pt[last[r[adjacent]]], pt[last[r[adjacent] + 1]])]
    gaps = np.flatnonzero(~adjacent)
    bridged = 0
    if gaps.size:
        g_r = r[gaps]
        p0, p1 = last[g_r], first[g_r + 1]
        seg_xy = np.column_stack([px[p0], py[p0], px[p1], py[p1]])
        crossings = _segment_crossings(cells, seg_xy)
        for k, (gr, ca, cb) in enumerate(zip(g_r, a[gaps], b[gaps])):
            crossed, leave = crossings[k]
            mid = (crossed != ca) & (crossed != cb)
            path = np.r_[ca, crossed[mid], cb]
            if path.size < 3 or not np.all(np.isin(path[:-1] * cells.n + path[1:], keys)):
                continue
            t0, t1 = pt[p0[k]], pt[p1[k]]
            times = np.r_[pt[last[gr]], t0 + (t1 - t0) * leave[mid], pt[last[gr + 1]]]
            rows.append((np.full(path.size - 1, gr), np.arange(path.size - 1), path[:-1],
                         path[1:], times[:-1], times[1:]))
            bridged += 1
    report_progress(progress, 0.9)
    run, sub, origin, dest, t_o, t_d = (np.concatenate(col) for col in zip(*rows))
    order = np.lexsort((sub, run))
    origin, dest, t_o, t_d = origin[order], dest[order], t_o[order], t_d[order]
    traj = v_traj[run[order]]
    in_window = np.ones(origin.size, dtype=bool)
    if interval is not None:
        start, end = float(interval[0]), float(interval[1])
        if not start <= end:
            raise ValueError(f"the time interval must have start <= end, got {interval}")
        in_window = (t_o >= start) & (t_o <= end) & (t_d >= start) & (t_d <= end)
    stats = {
        "points": int(n),
        "points_outside_cells": int((~inside).sum()),
        "vehicles": int(len(vehicle_ids)),
        "trajectories": n_traj,
        "trajectories_outside_cells": int(((visits_per_traj == 0) & (points_per_traj > 0)).sum()),
        "single_cell_trajectories": int((visits_per_traj == 1).sum()),
        "gaps_bridged": int(bridged),
        "gaps_unbridged": int(gaps.size - bridged),
        "moves_outside_interval": int((~in_window).sum()),
    }
    keep = in_window
    moves = Moves(traj_vehicle[traj[keep]], traj[keep], origin[keep].astype(np.int64),
                  dest[keep].astype(np.int64), t_o[keep], t_d[keep], vehicle_ids, stats)
    stats["moves"] = int(keep.sum())
    report_progress(progress, 1.0)
    return moves
