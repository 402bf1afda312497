"""The translation function of every user-visible string (QGIS's translation machinery)."""
from qgis.PyQt.QtCore import QCoreApplication


def tr(text: str) -> str:
    """``text`` translated in the context "MobilityDP" (unchanged without a translation)."""
    return QCoreApplication.translate("MobilityDP", text)


def plugin_locale() -> str:
    """The language QGIS runs in (its "Override system locale" setting, else the system's),
    e.g. ``fr``."""
    from qgis.core import QgsApplication
    return str(QgsApplication.locale() or "")[:2].lower()


def install_translator(plugin_dir: str):
    """Load ``i18n/mobility_dp_<lang>.qm`` for QGIS's language, if there is one.

    Returns the installed QTranslator (keep a reference; remove it on unload) or None
    (English, or no catalogue for the language: strings stay as written).
    """
    import os
    from qgis.PyQt.QtCore import QTranslator
    path = os.path.join(plugin_dir, "i18n", f"mobility_dp_{plugin_locale()}.qm")
    if not os.path.exists(path):
        return None
    translator = QTranslator()
    if not translator.load(path):
        return None
    QCoreApplication.installTranslator(translator)
    return translator
