"""The lattice kernels of the metric grid mechanisms (Alvim et al. §IV).

On the infinite lattice of square cells, the probability of reporting the
cell at offset (t, u) from the true cell, in units of ε·cell:

- **geometric** (§IV-B): weight e^{−ε·d} for the distance d between cell centres;
- **discretised Laplace** (§IV-A): the planar Laplace pdf centred on the true
  cell's centre, integrated over each cell.

Both are translation invariant: :mod:`.grid_channels` applies them by FFT convolution.
"""
from __future__ import annotations

import math

import numpy as np

#: Gauss–Legendre nodes per axis for a cell integral (relative error < 1e-7 for ε·cell ≤ 30).
_GL_NODES = 16


def geometric_kernel(eps_cell: float, my: int, mx: int) -> np.ndarray:
    """e^{−ε·d} on lattice offsets |t| ≤ my, |u| ≤ mx (unnormalised), ε·d in cell units."""
    t = np.arange(-my, my + 1)[:, None]
    u = np.arange(-mx, mx + 1)[None, :]
    return np.exp(-eps_cell * np.hypot(t, u))


def laplace_cell_kernel(eps_cell: float, my: int, mx: int) -> np.ndarray:
    """Mass of each lattice cell under the planar Laplace pdf centred in cell (0, 0).

    Cells other than the centre: tensor Gauss–Legendre quadrature of
    ε²/(2π)·e^{−ε·ρ} (smooth there). The centre cell, where the pdf has its
    cusp, is integrated in polar coordinates: 4 × (1/2π)·2∫₀^{π/4}
    C_ε(½/cos θ) dθ, with the radial CDF C_ε of :mod:`.planar`.
    """
    nodes, weights = np.polynomial.legendre.leggauss(_GL_NODES)
    nodes, weights = nodes / 2.0, weights / 2.0          # on [−½, ½], weights sum to 1
    w2 = weights[:, None] * weights[None, :]
    m = max(my, mx)
    quad = np.empty((m + 1, m + 1))
    u = np.arange(m + 1)[:, None, None] + nodes[None, None, :]
    for t in range(m + 1):   # one quadrant row at a time bounds memory to (m+1)·16² doubles
        rho = np.hypot(t + nodes[None, :, None], u)          # (m+1, 16, 16)
        quad[t] = np.einsum("kij,ij->k", np.exp(-eps_cell * rho), w2)
    quad *= eps_cell ** 2 / (2.0 * math.pi)
    th, tw = np.polynomial.legendre.leggauss(32)
    th = (th + 1.0) * (math.pi / 8.0)
    tw = tw * (math.pi / 8.0)
    er = eps_cell * 0.5 / np.cos(th)
    radial_cdf = -np.expm1(-er) - er * np.exp(-er)
    quad[0, 0] = 4.0 / math.pi * float(np.dot(tw, radial_cdf))
    full = np.concatenate((quad[:0:-1], quad), axis=0)
    full = np.concatenate((full[:, :0:-1], full), axis=1)
    return full[m - my:m + my + 1, m - mx:m + mx + 1]


KERNELS = {"geometric": geometric_kernel, "laplace": laplace_cell_kernel}
