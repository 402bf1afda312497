"""Planar Laplace on lon/lat along geodesics: exact displacement and isotropy anywhere on Earth.

Each case perturbs 20,000 copies of one true point and checks, with geodesic
distances and azimuths measured independently by the inverse problem, that
the mean displacement is within 1 % of 2/ε, the displacement follows
Gamma(2, 1/ε) and the azimuth is uniform (Kolmogorov–Smirnov). The negative
controls are the old behaviour, planar Laplace in an azimuthal equidistant
frame centred at (0°, 0°) (what a point layer with an empty extent got), and
metres turned into degrees without the cos(latitude) factor.
"""
import numpy as np
import pytest
from scipy import stats

from mobility_dp.dpcore.geoind import geodesic_forward, geodesic_inverse, perturb_points, planar_laplace_lonlat
from mobility_dp.dpcore.geoind.planar import planar_laplace_noise
from mobility_dp.dpcore.random.rng import make_rng

from ..support.dp_audit import ks_fit

EPS = 0.01                 # per metre: mean displacement 2/ε = 200 m
N = 20_000
R = 6_371_000.0


def _check(true, reported, epsilon=EPS):
    az, dist = geodesic_inverse(true, reported)
    mean_ok = abs(dist.mean() - 2 / epsilon) < 0.01 * (2 / epsilon)
    radius = ks_fit(dist, stats.gamma(2, scale=1 / epsilon).cdf)
    azimuth = ks_fit(az, stats.uniform(-180, 360).cdf)
    return mean_ok, radius.passed, azimuth.passed


@pytest.mark.parametrize("lon, lat", [(2.35, 48.86),       # Paris
                                      (18.95, 70.0),        # 70° N (Tromsø)
                                      (-179.9995, -16.5),   # across the antimeridian (Fiji)
                                      (10.0, -89.99)])      # next to the South Pole
def test_one_point_repeated_is_displaced_exactly(lon, lat):
    true = np.tile([lon, lat], (N, 1))
    reported = planar_laplace_lonlat(true, EPS, make_rng(11))
    assert np.all(np.abs(reported[:, 0]) <= 180.0) and np.all(np.abs(reported[:, 1]) <= 90.0)
    assert _check(true, reported) == (True, True, True)


def test_antimeridian_reports_land_on_both_sides():
    true = np.tile([179.9995, 0.0], (N, 1))          # 55 m west of the antimeridian
    reported = planar_laplace_lonlat(true, EPS, make_rng(12))
    east = reported[:, 0] < 0
    assert 0.2 < east.mean() < 0.5                    # wrapped to -180..., not 180.001
    assert _check(true, reported) == (True, True, True)


def _aeqd_at_origin(lonlat):
    lam, phi = np.radians(lonlat[:, 0]), np.radians(lonlat[:, 1])
    c = np.arccos(np.cos(phi) * np.cos(lam))
    k = c / np.sin(c)
    return np.column_stack((R * k * np.cos(phi) * np.sin(lam), R * k * np.sin(phi)))


def _aeqd_at_origin_inverse(xy):
    rho = np.hypot(xy[:, 0], xy[:, 1])
    c = rho / R
    phi = np.arcsin(xy[:, 1] * np.sin(c) / rho)
    lam = np.arctan2(xy[:, 0] * np.sin(c), rho * np.cos(c))
    return np.degrees(np.column_stack((lam, phi)))


def test_negative_control_frame_at_origin_fails():
    """Planar Laplace in a frame centred at (0°, 0°), applied in Paris, is caught."""
    true = np.tile([2.35, 48.86], (N, 1))
    xy = _aeqd_at_origin(true) + planar_laplace_noise(N, EPS, make_rng(11))
    reported = _aeqd_at_origin_inverse(xy)
    mean_ok, radius_ok, _ = _check(true, reported)
    assert not mean_ok and not radius_ok


def test_negative_control_degrees_as_metres_fails_on_azimuth():
    """Metres turned into degrees without cos(latitude), at 70° N: anisotropic, caught by KS."""
    true = np.tile([18.95, 70.0], (N, 1))
    reported = true + planar_laplace_noise(N, EPS, make_rng(11)) / 111_320.0
    assert _check(true, reported) == (False, False, False)


def test_forward_and_inverse_agree_with_known_geodesic():
    # One degree of latitude at the equator on WGS84 is 110 574.4 m (meridian arc).
    az, dist = geodesic_inverse(np.array([[0.0, 0.0]]), np.array([[0.0, 1.0]]))
    assert dist[0] == pytest.approx(110_574.389, abs=0.01) and az[0] == pytest.approx(0.0)
    there = geodesic_forward(np.array([[0.0, 0.0]]), [0.0], [110_574.389])
    np.testing.assert_allclose(there, [[0.0, 1.0]], atol=1e-9)
    with pytest.raises(ValueError, match="latitude outside"):
        planar_laplace_lonlat(np.array([[650000.0, 6860000.0]]), EPS, make_rng(1))


def test_geographic_release_is_planar_laplace_along_geodesics():
    rng = make_rng(3)
    lonlat = np.column_stack((rng.uniform(-180, 180, 5000), rng.uniform(-80, 80, 5000)))
    rel = perturb_points(lonlat, epsilon=EPS, rng=make_rng(4), geographic=True)
    assert rel.public["geodesic"] and rel.cost.epsilon == EPS
    assert rel.public["granularity"] == "1e-07°" and "rounded to 1e-07°" in rel.cost.parts[0].note
    np.testing.assert_array_equal(np.rint(rel.values / 1e-7) * 1e-7, rel.values)
    assert _check(lonlat[rel.internal["kept"]], rel.values)[1:] == (True, True)   # rows shuffled
    again = perturb_points(lonlat, epsilon=EPS, rng=make_rng(4), geographic=True)
    np.testing.assert_array_equal(again.values, rel.values)
    with pytest.raises(ValueError, match="grid in metres"):
        perturb_points(lonlat, epsilon=EPS, rng=make_rng(4), geographic=True,
                       mechanism="geometric")
    assert np.isfinite(rel.values).all()
