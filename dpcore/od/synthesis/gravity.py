"""Distance laws as gravity models (post-processing of released parts; no privacy cost).

A count of people or trips per 500 m distance band is modelled as a gravity model's
(Ortúzar & Willumsen, *Modelling Transport*, ch. 6): the *availability* of each band — the
distances the released ends would have if they were paired independently, read from the zone
geometry (sampled point pairs, :meth:`.place.Zones.pair_bands`) — times a deterrence f(d).
:func:`fitted_distances` estimates f from the released noisy band counts as a unimodal function
of the distance (in practice a decreasing one: distance decay) by weighted least squares
(isotonic regression on each side of the mode; Barlow et al. 1972; unimodal regression,
Frisén 1986), as a negative exponential (two parameters: what a few hundred people's noisy
counts can carry) or as a constant, whichever is worth its degrees of freedom: the noise
of count / availability is the part's noise over the availability, so bands the geometry
barely reaches weigh little. Their tail then follows the geometry instead of the noise: on
40 bands, the noise's positive outliers in the far bands, which a unimodal fit of the counts
themselves keeps as long plateaus (a few hundred of 4,000 people beyond 10 km in a city 11 km
across), are averaged with the nearer bands' deterrence. Where the pair table already holds
a distance law, that law is a second reference, kept where it fits the released counts best.
:func:`gravity` draws destinations from such a model calibrated to a band histogram.
"""
from __future__ import annotations

import numpy as np

from .parts import DISTANCE_EDGES_M
from .reconstruct import band_shares, decreasing

IPF_ROUNDS = 40


def availability(bands, w_o, w_d, n_bands: int) -> np.ndarray:
    """Share of each distance band if origins weighted ``w_o`` and destinations weighted
    ``w_d`` were paired independently (``bands``: (K, n, n) the bands of K sampled point
    pairs per zone pair): Σ_od w_o w_d · share of the pair's sampled distances in the band."""
    w_o = np.clip(np.asarray(w_o, dtype=float), 0.0, None)
    w_d = np.clip(np.asarray(w_d, dtype=float), 0.0, None)
    pairs = np.outer(w_o / max(w_o.sum(), 1e-300), w_d / max(w_d.sum(), 1e-300)).ravel()
    return band_shares(bands, n_bands).T @ pairs


def _unimodal_weighted(y, w) -> np.ndarray:
    """The unimodal fit of ``y`` by weighted least squares (``w`` > 0), the mode the one
    with the smallest weighted squared error (Frisén 1986)."""
    best, fit = np.inf, y
    for top in range(y.size):
        left = decreasing(y[:top + 1][::-1], w[:top + 1][::-1])[::-1]
        right = decreasing(y[top + 1:], w[top + 1:])
        f = np.concatenate([left, right])
        err = float(np.sum(w * (f - y) ** 2))
        if err < best:
            best, fit = err, f
    return fit


def _exponential(a, y, bands) -> np.ndarray:
    """The negative exponential deterrence c·exp(−β d) (Wilson 1970) of ``bands`` (d: their
    centres) fitted to ``y`` ≈ ``a`` × deterrence by least squares, β on a public grid of
    scales from 250 m to 50 km, c in closed form."""
    d = DISTANCE_EDGES_M[bands] + 250.0
    best, fit = np.inf, np.ones(a.size)
    for scale in np.geomspace(250.0, 50000.0, 48):
        h = np.exp(-d / scale)
        c = float((a * h) @ y) / max(float((a * h) @ (a * h)), 1e-300)
        err = float(np.sum((y - a * c * h) ** 2))
        if err < best:
            best, fit = err, c * h
    return fit


def fitted_distances(raw, avail, noise_sd: float, own=None) -> np.ndarray:
    """The released band counts ``raw`` (noisy, any sign; noise ``noise_sd`` per band) fitted
    as a reference law × a deterrence (module doc): the reference is the availability
    ``avail`` (:func:`availability`) or, where given, ``own`` (the law the pair table already
    holds); the deterrence unimodal, negative exponential or constant. Of these, the fit with
    the smallest Schwarz criterion (BIC, Schwarz 1978: residual sum of squares + σ² ln(bands)
    × degrees of freedom; an isotonic fit's degrees of freedom are its blocks, Meyer &
    Woodroofe 2000, one more for the mode): noise alone does not make a decay, and a pair table that already holds the
    distances is kept. Bands no reference reaches get 0; a noisy total ≤ 0 (noise only) gives
    the default reference itself (``own`` where given, else ``avail``; total 1)."""
    raw = np.asarray(raw, dtype=float)
    if raw.sum() <= 0:   # noise only: nothing to fit, the default reference as it is
        law = np.clip(np.asarray(avail if own is None else own, dtype=float), 0.0, None)
        return law / max(law.sum(), 1e-300)
    best, out, penalty = np.inf, np.zeros(raw.size), np.log(raw.size) * noise_sd ** 2
    # the pair table's own law is the default reference: switching to the availability costs
    # one more degree of freedom (the choice), so noise alone keeps the pairs as they are
    for law, switch in ([] if own is None else [(own, 0)]) + [(avail, int(own is not None))]:
        expected = np.asarray(law, dtype=float) / max(float(np.sum(law)), 1e-300) * raw.sum()
        reach = np.flatnonzero(expected > 1e-9 * max(raw.sum(), 1.0))
        if reach.size == 0:
            continue
        a, y = expected[reach], raw[reach]
        unreached = float(np.sum(raw ** 2) - np.sum(y ** 2))   # predicted 0 there
        f = _unimodal_weighted(y / a, a * a)
        for g, df in ((f, 2 + np.count_nonzero(np.diff(f))), (_exponential(a, y, reach), 2),
                      (np.full(a.size, float(a @ y) / float(a @ a)), 1)):
            bic = float(np.sum((y - a * g) ** 2)) + unreached + penalty * (df + switch)
            if bic < best:
                best, out = bic, np.zeros(raw.size)
                out[reach] = a * g
    return np.clip(out, 0.0, None)


def gravity(bands: np.ndarray, w_o, w_d, distance) -> np.ndarray:
    """Row-stochastic n × n P(destination | origin) ∝ w_d · mean_k f(bands[k]), f fitted so
    that origins weighted by ``w_o`` give the band histogram ``distance`` (iterative
    proportional fitting, as a doubly-constrained gravity model is calibrated to a
    trip-length distribution); ``bands``: (k, n, n) distance bands of sampled point pairs."""
    k, n = bands.shape[0], bands.shape[1]
    target = distance / distance.sum()
    w_o, w_d = w_o / w_o.sum(), w_d / w_d.sum()
    f = np.ones(target.size)
    # by_band[o, b] = Σ_d w_d share(o, d, b): each round costs n × bands, not n²
    by_band = sum(np.bincount((np.arange(n)[:, None] * f.size + b).ravel(),
                              np.broadcast_to(w_d, (n, n)).ravel(),
                              minlength=n * f.size) for b in bands).reshape(n, f.size) / k
    for _ in range(IPF_ROUNDS):
        rows = by_band @ f
        got = f * ((w_o / np.maximum(rows, 1e-300)) @ by_band)
        f = np.where(got > 0, f * target / np.maximum(got, 1e-300), f)
    reach = sum(f[b] for b in bands) / k
    raw = w_d[None, :] * reach
    empty = raw.sum(axis=1) <= 0    # no weighted zone at a used distance: any zone at one,
    raw[empty] = reach[empty]       # and failing that the zone itself
    still = np.flatnonzero(raw.sum(axis=1) <= 0)
    raw[still, still] = 1.0
    return raw / raw.sum(axis=1, keepdims=True)


def own_mix(home_work) -> list:
    """The home zones' and main-end zones' shares of the people (the pair table's margins)."""
    own = [np.asarray(home_work).sum(1), np.asarray(home_work).sum(0)]
    return [w / max(w.sum(), 1e-300) for w in own]


def anchored_origins(ends, home_work, other_origin) -> np.ndarray:
    """The origin zones of trips to elsewhere: home zones, main-end zones and free origins,
    in the released shares of the other trips' origin kinds (``ends``: 3 × 3)."""
    by_kind, mix = np.asarray(ends) / np.sum(ends), own_mix(home_work)
    return (by_kind[0].sum() * mix[0] + by_kind[1].sum() * mix[1] +
            by_kind[2].sum() * other_origin / other_origin.sum())
