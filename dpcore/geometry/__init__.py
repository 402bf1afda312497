"""Geometry in metres: shapely helpers, tessellations, the bipartite cover and the geography of a
city.
"""
