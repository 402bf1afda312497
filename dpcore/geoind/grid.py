"""The grid domain of the grid mechanisms of Alvim et al. (§IV–V).

A :class:`Grid` is a rectangle of ``ny × nx`` square cells in metres; cell
``a·nx + b`` is row ``a`` (from ``y0`` upwards), column ``b`` (from ``x0``).
The distance between two cells is the distance between their centres. The
channels over a grid are in :mod:`.grid_channels`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

#: More cells than this cannot be indexed (nor held in memory): refused before any reading.
MAX_GRID_CELLS = 1e12


@dataclass(frozen=True)
class Grid:
    """``ny × nx`` square cells of side ``cell`` metres, lower-left corner (x0, y0)."""

    x0: float
    y0: float
    cell: float
    nx: int
    ny: int

    def __post_init__(self):
        if not (self.cell > 0 and math.isfinite(self.cell)):
            raise ValueError(f"cell size must be a positive number of metres, got {self.cell}")
        if int(self.nx) < 1 or int(self.ny) < 1 or int(self.nx) * int(self.ny) < 2:
            raise ValueError(f"a grid needs at least 2 cells, got {self.nx} × {self.ny}")

    @classmethod
    def covering(cls, xmin: float, ymin: float, xmax: float, ymax: float, cell: float) -> "Grid":
        """The smallest grid of ``cell``-metre cells anchored at (xmin, ymin) covering the box."""
        if not (xmax >= xmin and ymax >= ymin):
            raise ValueError("grid extent is empty")
        if not (cell > 0 and math.isfinite(cell)):
            raise ValueError(f"cell size must be a positive number of metres, got {cell}")
        fx, fy = (xmax - xmin) / cell, (ymax - ymin) / cell
        if not (math.isfinite(fx) and math.isfinite(fy)) or fx * fy > MAX_GRID_CELLS:
            raise ValueError(f"{cell:g} m cells over {xmax - xmin:g} × {ymax - ymin:g} m make "
                             f"{fx:.3g} × {fy:.3g} cells (at most {MAX_GRID_CELLS:.0e}): use "
                             "larger cells or a smaller extent")
        nx = max(1, int(math.ceil(fx - 1e-9)))
        ny = max(1, int(math.ceil(fy - 1e-9)))
        if nx * ny < 2:
            nx += 1
        return cls(float(xmin), float(ymin), float(cell), nx, ny)

    @property
    def size(self) -> int:
        return self.nx * self.ny

    @property
    def shape(self) -> tuple:
        return (self.ny, self.nx)

    def centers(self) -> np.ndarray:
        """Cell centres, shape (size, 2), in cell order."""
        a, b = np.divmod(np.arange(self.size), self.nx)
        return np.column_stack((self.x0 + (b + 0.5) * self.cell, self.y0 + (a + 0.5) * self.cell))

    def bounds(self) -> np.ndarray:
        """(xmin, ymin, xmax, ymax) of every cell, shape (size, 4)."""
        c = self.centers()
        h = self.cell / 2.0
        return np.column_stack((c - h, c + h))

    def cell_of(self, xy) -> tuple:
        """Cell index of each point, clamped to the grid, and a mask of points outside it."""
        xy = np.asarray(xy, dtype=float).reshape(-1, 2)
        col = np.floor((xy[:, 0] - self.x0) / self.cell)
        row = np.floor((xy[:, 1] - self.y0) / self.cell)
        outside = (col < 0) | (col >= self.nx) | (row < 0) | (row >= self.ny)
        col = np.clip(col, 0, self.nx - 1).astype(np.int64)
        row = np.clip(row, 0, self.ny - 1).astype(np.int64)
        return row * self.nx + col, outside

    def distances_from(self, cells) -> np.ndarray:
        """Distances (metres) from the given cells to every cell, shape (len(cells), size)."""
        a, b = np.divmod(np.asarray(cells), self.nx)
        A, B = np.divmod(np.arange(self.size), self.nx)
        return self.cell * np.hypot(a[:, None] - A[None, :], b[:, None] - B[None, :])
