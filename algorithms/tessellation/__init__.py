"""Tessellation stage: Voronoi cells of towers and the minimum bipartite cover (dpcore.tessellation, dpcore.cover)."""
from .cover import MinimumCover
from .voronoi import DataDrivenTessellation, VoronoiTessellation

ALGORITHMS = [VoronoiTessellation, DataDrivenTessellation, MinimumCover]
