"""Trajectory generalisation into moves between adjacent cells (Pratesi 2012 §4.2.1).

Place-based segmentation: a trajectory's points are located in the cells;
consecutive points in the same cell form one *visit*; two consecutive
visits give the temporally annotated move ``(c_i, c_j, t_i, t_j)`` where
``t_i`` is the time of the last position in ``c_i`` (Def. 3.1.2).
A trajectory that never leaves its first cell has no move: it is dropped
and counted.

Consecutive visits of cells that are *not* adjacent (a GPS gap, §3.1 last
paragraph) are bridged by interpolation along the straight segment between
them (:mod:`.bridging`); a gap that cannot be bridged yields no move and is
counted. Points outside every cell are dropped and counted.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..accounting.units import check_units_not_all_distinct
from ..reporting.progress import report_progress
from .bridging import bridged_moves
from .cells import Cells


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


def generalise(cells: Cells, vehicle, trajectory, t, x, y, *, interval=None,
               vehicle_field: str = "", progress=None) -> Moves:
    """Generalise GPS points into moves between adjacent cells.

    ``vehicle``, ``trajectory``: ids per point (a trajectory id may repeat
    across vehicles); ``t``: time per point (seconds); ``x``, ``y``: metres
    in the cells' CRS. ``interval = (start, end)`` keeps the moves with both
    times in [start, end] (the time interval τ of Def. 3.1.3).
    ``vehicle_field`` names the vehicle field in the refusal when every
    point has its own vehicle (a point id chosen by mistake).
    """
    n = len(x)
    t, x, y, vehicle_ids, tcode, traj_vehicle = _points(vehicle, trajectory, t, x, y,
                                                        vehicle_field)
    n_traj = traj_vehicle.size
    report_progress(progress, 0.05)

    order = np.lexsort((t, tcode))
    cell = cells.locate(x[order], y[order])
    report_progress(progress, 0.5)
    inside = cell >= 0
    if not inside.any():
        raise ValueError(f"none of the {n:,} trajectory points lies in a cell of the "
                         "tessellation: check that the points and the cells cover the same area")
    idx = order[inside]
    v_traj, traj, origin, dest, t_o, t_d, n_gaps, bridged = _moves(
        cells, tcode[idx], cell[inside], t[idx], x[idx], y[idx])
    report_progress(progress, 0.9)
    visits_per_traj = np.bincount(v_traj, minlength=n_traj)
    keep = _in_interval(t_o, t_d, interval)
    stats = {
        "points": int(n),
        "points_outside_cells": int((~inside).sum()),
        "vehicles": int(len(vehicle_ids)),
        "trajectories": n_traj,
        "trajectories_outside_cells": int(((visits_per_traj == 0) & (
            np.bincount(tcode, minlength=n_traj) > 0)).sum()),
        "single_cell_trajectories": int((visits_per_traj == 1).sum()),
        "gaps_bridged": int(bridged),
        "gaps_unbridged": int(n_gaps - bridged),
        "moves_outside_interval": int((~keep).sum()),
    }
    moves = Moves(traj_vehicle[traj[keep]], traj[keep], origin[keep].astype(np.int64),
                  dest[keep].astype(np.int64), t_o[keep], t_d[keep], vehicle_ids, stats)
    stats["moves"] = int(keep.sum())
    report_progress(progress, 1.0)
    return moves


def _moves(cells: Cells, tc, cell, pt, px, py) -> tuple:
    """The moves of the located points (in trajectory and time order: trajectory code ``tc``,
    cell ``cell``, time ``pt``, position ``px``, ``py``). A visit is a run of consecutive
    points of one trajectory in one cell; two consecutive visits give a move when their cells
    are adjacent, else a gap bridged by :func:`.bridging.bridged_moves`. Returns (trajectory
    of each visit; trajectory, origin, dest, t_origin, t_dest of each move in trajectory and
    time order; the number of gaps; the number bridged)."""
    new = np.r_[True, (tc[1:] != tc[:-1]) | (cell[1:] != cell[:-1])]
    first = np.flatnonzero(new)
    last = np.r_[first[1:] - 1, cell.size - 1]
    v_cell, v_traj = cell[first], tc[first]
    r = np.flatnonzero(v_traj[1:] == v_traj[:-1])       # consecutive visits of one trajectory
    a, b = v_cell[r], v_cell[r + 1]
    keys = cells.origin * cells.n + cells.dest
    pos = np.minimum(np.searchsorted(keys, a * cells.n + b), max(keys.size - 1, 0))
    adjacent = keys.size > 0
    adjacent = (keys[pos] == a * cells.n + b) if adjacent else np.zeros(r.size, dtype=bool)
    rows = [(r[adjacent], np.zeros(adjacent.sum(), dtype=np.int64), a[adjacent], b[adjacent],
             pt[last[r[adjacent]]], pt[last[r[adjacent] + 1]])]
    gaps, bridged = np.flatnonzero(~adjacent), 0
    if gaps.size:
        g_r = r[gaps]
        p0, p1 = last[g_r], first[g_r + 1]
        segments = np.column_stack([px[p0], py[p0], px[p1], py[p1]])
        moves, bridged = bridged_moves(cells, keys, segments, a[gaps], b[gaps], pt[p0], pt[p1],
                                       pt[last[g_r + 1]])
        if moves is not None:
            rows.append((g_r[moves[0]], *moves[1:]))
    run, sub, origin, dest, t_o, t_d = (np.concatenate(col) for col in zip(*rows))
    order = np.lexsort((sub, run))
    return (v_traj, v_traj[run[order]], origin[order], dest[order], t_o[order], t_d[order],
            gaps.size, bridged)


def _points(vehicle, trajectory, t, x, y, vehicle_field: str) -> tuple:
    """The points checked and coded: (t, x, y as floats, the vehicle labels, the trajectory
    code of each point, the vehicle code of each trajectory). A trajectory id may repeat across
    vehicles: a trajectory is one (vehicle, trajectory id)."""
    n = len(x)
    if not (len(y) == len(t) == len(vehicle) == len(trajectory) == n):
        raise ValueError("vehicle, trajectory, time, x and y must have one value per point")
    if n == 0:
        raise ValueError("there are no trajectory points")
    t = _finite(t, "time")
    x, y = _finite(x, "x coordinate"), _finite(y, "y coordinate")
    vehicle_ids, vcode = _codes(vehicle, "vehicle id")
    if n > 1 and len(vehicle_ids) == n:
        try:
            check_units_not_all_distinct(vehicle_ids, kind="vehicle", field=vehicle_field,
                                         what="points")
        except ValueError as exc:
            raise ValueError(f"{n:,} vehicles, 0 moves: {exc}") from None
    _, traw = _codes(trajectory, "trajectory id")
    _, tcode = np.unique(vcode.astype(np.int64) * (traw.max() + 1) + traw, return_inverse=True)
    tcode = tcode.reshape(-1)
    traj_vehicle = np.zeros(int(tcode.max()) + 1, dtype=np.int64)
    traj_vehicle[tcode] = vcode
    return t, x, y, vehicle_ids, tcode, traj_vehicle


def _in_interval(t_o: np.ndarray, t_d: np.ndarray, interval) -> np.ndarray:
    """The moves with both times in the interval τ = [start, end] (all without one)."""
    if interval is None:
        return np.ones(t_o.size, dtype=bool)
    start, end = float(interval[0]), float(interval[1])
    if not start <= end:
        raise ValueError(f"the time interval must have start <= end, got {interval}")
    return (t_o >= start) & (t_o <= end) & (t_d >= start) & (t_d <= end)
