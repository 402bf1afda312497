"""The channels of the grid mechanisms of Alvim et al. (§IV–V) over a :class:`.grid.Grid`.

Channels ``C[x, y] = P(report cell y | true cell x)``:

- **geometric** (§IV-B) and **discretised Laplace** (§IV-A): a lattice kernel
  of :mod:`.grid_kernels` (:class:`KernelChannel`);
- **k-RR** (§V): :func:`dpcore.mechanisms.randomized_response.krr` over the grid's cells
  (:class:`KRRChannel`).

Every channel samples its exact law: the lattice offsets of the
geometric and discretised Laplace kernels are drawn on the whole lattice by
:mod:`.lattice` and :mod:`.lattice_laplace`, k-RR by :mod:`dpcore.mechanisms.exact_sampling`.

The two metric kernels live on the infinite lattice; a finite grid needs a
rule for the mass that falls outside it:

- ``boundary="remap"`` (default) moves a report outside the grid to the
  nearest cell of the grid (clamping each cell coordinate). That is
  post-processing of an ε·d-private lattice report, so the channel is
  exactly ε·d-private. The lattice kernel is kept on a window wide enough
  that its truncated tail is below e^{−40} of any channel entry.
- ``boundary="renormalise"`` is the paper's normalisation over the cells of
  the domain (the factor λ of §IV, different for each x). Its ratio is
  e^{ε·d}·Z(x′)/Z(x) and Z(x′)/Z(x) ≤ e^{ε·d}, so it is only **2ε·d**-private
  at worst; it is offered to reproduce the paper and its cost says 2ε.

Both kernels are translation invariant, so the channel is applied with FFT
convolutions (for IBU) instead of a dense |X|² matrix.
"""
from __future__ import annotations

import math

import numpy as np
from scipy import fft

from ..accounting.checks import check_epsilon
from ..accounting.costs import EPSILON_PER_METRE, EPSILON_UNIT, PrivacyCost
from ..mechanisms.randomized_response import krr, krr_channel, krr_keep_probability, krr_other_probability
from .grid import Grid
from .grid_kernels import KERNELS
from .lattice import LatticeGeometric
from .lattice_laplace import LatticeLaplace

#: -log of the relative size allowed for the truncated tail of a kernel window.
_TAIL = 40.0
#: Largest padded FFT array (cells) a remap channel may use: 2·10⁷ doubles = 160 MB.
_MAX_CELLS = 20_000_000

BOUNDARIES = ("remap", "renormalise")


class KernelChannel:
    """A d_X-private grid channel from a translation-invariant lattice kernel.

    ``mechanism`` is ``"geometric"`` or ``"laplace"`` (discretised planar
    Laplace), ``epsilon`` in 1/metre, ``boundary`` as in the module docstring.
    """

    def __init__(self, grid: Grid, mechanism: str, epsilon: float, boundary: str = "remap"):
        if mechanism not in KERNELS:
            raise ValueError(f"unknown grid mechanism {mechanism!r}; use one of {sorted(KERNELS)}")
        if boundary not in BOUNDARIES:
            raise ValueError(f"boundary must be one of {BOUNDARIES}, got {boundary!r}")
        self.grid, self.mechanism, self.boundary = grid, mechanism, boundary
        self._lattice = None
        self.epsilon = check_epsilon(epsilon)
        eps_cell = self.epsilon * grid.cell
        ny, nx = grid.shape
        if boundary == "remap":
            m = int(math.ceil(math.hypot(nx, ny) + _TAIL / eps_cell))
            self.my = self.mx = m
            fft_shape = (ny + 2 * m, nx + 2 * m)
        else:
            self.my, self.mx = ny - 1, nx - 1
            fft_shape = (2 * ny - 1, 2 * nx - 1)
        if fft_shape[0] * fft_shape[1] > _MAX_CELLS:
            raise ValueError(
                f"the noise (ε·cell = {eps_cell:.3g}) is too wide for a {ny} × {nx} grid: "
                "use larger cells, a smaller grid or a larger ε")
        kernel = KERNELS[mechanism](eps_cell, self.my, self.mx)
        if boundary == "remap":
            kernel = kernel / kernel.sum()
        self.kernel = kernel
        self._fft_shape = tuple(fft.next_fast_len(s, real=True) for s in fft_shape)
        wrapped = np.zeros(self._fft_shape)
        wrapped[:2 * self.my + 1, :2 * self.mx + 1] = kernel
        wrapped = np.roll(wrapped, (-self.my, -self.mx), axis=(0, 1))   # offset 0 at [0, 0]
        self._kernel_hat = fft.rfft2(wrapped)
        if boundary == "renormalise":
            self._norm = self._conv(np.ones(grid.shape))[:ny, :nx]

    # -- privacy -----------------------------------------------------------
    @property
    def name(self) -> str:
        return {"geometric": "geometric", "laplace": "discretised planar Laplace"}[self.mechanism]

    def guarantee(self) -> float:
        """The ε (per metre) this channel guarantees: ε for remap, 2ε for renormalise."""
        return self.epsilon if self.boundary == "remap" else 2.0 * self.epsilon

    def cost(self, protects: str = "one reported point", times: int = 1) -> PrivacyCost:
        """Cost of ``times`` reports composed (ε per metre, between cell centres)."""
        note = (f"ε per metre between cell centres (e^(ε·d) for cells d metres apart), "
                f"ε={self.epsilon:.6g}/m × {times} report(s); cell {self.grid.cell:g} m; "
                "reports outside the grid "
                + ("remapped to the nearest cell" if self.boundary == "remap" else
                   "excluded by renormalising over the grid (paper's λ): guarantee 2ε per metre"))
        return PrivacyCost.of(self.name, times * self.guarantee(), protects=protects, note=note,
                              unit=EPSILON_PER_METRE)

    # -- channel as an operator -------------------------------------------
    def _conv(self, a: np.ndarray) -> np.ndarray:
        return fft.irfft2(fft.rfft2(a, s=self._fft_shape) * self._kernel_hat, s=self._fft_shape)

    def forward(self, theta) -> np.ndarray:
        """q(y) = Σ_x θ(x)·C[x, y] for a vector θ over the cells."""
        ny, nx = self.grid.shape
        theta = np.asarray(theta, dtype=float).reshape(ny, nx)
        if self.boundary == "renormalise":
            q = self._conv(theta / self._norm)[:ny, :nx]
        else:
            m = self.my
            padded = np.zeros((ny + 2 * m, nx + 2 * m))
            padded[m:m + ny, m:m + nx] = theta
            ext = self._conv(padded)[:ny + 2 * m, :nx + 2 * m]
            q = _fold(_fold(ext, m, ny, axis=0), m, nx, axis=1)
        return np.maximum(q, 0.0).ravel()

    def backward(self, r) -> np.ndarray:
        """b(x) = Σ_y C[x, y]·r(y) for a vector r over the cells (the kernel is symmetric)."""
        ny, nx = self.grid.shape
        r = np.asarray(r, dtype=float).reshape(ny, nx)
        if self.boundary == "renormalise":
            b = self._conv(r)[:ny, :nx] / self._norm
        else:
            m = self.my
            b = self._conv(np.pad(r, m, mode="edge"))[m:m + ny, m:m + nx]
        return np.maximum(b, 0.0).ravel()

    def row_block(self, row: int) -> np.ndarray:
        """Dense channel rows of the cells of grid row ``row``, shape (nx, size)."""
        ny, nx = self.grid.shape
        a = _fold_matrix(row, self.my, ny, self.boundary)           # (ny, 2my+1)
        part = a @ self.kernel                                       # (ny, 2mx+1)
        cols = np.stack([_fold_matrix(j, self.mx, nx, self.boundary) for j in range(nx)])
        rows = np.einsum("au,jbu->jab", part, cols).reshape(nx, ny * nx)
        if self.boundary == "renormalise":
            rows /= rows.sum(axis=1, keepdims=True)
        return rows

    def dense(self) -> np.ndarray:
        """The full |X| × |X| channel matrix (small grids only)."""
        _check_dense(self.grid)
        return np.vstack([self.row_block(i) for i in range(self.grid.ny)])

    # -- sampling ----------------------------------------------------------
    def sample(self, cells, rng: np.random.Generator) -> np.ndarray:
        """Report cells for true cells ``cells`` (one independent draw each)."""
        cells = np.asarray(cells, dtype=np.int64)
        ny, nx = self.grid.shape
        a, b = np.divmod(cells, nx)
        out_a, out_b = np.empty_like(a), np.empty_like(b)
        todo = np.arange(cells.size)
        while todo.size:
            da, db = self._offsets(todo.size, rng)
            ra, rb = a[todo] + da, b[todo] + db
            if self.boundary == "remap":
                out_a[todo], out_b[todo] = np.clip(ra, 0, ny - 1), np.clip(rb, 0, nx - 1)
                break
            ok = (ra >= 0) & (ra < ny) & (rb >= 0) & (rb < nx)   # rejection = renormalising
            out_a[todo[ok]], out_b[todo[ok]] = ra[ok], rb[ok]
            todo = todo[~ok]
        return out_a * nx + out_b

    def _offsets(self, n: int, rng: np.random.Generator) -> tuple:
        # Exact draws on the whole lattice; the sampler is made once per
        # channel. Laplace: the cell of a planar Laplace point drawn from the cell centre.
        if self._lattice is None:
            kind = LatticeLaplace if self.mechanism == "laplace" else LatticeGeometric
            self._lattice = kind(self.epsilon, self.grid.cell)
        return self._lattice.offsets(n, rng)


class KRRChannel:
    """k-ary randomized response over the grid cells (plain ε-LDP, ε unitless)."""

    mechanism = "krr"
    boundary = "remap"
    name = "k-ary randomized response"

    def __init__(self, grid: Grid, epsilon: float):
        self.grid, self.epsilon = grid, check_epsilon(epsilon)
        self.keep = krr_keep_probability(grid.size, self.epsilon)
        self.other = krr_other_probability(grid.size, self.epsilon)

    def guarantee(self) -> float:
        return self.epsilon

    def cost(self, protects: str = "one reported point", times: int = 1) -> PrivacyCost:
        """Cost of ``times`` reports composed (plain ε, no metric)."""
        return PrivacyCost.of(self.name, times * self.epsilon, protects=protects,
                              note=f"plain ε={self.epsilon:.6g} × {times} report(s) (no metric): "
                                   f"any two of the k={self.grid.size} cells indistinguishable "
                                   "up to e^ε", unit=EPSILON_UNIT)

    def forward(self, theta) -> np.ndarray:
        theta = np.asarray(theta, dtype=float)
        return (self.keep - self.other) * theta + self.other * theta.sum()

    def backward(self, r) -> np.ndarray:
        r = np.asarray(r, dtype=float)
        return (self.keep - self.other) * r + self.other * r.sum()

    def row_block(self, row: int) -> np.ndarray:
        nx = self.grid.nx
        rows = np.full((nx, self.grid.size), self.other)
        rows[np.arange(nx), row * nx + np.arange(nx)] = self.keep
        return rows

    def dense(self) -> np.ndarray:
        _check_dense(self.grid)
        return krr_channel(self.grid.size, self.epsilon)

    def sample(self, cells, rng: np.random.Generator) -> np.ndarray:
        return krr(np.asarray(cells, dtype=np.int64), k=self.grid.size,
                   epsilon=self.epsilon, rng=rng).values


MECHANISMS = ("laplace", "geometric", "krr")


def make_channel(mechanism: str, grid: Grid, epsilon: float, boundary: str = "remap"):
    """The channel of a grid mechanism: ``"laplace"``, ``"geometric"`` or ``"krr"``."""
    if mechanism == "krr":
        return KRRChannel(grid, epsilon)
    if mechanism in KERNELS:
        return KernelChannel(grid, mechanism, epsilon, boundary)
    raise ValueError(f"unknown grid mechanism {mechanism!r}; use one of {MECHANISMS}")


def _check_dense(grid: Grid) -> None:
    if grid.size > 4096:
        raise ValueError(f"a dense channel of {grid.size} cells is too large; use forward/backward")


def _fold(ext: np.ndarray, m: int, n: int, axis: int) -> np.ndarray:
    """Sum the extended axis (n + 2m) onto n cells, the overhangs onto the edge cells."""
    starts = np.r_[0, np.arange(m + 1, m + n)] if n > 1 else np.array([0])
    return np.add.reduceat(ext, starts, axis=axis)


def _fold_matrix(i: int, m: int, n: int, boundary: str) -> np.ndarray:
    """0/1 matrix (n, 2m+1): kernel offset t from cell i lands in cell j (clamped or dropped)."""
    target = i + np.arange(-m, m + 1)
    mat = np.zeros((n, 2 * m + 1))
    if boundary == "remap":
        mat[np.clip(target, 0, n - 1), np.arange(2 * m + 1)] = 1.0
    else:
        keep = (target >= 0) & (target < n)
        mat[target[keep], np.arange(2 * m + 1)[keep]] = 1.0
    return mat
