"""Network measures of a flow graph and mobility borders (Pratesi 2012 §5.3).

The flow graph has one node per cell and a directed edge for every move
of M whose flow is positive (a released flow ≤ 0 means "no traffic").
Measures (§5.3.1):

* flow per link: the flow of every move of M (as released, negatives kept);
* flow per zone: Σ of the flows into and out of each cell;
* node degree: distinct neighbours joined by a positive flow (either way);
* clustering coefficient: of the undirected positive-flow graph;
* node and edge betweenness: fraction of shortest (hop-count) paths of the
  directed positive-flow graph through a node / an edge; ``samples``
  pivots approximate it on large graphs (Brandes & Pich 2007), with a seed
  so that an original and a private graph use the same pivots.

Mobility borders (§5.3.2, Rinzivillo et al. 2012): communities of the
undirected graph weighted by the flows in both directions, found with
Louvain (``networkx.community.louvain_communities``, present since
networkx 2.8 — the Debian QGIS stack has 2.8.8), then dissolved into one
polygon per community.
"""
from __future__ import annotations

from random import Random

import networkx as nx
import numpy as np
from shapely.ops import unary_union

from .vectors import MoveIndex

MEASURES = ("flow_per_link", "flow_per_zone", "degree", "clustering", "node_betweenness",
            "edge_betweenness")


class _PivotSampler(Random):
    """A seeded ``random.Random`` whose ``sample`` accepts any iterable.

    networkx 2.8 draws betweenness pivots with ``random.sample(G.nodes(), k)``,
    which Python ≥ 3.11 refuses (a NodeView is not a sequence).
    """

    def sample(self, population, k, **kwargs):
        return super().sample(list(population), k, **kwargs)


def _check(index: MoveIndex, flows) -> np.ndarray:
    flows = np.asarray(flows, dtype=float).ravel()
    if flows.size != index.size:
        raise ValueError(f"expected one flow per move of M ({index.size}), got {flows.size}")
    if not np.all(np.isfinite(flows)):
        raise ValueError("flows must be finite numbers")
    return flows


def flow_graph(index: MoveIndex, flows) -> nx.DiGraph:
    """Directed graph of the cells with an edge (weight = flow) for each positive flow."""
    flows = _check(index, flows)
    g = nx.DiGraph()
    g.add_nodes_from(range(index.n_cells))
    pos = flows > 0
    g.add_weighted_edges_from(zip(index.origin[pos].tolist(), index.dest[pos].tolist(),
                                  flows[pos].tolist()))
    return g


def flow_per_zone(index: MoveIndex, flows) -> np.ndarray:
    flows = _check(index, flows)
    return (np.bincount(index.origin, flows, minlength=index.n_cells)
            + np.bincount(index.dest, flows, minlength=index.n_cells))


def network_measures(index: MoveIndex, flows, *, samples: int = None, seed: int = 0) -> dict:
    """Every measure of §5.3.1: arrays per move (links) or per cell (zones)."""
    flows = _check(index, flows)
    g = flow_graph(index, flows)
    und = g.to_undirected(as_view=False)
    p = index.n_cells
    k = None if samples is None or samples >= p else int(samples)
    node_bt = nx.betweenness_centrality(g, k=k, seed=_PivotSampler(seed), normalized=True)
    edge_bt = nx.edge_betweenness_centrality(g, k=k, seed=_PivotSampler(seed), normalized=True)
    pos = index.positions(*np.array(list(edge_bt.keys()), dtype=np.int64).reshape(-1, 2).T)
    edge = np.zeros(index.size)
    edge[pos] = list(edge_bt.values())
    clustering = nx.clustering(und)
    return {
        "flow_per_link": flows,
        "flow_per_zone": flow_per_zone(index, flows),
        "degree": np.array([und.degree(n) for n in range(p)], dtype=float),
        "clustering": np.array([clustering[n] for n in range(p)], dtype=float),
        "node_betweenness": np.array([node_bt[n] for n in range(p)], dtype=float),
        "edge_betweenness": edge,
    }


def mobility_borders(index: MoveIndex, flows, *, seed: int = 0, resolution: float = 1.0) -> np.ndarray:
    """Community label of every cell (Louvain on flows summed over both directions).

    Cells without positive flow each form their own community. Labels are
    numbered by decreasing community size.
    """
    flows = _check(index, flows)
    g = nx.Graph()
    g.add_nodes_from(range(index.n_cells))
    pos = flows > 0
    for a, b, w in zip(index.origin[pos].tolist(), index.dest[pos].tolist(), flows[pos].tolist()):
        if g.has_edge(a, b):
            g[a][b]["weight"] += w
        else:
            g.add_edge(a, b, weight=w)
    communities = nx.community.louvain_communities(g, weight="weight", resolution=resolution,
                                                   seed=seed)
    labels = np.empty(index.n_cells, dtype=np.int64)
    for label, members in enumerate(sorted(communities, key=lambda c: (-len(c), min(c)))):
        labels[list(members)] = label
    return labels


def border_polygons(polygons, labels) -> list:
    """(label, dissolved polygon) for each community."""
    labels = np.asarray(labels)
    if labels.size != len(polygons):
        raise ValueError("need one community label per cell")
    return [(int(lab), unary_union([polygons[k] for k in np.flatnonzero(labels == lab)]))
            for lab in np.unique(labels)]
