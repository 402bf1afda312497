"""QGIS plugin entry: registers the Mobility DP Processing provider.

Works without a GUI (``iface`` is None in qgis_process and in tests):
initProcessing() is all a headless QGIS calls. When a required Python
package is missing, nothing is registered and one message (log, and the
message bar in the GUI) says what to install.
"""
import os

from qgis.core import Qgis, QgsApplication, QgsMessageLog, QgsProject

from .dependencies import missing_message, missing_packages


class MobilityDPPlugin:
    def __init__(self, iface=None):
        self.iface = iface
        self.provider = None
        self.missing_reported = False
        self.hooked = False
        from .algorithms.common.i18n import install_translator
        self.translator = install_translator(os.path.dirname(__file__))

    def initProcessing(self):  # noqa: N802 (QGIS API name)
        missing = missing_packages()
        if missing:
            self._report_missing(missing)
            return
        from .provider.provider import MobilityDPProvider
        if self.provider is not None:
            QgsApplication.processingRegistry().removeProvider(self.provider)
        provider = MobilityDPProvider()
        if not QgsApplication.processingRegistry().addProvider(provider):  # QGIS deleted it
            QgsMessageLog.logMessage("a Mobility DP provider is already registered",
                                     "Mobility DP", Qgis.Warning)
            return
        self.provider = provider
        self.provider.refreshAlgorithms()  # now the shipped models can find their children

    def _report_missing(self, missing):
        if self.missing_reported:
            return
        self.missing_reported = True
        message = missing_message(missing)
        QgsMessageLog.logMessage(message, "Mobility DP", Qgis.Critical)
        if self.iface is not None:
            self.iface.messageBar().pushMessage("Mobility DP", message, level=Qgis.Critical,
                                                duration=0)

    def initGui(self):  # noqa: N802
        self.initProcessing()
        if not self.hooked:
            QgsProject.instance().layerWasAdded.connect(self._restore_temporal_style)
            self.hooked = True

    @staticmethod
    def _restore_temporal_style(layer):
        """Outputs with a Mobility DP default style get its temporal settings too (QGIS 3.22
        leaves them out when a layer is added)."""
        from .algorithms.common.outputs import restore_temporal_style
        restore_temporal_style(layer)

    def unload(self):
        if self.hooked:
            QgsProject.instance().layerWasAdded.disconnect(self._restore_temporal_style)
            self.hooked = False
        if self.provider is not None:
            QgsApplication.processingRegistry().removeProvider(self.provider)
            self.provider = None
        if self.translator is not None:
            from qgis.PyQt.QtCore import QCoreApplication
            QCoreApplication.removeTranslator(self.translator)
            self.translator = None
