"""Direct perturbation (Chen et al. Alg. 1) and the noise every histogram release shares.

Unit of privacy: one user's whole trajectory (add/remove neighbours). With
one observation per user and timestamp, a user changes each histogram D_i
by at most 1 in L1 norm (Δ_H = 1) and the L1 distance ``Dist(D̃_{i−1}, D_i)``
between a *published* histogram and a true one by at most 1 too. (The paper
uses Δ_D = 2, the value for replace-one-user neighbours; with add/remove it
over-noises by a factor 2.) Counts get discrete Laplace noise by default
(integers in, integers out); ``noise="laplace"`` is the paper's continuous
Laplace.

Threshold perturbation (Alg. 2) is :mod:`.threshold`.
"""
from __future__ import annotations

import math

import numpy as np

from .. import mechanisms
from ..accounting.checks import check_epsilon
from ..accounting.contract import Release
from ..accounting.costs import CostPart, PrivacyCost
from ..accounting.units import PrivacyUnit

NOISES = ("discrete_laplace", "laplace")
#: L1 sensitivity of one timestamp's histogram and of Dist(published, true).
SENSITIVITY = 1
UNIT = "one user's whole trajectory (one cell per timestamp)"
UNIT_OF_PRIVACY = PrivacyUnit.USER


def check_counts(counts) -> np.ndarray:
    """(n_slots, n_cells) array of non-negative integer counts, as int64."""
    c = np.asarray(counts)
    if c.ndim != 2 or c.shape[0] < 1 or c.shape[1] < 1:
        raise ValueError(f"counts must be a non-empty (slots, cells) array, got shape {c.shape}")
    if not np.issubdtype(c.dtype, np.integer):
        if not (np.all(np.isfinite(c)) and np.all(c == np.round(c))):
            raise ValueError("true counts must be integers")
    if c.size and c.min() < 0:
        raise ValueError("true counts must be non-negative")
    return c.astype(np.int64)


def check_noise(noise: str) -> str:
    if noise not in NOISES:
        raise ValueError(f"noise must be one of {NOISES}, got {noise!r}")
    return noise


def perturb(values, *, sensitivity: float, epsilon: float, noise: str,
            rng: np.random.Generator, protects: str = UNIT) -> Release:
    """One Laplace-type mechanism call on ``values`` (discrete or continuous)."""
    if check_noise(noise) == "discrete_laplace":
        return mechanisms.discrete_laplace(values, sensitivity=int(sensitivity),
                                           epsilon=epsilon, rng=rng, protects=protects)
    return mechanisms.laplace(values, sensitivity=sensitivity, epsilon=epsilon, rng=rng,
                              protects=protects)


def expected_abs_noise(sensitivity: float, epsilon: float, noise: str) -> float:
    """E|Z| of one cell's noise: b for Laplace, 2α/(1−α²) for discrete Laplace."""
    if check_noise(noise) == "laplace":
        return mechanisms.laplace_scale(sensitivity, epsilon)
    a = mechanisms.discrete_laplace_alpha(sensitivity, epsilon)
    return 2 * a / (1 - a * a)


def merge_parts(releases, mechanism: str, note: str = "") -> PrivacyCost:
    """The mechanism calls of one kind, summed into one cost part."""
    eps = math.fsum(r.cost.epsilon for r in releases)
    if eps == 0:
        return PrivacyCost()
    sens = releases[0].cost.parts[0].sensitivity
    return PrivacyCost((CostPart(mechanism, eps, 0.0, sens, UNIT, note),))


def release_direct(counts, *, epsilon: float, rng: np.random.Generator,
                   noise: str = "discrete_laplace", progress=None) -> Release:
    """Alg. 1: every histogram gets noise of scale S·Δ_H/ε (ε/S per timestamp).

    One mechanism call on the whole (S, M) array with L1 sensitivity S — the
    same noise as S calls at ε/S with sensitivity 1.
    """
    c = check_counts(counts)
    epsilon = check_epsilon(epsilon)
    n_slots = c.shape[0]
    rel = perturb(c, sensitivity=SENSITIVITY * n_slots, epsilon=epsilon, noise=noise, rng=rng)
    cost = PrivacyCost((CostPart(rel.cost.parts[0].mechanism, epsilon, 0.0,
                                 float(SENSITIVITY * n_slots), UNIT,
                                 f"direct perturbation of {n_slots} timestamps, "
                                 f"ε/S = {epsilon / n_slots:.6g} each"),))
    return Release(rel.values, cost.with_unit_of_privacy(UNIT_OF_PRIVACY),
                   public={"method": "direct", "fresh_slots": list(range(n_slots))})
