"""The sparse vector technique: above-threshold with cutoff (Lyu, Su & Li, VLDB 2017, Alg. 1;
Dwork & Roth 2014, §3.6)."""
from __future__ import annotations

import numpy as np

from ..accounting.checks import check_epsilon
from ..accounting.contract import Release
from ..accounting.costs import PrivacyCost
from .limits import _check_sensitivity


def sparse_vector(queries, threshold, *, sensitivity: float, epsilon: float, cutoff: int,
                  rng: np.random.Generator, monotonic: bool = False,
                  threshold_share: float = 0.5, protects: str = "") -> Release:
    """Above-threshold with cutoff c (Lyu, Su & Li 2017, Alg. 1).

    ε₁ = share·ε perturbs the threshold once, ρ ~ Lap(Δ/ε₁); ε₂ = ε − ε₁
    perturbs each query, ν_i ~ Lap(2cΔ/ε₂) (cΔ/ε₂ for monotonic queries).
    The run stops after c answers above the noisy threshold. The whole
    sequence of answers is ε-DP. Only the *indices* are released: the noisy
    query values must never be published (draw fresh noise for that).

    ``threshold`` is a scalar or one threshold per query. Returns the
    boolean answer per query (False after the run stopped) and, in ``info``,
    how many queries were examined.
    """
    q = np.asarray(queries, dtype=float)
    if q.ndim != 1:
        raise ValueError("queries must be a 1-D array")
    cutoff = int(cutoff)
    if cutoff < 1:
        raise ValueError(f"cutoff must be at least 1, got {cutoff}")
    if not 0 < threshold_share < 1:
        raise ValueError("threshold_share must be in (0, 1)")
    epsilon = check_epsilon(epsilon)
    sens = _check_sensitivity(sensitivity)
    eps1 = threshold_share * epsilon
    eps2 = epsilon - eps1
    t = np.broadcast_to(np.asarray(threshold, dtype=float), q.shape)
    rho = rng.laplace(0.0, sens / eps1)
    nu = rng.laplace(0.0, (1.0 if monotonic else 2.0) * cutoff * sens / eps2, size=q.shape)
    above = q + nu >= t + rho
    hits = np.flatnonzero(above)
    answers = np.zeros(q.shape, dtype=bool)
    if hits.size >= cutoff:
        examined = int(hits[cutoff - 1]) + 1
        answers[hits[:cutoff]] = True
    else:
        examined = q.size
        answers[hits] = True
    cost = (PrivacyCost.of("SVT threshold noise", eps1, sensitivity=sens, protects=protects,
                           note=f"rho ~ Lap({sens / eps1:.6g})")
            + PrivacyCost.of("SVT query noise", eps2, sensitivity=sens, protects=protects,
                             note=f"cutoff c={cutoff}, nu ~ Lap("
                                  f"{(1.0 if monotonic else 2.0) * cutoff * sens / eps2:.6g})"))
    return Release(answers, cost, public={"examined": examined, "positives": int(answers.sum())})
