"""Progress and cancellation: dpcore's ``progress(fraction)`` callbacks on a QGIS feedback."""
from __future__ import annotations

from ...dpcore.reporting.progress import Cancelled


def progress_bridge(feedback, start: float = 0.0, end: float = 100.0):
    """A dpcore ``progress(fraction)`` callback driving ``feedback`` between two percentages.

    It raises ``Cancelled`` when the user cancels; after the release's first random draw the
    failure rule charges such a run (:meth:`ReleaseContract.fail`).
    """
    def progress(fraction: float) -> None:
        if feedback is None:
            return
        if feedback.isCanceled():
            raise Cancelled()
        feedback.setProgress(start + (end - start) * fraction)
    return progress


def raise_if_cancelled(feedback) -> None:
    """Stop a reader's loop when the user cancels (before any draw: nothing is charged)."""
    if feedback is not None and feedback.isCanceled():
        raise Cancelled()
