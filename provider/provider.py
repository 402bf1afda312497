"""The Mobility DP Processing provider (id ``mobilitydp``)."""
import os

from qgis.core import QgsApplication, QgsMessageLog, QgsProcessingModelAlgorithm, QgsProcessingProvider
from qgis.PyQt.QtGui import QIcon

from ..algorithms import accounting, counts, data, density, evaluation, flows, od, points, tessellation

ICON = os.path.join(os.path.dirname(os.path.dirname(__file__)), "icons", "mobilitydp.svg")
#: Shipped models (written by scripts/make-models), listed under the group "Models".
MODELS = os.path.join(os.path.dirname(os.path.dirname(__file__)), "models")

# One list per stage package; ids are stable because saved models store them.
STAGES = (counts, points, tessellation, data, flows, od, density, evaluation, accounting)
ALGORITHMS = [algorithm for stage in STAGES for algorithm in stage.ALGORITHMS]


class MobilityDPProvider(QgsProcessingProvider):
    def id(self):
        return "mobilitydp"

    def name(self):
        return "Mobility DP"

    def longName(self):  # noqa: N802
        return "Mobility DP: differentially private mobility data"

    def icon(self):
        return QIcon(ICON)

    def svgIconPath(self):  # noqa: N802
        return ICON

    def loadAlgorithms(self):  # noqa: N802
        for algorithm in ALGORITHMS:
            self.addAlgorithm(algorithm())
        # A model finds its child algorithms through the registry, so models load only once
        # this provider is registered (plugin.initProcessing refreshes it after adding it).
        if QgsApplication.processingRegistry().providerById(self.id()) is not self:
            return
        for name in sorted(os.listdir(MODELS)) if os.path.isdir(MODELS) else ():
            if not name.endswith(".model3"):
                continue
            model = QgsProcessingModelAlgorithm()
            if model.fromFile(os.path.join(MODELS, name)):
                self.addAlgorithm(model)
            else:
                QgsMessageLog.logMessage(f"cannot read the model {name}", "Mobility DP")
