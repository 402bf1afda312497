"""EFPA and EFPA_G: Fourier perturbation of time series (Acs & Castelluccia §5.3.2).

Both work on the orthonormal DCT-II of each series (Alg. 4 line 1; the DCT
keeps the L2 sensitivity, Strang 1999, and its small high-frequency
coefficients make truncation cheap). With ε given to the perturbation,
ε/2 goes to the exponential mechanism choosing the number k of retained
coefficients (Alg. 4 lines 2–3, Acs, Chen & Castelluccia ICDM 2012) and
ε/2 to the noise on the first k coefficients (line 4):

* EFPA_G: Gaussian noise of the same σ on every retained coefficient; the
  utility of k is −(√(Σ_{i≥k} F_i²) + √k·σ), the tail energy removed plus
  the expected noise RSSE. The noise is the discrete Gaussian on a public
  grid (:func:`dpcore.mechanisms.gaussian_calibration.gaussian`), planned for all m·n
  coefficients (public) so that σ does not depend on the chosen k; the
  published series are its inverse DCT (post-processing).
* EFPA: Laplace noise of scale b_E = √k_E·Δ/ε' on cluster E's k_E
  coefficients (the L1 norm of k coefficients is ≤ √k times their L2
  norm); the utility of k is −(√(Σ_{i≥k} F_i²) + √2·k·Δ/ε'). The paper's
  EFPA uses the same DCT; only the noise differs (§6, footnote 7).

Several series (one per cluster) are perturbed together. A user may touch
several of them, so the functions take two sensitivities:

* ``l2_sensitivity`` Δ₂ bounds the L2 norm of one user's change of all the
  series stacked (√ℓ, §5.3): one Gaussian mechanism on all retained
  coefficients, same σ for every series.
* ``l2_sum_sensitivity`` Δ bounds Σ_E ‖d_E‖₂ over the series. Each
  per-series exponential mechanism (and each Laplace draw) loses at most
  ε'·‖d_E‖₂/Δ, so all of them together lose ε' — one cost part each for
  the m calls (see :func:`dpcore.density.sensitivity.cluster_l2_sum_bound`).
"""
from __future__ import annotations

import math

import numpy as np
from scipy import fft

from ..accounting.checks import check_epsilon
from ..accounting.contract import Release
from ..accounting.costs import CostPart, PrivacyCost
from ..mechanisms.exponential_mechanism import exponential
from ..mechanisms.gaussian_calibration import gaussian, gaussian_sigma
from ..mechanisms.snapping import laplace


def dct(series) -> np.ndarray:
    """Orthonormal DCT-II along the last axis."""
    return fft.dct(np.asarray(series, dtype=float), type=2, norm="ortho", axis=-1)


def idct(coefficients) -> np.ndarray:
    """Inverse of :func:`dct`."""
    return fft.idct(np.asarray(coefficients, dtype=float), type=2, norm="ortho", axis=-1)


def tail_rsse(coefficients) -> np.ndarray:
    """Column k−1 holds √(Σ_{i≥k} F_i²): the RSSE of keeping the first k coefficients (k = 1..n)."""
    f2 = np.asarray(coefficients, dtype=float) ** 2
    tail = np.cumsum(f2[..., ::-1], axis=-1)[..., ::-1]       # Σ_{i≥j} F_i², j = 0..n−1
    tail = np.concatenate([tail[..., 1:], np.zeros(f2.shape[:-1] + (1,))], axis=-1)
    return np.sqrt(tail)


def noise_rsse(n: int, noise: str, *, sigma: float = 0.0, sensitivity: float = 0.0,
               epsilon: float = 1.0) -> np.ndarray:
    """Expected noise RSSE for k = 1..n retained coefficients.

    Gaussian: √k·σ. Laplace of scale √k·Δ/ε per coefficient: √(k·2b²) = √2·k·Δ/ε.
    """
    k = np.arange(1, n + 1, dtype=float)
    if noise == "gaussian":
        return np.sqrt(k) * sigma
    if noise == "laplace":
        return math.sqrt(2.0) * k * sensitivity / epsilon
    raise ValueError(f"unknown noise {noise!r}; use 'gaussian' or 'laplace'")


def coefficient_noise_std(n: int, noise: str, *, epsilon: float, delta: float,
                          l2_sensitivity: float, calibration: str = "analytic",
                          series: int = 1) -> float:
    """Std of the noise per coefficient when all n coefficients are kept, for the §6 τ rule.

    ``epsilon`` is the budget of the whole EFPA(G) call (half of it is the noise's);
    ``series`` is the number m of series perturbed together (the Gaussian's σ
    depends slightly on the m·n values it may cover, see :func:`efpa`).
    """
    eps_noise = check_epsilon(epsilon) / 2.0
    if noise == "gaussian":
        return gaussian_sigma(l2_sensitivity, eps_noise, delta, calibration,
                              size=series * n, integer_valued=False)
    if noise == "laplace":
        return math.sqrt(2.0) * math.sqrt(n) * l2_sensitivity / eps_noise
    raise ValueError(f"unknown noise {noise!r}; use 'gaussian' or 'laplace'")


def _joint(costs: list, name: str, epsilon: float, delta: float, sensitivity: float,
           protects: str, note: str) -> PrivacyCost:
    """One cost part for per-series calls whose losses add up to at most ``epsilon``.

    Every call must have been made with this ε, δ: their losses are
    ε·‖d_E‖₂/Δ and Σ_E ‖d_E‖₂ ≤ Δ (module docstring).
    """
    parts = [p for c in costs for p in c.parts]
    if not parts or any(not math.isclose(p.epsilon, epsilon) or p.delta != delta for p in parts):
        raise RuntimeError("per-series calls must all use the same epsilon and delta")
    return PrivacyCost((CostPart(name, epsilon, delta, sensitivity, protects,
                                 f"{len(parts)} calls; {note}"),))


def efpa(series, *, epsilon: float, delta: float = 0.0, rng: np.random.Generator,
         noise: str = "gaussian", l2_sensitivity: float, l2_sum_sensitivity: float,
         calibration: str = "analytic",
         protects: str = "all visits of one user") -> Release:
    """Perturb each row of ``series`` (m × n) with EFPA_G (Alg. 4) or EFPA.

    ``epsilon`` (and ``delta`` for Gaussian noise) is the budget of the whole
    call: ε/2 for the m exponential choices of k (jointly), ε/2 for the
    noise. Returns the noisy series (m × n); ``info`` holds k per row and
    the noise parameters.
    """
    x = np.asarray(series, dtype=float)
    if x.ndim != 2 or x.shape[1] < 1 or x.shape[0] < 1:
        raise ValueError("series must be a non-empty 2-D array (one row per series)")
    m, n = x.shape
    eps_k = eps_noise = check_epsilon(epsilon) / 2.0
    coeffs = dct(x)
    tails = tail_rsse(coeffs)
    if noise == "gaussian":
        sigma = gaussian_sigma(l2_sensitivity, eps_noise, delta, calibration, size=m * n,
                               integer_valued=False)
        penalty = noise_rsse(n, "gaussian", sigma=sigma)
    elif noise == "laplace":
        penalty = noise_rsse(n, "laplace", sensitivity=l2_sum_sensitivity, epsilon=eps_noise)
    else:
        raise ValueError(f"unknown noise {noise!r}; use 'gaussian' or 'laplace'")

    picks = [exponential(-(tails[e] + penalty), sensitivity=l2_sum_sensitivity, epsilon=eps_k,
                         rng=rng, protects=protects) for e in range(m)]
    k = np.array([p.values + 1 for p in picks], dtype=np.intp)
    cost = _joint([p.cost for p in picks], "exponential (number of DCT coefficients)", eps_k,
                  0.0, l2_sum_sensitivity, protects,
                  "one per series; utility changes sum to ≤ Δ over series")

    keep = np.arange(n)[None, :] < k[:, None]
    noisy = np.zeros_like(coeffs)
    info = {"k": k, "noise": noise, "n": n}
    if noise == "gaussian":
        g = gaussian(coeffs[keep], l2_sensitivity=l2_sensitivity, epsilon=eps_noise,
                     delta=delta, rng=rng, calibration=calibration, protects=protects,
                     max_size=m * n)
        noisy[keep] = g.values
        cost = cost + g.cost
        info["sigma"] = g.public["sigma"]
        info["granularity"] = g.public["granularity"]
    else:
        draws = [laplace(coeffs[e, :k[e]], sensitivity=math.sqrt(k[e]) * l2_sum_sensitivity,
                         epsilon=eps_noise, rng=rng, protects=protects) for e in range(m)]
        for e, d in enumerate(draws):
            noisy[e, :k[e]] = d.values
        cost = cost + _joint([d.cost for d in draws], "Laplace (DCT coefficients)", eps_noise,
                             0.0, l2_sum_sensitivity, protects,
                             "scale √k_E·Δ/ε per series; L1 of k coefficients ≤ √k·L2")
        info["laplace_scale"] = np.array([d.public["scale"] for d in draws])
    return Release(idct(noisy), cost, public=info)
