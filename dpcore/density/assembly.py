"""From public geography and pre-sampled counts to a density release's inputs.

Acs & Castelluccia (KDD 2014): §4.2 (Voronoi tower cells, Formula 1 from
tower to census cells), §5.2 (minimum cover of the overlap graph) and §5.1
(pre-sampled counts, from :func:`dpcore.ingest.bound_contributions`).

Two steps, so the glue only reads layers and writes outputs:

* :func:`density_geography` — PUBLIC inputs only (tower positions or tower
  cells, census cells, all in one metric frame): tessellate, build the
  overlap graph, and refuse nonsense geography with counts (duplicate ids,
  every tower outside the census area, overlapping census cells, layers
  that do not meet);
* :func:`assemble_density` — the pre-sampled counts on that geography: the
  :class:`DensityInputs` of the release and the true census density (NOT
  private: evaluation only); refuses input with nothing to release, with
  the counts of events by reason.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Sequence

import numpy as np

from ..accounting.unique_ids import check_unique_ids
from ..geometry.cover import OverlapGraph, overlap_graph, reallocate
from ..geometry.shapes import polygon_union
from ..geometry.voronoi import voronoi_cells
from ..geometry.zones import check_zones
from .inputs import DensityInputs, density_inputs


@dataclass
class DensityGeography:
    """Public geography of a density release, in metres.

    ``tower_cells[k]`` is the cell of tower site ``k``; ``tower_index`` maps
    a tower id (as text) to its cell (towers whose cell misses the census
    area are absent); ``graph`` holds the Formula 1 weights (tower cells ×
    census cells). ``n_towers``/``n_outside``/``n_merged`` count the tower
    points given, outside the census area, and sharing a site.
    """

    tower_cells: list
    tower_index: dict
    census_cells: list
    census_ids: list
    graph: OverlapGraph
    n_towers: int
    n_outside: int = 0
    n_merged: int = 0
    warnings: list = field(default_factory=list)

    def tower_lookup(self, tower_ids: Sequence) -> np.ndarray:
        """Tower-cell index of every id (-1 for an id absent from the tower layer)."""
        return np.array([self.tower_index.get(str(t), -1) for t in tower_ids], dtype=np.int64)


def _polygons(polygons, ids, what: str, warnings: list, minimum: int = 2) -> list:
    """The polygons checked and repaired by the zones' rule (:func:`check_zones`)."""
    if len(ids) != len(polygons):
        raise ValueError(f"need one id per {what}")
    zones = check_zones(polygons, ids, what, minimum)
    warnings += zones.notes(what)
    return zones.polygons


def _members(tower_id) -> list:
    """Tower ids of one tower cell: a text id "a,b" (Voronoi output ``tower_ids``) lists several."""
    if isinstance(tower_id, str) and "," in tower_id:
        return [t.strip() for t in tower_id.split(",") if t.strip()]
    return [tower_id]


def density_geography(census_cells: Sequence, census_ids: Sequence, *, tower_xy=None,
                      tower_ids: Optional[Sequence] = None, tower_cells=None,
                      census_field: str = "", tower_field: str = "",
                      progress=None) -> DensityGeography:
    """Tower cells, census cells and their overlap graph; refuses nonsense with counts.

    Give either ``tower_xy`` ((n, 2) tower positions: their Voronoi cells
    inside the union of the census cells are computed, §4.2) or
    ``tower_cells`` (polygons, e.g. a Voronoi output, whose text id may list
    several towers as "a,b"), with ``tower_ids``. Every input must be public
    (positions of infrastructure, census geography): nothing here is noised.
    """
    warnings = []
    census = _polygons(list(census_cells), list(census_ids), "census", warnings)
    check_unique_ids(census_ids, f"census id field '{census_field}'")
    if (tower_xy is None) == (tower_cells is None):
        raise ValueError("give either tower positions or tower cells")
    tower_ids = list(tower_ids) if tower_ids is not None else []
    what = f"tower id field '{tower_field}'"
    n_outside, n_merged = 0, 0
    if tower_xy is not None:
        xy = np.asarray(tower_xy, dtype=float).reshape(-1, 2)
        if len(xy) == 0:
            raise ValueError("the tower layer has no point")
        if len(tower_ids) != len(xy):
            raise ValueError("need one tower id per tower point")
        check_unique_ids(tower_ids, what)
        tess = voronoi_cells(xy, polygon_union(census), progress=progress)
        cells = tess.cells
        index = {str(t): int(c) for t, c in zip(tower_ids, tess.point_cell.tolist()) if c >= 0}
        warnings += tess.warnings
        n_towers, n_outside, n_merged = len(xy), tess.n_outside, tess.n_merged
    else:
        cells = _polygons(list(tower_cells), tower_ids, "tower cells", warnings,
                         minimum=1)  # one tower may cover the whole census area
        members = [_members(t) for t in tower_ids]
        check_unique_ids([m for ms in members for m in ms], what)
        index = {str(m): k for k, ms in enumerate(members) for m in ms}
        n_towers = len(index)
    graph = overlap_graph(cells, census, names=("the tower cells", "the census cells"))
    warnings += graph.warnings
    return DensityGeography(cells, index, census, list(census_ids), graph, n_towers,
                            n_outside, n_merged, warnings)


@dataclass
class DensityAssembly:
    """What a density release reads, and what only the data owner may see.

    ``inputs``: the :class:`DensityInputs` (pre-sampled counts on the public
    geography). ``truth``: census cells × slots, the true density (Formula 1
    of the true tower counts): NOT private, evaluation only.
    """

    inputs: DensityInputs
    truth: np.ndarray


def _drops_text(n_events: int, dropped: dict) -> str:
    """How the events split over the drop reasons, e.g. "of 20 event(s), 3 had no user, …"."""
    labels = {"missing_user": "had no user", "invalid_time": "had no readable time",
              "unknown_tower": "were at towers absent from the tower layer",
              "before_period": "fell before the period", "after_period": "fell after it",
              "outside_period": "fell outside the period"}
    parts = [f"{int(v)} {labels.get(k, k.replace('_', ' '))}" for k, v in dropped.items()]
    inside = n_events - sum(int(v) for v in dropped.values())
    return (f"of {n_events} event(s), " + ", ".join(parts)
            + f", and {inside} fell inside it at known towers")


def assemble_density(geo: DensityGeography, bounded, *, cover=None) -> DensityAssembly:
    """The release inputs and the true density of ``bounded`` on ``geo``.

    ``bounded``: :class:`dpcore.ingest.BoundedCounts` whose tower index is
    ``geo``'s (towers absent from the layer dropped as ``unknown_tower``).
    Refused, before any noise, when no visit is left to release: the message
    counts the events by reason (no user, no time, unknown tower, before and
    after the period).
    """
    if bounded.kept_visits == 0:
        raise ValueError(
            "no event falls at a known tower within the period: "
            + _drops_text(int(bounded.n_events), dict(bounded.dropped))
            + ". Check the start, slot length and number of slots, and the tower id fields")
    data = density_inputs(bounded, geo.graph.weights, geo.tower_cells, geo.census_cells,
                          cover=cover)
    return DensityAssembly(data, reallocate(bounded.true_counts, geo.graph.weights))
