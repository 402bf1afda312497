"""The one rule for a layer of zones, which every algorithm that reads zones applies.

Census cells, tessellations and OD zones are partitions in every release (Acs & Castelluccia
§4.2 Formula 1 and §5.2; Pratesi's moves between cells; OD pairs): a person, trip or visit
counts in the one zone holding it. Real layers are not always partitions: MassGIS's 2010 towns
hold self-intersecting polygons, buffered or hand-drawn zones overlap, a one-zone layer is a
total. :func:`check_zones` repairs what can be repaired the same way everywhere and refuses the
rest with a sentence.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np
from shapely.ops import unary_union

from .shapes import _polygonal_part, areas, clean_polygon, intersecting_pairs, intersections

#: Overlap area, as a fraction of a layer's area, below which it is float noise (no warning).
PARTITION_TOLERANCE = 1e-6

#: Overlap share of a layer's area above which zones are refused (slivers of digitising and
#: of repairs stay far below: 18 repaired bow-ties among the 351 MassGIS towns overlap on
#: < 0.01 %; the towns buffered by 2 km overlap on 74 %).
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
        has = ("no polygon" if not polygons else
            f"only {len(polygons)} polygon{'s' if len(polygons) != 1 else ''}")
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
    shared = (areas(intersections([cleaned[k] for k in i], [cleaned[k] for k in j]))
        if len(i) else np.zeros(0))
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
