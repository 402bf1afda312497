"""Planar Laplace (Andrés et al. 2013): radius and angle laws, quantiles, ε·d audit, remap."""
import math

import numpy as np
import pytest
from scipy import stats
from shapely.geometry import Point, box

from mobility_dp.dpcore.geoind.planar import (
    epsilon_from_level,
    expected_displacement,
    guarantee_facts,
    planar_laplace_noise,
    radius_quantile,
    remap_to_region,
)
from mobility_dp.dpcore.random.rng import make_rng

from ..support.dp_audit import ks_fit, likelihood_ratio_audit
from ..support.reference import radius_cdf

EPS = 0.004            # per metre
D = 250.0              # metres between the two audited true locations: ε·d = 1
DIAGONAL = np.array([1.0, 1.0]) / math.sqrt(2.0)


def _broken_noise(n, epsilon, rng):
    """1-D Laplace on x and y separately with the same ε (as another QGIS plugin does)."""
    return np.column_stack((rng.laplace(0.0, 1.0 / epsilon, n), rng.laplace(0.0, 1.0 / epsilon, n)))


def test_radius_is_gamma_2_and_angle_uniform():
    z = planar_laplace_noise(200_000, EPS, make_rng(1))
    radius = np.hypot(z[:, 0], z[:, 1])
    angle = np.arctan2(z[:, 1], z[:, 0])
    assert ks_fit(radius, stats.gamma(2, scale=1 / EPS).cdf).passed
    assert ks_fit(radius, lambda r: radius_cdf(r, EPS)).passed
    assert ks_fit(angle, stats.uniform(-math.pi, 2 * math.pi).cdf).passed
    assert abs(radius.mean() - expected_displacement(EPS)) < 0.01 * expected_displacement(EPS)


def test_radius_fit_has_power():
    """Negative controls: the broken per-axis Laplace and a Gamma(1) radius do not fit."""
    rng = make_rng(2)
    z = _broken_noise(200_000, EPS, rng)
    assert not ks_fit(np.hypot(z[:, 0], z[:, 1]), stats.gamma(2, scale=1 / EPS).cdf).passed
    assert not ks_fit(rng.exponential(2 / EPS, 200_000), lambda r: radius_cdf(r, EPS)).passed


def test_quantile_is_lambert_w_inverse_of_cdf():
    p = np.array([0.0, 0.1, 0.5, 0.9, 0.95, 0.999])
    r = radius_quantile(p, EPS)
    np.testing.assert_allclose(r, stats.gamma(2, scale=1 / EPS).ppf(p), rtol=1e-9, atol=1e-9)
    np.testing.assert_allclose(radius_cdf(r, EPS), p, atol=1e-12)
    with pytest.raises(ValueError):
        radius_quantile(1.0, EPS)


def test_guarantee_facts_and_level_radius():
    facts = guarantee_facts(0.01, distances=(200.0,))
    assert facts["expected_displacement_m"] == pytest.approx(200.0)
    assert facts["radius_50_m"] < facts["radius_90_m"] < facts["radius_95_m"]
    assert facts["radius_95_m"] == pytest.approx(stats.gamma(2, scale=100).ppf(0.95))
    assert facts["factors"][200.0] == pytest.approx(math.exp(2.0))
    assert "200 m apart" in facts["statements"][0] and "7.39" in facts["statements"][0]
    assert epsilon_from_level(math.log(4), 200) == pytest.approx(math.log(4) / 200)
    for bad in ((0, 200), (1, 0), (1, -5)):
        with pytest.raises(ValueError):
            epsilon_from_level(*bad)
    with pytest.raises(ValueError):
        planar_laplace_noise(10, 0.0, make_rng(0))


def _audit(noise, seed, n=300_000):
    """LR audit of two true points D metres apart along the diagonal, outputs projected on it.

    Projection is post-processing, so its half-line events are events of the
    mechanism; along the displacement they are where the ratio is largest.
    """
    rng = make_rng(seed)
    a = noise(n, EPS, rng) @ DIAGONAL
    b = (D * DIAGONAL + noise(n, EPS, rng)) @ DIAGONAL
    return likelihood_ratio_audit(a, b, 60, EPS * D)


def test_planar_laplace_passes_geo_indistinguishability_audit():
    result = _audit(planar_laplace_noise, 3)
    assert result.passed, str(result)
    assert result.epsilon_lower_bound > 0.7 * EPS * D     # the audit is close to tight


def test_per_axis_laplace_fails_the_same_audit():
    result = _audit(_broken_noise, 4)
    assert not result.passed, str(result)                  # it is only ε·L1-private: √2·ε·d here


def test_remap_to_region_moves_only_outside_points():
    region = box(0, 0, 100, 100).union(Point(150, 50).buffer(20))
    rng = make_rng(5)
    pts = rng.uniform(-100, 250, size=(2000, 2))
    out = remap_to_region(pts, region)
    inside = np.array([region.buffer(1e-9).contains(Point(p)) for p in pts])
    np.testing.assert_array_equal(out[inside], pts[inside])
    assert all(region.buffer(1e-6).contains(Point(p)) for p in out)
    moved = out[~inside]
    dist = np.array([region.distance(Point(p)) for p in pts[~inside]])
    np.testing.assert_allclose(np.hypot(*(moved - pts[~inside]).T), dist, rtol=1e-6, atol=1e-6)
    with pytest.raises(ValueError):
        remap_to_region(pts, box(0, 0, 0, 0))


def test_guarantee_facts_at_a_large_epsilon_are_computed_in_log_space():
    """Issue 25 item 10: ε ≥ 0.71 per metre overflowed math.exp(ε·1000) (OverflowError)."""
    facts = guarantee_facts(5.0)
    assert facts["log_factors"][1000.0] == pytest.approx(5000.0)
    assert facts["factors"][1000.0] == math.inf and facts["factors"][100.0] == pytest.approx(math.exp(500))
    assert "10^2171.5" in facts["statements"][-1]
    assert guarantee_facts(0.01)["statements"][0].endswith("= 2.72")     # small: plain number
