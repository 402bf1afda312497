"""QGIS plugin entry: registers the Mobility DP Processing provider.

Works without a GUI (``iface`` is None in qgis_process and in tests):
initProcessing() is all a headless QGIS calls.
"""
from qgis.core import QgsApplication


class MobilityDPPlugin:
    def __init__(self, iface=None):
        self.iface = iface
        self.provider = None

    def initProcessing(self):  # noqa: N802 (QGIS API name)
        from .provider.provider import MobilityDPProvider
        if self.provider is not None:
            QgsApplication.processingRegistry().removeProvider(self.provider)
        self.provider = MobilityDPProvider()
        QgsApplication.processingRegistry().addProvider(self.provider)

    def initGui(self):  # noqa: N802
        self.initProcessing()

    def unload(self):
        if self.provider is not None:
            QgsApplication.processingRegistry().removeProvider(self.provider)
            self.provider = None
