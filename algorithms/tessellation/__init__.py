"""Tessellation stage: Voronoi cells of towers and the minimum bipartite cover (dpcore.geometry.tessellation, dpcore.geometry.cover)."""
from .minimumcover import MinimumCover
from .datadriventessellation import DataDrivenTessellation
from .voronoitessellation import VoronoiTessellation

ALGORITHMS = [VoronoiTessellation, DataDrivenTessellation, MinimumCover]
