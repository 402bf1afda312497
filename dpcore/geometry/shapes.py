"""Shapely helpers shared by the tessellation and cover stages.

They run on shapely 1.8 (Debian's QGIS stack) and shapely 2 (vectorised
through its ufunc-style API). Geometries are in a projected CRS in metres.
"""
from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Sequence

import numpy as np
import shapely
from shapely.geometry import MultiPolygon, Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union
from shapely.prepared import prep
from shapely.strtree import STRtree
from shapely.validation import make_valid

#: shapely 2's vectorised API is there. Read from the API, not ``__version__``: Debian unstable's
#: shapely 2.1 reports the version "0+unknown".
SHAPELY2 = hasattr(shapely, "get_coordinates")


def _polygonal_part(geom: BaseGeometry) -> BaseGeometry:
    """The polygons of a geometry (make_valid may return a collection)."""
    if isinstance(geom, (Polygon, MultiPolygon)):
        return geom
    parts = [g for g in getattr(geom, "geoms", []) if isinstance(g, (Polygon, MultiPolygon))]
    return unary_union(parts) if parts else Polygon()


def polygon_union(geoms: Sequence) -> BaseGeometry:
    """The union of polygons, an invalid one repaired first (``make_valid``, polygonal part).

    GEOS 3.12+ (QGIS 3.40's stack) refuses a union with an invalid input (TopologyException),
    where GEOS 3.11 (QGIS 3.22's) returned one; a repaired bow-tie covers the same ground.
    """
    return unary_union([g if g.is_valid else _polygonal_part(make_valid(g)) for g in geoms])


def clean_polygon(geom, name: str = "polygon") -> tuple:
    """Return ``(polygonal geometry, repaired)``; refuse what cannot be used.

    An invalid polygon (self-intersection, bow-tie, ...) is repaired with
    ``make_valid`` and only its polygonal part is kept; ``repaired`` tells the
    caller to warn. Null, empty, non-polygonal or zero-area input is refused
    with a ``ValueError``.
    """
    if geom is None or not isinstance(geom, BaseGeometry):
        raise ValueError(f"{name} is missing (null geometry)")
    if geom.is_empty:
        raise ValueError(f"{name} is empty")
    if not isinstance(geom, (Polygon, MultiPolygon)) and geom.geom_type != "GeometryCollection":
        raise ValueError(f"{name} must be a polygon, got {geom.geom_type}")
    repaired = not geom.is_valid
    if repaired:
        geom = _polygonal_part(make_valid(geom))
    else:
        geom = _polygonal_part(geom)
    if geom.is_empty or not geom.area > 0:
        raise ValueError(f"{name} has no area" + (" after repair" if repaired else ""))
    return geom, repaired


def intersecting_pairs(tree_geoms: Sequence, query_geoms: Sequence) -> tuple:
    """Index pairs ``(i_query, j_tree)`` whose geometries intersect.

    An STRtree on ``tree_geoms`` gives the candidates (shapely 2 answers all
    queries in one call with the exact predicate; shapely 1.8 returns
    bounding-box candidates through ``query_items``, filtered here).
    """
    if len(tree_geoms) == 0 or len(query_geoms) == 0:
        return np.zeros(0, dtype=np.intp), np.zeros(0, dtype=np.intp)
    if SHAPELY2:
        q, t = STRtree(np.asarray(tree_geoms, dtype=object)).query(
            np.asarray(query_geoms, dtype=object), predicate="intersects")
        return q.astype(np.intp), t.astype(np.intp)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # 1.8 announces the 2.0 API change
        tree = STRtree(list(tree_geoms))
        qi, tj = [], []
        for i, g in enumerate(query_geoms):
            pg = prep(g)
            for j in tree.query_items(g):
                if pg.intersects(tree_geoms[j]):
                    qi.append(i)
                    tj.append(j)
    return np.asarray(qi, dtype=np.intp), np.asarray(tj, dtype=np.intp)


def areas(geoms: Sequence) -> np.ndarray:
    if SHAPELY2:
        return shapely.area(np.asarray(geoms, dtype=object)).astype(float)
    return np.fromiter((g.area for g in geoms), dtype=float, count=len(geoms))


def intersections(geoms_a: Sequence, geoms_b) -> list:
    """Element-wise ``a[k] ∩ b[k]`` (``geoms_b`` may be one geometry)."""
    if SHAPELY2:
        b = geoms_b if isinstance(geoms_b, BaseGeometry) else np.asarray(geoms_b, dtype=object)
        return list(shapely.intersection(np.asarray(geoms_a, dtype=object), b))
    if isinstance(geoms_b, BaseGeometry):
        return [g.intersection(geoms_b) for g in geoms_a]
    return [a.intersection(b) for a, b in zip(geoms_a, geoms_b)]


def covers_xy(area: BaseGeometry, xy: np.ndarray) -> np.ndarray:
    """Boolean mask of the points (rows of ``xy``) inside or on ``area``."""
    xy = np.asarray(xy, dtype=float).reshape(-1, 2)
    if SHAPELY2:
        shapely.prepare(area)
        return np.asarray(shapely.intersects_xy(area, xy[:, 0], xy[:, 1]), dtype=bool)
    pa = prep(area)
    return np.fromiter((pa.intersects(Point(x, y)) for x, y in xy), dtype=bool, count=len(xy))


def within_mask(geoms: Sequence, area: BaseGeometry) -> np.ndarray:
    """Boolean mask of the geometries lying inside ``area`` (no clipping needed)."""
    if SHAPELY2:
        shapely.prepare(area)
        return np.asarray(shapely.contains(area, np.asarray(geoms, dtype=object)), dtype=bool)
    pa = prep(area)
    return np.fromiter((pa.contains(g) for g in geoms), dtype=bool, count=len(geoms))


def polygons_from_rings(coords: np.ndarray, offsets: np.ndarray) -> list:
    """Simple polygons from closed rings ``coords[offsets[k]:offsets[k+1]]``."""
    if SHAPELY2:
        n = len(offsets) - 1
        return list(shapely.from_ragged_array(
            shapely.GeometryType.POLYGON, np.ascontiguousarray(coords, dtype=float),
            (np.asarray(offsets, dtype=np.int64), np.arange(n + 1, dtype=np.int64))))
    return [Polygon(coords[offsets[k]:offsets[k + 1]]) for k in range(len(offsets) - 1)]


#: Overlap area, as a fraction of a layer's area, below which it is float noise (no warning).
PARTITION_TOLERANCE = 1e-6

#: Overlap share of a layer's area above which zones are refused (slivers of digitising and
#: of repairs stay far below; towns buffered by 2 km share about 10 %).
MAX_OVERLAP_SHARE = 1e-3


@dataclass(frozen=True)
class Zones:
    """A checked layer of zones: a partition, with the names of the polygons repaired and
    the share of the layer's area that overlapped (given to the first zone)."""

    polygons: list
    repaired: tuple
    overlap_share: float = 0.0

    def notes(self, what: str = "zones") -> list:
        """The log lines on what the rule changed (empty when nothing was)."""
        out = []
        if self.repaired:
            names = ", ".join(f"'{r}'" for r in self.repaired[:5])
            more = f" and {len(self.repaired) - 5} more" if len(self.repaired) > 5 else ""
            out.append(f"{len(self.repaired)} of {len(self.polygons)} polygons of the {what} "
                       "layer were invalid (self-intersecting or self-touching rings) and were "
                       f"repaired with make_valid, keeping their polygonal part: {names}{more}")
        if self.overlap_share > PARTITION_TOLERANCE:
            out.append(f"polygons of the {what} layer overlap on {_share(self.overlap_share)} "
                       "of its area: each overlap was given to the first of its zones in the "
                       "layer's order")
        return out


def check_zones(polygons: Sequence, ids: Sequence = None, what: str = "zones",
                minimum: int = 2) -> Zones:
    """The one rule for a layer of zones every algorithm applies (census cells, tessellations).

    * a missing (NULL or empty) geometry is refused, with the count;
    * fewer than ``minimum`` polygons is refused with a sentence: a release over one zone is
      a single count, which needs no zones (give a count instead);
    * invalid polygons are repaired by :func:`clean_polygon` (``make_valid``, polygonal part
      kept);
    * overlaps: every release counts a person, trip or visit in the one zone holding it
      (Acs & Castelluccia §4.2 Formula 1 and §5.2, Pratesi's moves, OD pairs all assume a
      partition); in an overlap it would count twice, beyond the sensitivity the noise is
      calibrated to. Overlaps up to :data:`MAX_OVERLAP_SHARE` of the layer's area (slivers,
      repaired bow-ties) are given to the first zone in the layer's order, so the zones are a
      partition; more is refused with the overlapping share and the largest pair.

    :meth:`Zones.notes` are the log lines (repairs, overlaps given away).
    """
    polygons = list(polygons)
    names = [str(i) for i in ids] if ids is not None else [str(k) for k in range(len(polygons))]
    missing = [n for n, g in zip(names, polygons) if g is None or g.is_empty]
    if missing:
        raise ValueError(f"{len(missing)} of {len(polygons)} polygons of the {what} layer have "
                         f"no geometry (NULL or empty), e.g. '{missing[0]}': remove or fix them")
    if len(polygons) < minimum:
        has = "no polygon" if not polygons else \
            f"only {len(polygons)} polygon{'s' if len(polygons) != 1 else ''}"
        raise ValueError(
            f"the {what} layer has {has}: zones must be at least {minimum} (over a single zone "
            "every count is the total: release a noisy total instead)")
    cleaned, repaired = [], []
    for name, g in zip(names, polygons):
        poly, was_repaired = clean_polygon(g, f"polygon '{name}' of the {what} layer")
        cleaned.append(poly)
        if was_repaired:
            repaired.append(name)
    i, j = intersecting_pairs(cleaned, cleaned)
    keep = i < j
    i, j = i[keep], j[keep]
    shared = areas(intersections([cleaned[k] for k in i], [cleaned[k] for k in j])) \
        if len(i) else np.zeros(0)
    total = float(areas(cleaned).sum())
    share = float(shared.sum()) / total
    if share > MAX_OVERLAP_SHARE:
        worst = int(np.argmax(shared))
        n_pairs = int((shared > 0).sum())
        raise ValueError(
            f"the {what} layer is not a partition: {n_pairs} pair{'s' if n_pairs != 1 else ''} "
            f"of its polygons overlap, on areas adding up to {_share(share)} of the layer's "
            f"area (largest: '{names[i[worst]]}' and '{names[j[worst]]}', "
            f"{shared[worst]:,.0f} m²). "
            "A person or trip in an overlap would be counted twice (beyond what the noise "
            "covers): make the layer a partition (e.g. QGIS's Union, then Dissolve the "
            "duplicated parts) and run again")
    if share > 0:
        cleaned = _first_zone_keeps(cleaned, i[shared > 0], j[shared > 0], what, names)
    return Zones(cleaned, tuple(repaired), share)


def _first_zone_keeps(polygons: list, i, j, what: str, names: list) -> list:
    """The polygons with every overlap removed from all but the first zone (i < j)."""
    out = list(polygons)
    for k in np.unique(j).tolist():
        earlier = unary_union([polygons[m] for m in i[j == k].tolist()])
        out[k] = _polygonal_part(out[k].difference(earlier))
        if out[k].is_empty or not out[k].area > 0:
            raise ValueError(f"polygon '{names[k]}' of the {what} layer lies inside other "
                             "polygons of the layer: remove the duplicate")
    return out


def _share(fraction: float) -> str:
    """A share for a sentence: '12.3 %', or '< 0.01 %' for a tiny one."""
    return "< 0.01 %" if fraction < 1e-4 else f"{100 * fraction:.3g} %"
