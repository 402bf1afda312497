"""Planar Laplace on longitude/latitude: each point displaced along the geodesic.

Andrés et al. (CCS 2013, §4) draw a displacement (r, θ) with r ~ Gamma(2, 1/ε)
and θ uniform, and add it to the true point in the plane. On geographic input
no planar frame is needed (and none may be centred on the private points):
the report is the point reached from the true point by walking r metres along
the geodesic that leaves it with azimuth θ, on the WGS84 ellipsoid. This is
what Location Guard does on the sphere; it is exact at any latitude and across
the antimeridian, whatever the spread of the data.

The direct geodesic problem is solved by Karney's algorithm (C. F. F. Karney,
"Algorithms for geodesics", J. Geodesy 87:43–55, 2013) as implemented in
PROJ's geodesic library and exposed, vectorised, by ``pyproj.Geod.fwd``:
round-off accuracy of about 15 nanometres for any distance, no convergence
failure (pyproj ships with QGIS: Debian's ``python3-qgis`` depends on
``python3-pyproj``; OSGeo4W and the macOS bundles include it).

Guarantee. In the tangent plane at the true point the displacement is exactly
planar Laplace, so the reports are ε·d-private for the tangent-plane
(Riemann normal) distance. Measured with geodesic distances, the density of a
report also carries the area factor of the exponential map, which on a sphere
of radius R is (r/R)/sin(r/R) = 1 + (r/R)²/6 + …: below 1 + 4·10⁻⁶ for reports
within 30 km of the true point; a report that far away has probability
(1 + 30 000·ε)·e^{−30 000·ε}, i.e. < 10⁻¹²⁵ at ε = 0.01/m.
"""
from __future__ import annotations

import warnings

import numpy as np

from ..accounting.checks import check_epsilon
from .planar import planar_laplace_noise

#: The ellipsoid of EPSG:4326.
ELLIPSOID = "WGS84"


def _geod():
    """``pyproj.Geod`` on WGS84 (imported lazily: only geographic input needs it)."""
    try:
        with warnings.catch_warnings():
            # A venv without PROJ's data directory warns at import; Geod needs no data files.
            warnings.simplefilter("ignore")
            from pyproj import Geod
    except ImportError as exc:  # pragma: no cover - pyproj ships with QGIS
        raise ValueError("geodesic displacement of lon/lat points needs the pyproj package "
                         "(Debian: apt install python3-pyproj; pip install pyproj)") from exc
    return Geod(ellps=ELLIPSOID)


def check_lonlat(lonlat) -> np.ndarray:
    """Longitude/latitude in degrees as an (n, 2) array; refuses values off the globe."""
    lonlat = np.asarray(lonlat, dtype=float).reshape(-1, 2)
    if not np.all(np.isfinite(lonlat)):
        raise ValueError("point coordinates must be finite")
    bad_lat = int((np.abs(lonlat[:, 1]) > 90.0).sum())
    bad_lon = int((np.abs(lonlat[:, 0]) > 540.0).sum())
    if bad_lat or bad_lon:
        raise ValueError(f"{bad_lat} points have a latitude outside [-90, 90] and {bad_lon} a "
                         "longitude outside [-540, 540] degrees: is the layer's CRS really "
                         "geographic (degrees)?")
    return lonlat


def geodesic_forward(lonlat, azimuth_deg, distance_m) -> np.ndarray:
    """Points reached from ``lonlat`` along geodesics (direct problem), lon in [-180, 180]."""
    lonlat = check_lonlat(lonlat)
    lon, lat, _ = _geod().fwd(lonlat[:, 0], lonlat[:, 1], np.asarray(azimuth_deg, dtype=float),
                              np.asarray(distance_m, dtype=float))
    lon = (np.asarray(lon) + 180.0) % 360.0 - 180.0
    return np.column_stack((lon, np.asarray(lat)))


def geodesic_inverse(lonlat_a, lonlat_b) -> tuple:
    """(azimuth at a in degrees clockwise from north, geodesic distance in metres) from a to b."""
    a, b = check_lonlat(lonlat_a), check_lonlat(lonlat_b)
    az, _, dist = _geod().inv(a[:, 0], a[:, 1], b[:, 0], b[:, 1])
    return np.asarray(az), np.asarray(dist)


def planar_laplace_lonlat(lonlat, epsilon: float, rng: np.random.Generator) -> np.ndarray:
    """Planar Laplace reports of lon/lat points (degrees), ε per metre, along geodesics.

    The displacement (dx, dy) in metres is drawn by
    :func:`dpcore.geoind.planar.planar_laplace_noise` (east, north in the
    tangent plane); its length is walked along the geodesic of azimuth
    atan2(dx, dy) from the true point.
    """
    epsilon = check_epsilon(epsilon)
    lonlat = check_lonlat(lonlat)
    noise = planar_laplace_noise(len(lonlat), epsilon, rng)
    azimuth = np.degrees(np.arctan2(noise[:, 0], noise[:, 1]))
    return geodesic_forward(lonlat, azimuth, np.hypot(noise[:, 0], noise[:, 1]))

