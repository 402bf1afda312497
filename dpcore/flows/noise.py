"""Noise on move frequency vectors: the thesis's per-vehicle modes and a central mode.

Local modes (Pratesi 2012 §4.2.3), each vehicle perturbs its own vector:

* ``universal`` (Alg. 3): Laplace noise of scale Δ/ε on every entry.
* ``bounded`` (Alg. 4): the noise is redrawn until it lies in [−x, x], x the
  true count. NOT differentially private: a zero count stays exactly zero
  and a count x is released within [0, 2x], so the release shows which
  moves the vehicle made (papers README, "Known corrections").
* ``balanced`` (Alg. 5): the noise is truncated to [−b, b] with the bound
  b = (Δ/ε)·ln((e^ε+1)/δ) that does not depend on the data; by Lemmas
  4.2.1 and 4.2.4 this is (ε, δ)-DP with δ = (e^ε+1)·P(|noise| > b).

Sensitivity (§4.2.3.1): ``move`` (Δ = 1 on every entry; the unit of
privacy is one move) or ``trajectory`` (Eq. 4.1, Δ = the vehicle's largest
count of that move in one trajectory). The trajectory-based sensitivity is
computed from the vehicle's own data and is 0 where the vehicle never
moved, so those entries get no noise: the support of the vector is
released exactly and the mode is NOT differentially private. Both
data-dependent choices are kept for comparison with the thesis; their cost
is recorded as ε = ∞ with a note saying what leaks.

Noise is the discrete Laplace (two-sided geometric) by default, integer
counts staying integers; ``continuous`` is the thesis's Laplace, made
float-safe: UniversalNoise uses the snapping mechanism
(:func:`dpcore.mechanisms.snapping.laplace`), BalancedNoise the two-sided geometric
on a power-of-two grid about 1/1000 of the Laplace scale
(:func:`continuous_grid`), whose bound and δ are computed for that grid.
The truncated versions are sampled by inverting their CDF (the thesis's
rejection loop would need ~1/P(|Lap| ≤ x) draws for x = 1).

Accounting of the local modes: every vehicle spends ε on its own vector.
Vehicles hold disjoint data, so by parallel composition (McSherry 2009,
Thm. 4) the set of all vectors is ε-DP for the unit of privacy: the cost
is recorded once, not K times.

The local modes are :mod:`.local_noise`, the central mode (beyond the
thesis) :mod:`.central_noise`; this module holds what both share: the
choices, the units of privacy, the truncated samplers and the balanced bound.

Public and internal: ``Release.public`` holds parameters and facts computed
from the noisy values only; what depends on the raw data (the number of
vehicles, the share of moves the bounding kept) is in ``Release.internal``.
"""
from __future__ import annotations

import math

import numpy as np

from .. import mechanisms
from ..accounting.checks import check_delta, check_epsilon
from ..accounting.units import PrivacyUnit

METHODS = ("universal", "bounded", "balanced")
SENSITIVITIES = ("move", "trajectory")
NOISES = ("discrete", "continuous")
BOUNDINGS = ("trips", "distinct")

#: Vehicles perturbed together (dense blocks of BLOCK × s values).
BLOCK = 128

UNIT_MOVE = "one move of one vehicle (adding or removing one move changes one count by 1)"
UNIT_TRAJECTORY = "intended by the thesis: one trajectory of one vehicle (Eq. 4.1)"
UNIT_VEHICLE = "one vehicle: all its trajectories in the time interval"
#: Short names of the units of privacy, as the ledger records them.
UNIT_NAMES = {UNIT_MOVE: PrivacyUnit.MOVE, UNIT_TRAJECTORY: PrivacyUnit.TRAJECTORY,
              UNIT_VEHICLE: PrivacyUnit.VEHICLE}

LEAK_TRAJECTORY = (
    "NOT differentially private (thesis Eq. 4.1, trajectory-based sensitivity): Δ is computed "
    "from the vehicle's own trajectories and is 0 where it never moved, so those counts are "
    "released without noise: the release shows exactly which moves each vehicle made, and the "
    "noise scale Δ/ε reveals its largest per-trajectory count of each move. Each count is also "
    "calibrated alone although one trajectory changes several counts at once.")
LEAK_BOUNDED = (
    "NOT differentially private (thesis BoundedNoise): the noise is truncated to [−x, x] where "
    "x is the vehicle's true count, so a zero stays exactly zero and a count x is released "
    "within [0, 2x]: the release shows exactly which moves each vehicle made and bounds how "
    "often.")


# --------------------------------------------------------------------------
# Truncated noise (exact inverse-CDF samplers) and the BalancedNoise bound
# --------------------------------------------------------------------------

def truncated_laplace_noise(scale, bound, rng: np.random.Generator) -> np.ndarray:
    """Lap(scale) conditioned on |Z| ≤ bound (arrays broadcast; bound 0 gives 0)."""
    scale, bound = np.broadcast_arrays(np.asarray(scale, float), np.asarray(bound, float))
    u = rng.random(scale.shape)
    magnitude = -scale * np.log1p(u * np.expm1(-bound / scale))
    return np.where(rng.random(scale.shape) < 0.5, -magnitude, magnitude)


def truncated_discrete_laplace_noise(eps_per_step, bound, rng: np.random.Generator) -> np.ndarray:
    """Two-sided geometric noise (ratio α = e^{−ε/Δ}, ``eps_per_step`` = ε/Δ) conditioned on
    |Z| ≤ bound, sampled exactly: the exact sampler of
    :func:`dpcore.mechanisms.geometric.discrete_laplace_noise` (which refuses ε/Δ beyond what it can
    represent, 32·ln 2), redrawing the values outside [−bound, bound] (rejection sampling
    draws exactly the conditioned law; no floating-point CDF is inverted).
    """
    eps, bound = np.broadcast_arrays(np.asarray(eps_per_step, float), np.asarray(bound, float))
    out = np.zeros(eps.shape, dtype=np.int64)
    for e in np.unique(eps):
        where = np.flatnonzero((eps == e).ravel() & (bound.ravel() > 0))
        while where.size:
            z = mechanisms.discrete_laplace_noise(where.size, sensitivity=1.0, epsilon=float(e),
                                                  rng=rng)
            ok = np.abs(z) <= bound.ravel()[where]
            out.ravel()[where[ok]] = z[ok]
            where = where[~ok]
    return out


def continuous_grid(sensitivity: float, epsilon: float) -> float:
    """Λ of the float-safe "continuous" BalancedNoise: 2^(⌊log₂(Δ/ε)⌋ − 10), at most 1.

    A power of two between 1/2048 and 1/1024 of the Laplace scale Δ/ε, so that
    Δ/Λ is an integer for an integer Δ.
    """
    return min(1.0, math.ldexp(1.0, math.floor(math.log2(sensitivity / epsilon)) - 10))


def balanced_bound(sensitivity: float, epsilon: float, delta: float, noise: str) -> tuple:
    """(bound, achieved δ) of BalancedNoise, independent of the data (Alg. 5).

    Discrete: the smallest integer B with (e^ε+1)·P(|Z| > B) ≤ δ, where
    P(|Z| > B) = 2α^{B+1}/(1+α) for the two-sided geometric with α = e^{−ε/Δ}.
    Continuous: the thesis's b = (Δ/ε)·ln((e^ε+1)/δ) is for raw doubles,
    whose low bits leak (Mironov 2012); here the noise is the same
    two-sided geometric on the grid Λ = :func:`continuous_grid` (sensitivity
    Δ/Λ steps), so the bound is B·Λ, within Λ of the thesis's b.
    """
    epsilon, delta = check_epsilon(epsilon), check_delta(delta)
    if delta <= 0:
        raise ValueError("BalancedNoise needs delta > 0")
    if noise == "continuous":
        grid = continuous_grid(sensitivity, epsilon)
        steps, achieved = balanced_bound(sensitivity / grid, epsilon, delta, "discrete")
        return steps * grid, achieved
    alpha = math.exp(-epsilon / sensitivity)
    target = delta * (1 + alpha) / (2 * (math.exp(epsilon) + 1))
    bound = max(0, math.ceil(math.log(target) / math.log(alpha) - 1e-12) - 1)
    achieved = (math.exp(epsilon) + 1) * 2 * alpha ** (bound + 1) / (1 + alpha)
    return bound, achieved
