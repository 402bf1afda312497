"""Mobility DP: a QGIS Processing provider for differentially private mobility data."""


def classFactory(iface):  # noqa: N802 (QGIS plugin entry point)
    from .plugin import MobilityDPPlugin
    return MobilityDPPlugin(iface)
