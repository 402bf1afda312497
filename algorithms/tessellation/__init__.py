"""Tessellation stage: Voronoi cells of towers and the minimum bipartite cover
(dpcore.geometry.voronoi, dpcore.geometry.data_driven_cells, dpcore.geometry.cover).
"""
from .datadriventessellation import DataDrivenTessellation
from .minimumcover import MinimumCover
from .voronoitessellation import VoronoiTessellation

ALGORITHMS = [VoronoiTessellation, DataDrivenTessellation, MinimumCover]
