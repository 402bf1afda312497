"""The translation function of every user-visible string (QGIS's translation machinery)."""
from qgis.PyQt.QtCore import QCoreApplication


def tr(text: str) -> str:
    """``text`` translated in the context "MobilityDP" (unchanged without a translation)."""
    return QCoreApplication.translate("MobilityDP", text)
