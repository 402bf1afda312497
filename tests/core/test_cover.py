"""Overlap graph, Formula 1 and the minimum cover (Acs & Castelluccia §4.2, §5.2)."""
import itertools

import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import Bounds, LinearConstraint, milp
from shapely.geometry import Polygon, box
from shapely.ops import unary_union

from mobility_dp.dpcore.geometry.cover import is_vertex_cover, minimum_vertex_cover, overlap_graph, reallocate
from mobility_dp.dpcore.geometry.voronoi import voronoi_cells

from ..support import paris as _paris

SQUARE = box(0, 0, 1000, 1000)


def random_partition(n, seed, area=SQUARE):
    pts = np.random.default_rng(seed).uniform(0, 1000, (n, 2))
    return voronoi_cells(pts, area).cells


def ilp_cover_size(adj):
    """Minimum vertex cover by integer programming: x_a + x_b >= 1 per edge."""
    coo = sp.coo_matrix(adj)
    n_a, n_b = adj.shape
    rows = np.repeat(np.arange(coo.nnz), 2)
    cols = np.column_stack([coo.row, n_a + coo.col]).ravel()
    cons = sp.csr_matrix((np.ones(2 * coo.nnz), (rows, cols)), shape=(coo.nnz, n_a + n_b))
    res = milp(np.ones(n_a + n_b), constraints=LinearConstraint(cons, lb=1),
               integrality=np.ones(n_a + n_b), bounds=Bounds(0, 1))
    assert res.success
    return int(round(res.fun))


def brute_force_cover_size(adj):
    coo = sp.coo_matrix(adj)
    n_a, n_b = adj.shape
    edges = list(zip(coo.row, n_a + coo.col))
    for k in range(n_a + n_b + 1):
        for subset in itertools.combinations(range(n_a + n_b), k):
            s = set(subset)
            if all(u in s or v in s for u, v in edges):
                return k
    raise AssertionError("unreachable")


def networkx_cover_size(adj):
    coo = sp.coo_matrix(adj)
    g = nx.Graph()
    top = [("a", i) for i in range(adj.shape[0])]
    g.add_nodes_from(top)
    g.add_nodes_from(("b", j) for j in range(adj.shape[1]))
    g.add_edges_from((("a", i), ("b", j)) for i, j in zip(coo.row, coo.col))
    matching = nx.bipartite.hopcroft_karp_matching(g, top_nodes=top)
    return len(nx.bipartite.to_vertex_cover(g, matching, top_nodes=top))


# --- minimum vertex cover on graphs -------------------------------------------------------

@settings(max_examples=150, deadline=None)
@given(st.integers(0, 6), st.integers(0, 6), st.floats(0, 1), st.integers(0, 2 ** 32 - 1))
def test_cover_is_minimum_against_brute_force(n_a, n_b, density, seed):
    rng = np.random.default_rng(seed)
    adj = sp.csr_matrix(rng.random((n_a, n_b)) < density)
    cover_a, cover_b = minimum_vertex_cover(adj)
    assert cover_a.shape == (n_a,) and cover_b.shape == (n_b,)
    assert is_vertex_cover(adj, cover_a, cover_b)
    assert cover_a.sum() + cover_b.sum() == brute_force_cover_size(adj)


def test_cover_negative_control_brute_force_detects_non_minimal():
    """The brute force tells a non-minimal cover (all of A) from the minimum."""
    adj = sp.csr_matrix(np.array([[1, 1, 1], [1, 0, 0], [1, 0, 0]]))
    assert brute_force_cover_size(adj) == 2 < 3
    cover_a, cover_b = minimum_vertex_cover(adj)
    assert cover_a.tolist() == [True, False, False] and cover_b.tolist() == [True, False, False]


def test_is_vertex_cover_detects_an_uncovered_edge():
    adj = sp.csr_matrix(np.array([[1, 0], [1, 1]]))
    assert not is_vertex_cover(adj, np.array([True, False]), np.array([False, False]))
    assert is_vertex_cover(adj, np.array([True, True]), np.array([False, False]))


def test_explicit_zeros_and_dense_input_are_not_edges():
    adj = sp.csr_matrix((np.array([0.0, 2.0]), (np.array([0, 1]), np.array([0, 1]))), shape=(2, 2))
    cover_a, cover_b = minimum_vertex_cover(adj)
    assert cover_a.sum() + cover_b.sum() == 1
    assert minimum_vertex_cover(np.zeros((3, 2)))[0].tolist() == [False] * 3


@pytest.mark.parametrize("seed", range(4))
def test_cover_of_random_partitions_matches_ilp_and_networkx(seed):
    g = overlap_graph(random_partition(40, seed), random_partition(30, seed + 100))
    cover_a, cover_b = minimum_vertex_cover(g.adjacency)
    size = int(cover_a.sum() + cover_b.sum())
    assert is_vertex_cover(g.adjacency, cover_a, cover_b)
    assert size == ilp_cover_size(g.adjacency) == networkx_cover_size(g.adjacency)


# --- overlap graph and Formula 1 ----------------------------------------------------------

def strips():
    a = [box(0, 0, 500, 1000), box(500, 0, 1000, 1000)]             # vertical
    b = [box(0, 0, 1000, 250), box(0, 250, 1000, 1000)]             # horizontal
    return a, b


def test_overlaps_and_weights_by_hand():
    a, b = strips()
    g = overlap_graph(a, b)
    assert g.overlap_m2.toarray() == pytest.approx(np.array([[125000, 375000], [125000, 375000]]))
    assert g.weights.toarray() == pytest.approx(np.array([[0.25, 0.75], [0.25, 0.75]]))
    rows, cols, over, w = g.edges()
    assert rows.tolist() == [0, 0, 1, 1] and cols.tolist() == [0, 1, 0, 1]
    assert w == pytest.approx([0.25, 0.75, 0.25, 0.75])
    assert g.warnings == [] and g.n_edges == 4


def test_touching_cells_are_not_edges_and_slivers_are_dropped():
    a = [box(0, 0, 500, 1000), box(500, 0, 1000, 1000)]
    b = [box(0, 0, 501, 1000), box(501, 0, 1000, 1000)]            # 1000 m² sliver
    assert overlap_graph(a, b).n_edges == 3
    by_area = overlap_graph(a, b, min_overlap_m2=1000)
    assert by_area.n_edges == 2 and by_area.dropped_m2 == pytest.approx(1000)
    assert any("sliver" in w for w in by_area.warnings)
    by_fraction = overlap_graph(a, b, min_overlap_fraction=0.01)
    assert by_fraction.n_edges == 2
    assert overlap_graph(a, b, min_overlap_fraction=0.001).n_edges == 3
    t = overlap_graph([box(0, 0, 1, 1)], [box(1, 0, 2, 1), box(0, 0, 1, 1)])
    assert t.n_edges == 1  # shared edge only: no overlap area


def test_weights_of_partitions_sum_to_one_per_cell():
    g = overlap_graph(random_partition(60, 1), random_partition(45, 2))
    assert np.asarray(g.weights.sum(axis=1)).ravel() == pytest.approx(1.0, abs=1e-9)
    assert g.warnings == []


def test_reallocate_formula_1_conserves_totals():
    rng = np.random.default_rng(7)
    g = overlap_graph(random_partition(60, 3), random_partition(45, 4))
    counts = rng.integers(0, 100, (60, 24))
    out = reallocate(counts, g.weights)
    assert out.shape == (45, 24)
    assert out.sum(axis=0) == pytest.approx(counts.sum(axis=0), rel=1e-9)
    one = reallocate(counts[:, 5], g.weights)
    assert one.shape == (45,) and one == pytest.approx(out[:, 5])
    w = g.weights.toarray()
    assert out[3] == pytest.approx((w[:, 3, None] * counts).sum(axis=0))


def test_reallocate_shape_mismatch():
    a, b = strips()
    with pytest.raises(ValueError, match=r"shape \(2,\)"):
        reallocate(np.ones(3), overlap_graph(a, b).weights)


def test_overlapping_polygons_within_a_layer_are_reported():
    a, b = strips()
    bad = a + [box(400, 0, 600, 1000)]                              # overlaps both strips
    g = overlap_graph(bad, b)
    assert g.self_overlap_a_m2 == pytest.approx(200000)
    assert any("layer A is not a partition" in w for w in g.warnings)


def test_gaps_between_layers_are_reported():
    a, b = strips()
    g = overlap_graph(a, [box(0, 0, 1000, 250), box(2000, 0, 3000, 1000)])
    assert g.uncovered_a_m2.sum() == pytest.approx(750000)
    assert g.uncovered_b_m2.sum() == pytest.approx(1000000)
    assert any("of layer A is not covered by layer B" in w for w in g.warnings)
    assert any("1 cell(s) of layer B overlap no cell" in w for w in g.warnings)


def test_invalid_polygons_repaired_and_unusable_refused():
    a, b = strips()
    bowtie = Polygon([(0, 0), (500, 1000), (500, 0), (0, 1000)])
    g = overlap_graph([bowtie, a[1]], b)
    assert g.repaired_a.tolist() == [True, False]
    assert any("1 invalid polygon(s) of layer A were repaired" in w for w in g.warnings)
    with pytest.raises(ValueError, match="polygon 1 of layer B is missing"):
        overlap_graph(a, [b[0], None])
    with pytest.raises(ValueError, match="layer A has no polygons"):
        overlap_graph([], b)
    with pytest.raises(ValueError, match="min_overlap_fraction"):
        overlap_graph(a, b, min_overlap_fraction=1.0)
    with pytest.raises(ValueError, match="min_overlap_m2"):
        overlap_graph(a, b, min_overlap_m2=-1)


def test_paris_towers_and_iris_minimum_cover():
    iris = _paris.iris_polygons()
    tess = voronoi_cells(_paris.towers_xy(), unary_union(iris))
    g = overlap_graph(tess.cells, iris)
    cover_a, cover_b = minimum_vertex_cover(g.adjacency)
    assert (len(tess.cells), len(iris)) == (565, 965)
    assert g.n_edges == 3276
    assert (int(cover_a.sum()), int(cover_b.sum())) == (381, 94)
    assert is_vertex_cover(g.adjacency, cover_a, cover_b)
    assert ilp_cover_size(g.adjacency) == 475
    # both layers partition the same area: no warning, totals conserved
    assert g.warnings == []
    counts = np.random.default_rng(8).poisson(50, len(tess.cells))
    assert reallocate(counts, g.weights).sum() == pytest.approx(counts.sum(), rel=1e-9)
