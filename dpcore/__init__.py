"""dpcore: the science of Mobility DP, free of QGIS.

numpy arrays and shapely geometries in a projected CRS in metres. Every
release function returns a :class:`dpcore.accounting.contract.Release` carrying the
:class:`dpcore.accounting.costs.PrivacyCost` of the mechanisms it called.
"""
