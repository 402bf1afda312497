"""The Laplace mechanism, floating-point safe: Mironov's snapping mechanism (CCS 2012, §5.2;
Dwork & Roth 2014, §3.3), and rounding to a public granularity."""
from __future__ import annotations

import math

import numpy as np

from ..accounting.checks import check_epsilon
from ..accounting.contract import Release
from ..accounting.costs import PrivacyCost
from .limits import _check_sensitivity

#: Unit roundoff η charged for every floating-point operation of the
#: snapping mechanism: 2^−52, twice IEEE's 2^−53, so that numpy's logarithm
#: (accurate to one ulp, not correctly rounded as Mironov assumes) and the
#: division by the sensitivity are covered.
SNAPPING_ETA = 2.0 ** -52
#: Default public bound B on |true value|, in units of the sensitivity:
#: 2^28·Δ (about 2.7e8 sensitivities). Then the float-safety share of ε is
#: ≈ 14·2^28·η ≈ 8.3e-7 of ε, whatever ε. Mironov needs λ < B < 2^46·λ, so
#: at very large ε (tiny noise, above ε ≈ 2.6e5/Δ) the default shrinks to
#: 2^45 noise scales.
DEFAULT_BOUND_SENSITIVITIES = 2.0 ** 28


def laplace_scale(sensitivity: float, epsilon: float) -> float:
    """b = Δ₁/ε (Dwork & Roth Def. 3.3), before the float-safety share of ε."""
    return _check_sensitivity(sensitivity) / check_epsilon(epsilon)


def power_of_two_at_least(x: float) -> float:
    """Λ = the smallest power of two ≥ x (exact)."""
    mantissa, exponent = math.frexp(float(x))
    return math.ldexp(1.0, exponent - 1 if mantissa == 0.5 else exponent)


def snapping_parameters(sensitivity: float, epsilon: float, bound=None) -> dict:
    """Parameters of the snapping mechanism for a total cost of exactly ``epsilon``.

    In units of the sensitivity Δ (values x/Δ, sensitivity 1) Mironov's
    Theorem 1 gives the cost ε_total = ε_n·(1 + 12·B′·η) + 2η for noise
    λ′ = 1/ε_n, bound B′ = B/Δ and granularity Λ′ = 2^⌈log₂ λ′⌉; dividing
    by Δ may stretch the sensitivity to 1 + 2·B′·η, charged as a factor.
    Solved for ε_n, the noise is Lap(Δ/ε_n) and ``extra_epsilon`` =
    ε − ε_n is what float safety costs. ``bound`` (public, same units as
    the values) defaults to :data:`DEFAULT_BOUND_SENSITIVITIES` sensitivities.
    """
    delta1, epsilon = _check_sensitivity(sensitivity), check_epsilon(epsilon)
    eta = SNAPPING_ETA
    if bound is None:
        b_units = min(DEFAULT_BOUND_SENSITIVITIES, 2.0 ** 45 / epsilon)
    else:
        b_units = float(bound) / delta1
    if not (b_units > 0 and math.isfinite(b_units)):
        raise ValueError(f"the public bound must be a positive finite number, got {bound}")
    eps_noise = (epsilon - 2 * eta) / ((1 + 2 * b_units * eta) * (1 + 12 * b_units * eta))
    if not eps_noise > 0.99 * epsilon:
        raise ValueError(
            f"the public bound {b_units * delta1:g} is too large for epsilon={epsilon:g}: "
            "floating-point safety (Mironov 2012) would cost more than 1 % of epsilon; "
            "give a smaller bound on the true values")
    lam = 1.0 / eps_noise
    if not (lam < b_units < 2.0 ** 46 * lam):
        raise ValueError(
            f"the public bound {b_units * delta1:g} must lie between one noise scale "
            f"({lam * delta1:g}) and 2^46 noise scales ({2.0 ** 46 * lam * delta1:g}) for the "
            "snapping mechanism (Mironov 2012)")
    return {"scale": lam * delta1, "granularity": power_of_two_at_least(lam) * delta1,
            "bound": b_units * delta1, "noise_epsilon": eps_noise,
            "extra_epsilon": epsilon - eps_noise, "units": (delta1, lam, b_units)}


def snap(values, params: dict, rng: np.random.Generator) -> np.ndarray:
    """Mironov's snapping mechanism: clamp_B(⌊clamp_B(x) + S·λ·(−ln U*)⌉_Λ), per value."""
    delta1, lam, b_units = params["units"]
    grid = power_of_two_at_least(lam)
    x = np.asarray(values, dtype=float) / delta1
    np.clip(x, -b_units, b_units, out=x)
    y = rng.laplace(0.0, lam, size=x.shape)
    y += x
    y *= 1.0 / grid                                # exact: the grid is a power of two
    np.rint(y, out=y)
    y *= grid
    np.clip(y, -b_units, b_units, out=y)
    y *= delta1
    return y


def laplace(values, *, sensitivity: float, epsilon: float, rng: np.random.Generator,
            protects: str = "", bound=None) -> Release:
    """ε-DP for a query of L1 sensitivity Δ₁: floating-point-safe Laplace (snapping).

    Returns the true values plus Laplace noise of scale ≈ Δ₁/ε, rounded to
    the public granularity ``info["granularity"]`` (a power of two times
    Δ₁, at least the noise scale) and clamped to ±``info["bound"]``; see
    :func:`snapping_parameters` for the cost, which is exactly ``epsilon`` and
    includes the float-safety share ``info["float_extra_epsilon"]``.
    ``bound`` is a public bound on |true value| (default 2^28·Δ₁); true
    values beyond it are clamped.
    """
    values = np.asarray(values, dtype=float)
    params = snapping_parameters(sensitivity, epsilon, bound)
    noisy = snap(values, params, rng)
    note = (f"snapping mechanism (Mironov 2012): scale b={params['scale']:.6g}, "
            f"granularity {params['granularity']:.6g}, bound ±{params['bound']:.6g}; "
            f"float safety costs ε={params['extra_epsilon']:.3g} of this part")
    return Release(noisy, PrivacyCost.of("Laplace", epsilon, sensitivity=sensitivity,
                                         protects=protects, note=note,
                                         granularity=params["granularity"], bound=params["bound"]),
                   public={"scale": params["scale"], "granularity": params["granularity"],
                         "bound": params["bound"], "float_extra_epsilon": params["extra_epsilon"]})


def round_to_granularity(values, granularity: float) -> np.ndarray:
    """Values rounded to the nearest multiple k·g of a public granularity g (e.g. 0.01 m).

    For continuous outputs that are not Laplace-snapped, e.g. planar Laplace
    points (Andrés et al., CCS 2013, §5, on finite precision): the published
    value is a function of the integer k only, so its low-order bits carry
    no trace of the true value or of the sampler's float arithmetic. It is
    post-processing: the privacy guarantee is unchanged. Outputs satisfy
    ``round(y / g) * g == y`` exactly (|k| < 2^52).
    """
    g = float(granularity)
    if not (g > 0 and math.isfinite(g)):
        raise ValueError(f"the output granularity must be a positive number, got {granularity}")
    return np.rint(np.asarray(values, dtype=float) / g) * g
