"""The translation function of every user-visible string (QGIS's translation machinery)."""
import os

from qgis.PyQt.QtCore import QCoreApplication

PLUGIN_DIR = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


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
    from qgis.PyQt.QtCore import QTranslator
    path = os.path.join(plugin_dir, "i18n", f"mobility_dp_{plugin_locale()}.qm")
    if not os.path.exists(path):
        return None
    translator = QTranslator()
    if not translator.load(path):
        return None
    QCoreApplication.installTranslator(translator)
    return translator


def shown(text) -> str:
    """A message as the user reads it: a :class:`dpcore.reporting.messages.Message` from its translated
    template and values (a value that is itself a message shown the same way), any other text
    through :func:`tr`, or as the dpcore template that makes it (:func:`_core_message`);
    unchanged without a translation."""
    template = getattr(text, "template", None)
    if template is None:
        return _core_message(text) if isinstance(text, str) else str(text)
    values = {k: shown(v) if isinstance(v, str) else v for k, v in text.values.items()}
    return tr(template).format(**values)


def _core_message(text: str) -> str:
    """``text`` translated: from the catalogue as it is, else as a filled template of dpcore's
    (:mod:`.core_messages`, its captured values shown in turn); as written when neither."""
    translated = tr(text)
    if translated != text or not text.strip() or plugin_locale() in ("", "en"):
        return translated
    from .core_messages import matcher
    found = matcher(PLUGIN_DIR).match(text)
    if found is None or tr(found[0]) == found[0]:
        return text
    template, values = found
    return tr(template).format(**{k: _core_message(v) for k, v in values.items()})


def error_text(exc: BaseException) -> str:
    """An exception's message as the user reads it (see :func:`shown`)."""
    return (shown(exc.args[0]) if len(exc.args) == 1 and isinstance(exc.args[0], str)
        else str(exc))


def translating_feedback(feedback):
    """``feedback`` whose info, warning and error lines pass through :func:`shown` (dpcore's
    warnings reach the log in the user's language); progress and cancel are the same."""
    from qgis.core import QgsProcessingFeedback, QgsProcessingMultiStepFeedback

    if not isinstance(feedback, QgsProcessingFeedback):
        return feedback

    class _Translating(QgsProcessingMultiStepFeedback):
        # lines go to the run's feedback as Python calls it (its overrides, or what a caller
        # set on the object); progress and cancel through QGIS's multi-step feedback
        def pushInfo(self, text):  # noqa: N802
            feedback.pushInfo(shown(text))

        def pushWarning(self, text):  # noqa: N802
            feedback.pushWarning(shown(text))

        def reportError(self, text, fatal=False):  # noqa: N802
            feedback.reportError(shown(text), fatal)

    translated = _Translating(1, feedback)   # follows a later cancel through the signal
    translated.setCurrentStep(0)
    if feedback.isCanceled():
        translated.cancel()
    return translated
