"""Progress and cancellation: dpcore's ``progress(fraction)`` callbacks on a QGIS feedback."""
from __future__ import annotations

from ...dpcore.reporting.progress import Cancelled


def progress_bridge(feedback, start: float = 0.0, end: float = 100.0, *, stop_on_cancel=None):
    """A dpcore ``progress(fraction)`` callback driving ``feedback`` between two percentages.

    It raises ``Cancelled`` when the user cancels, unless ``stop_on_cancel()``
    returns False (``MobilityDPAlgorithm.progress`` uses that to finish
    writing once the budget is spent).
    """
    def progress(fraction: float) -> None:
        if feedback is None:
            return
        if feedback.isCanceled() and (stop_on_cancel is None or stop_on_cancel()):
            raise Cancelled()
        feedback.setProgress(start + (end - start) * fraction)
    return progress
