"""What a density release reads: the pre-sampled counts and the public geography, as arrays.

:class:`DensityInputs` holds the tower × slot counts of the §5.1 pre-sampling
(Acs & Castelluccia, KDD 2014) with the Formula 1 weights, the minimum cover
of §5.2 and the centroids and areas the clustering of Alg. 3 needs;
:func:`density_inputs` builds it from the ingest and cover stages.
:func:`internal_warnings` is the release's internal report on δ against the
number of users read.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Optional

import numpy as np
import scipy.sparse as sp

from ..geometry.cover import minimum_vertex_cover
from ..geometry.geography import zone_centroids
from ..geometry.shapes import areas
from .sensitivity import check_ell, check_weights, cover_mapping


@dataclass
class DensityInputs:
    """Everything a density release reads, as arrays.

    ``counts``: pre-sampled tower × slot counts (≤ 1 visit per user and
    slot, ≤ ℓ per user). ``weights``: Formula 1 weights w[T, L] = |T ∩ L|/|T|
    (towers × census cells). ``cover_towers`` / ``cover_cells``: boolean
    masks of the minimum cover (computed from ``weights`` when omitted).
    Centroids (x, y in metres) and areas of tower and census cells are for
    clustering. ``one_visit_hist`` (one visit per user) and ``slot_visits``
    (the number of visits after the one-visit-per-slot truncation of §5.1,
    :attr:`dpcore.ingest.BoundedCounts.slot_visits`, which one user changes
    by at most the number of slots) feed the improved scaling. ``slot_hours``: start of every slot in hours since
    midnight of the first day (default 0, 1, 2, …). ``n_users`` is only
    used to warn when δ ≥ 1/N (kept internal).
    """

    counts: np.ndarray
    weights: sp.csr_matrix
    ell: int
    tower_xy: np.ndarray
    tower_area: np.ndarray
    cell_xy: np.ndarray
    cell_area: np.ndarray
    cover_towers: Optional[np.ndarray] = None
    cover_cells: Optional[np.ndarray] = None
    one_visit_hist: Optional[np.ndarray] = None
    slot_visits: Optional[int] = None
    slot_hours: Optional[np.ndarray] = None
    n_users: Optional[int] = None

    def __post_init__(self):
        self.ell = check_ell(self.ell)
        self.weights = check_weights(self.weights)
        n_t, n_l = self.weights.shape
        c = np.asarray(self.counts)
        if c.ndim != 2 or c.shape[0] != n_t or c.shape[1] < 1:
            raise ValueError(f"counts must be (towers={n_t}) × (slots ≥ 1), got shape {c.shape}")
        if not np.all(np.isfinite(c)) or np.any(c < 0):
            raise ValueError("counts must be finite and non-negative")
        self.counts = c.astype(float)
        for name, n in (("tower", n_t), ("cell", n_l)):
            xy = np.asarray(getattr(self, f"{name}_xy"), dtype=float)
            area = np.asarray(getattr(self, f"{name}_area"), dtype=float)
            if xy.shape != (n, 2) or area.shape != (n,):
                raise ValueError(f"{name} centroids must be ({n}, 2) and areas ({n},), "
                                 f"got {xy.shape} and {area.shape}")
            setattr(self, f"{name}_xy", xy)
            setattr(self, f"{name}_area", area)
        if self.one_visit_hist is not None and np.shape(self.one_visit_hist) != (n_t,):
            raise ValueError(f"the one-visit histogram must have one bin per tower ({n_t}), "
                             f"got shape {np.shape(self.one_visit_hist)}")
        if self.cover_towers is None or self.cover_cells is None:
            self.cover_towers, self.cover_cells = minimum_vertex_cover(self.weights)
        hours = (np.arange(self.n_slots, dtype=float) if self.slot_hours is None
                 else np.asarray(self.slot_hours, dtype=float))
        if hours.shape != (self.n_slots,) or not np.all(np.isfinite(hours)):
            raise ValueError(f"slot_hours must hold {self.n_slots} finite values")
        self.slot_hours = hours

    @property
    def n_slots(self) -> int:
        return self.counts.shape[1]

    @cached_property
    def mapping(self):
        return cover_mapping(self.weights, self.cover_towers, self.cover_cells)

    @property
    def cover_xy(self) -> np.ndarray:
        m = self.mapping
        return np.vstack([self.tower_xy[m.cover_towers], self.cell_xy[m.cover_cells]])

    @property
    def cover_area(self) -> np.ndarray:
        m = self.mapping
        return np.concatenate([self.tower_area[m.cover_towers], self.cell_area[m.cover_cells]])


def density_inputs(bounded, weights, tower_cells, census_cells, *,
                   cover=None) -> DensityInputs:
    """:class:`DensityInputs` from the ingest and cover stages.

    ``bounded``: :class:`dpcore.ingest.BoundedCounts` (its ``ell`` must be
    set: the sensitivities rest on it); ``weights``: Formula 1 weights
    (``OverlapGraph.weights``); ``tower_cells`` / ``census_cells``: the
    polygons (metres) giving centroids and areas; ``cover``: the
    ``(cover_towers, cover_cells)`` masks (computed when omitted). Slot
    start hours are wall-clock hours of ``bounded.start`` read as UTC, the
    convention of :mod:`dpcore.ingest` for naive times.
    """
    if bounded.ell is None:
        raise ValueError("the counts were not pre-sampled (ℓ = none): a DP release needs a "
                         "finite ℓ")
    start_hour = (float(bounded.start) % 86400.0) / 3600.0
    hours = start_hour + np.arange(bounded.n_slots) * float(bounded.slot_seconds) / 3600.0
    ct, cl = (None, None) if cover is None else cover
    return DensityInputs(bounded.counts, weights, bounded.ell,
                         zone_centroids(tower_cells), areas(tower_cells),
                         zone_centroids(census_cells), areas(census_cells),
                         cover_towers=ct, cover_cells=cl,
                         one_visit_hist=bounded.one_visit_hist,
                         slot_visits=bounded.slot_visits, slot_hours=hours,
                         n_users=bounded.n_users)


def internal_warnings(data, delta: float) -> dict:
    """The internal facts of a density release: a warning when δ ≥ 1/N for the N users read
    (N comes from the raw data, so it is never published)."""
    if data.n_users and delta >= 1.0 / data.n_users:
        return {"warnings": [f"δ = {delta:g} is not below 1/N = {1.0 / data.n_users:.3g} "
                             f"(N = {data.n_users} users): a δ that large may expose a user"]}
    return {"warnings": []}
