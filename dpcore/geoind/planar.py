"""The planar Laplace mechanism of geo-indistinguishability.

Andrés, Bordenabe, Chatzikokolakis & Palamidessi, "Geo-indistinguishability:
differential privacy for location-based systems", CCS 2013, §4: the reported
point z of a true point x has density D_ε(z | x) = ε²/(2π)·e^{−ε·d(x, z)}.
In polar coordinates around x the angle is uniform and the radius has the
density ε²·r·e^{−εr}, i.e. r ~ Gamma(2, 1/ε), with CDF
C_ε(r) = 1 − (1 + εr)·e^{−εr} and inverse (§4.1)
C_ε⁻¹(p) = −(1/ε)·(W₋₁((p − 1)/e) + 1), W₋₁ the lower branch of Lambert W.
It satisfies ε·d-privacy: for any set S of outputs and true points x, x′,
P(S | x) ≤ e^{ε·d(x, x′)}·P(S | x′) (Alvim et al. §I, "d_X-privacy"), ε in 1/metre.

Coordinates are metres in a projected CRS. Sampling draws the radius from
numpy's Gamma(2) sampler and a uniform angle (vectorised; tens of millions
of points per second).
"""
from __future__ import annotations

import math

import numpy as np
import shapely as _shapely
from scipy import special

from ..accounting.checks import check_epsilon


def planar_laplace_noise(n: int, epsilon: float, rng: np.random.Generator) -> np.ndarray:
    """``n`` planar Laplace displacements (metres), shape (n, 2)."""
    epsilon = check_epsilon(epsilon)
    radius = rng.gamma(2.0, 1.0 / epsilon, size=n)
    angle = rng.random(n) * (2.0 * math.pi)
    return np.column_stack((radius * np.cos(angle), radius * np.sin(angle)))


def radius_quantile(p, epsilon: float) -> np.ndarray:
    """C_ε⁻¹(p) = −(W₋₁((p − 1)/e) + 1)/ε: the radius holding a fraction p of displacements."""
    epsilon = check_epsilon(epsilon)
    p = np.asarray(p, dtype=float)
    if np.any((p < 0) | (p >= 1)):
        raise ValueError("a radius quantile needs p in [0, 1)")
    w = special.lambertw(np.maximum((p - 1.0) / math.e, -1.0 / math.e), k=-1).real
    # At p = 0 the argument is the branch point −1/e, where W₋₁ = −1 (r = 0)
    # but the numerical value may be nan.
    return np.where(p == 0, 0.0, -(w + 1.0) / epsilon)


def expected_displacement(epsilon: float) -> float:
    """E[r] = 2/ε metres (mean of Gamma(2, 1/ε))."""
    return 2.0 / check_epsilon(epsilon)


def epsilon_from_level(level: float, radius: float) -> float:
    """Location Guard's parametrisation: privacy level L within radius r gives ε = L/r."""
    level, radius = float(level), float(radius)
    if not (level > 0 and math.isfinite(level)):
        raise ValueError(f"privacy level must be a positive number, got {level}")
    if not (radius > 0 and math.isfinite(radius)):
        raise ValueError(f"radius must be a positive number of metres, got {radius}")
    return level / radius


def guarantee_facts(epsilon: float, distances=(100.0, 200.0, 500.0, 1000.0)) -> dict:
    """Numbers a report shows for planar Laplace with ε per metre."""
    epsilon = check_epsilon(epsilon)
    q50, q90, q95 = radius_quantile([0.5, 0.9, 0.95], epsilon)
    return {
        "epsilon_per_metre": epsilon,
        "expected_displacement_m": expected_displacement(epsilon),
        "radius_50_m": float(q50), "radius_90_m": float(q90), "radius_95_m": float(q95),
        "log_factors": {float(d): epsilon * d for d in distances},
        "factors": {float(d): _exp_or_inf(epsilon * d) for d in distances},
        "statements": [
            f"an observer cannot tell apart two locations {d:g} m apart by more than "
            f"a factor e^(ε·{d:g}) = {factor_text(epsilon * d)}" for d in distances],
    }


def _exp_or_inf(log_factor: float) -> float:
    return math.exp(log_factor) if log_factor < 700.0 else math.inf


def factor_text(log_factor: float) -> str:
    """e^x written from x (log space): "7.39", or "10^434.3" where e^x overflows a double."""
    if log_factor < 700.0:
        return f"{math.exp(log_factor):.3g}"
    return f"10^{log_factor / math.log(10):.1f}"


def remap_to_region(xy: np.ndarray, region) -> np.ndarray:
    """Move every point outside the polygon ``region`` to its nearest point of it.

    Post-processing of the reported points only (it never looks at the true
    ones), so the ε·d guarantee is unchanged (Andrés et al. 2013, §4.3
    discuss remapping to the area of interest).
    """
    xy = np.asarray(xy, dtype=float).reshape(-1, 2)
    outside = np.flatnonzero(outside_region(xy, region))
    out = xy.copy()
    if outside.size:
        out[outside] = _nearest_on(region, xy[outside])
    return out


def outside_region(xy: np.ndarray, region) -> np.ndarray:
    """Boolean mask of the points strictly outside the polygon ``region`` (boundary is inside)."""
    xy = np.asarray(xy, dtype=float).reshape(-1, 2)
    if region is None or region.is_empty or region.area <= 0:
        raise ValueError("the study area must be a non-empty polygon")
    return ~_contains_xy(region, xy)


if not hasattr(_shapely, "contains_xy"):  # shapely 1.8: no vectorised predicates nor shortest lines
    _shapely = None


def _contains_xy(region, xy: np.ndarray) -> np.ndarray:
    if _shapely is not None:
        return _shapely.contains_xy(region, xy[:, 0], xy[:, 1]) | _shapely.intersects_xy(
            region.boundary, xy[:, 0], xy[:, 1])
    from shapely import vectorized
    from shapely.prepared import prep
    return np.asarray(vectorized.contains(prep(region.buffer(0)), xy[:, 0], xy[:, 1]), dtype=bool)


def _nearest_on(region, xy: np.ndarray) -> np.ndarray:
    if _shapely is not None:
        lines = _shapely.shortest_line(region, _shapely.points(xy))
        return _shapely.get_coordinates(lines)[0::2]
    from shapely.geometry import Point
    from shapely.ops import nearest_points
    return np.array([nearest_points(region, Point(p))[0].coords[0] for p in xy])
