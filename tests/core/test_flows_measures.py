"""Flow stage: network measures against networkx, mobility borders, comparison figures."""
import networkx as nx
import numpy as np
import pytest
from shapely.geometry import box

from mobility_dp.dpcore.flows.cells import prepare_cells
from mobility_dp.dpcore.flows.compare import border_precision_recall, cdf, compare_measures, fit
from mobility_dp.dpcore.flows.measures import border_polygons, flow_graph, mobility_borders, network_measures
from mobility_dp.dpcore.flows.vectors import MoveIndex


@pytest.fixture(scope="module")
def strip():
    """2 × 4 grid: two 2 × 2 blocks, {0, 1, 4, 5} and {2, 3, 6, 7}."""
    cells = prepare_cells([box(i, j, i + 1, j + 1) for j in range(2) for i in range(4)])
    return cells, MoveIndex.from_cells(cells)


def flows_for(index, weights):
    f = np.zeros(index.size)
    for (a, b), w in weights.items():
        f[index.positions([a], [b])[0]] = w
    return f


def test_measures_match_networkx(strip):
    _, index = strip
    f = flows_for(index, {(0, 1): 5, (1, 5): 2, (5, 4): 1, (4, 0): 3, (1, 2): 4, (2, 3): -2,
                          (6, 7): 0.5})
    m = network_measures(index, f)
    g = nx.DiGraph()
    g.add_nodes_from(range(8))
    g.add_weighted_edges_from([(0, 1, 5), (1, 5, 2), (5, 4, 1), (4, 0, 3), (1, 2, 4), (6, 7, .5)])
    assert nx.utils.graphs_equal(flow_graph(index, f), g)  # negative flow (2, 3) = no edge
    np.testing.assert_array_equal(m["flow_per_link"], f)
    assert m["flow_per_zone"].tolist() == [8, 11, 2, -2, 4, 3, 0.5, 0.5]
    assert m["degree"].tolist() == [2, 3, 1, 0, 2, 2, 1, 1]
    und = g.to_undirected()
    assert m["clustering"].tolist() == [nx.clustering(und)[n] for n in range(8)]
    bt = nx.betweenness_centrality(g)
    np.testing.assert_allclose(m["node_betweenness"], [bt[n] for n in range(8)])
    ebt = nx.edge_betweenness_centrality(g)
    for (a, b), v in ebt.items():
        assert m["edge_betweenness"][index.positions([a], [b])[0]] == pytest.approx(v)
    assert m["edge_betweenness"][index.positions([2], [3])[0]] == 0
    with pytest.raises(ValueError, match="one flow per move"):
        network_measures(index, f[:-1])


def test_sampled_betweenness_uses_the_same_pivots(strip):
    _, index = strip
    f = np.random.default_rng(0).integers(0, 5, index.size).astype(float)
    a = network_measures(index, f, samples=3, seed=4)["node_betweenness"]
    b = network_measures(index, f, samples=3, seed=4)["node_betweenness"]
    np.testing.assert_array_equal(a, b)


def test_mobility_borders_find_the_two_blocks(strip):
    cells, index = strip
    strong = {(a, b): 20 for a, b in zip(index.origin, index.dest)
              if (a % 4 < 2) == (b % 4 < 2)}
    f = flows_for(index, {**strong, (1, 2): 1, (2, 1): 1})
    labels = mobility_borders(index, f, seed=1)
    assert len(set(labels[[0, 1, 4, 5]])) == 1 and len(set(labels[[2, 3, 6, 7]])) == 1
    assert labels[0] != labels[2]
    polys = border_polygons(cells.polygons, labels)
    assert len(polys) == 2
    assert sorted(round(p.area, 9) for _, p in polys) == [4.0, 4.0]
    assert {round(p.bounds[0]) for _, p in polys} == {0, 2}


def test_border_precision_and_recall_by_pair_counting():
    original = [0, 0, 0, 1, 1, 1]
    assert border_precision_recall(original, original) == (1.0, 1.0)
    # splitting an original group keeps precision at 1 and lowers recall
    p, r = border_precision_recall(original, [0, 0, 2, 1, 1, 1])
    assert p == 1.0 and r == pytest.approx(4 / 6)
    # merging two groups keeps recall at 1 and lowers precision
    p, r = border_precision_recall(original, [0] * 6)
    assert r == 1.0 and p == pytest.approx(6 / 15)


def test_fit_and_compare_measures():
    x = np.arange(10.0)
    res = fit(x, 2 * x + 1)
    assert res["pcc"] == pytest.approx(1) and res["slope"] == pytest.approx(2)
    assert res["intercept"] == pytest.approx(1) and res["bias"] == pytest.approx(5.5)
    y = np.random.default_rng(0).normal(size=10)
    assert fit(x, y)["pcc"] == pytest.approx(np.corrcoef(x, y)[0, 1])
    assert np.isnan(fit(x, np.ones(10))["pcc"])
    out = compare_measures({"a": x, "b": x}, {"a": x, "c": x})
    assert list(out) == ["a"]
    v, frac = cdf([3, 1, 2])
    assert v.tolist() == [1, 2, 3] and frac.tolist() == pytest.approx([1 / 3, 2 / 3, 1])
