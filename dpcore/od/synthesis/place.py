"""Points inside public zones for synthetic trips (post-processing: public inputs only).

Uniform: rejection sampling in each zone's bounding box (vectorised per zone,
``contains_xy`` on shapely 2, ``shapely.vectorized.contains`` on 1.8), as
:func:`dpcore.geometry.geography.points_in_polygons` does for a fixed number per zone.
Weighted: an optional *public* layer of anchor points with weights (population,
buildings, addresses): a point in a zone is one of that zone's anchors drawn by
weight; zones without anchors fall back to uniform. A person's home and main-end points are
chosen among candidate pairs by the released home–main distances (:func:`place_pairs`). No
input coordinate is ever used.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import numpy as np

try:
    from shapely import contains_xy  # shapely ≥ 2
except ImportError:  # shapely 1.8
    from shapely.vectorized import contains as contains_xy

from ...flows.cells import locate_points
from .parts import DISTANCE_EDGES_M, band
from .reconstruct import toward

PUBLIC_SEED = 31   # the sample points of Zones.pair_bands: public randomness, no privacy role


@dataclass
class Anchors:
    """Public anchor points (k × 2, frame metres), their weights (> 0) and zone (−1 outside)."""

    xy: np.ndarray
    weight: np.ndarray
    zone: np.ndarray

    @classmethod
    def of(cls, polygons, xy, weight=None) -> "Anchors":
        xy = np.asarray(xy, dtype=float).reshape(-1, 2)
        w = np.ones(len(xy)) if weight is None else np.asarray(weight, dtype=float)
        if w.size != len(xy) or not np.all(np.isfinite(w)) or np.any(w < 0):
            raise ValueError("anchor weights must be finite and ≥ 0, one per point")
        zone = locate_points(polygons, xy[:, 0], xy[:, 1])
        keep = (zone >= 0) & (w > 0)
        if not keep.any():
            raise ValueError(f"none of the {len(xy)} weighting points lies in a zone with a "
                             "positive weight (check the layers' CRSs and the weight field)")
        return cls(xy[keep], w[keep], zone[keep])


class Zones:
    """The public zones with what placing points needs, computed once (bounds and areas are
    slow to read from detailed polygons on shapely 1.8)."""

    def __init__(self, polygons):
        self.polygons = list(polygons)
        self.bounds = np.array([p.bounds for p in self.polygons], dtype=float).reshape(-1, 4)
        self.area = np.array([p.area for p in self.polygons], dtype=float)
        empty = int(np.count_nonzero(~(self.area > 0)))
        if empty:
            raise ValueError(f"{empty} zones have no area: synthetic points cannot be placed "
                             "in them")
        self.centroids = np.array([[p.centroid.x, p.centroid.y] for p in self.polygons])
        self._pair_bands = {}

    def __len__(self) -> int:
        return len(self.polygons)

    def uniform_in(self, z: int, k: int, rng: np.random.Generator) -> np.ndarray:
        """``k`` points uniform inside zone ``z`` (rejection in its bounding box)."""
        x0, y0, x1, y1 = self.bounds[z]
        ratio = self.area[z] / max((x1 - x0) * (y1 - y0), 1e-12)
        got = np.empty((0, 2))
        while len(got) < k:
            n = int(1.3 * (k - len(got)) / ratio) + 8
            cand = rng.random((n, 2)) * [x1 - x0, y1 - y0] + [x0, y0]
            inside = contains_xy(self.polygons[z], cand[:, 0], cand[:, 1])
            got = np.concatenate([got, cand[inside]])
        return got[:k]

    def place(self, zone, rng: np.random.Generator,
              anchors: Optional[Anchors] = None) -> np.ndarray:
        """One point inside zone ``zone[i]`` for every i (n × 2)."""
        zone = np.asarray(zone, dtype=np.int64)
        out = np.empty((zone.size, 2))
        order = np.argsort(zone, kind="stable")
        zs = zone[order]
        starts = np.flatnonzero(np.r_[True, zs[1:] != zs[:-1]]) if zs.size else zs
        ends = np.r_[starts[1:], zs.size]
        for a, b in zip(starts, ends):
            z, idx = int(zs[a]), order[a:b]
            mine = np.flatnonzero(anchors.zone == z) if anchors is not None else ()
            if len(mine):
                p = anchors.weight[mine] / anchors.weight[mine].sum()
                out[idx] = anchors.xy[mine[rng.choice(len(mine), size=idx.size, p=p)]]
            else:
                out[idx] = self.uniform_in(z, idx.size, rng)
        return out

    def pair_bands(self, k: int = 4) -> np.ndarray:
        """(k, n, n) int16: for every pair of zones, the 500 m distance bands of k pairs of
        points drawn uniformly in the two zones (public randomness, fixed seed; computed
        once): the spread of distances a pair holds, which its centroid distance misses on
        large zones."""
        if k not in self._pair_bands:
            rng = np.random.default_rng(PUBLIC_SEED)
            pts = np.stack([self.uniform_in(z, 2 * k, rng) for z in range(len(self))], axis=1)
            a, b = pts[:k], pts[k:]
            self._pair_bands[k] = np.stack([
                np.clip(np.searchsorted(DISTANCE_EDGES_M, np.hypot(
                    a[i][:, None, 0] - b[i][None, :, 0], a[i][:, None, 1] - b[i][None, :, 1]),
                    side="right") - 1, 0, DISTANCE_EDGES_M.size - 2).astype(np.int16)
                for i in range(k)])
        return self._pair_bands[k]

    def distances(self) -> np.ndarray:
        """n × n centroid distances (m); the diagonal is the mean distance of two uniform
        points of a square of the zone's area (0.5214·√area)."""
        c = self.centroids
        dist = np.hypot(c[:, None, 0] - c[None, :, 0], c[:, None, 1] - c[None, :, 1])
        np.fill_diagonal(dist, 0.5214 * np.sqrt(self.area))
        return dist


def place_pairs(zones: Zones, home, away, distance, rng: np.random.Generator,
                anchors: Optional[Anchors] = None, margin: float = 0.0, k: int = 8,
                tilt=None) -> tuple:
    """A home point and a main-end point for every person (their zones ``home[i]``,
    ``away[i]``) whose distances follow the released home–main distance histogram
    ``distance`` (500 m bands) as far as the zones allow and the noise warrants: ``k``
    candidate pairs of points per person, one kept with probability ∝ target / current share
    of its band (one step of iterative scaling, Darroch & Ratcliff 1972; the current shares
    are those of all the candidates). The target is the candidates' own counts moved towards
    the released ones only by what exceeds ``margin`` (the noise margin of a band; soft
    thresholding, Donoho & Johnstone 1994): noise alone moves nothing. Zones are coarser than
    the bands (a 1 km square holds distances of 0–1.4 km), so uniform points alone miss what
    the released distances say below a zone (a short trip inside one zone). With ``tilt``
    (per band: the tilt the zone pairs were raked with, :func:`.reconstruct.rake_to`) a
    candidate is kept ∝ the tilt of its band instead, so that the points follow the same fit
    as the pairs."""
    home, away = np.asarray(home, dtype=np.int64), np.asarray(away, dtype=np.int64)
    n = home.size
    h = zones.place(np.repeat(home, k), rng, anchors).reshape(n, k, 2)
    a = zones.place(np.repeat(away, k), rng, anchors).reshape(n, k, 2)
    bands = band(np.hypot(*(a - h).reshape(-1, 2).T), DISTANCE_EDGES_M).reshape(n, k)
    released = np.clip(np.asarray(distance, dtype=float), 0.0, None)
    current = np.bincount(bands.ravel(), minlength=released.size).astype(float)
    if n == 0 or released.sum() <= 0:
        return h[:, 0], a[:, 0]
    if tilt is not None:
        ratio = np.asarray(tilt, dtype=float)
    else:
        expected = current / current.sum() * released.sum()
        ratio = np.where(current > 0, toward(current, released, margin) /
                         np.maximum(expected, 1e-300), 0.0)
    w = ratio[bands] + 1e-12
    pick = np.minimum((rng.random(n)[:, None] * w.sum(axis=1, keepdims=True) >
                       np.cumsum(w, axis=1)).sum(axis=1), k - 1)
    rows = np.arange(n)
    return h[rows, pick], a[rows, pick]
