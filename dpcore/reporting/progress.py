"""Progress and cancellation of a release: an optional callable(fraction) that may raise."""
from __future__ import annotations

from typing import Callable, Optional


class Cancelled(Exception):
    """Raised by a ``progress`` callback when the user cancels a run."""


Progress = Optional[Callable[[float], None]]


def report_progress(progress: Progress, fraction: float) -> None:
    """Call ``progress(fraction)`` if a callback was given (it may raise Cancelled)."""
    if progress is not None:
        progress(min(1.0, max(0.0, float(fraction))))

