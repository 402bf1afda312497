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
        self.budget_panel = None
        self.budget_action = None
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
        if self.iface is not None and self.budget_action is None:
            self._add_budget_panel()
        if not self.hooked:
            QgsProject.instance().layerWasAdded.connect(self._restore_temporal_style)
            self.hooked = True

    @staticmethod
    def _restore_temporal_style(layer):
        """Outputs with a Mobility DP default style get its temporal settings too (QGIS 3.22
        leaves them out when a layer is added)."""
        from .algorithms.common.layer_hook import restore_temporal_style
        restore_temporal_style(layer)

    def _add_budget_panel(self):
        """Plugins menu and toolbar action that shows or hides the privacy-budget panel."""
        from qgis.PyQt.QtCore import Qt
        from qgis.PyQt.QtGui import QIcon
        from qgis.PyQt.QtWidgets import QAction

        from .algorithms.common.i18n import tr
        from .gui.budget_panel import BudgetPanel
        self.budget_panel = BudgetPanel(self.iface.mainWindow())
        self.iface.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.budget_panel)
        self.budget_panel.hide()
        icon = QIcon(os.path.join(os.path.dirname(__file__), "icons", "mobilitydp.svg"))
        self.budget_action = QAction(icon, tr("Privacy budget"), self.iface.mainWindow())
        self.budget_action.setCheckable(True)
        self.budget_action.toggled.connect(self.budget_panel.setVisible)
        self.budget_panel.visibilityChanged.connect(self.budget_action.setChecked)
        self.iface.addPluginToMenu("Mobility DP", self.budget_action)
        self.iface.addToolBarIcon(self.budget_action)

    def unload(self):
        if self.budget_action is not None:
            self.iface.removePluginMenu("Mobility DP", self.budget_action)
            self.iface.removeToolBarIcon(self.budget_action)
            self.iface.removeDockWidget(self.budget_panel)
            self.budget_panel.deleteLater()
            self.budget_panel = self.budget_action = None
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
