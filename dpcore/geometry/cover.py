"""Overlap graph of two partitions, Formula 1 and the minimum cardinality cover.

Acs & Castelluccia (KDD 2014):

* §4.2, Formula (1): the count of a cell ``b`` of partition B (IRIS cells) is
  the area-weighted sum of the counts of the cells ``a`` of A (tower cells)
  overlapping it, ``X_b = Σ_a X_a · |a ∩ b| / |a|``.
* §5.2, Theorem 5: the smallest set C ⊆ A ∪ B covering the whole area is a
  minimum vertex cover of the bipartite overlap graph (an edge per pair of
  overlapping cells). By König's theorem its size equals a maximum matching
  (Hopcroft–Karp), and the cover follows from alternating paths.

The cover is built from ``scipy.sparse.csgraph.maximum_bipartite_matching``
and one alternating breadth-first search over the sparse adjacency, linear
in |E|: networkx's ``bipartite.to_vertex_cover`` is quadratic (10.7 s at the
paper's 1,303 × 989 scale; see benchmarks/cover.py).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import maximum_bipartite_matching

from .shapes import areas, clean_polygon, intersecting_pairs, intersections
from .zones import PARTITION_TOLERANCE


@dataclass
class OverlapGraph:
    """Overlaps of partition A (rows) with partition B (columns).

    ``overlap_m2[a, b] = |a ∩ b|`` and ``weights[a, b] = |a ∩ b| / |a|``
    (Formula 1) hold the edges kept after the sliver tolerance; ``adjacency``
    is their boolean structure. Diagnostics: cell areas, the area of each
    cell not covered by the other layer (all overlaps counted), the overlap
    area dropped as slivers, overlap area between cells of the same layer,
    and human-readable ``warnings``.
    """

    overlap_m2: sp.csr_matrix
    weights: sp.csr_matrix
    area_a: np.ndarray
    area_b: np.ndarray
    uncovered_a_m2: np.ndarray
    uncovered_b_m2: np.ndarray
    dropped_m2: float
    self_overlap_a_m2: float
    self_overlap_b_m2: float
    repaired_a: np.ndarray
    repaired_b: np.ndarray
    warnings: list = field(default_factory=list)

    @property
    def adjacency(self) -> sp.csr_matrix:
        adj = self.overlap_m2.copy()
        adj.data = np.ones_like(adj.data, dtype=bool)
        return adj.astype(bool)

    @property
    def n_edges(self) -> int:
        return int(self.overlap_m2.nnz)

    def edges(self) -> tuple:
        """``(a_index, b_index, overlap_m2, weight)`` arrays, one row per edge."""
        coo = self.overlap_m2.tocoo()
        order = np.lexsort((coo.col, coo.row))
        rows, cols = coo.row[order], coo.col[order]
        overlap = coo.data[order]
        return rows.astype(np.intp), cols.astype(np.intp), overlap, overlap / self.area_a[rows]


def _clean_layer(polys: Sequence, name: str) -> tuple:
    if len(polys) == 0:
        raise ValueError(f"layer {name} has no polygons")
    cleaned, repaired = zip(*(clean_polygon(g, f"polygon {k} of layer {name}")
                              for k, g in enumerate(polys)))
    return list(cleaned), np.asarray(repaired, dtype=bool)


def _self_overlap(polys: list) -> float:
    """Total area shared by pairs of distinct polygons of one layer."""
    i, j = intersecting_pairs(polys, polys)
    keep = i < j
    if not keep.any():
        return 0.0
    pa = [polys[k] for k in i[keep]]
    pb = [polys[k] for k in j[keep]]
    return float(areas(intersections(pa, pb)).sum())


def overlap_graph(polys_a: Sequence, polys_b: Sequence, *, min_overlap_m2: float = 0.0,
                  min_overlap_fraction: float = 0.0, names: tuple = ("A", "B")) -> OverlapGraph:
    """Build the bipartite overlap graph of two partitions of the same area.

    An edge (a, b) is kept when ``|a ∩ b| > min_overlap_m2`` and
    ``|a ∩ b| / min(|a|, |b|) >= min_overlap_fraction``; pairs that only
    touch (zero overlap area) are never edges. Dropped slivers do not enter
    the weights, so their share of a cell's count is lost in
    :func:`reallocate` (``dropped_m2`` tells how much area that is).

    Invalid polygons are repaired (``make_valid``) and reported; null, empty
    or non-polygonal ones raise ``ValueError``. Overlaps within a layer and
    gaps between the layers above :data:`PARTITION_TOLERANCE` of the area
    are reported in ``warnings``: the result is then not the paper's cover
    of one area by two partitions. ``names`` name the two layers in messages
    (e.g. the layer names). Two layers without any overlap (different
    places, or a wrong CRS) are refused.
    """
    name_a, name_b = names
    min_overlap_m2 = float(min_overlap_m2)
    min_overlap_fraction = float(min_overlap_fraction)
    if not (min_overlap_m2 >= 0 and np.isfinite(min_overlap_m2)):
        raise ValueError(f"min_overlap_m2 must be a non-negative number, got {min_overlap_m2}")
    if not 0.0 <= min_overlap_fraction < 1.0:
        raise ValueError(f"min_overlap_fraction must be in [0, 1), got {min_overlap_fraction}")
    polys_a, repaired_a = _clean_layer(polys_a, name_a)
    polys_b, repaired_b = _clean_layer(polys_b, name_b)
    area_a, area_b = areas(polys_a), areas(polys_b)
    n_a, n_b = len(polys_a), len(polys_b)

    ia, jb = intersecting_pairs(polys_b, polys_a)
    inter = (areas(intersections([polys_a[k] for k in ia], [polys_b[k] for k in jb]))
        if len(ia) else np.zeros(0))
    if not (inter > 0).any():
        raise ValueError(f"no polygon of {name_a} overlaps a polygon of {name_b}: the layers "
                         "cover different places (check that each layer's CRS is set correctly)")
    covered_a = np.bincount(ia, weights=inter, minlength=n_a)
    covered_b = np.bincount(jb, weights=inter, minlength=n_b)
    keep = ((inter > min_overlap_m2) & (inter > 0) &
        (inter >= min_overlap_fraction * np.minimum(area_a[ia], area_b[jb])))
    dropped = float(inter[~keep].sum())
    ia, jb, inter = ia[keep], jb[keep], inter[keep]
    overlap = sp.csr_matrix((inter, (ia, jb)), shape=(n_a, n_b))
    overlap.sort_indices()
    weights = sp.csr_matrix((inter / area_a[ia], (ia, jb)), shape=(n_a, n_b))
    weights.sort_indices()

    graph = OverlapGraph(
        overlap_m2=overlap, weights=weights, area_a=area_a, area_b=area_b,
        uncovered_a_m2=np.maximum(area_a - covered_a, 0.0),
        uncovered_b_m2=np.maximum(area_b - covered_b, 0.0),
        dropped_m2=dropped, self_overlap_a_m2=_self_overlap(polys_a),
        self_overlap_b_m2=_self_overlap(polys_b),
        repaired_a=repaired_a, repaired_b=repaired_b)
    graph.warnings.extend(_diagnose(graph, names))
    return graph


def _diagnose(g: OverlapGraph, names: tuple) -> list:
    out = []
    (a, b) = names
    for name, n_rep in ((a, g.repaired_a.sum()), (b, g.repaired_b.sum())):
        if n_rep:
            out.append(f"{n_rep} invalid polygon(s) of layer {name} were repaired")
    for name, over, total in ((a, g.self_overlap_a_m2, g.area_a.sum()),
                              (b, g.self_overlap_b_m2, g.area_b.sum())):
        if over > PARTITION_TOLERANCE * total:
            out.append(f"layer {name} is not a partition: its polygons overlap each other "
                       f"on {over:.6g} m² ({100 * over / total:.3g}% of its area); "
                       "the cover then does not follow Theorem 5")
    for name, other, unc, total in ((a, b, g.uncovered_a_m2.sum(), g.area_a.sum()),
                                    (b, a, g.uncovered_b_m2.sum(), g.area_b.sum())):
        if unc > PARTITION_TOLERANCE * total:
            out.append(f"{unc:.6g} m² ({100 * unc / total:.3g}%) of layer {name} is not covered "
                       f"by layer {other}: the layers do not partition the same area")
    deg_a = np.diff(g.overlap_m2.indptr)
    deg_b = np.bincount(g.overlap_m2.indices, minlength=len(g.area_b))
    for name, deg in ((a, deg_a), (b, deg_b)):
        if (deg == 0).any():
            out.append(f"{int((deg == 0).sum())} cell(s) of layer {name} overlap no cell "
                       "of the other layer")
    if g.dropped_m2 > 0:
        out.append(f"{g.dropped_m2:.6g} m² of overlap below the sliver tolerance was dropped")
    return out


def _biadjacency(adjacency) -> sp.csr_matrix:
    """Boolean csr structure of the stored non-zero entries."""
    adj = sp.csr_matrix(adjacency, copy=True)
    adj.eliminate_zeros()
    adj.data = np.ones(adj.nnz, dtype=np.int8)
    adj.sum_duplicates()
    adj.sort_indices()
    return adj


def minimum_vertex_cover(adjacency) -> tuple:
    """Minimum vertex cover ``(cover_a, cover_b)`` of a bipartite graph (König).

    ``adjacency`` is the n_A × n_B biadjacency matrix (any scipy sparse or
    dense array; non-zero entries are edges). A maximum matching comes from
    Hopcroft–Karp (``maximum_bipartite_matching``). Let Z be the vertices
    reachable from the unmatched A vertices by alternating paths (any edge
    A→B, matching edge B→A); the cover is (A \\ Z) ∪ (B ∩ Z) and its size
    equals the matching's. The search is a frontier-at-a-time BFS over the
    csr rows, each edge being read at most once.
    """
    adj = _biadjacency(adjacency)
    n_a, n_b = adj.shape
    match_a = (np.asarray(maximum_bipartite_matching(adj, perm_type="column"), dtype=np.intp)
        if adj.nnz else np.full(n_a, -1, dtype=np.intp))
    match_b = np.full(n_b, -1, dtype=np.intp)
    matched = match_a >= 0
    match_b[match_a[matched]] = np.flatnonzero(matched)

    z_a = ~matched
    z_b = np.zeros(n_b, dtype=bool)
    frontier = np.flatnonzero(z_a)
    while frontier.size:
        cols = adj[frontier].indices
        cols = np.unique(cols[~z_b[cols]])
        if not cols.size:
            break
        z_b[cols] = True
        nxt = match_b[cols]
        if (nxt < 0).any():  # an augmenting path: cannot happen after Hopcroft–Karp
            raise RuntimeError("maximum_bipartite_matching returned a non-maximum matching")
        nxt = nxt[~z_a[nxt]]
        z_a[nxt] = True
        frontier = nxt
    return ~z_a, z_b


def is_vertex_cover(adjacency, cover_a, cover_b) -> bool:
    """True when every edge has an endpoint in the cover."""
    coo = _biadjacency(adjacency).tocoo()
    return bool(np.all(np.asarray(cover_a)[coo.row] | np.asarray(cover_b)[coo.col]))


def reallocate(counts_a, weights) -> np.ndarray:
    """Formula (1): ``counts_b[b] = Σ_a weights[a, b] · counts_a[a]``.

    ``counts_a`` has shape (n_A,) or (n_A, T) (one column per time slot);
    the result has shape (n_B,) or (n_B, T), float. With weights from
    :func:`overlap_graph`, totals are conserved up to the area of A not
    covered by B.
    """
    w = sp.csr_matrix(weights)
    counts = np.asarray(counts_a, dtype=float)
    if counts.ndim not in (1, 2) or counts.shape[0] != w.shape[0]:
        raise ValueError(f"counts_a must have shape ({w.shape[0]},) or ({w.shape[0]}, T), "
                         f"got {counts.shape}")
    return np.asarray(w.T @ counts)
