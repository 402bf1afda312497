"""Minimum bipartite cover: speed at the paper's scale and beyond.

Two Voronoi partitions of a 10 km square (n_A and n_B random sites) stand
for tower and IRIS cells; the real Paris row uses the sample data. Times:
overlap graph (STRtree + intersections), König cover (dpcore), and the
baseline networkx ``hopcroft_karp_matching`` + ``bipartite.to_vertex_cover``
on the same graph (skipped where its quadratic cost would take minutes).

Run: .venv/bin/python benchmarks/cover.py [--big]
"""
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [ROOT, os.path.join(ROOT, "tests", "core")]

import _paris  # noqa: E402
import networkx as nx  # noqa: E402
import numpy as np  # noqa: E402
import scipy.sparse as sp  # noqa: E402
from shapely.geometry import box  # noqa: E402
from shapely.ops import unary_union  # noqa: E402

from dpcore.geometry.cover import is_vertex_cover, minimum_vertex_cover, overlap_graph  # noqa: E402
from dpcore.geometry.voronoi import voronoi_cells  # noqa: E402

#: networkx's to_vertex_cover is run only on graphs up to this many vertices.
NX_MAX_VERTICES = 5000


def partition(n, seed, area):
    minx, miny, maxx, maxy = area.bounds
    pts = np.random.default_rng(seed).uniform((minx, miny), (maxx, maxy), (n, 2))
    return voronoi_cells(pts, area).cells


def networkx_cover(adj):
    coo = sp.coo_matrix(adj)
    g = nx.Graph()
    top = [("a", i) for i in range(adj.shape[0])]
    g.add_nodes_from(top)
    g.add_nodes_from(("b", j) for j in range(adj.shape[1]))
    g.add_edges_from((("a", i), ("b", j)) for i, j in zip(coo.row, coo.col))
    t0 = time.perf_counter()
    matching = nx.bipartite.hopcroft_karp_matching(g, top_nodes=top)
    t1 = time.perf_counter()
    cover = nx.bipartite.to_vertex_cover(g, matching, top_nodes=top)
    t2 = time.perf_counter()
    return len(cover), t1 - t0, t2 - t1


def row(name, cells_a, cells_b):
    t0 = time.perf_counter()
    g = overlap_graph(cells_a, cells_b)
    t1 = time.perf_counter()
    cover_a, cover_b = minimum_vertex_cover(g.adjacency)
    t2 = time.perf_counter()
    assert is_vertex_cover(g.adjacency, cover_a, cover_b)
    size = int(cover_a.sum() + cover_b.sum())
    if len(cells_a) + len(cells_b) <= NX_MAX_VERTICES:
        nx_size, nx_match, nx_cover = networkx_cover(g.adjacency)
        assert nx_size == size
        nx_cols = f"{nx_match:.3f} | {nx_cover:.3f} | {(nx_match + nx_cover) / (t2 - t1):.0f}×"
    else:
        nx_cols = "not run | not run | –"
    print(f"| {name} | {len(cells_a)} | {len(cells_b)} | {g.n_edges} | {size} | {t1 - t0:.3f} "
          f"| {(t2 - t1) * 1000:.1f} | {t2 - t0:.3f} | {nx_cols} |", flush=True)


def main():
    big = "--big" in sys.argv
    print("| case | A | B | E | C | overlap graph s | König cover ms | end to end s "
          "| nx matching s | nx to_vertex_cover s | nx / König |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    iris = _paris.iris_polygons()
    towers = voronoi_cells(_paris.towers_xy(), unary_union(iris)).cells
    row("Paris sample (towers × IRIS)", towers, iris)
    square = box(0, 0, 10000, 10000)
    row("Paris scale, synthetic", partition(1303, 1, square), partition(989, 2, square))
    if big:
        row("20,000 × 15,000, synthetic", partition(20000, 3, square), partition(15000, 4, square))


if __name__ == "__main__":
    main()
