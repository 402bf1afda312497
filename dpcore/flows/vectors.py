"""The vector of moves M and the per-vehicle move frequency vectors (Pratesi 2012 §3.1, §4.2.2).

M (Def. 3.1.5) lists every ordered pair of adjacent cells once; it depends
only on the public tessellation, so nodes and coordinator share it. The
frequency vector of vehicle V_j holds MF of each move over its trajectories
in τ (Def. 3.1.3, 3.1.6). Vectors are sparse (≈ 99 % zeros in the thesis's
data), stored as one scipy.sparse CSR row per vehicle.

Alongside, the *trajectory-based sensitivity* of Eq. 4.1 — per vehicle and
move, the largest count of that move in any one of the vehicle's
trajectories — is kept for the thesis's data-dependent noise modes.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp

from .cells import Cells
from .generalise import Moves


@dataclass(frozen=True)
class MoveIndex:
    """M: ``origin[z] → dest[z]`` for z = 0..s-1, sorted by (origin, dest)."""

    origin: np.ndarray
    dest: np.ndarray
    n_cells: int

    @classmethod
    def from_cells(cls, cells: Cells) -> "MoveIndex":
        return cls(cells.origin, cells.dest, cells.n)

    @property
    def size(self) -> int:
        return int(self.origin.size)

    def positions(self, origin, dest) -> np.ndarray:
        """Position of each move (origin[i], dest[i]) in M; -1 when the cells are not adjacent."""
        keys = self.origin * self.n_cells + self.dest
        want = np.asarray(origin, dtype=np.int64) * self.n_cells + np.asarray(dest, dtype=np.int64)
        if keys.size == 0:
            return np.full(want.shape, -1, dtype=np.int64)
        pos = np.minimum(np.searchsorted(keys, want), keys.size - 1)
        return np.where(keys[pos] == want, pos, -1).astype(np.int64)


@dataclass
class FlowVectors:
    """Per-vehicle frequency vectors f^{V_j} (rows) over M, with Eq. 4.1 sensitivities."""

    index: MoveIndex
    counts: sp.csr_matrix            # K × s, MF summed over the vehicle's trajectories
    trajectory_max: sp.csr_matrix    # K × s, max over trajectories of MF (Eq. 4.1)
    vehicle_ids: np.ndarray

    @property
    def n_vehicles(self) -> int:
        return self.counts.shape[0]

    def total(self) -> np.ndarray:
        """The global frequency vector F = Σ_j f^{V_j} (Def. 3.1.4)."""
        return np.asarray(self.counts.sum(axis=0)).ravel().astype(np.int64)


def frequency_vectors(moves: Moves, index: MoveIndex) -> FlowVectors:
    """Build every vehicle's frequency vector (and Eq. 4.1 sensitivities) from its moves."""
    if moves.origin.size == 0:
        st = moves.stats
        raise ValueError(
            f"{moves.n_vehicles:,} vehicles, 0 moves: no trajectory goes from one cell to an "
            f"adjacent one ({st.get('points_outside_cells', 0):,} of {st.get('points', 0):,} "
            f"points outside the cells, {st.get('single_cell_trajectories', 0):,} trajectories "
            f"that never leave one cell, {st.get('moves_outside_interval', 0):,} moves outside "
            "the time interval); a release would be pure noise")
    pos = index.positions(moves.origin, moves.dest)
    if np.any(pos < 0):
        raise ValueError(f"{int((pos < 0).sum())} move(s) join cells that are not adjacent")
    k, s = moves.n_vehicles, index.size
    counts = sp.csr_matrix((np.ones(pos.size, dtype=np.int64), (moves.vehicle, pos)),
                           shape=(k, s))
    counts.sum_duplicates()
    # per (trajectory, move) counts, then the max over each vehicle's trajectories
    key, per_traj = np.unique(np.column_stack([moves.trajectory, pos]), axis=0,
                              return_counts=True) if pos.size else (np.zeros((0, 2), np.int64),
                                                                   np.zeros(0, np.int64))
    traj_vehicle = np.zeros(int(moves.trajectory.max()) + 1 if pos.size else 0, dtype=np.int64)
    traj_vehicle[moves.trajectory] = moves.vehicle
    veh = traj_vehicle[key[:, 0]]
    order = np.lexsort((per_traj, key[:, 1], veh))
    veh, mv, c = veh[order], key[order, 1], per_traj[order]
    last = np.r_[(veh[1:] != veh[:-1]) | (mv[1:] != mv[:-1]), True] if veh.size else np.zeros(0, bool)
    tmax = sp.csr_matrix((c[last].astype(np.int64), (veh[last], mv[last])), shape=(k, s))
    counts.sort_indices()
    tmax.sort_indices()  # same sparsity pattern as counts, aligned entry by entry
    return FlowVectors(index, counts, tmax, moves.vehicle_ids)
