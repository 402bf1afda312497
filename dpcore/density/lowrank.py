"""Low-rank denoising of a noisy tower × slot matrix (post-processing, no privacy cost).

A week of hourly people counts at every tower is close to a low-rank
matrix: a few daily rhythms (home, work, night life) mixed in
tower-specific proportions. A release that adds i.i.d. noise of a public
standard deviation σ to every entry (the Gaussian mechanism) can therefore
be denoised by shrinking the singular values of the noisy matrix Y = X + Z
(m × n): the noise spreads its energy over all min(m, n) directions, the
signal over a few.

* Rank: a singular value of a noise-only matrix exceeds the
  Marchenko–Pastur edge σ(√m + √n) only by Tracy–Widom fluctuations
  (Johnstone 2001): the largest eigenvalue λ of ZZᵀ/σ² is ≈ μ + s·W with
  μ = (√m + √n)², s = (√m + √n)(1/√m + 1/√n)^{1/3} and W ~ TW₁ (P[W > 4]
  < 10⁻³). Only singular values above √(μ + 4s)·σ are kept, so input with
  no signal gives rank 0 — an all-zero output — except with probability
  < 10⁻³: no structure is invented from noise.
* Shrinkage: each kept singular value y (in units of σ√max(m, n)) is
  replaced by the optimal Frobenius-loss shrinker of Gavish & Donoho
  ("Optimal shrinkage of singular values", IEEE Trans. Inf. Theory 2017,
  eq. (7)): η(y) = √((y² − β − 1)² − 4β) / y, β = min(m, n)/max(m, n).

Heavy-tailed noise on a skinny matrix (Laplace, m × 6 or m × 12, the
pooled ``visits`` release) exceeds that edge more often (0.3–2 % of
noise-only draws, measured); :func:`simulated_edge` then takes the largest
top singular value of :data:`EDGE_RUNS` matrices drawn from the public
noise law (P[a new draw exceeds it] = 1/(runs + 1) < 10⁻³), and
:func:`denoise` keeps only what lies above both edges.

Everything here reads only the noisy matrix and the public noise law.
"""
from __future__ import annotations

import math

import numpy as np

from ..random.rng import make_rng

#: Tracy–Widom quantile: P[TW₁ > 4] < 10⁻³ (the noise-only false-rank rate).
TW_MARGIN = 4.0
#: Noise-only matrices simulated by :func:`simulated_edge`.
EDGE_RUNS = 1000


def noise_edge(m: int, n: int, sigma: float) -> float:
    """Largest singular value an m × n matrix of i.i.d. N(0, σ²) noise reaches, w.p. > 0.999."""
    if m < 1 or n < 1:
        raise ValueError("the matrix must have at least one row and one column")
    a, b = math.sqrt(m), math.sqrt(n)
    mu = (a + b) ** 2
    scale = (a + b) * (1.0 / a + 1.0 / b) ** (1.0 / 3.0)
    return math.sqrt(mu + TW_MARGIN * scale) * float(sigma)


def simulated_edge(m: int, n: int, draw, runs: int = EDGE_RUNS, seed: int = 0) -> float:
    """Largest top singular value of ``runs`` noise-only m × n matrices ``draw(rng, (m, n))``.

    ``draw`` samples the public noise law; the generator is seeded (the edge is
    a public constant of the shape and the law, the same on every run).
    """
    rng = make_rng(seed)              # public simulation: reproducible on purpose
    top = 0.0
    for _ in range(int(runs)):
        z = draw(rng, (m, n))
        gram = z.T @ z if n <= m else z @ z.T
        top = max(top, float(np.linalg.eigvalsh(gram)[-1]))
    return math.sqrt(top)


def shrink(singular_values, m: int, n: int, sigma: float, edge: float = 0.0) -> np.ndarray:
    """Gavish–Donoho optimal Frobenius shrinkage of the values above :func:`noise_edge`
    (and above ``edge``, e.g. a :func:`simulated_edge`)."""
    s = np.asarray(singular_values, dtype=float)
    big, beta = max(m, n), min(m, n) / max(m, n)
    y = s / (sigma * math.sqrt(big))
    keep = (s > noise_edge(m, n, sigma)) & (s > edge)
    out = np.zeros_like(s)
    yk = y[keep]
    out[keep] = sigma * math.sqrt(big) * np.sqrt(
        np.maximum((yk ** 2 - beta - 1.0) ** 2 - 4.0 * beta, 0.0)) / yk
    return out


def denoise(noisy, sigma: float, edge: float = 0.0) -> tuple:
    """(estimate, rank): shrunk SVD of ``noisy`` (m × n, i.i.d. noise of std ``sigma``).

    ``edge``: a further threshold on the singular values (:func:`simulated_edge`).
    """
    y = np.asarray(noisy, dtype=float)
    if y.ndim != 2:
        raise ValueError("a matrix is needed")
    if not (sigma > 0 and math.isfinite(sigma)):
        raise ValueError(f"the noise standard deviation must be positive, got {sigma!r}")
    m, n = y.shape
    u, s, vt = np.linalg.svd(y, full_matrices=False)
    shrunk = shrink(s, m, n, sigma) if edge <= 0 else shrink(s, m, n, sigma, edge)
    rank = int(np.count_nonzero(shrunk))
    return (u[:, :rank] * shrunk[:rank]) @ vt[:rank], rank
