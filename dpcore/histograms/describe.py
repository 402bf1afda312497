"""Sentences the histograms' report prints: the day interval and the unit of privacy, in the
release's own time span (a 168-slot release is a week, not a day)."""
from __future__ import annotations

import numpy as np


def _utc(seconds: float, with_date: bool) -> str:
    text = np.datetime64(int(seconds), "s").astype(str).replace("T", " ")
    return text[:16] if with_date else text[11:16]


def division_label(division, times) -> str:
    """"slots a–b: start – end UTC (h hours)" for 0-based slots a..b of ``times`` (the slot
    boundaries, epoch seconds); dates shown when the interval leaves one calendar day."""
    if not division:
        return ""
    a, b = (int(v) for v in division)
    t0, t1 = float(times[a]), float(times[b + 1])
    dated = np.floor(t0 / 86400) != np.floor((t1 - 1) / 86400)
    return (f"slots {a}–{b}: {_utc(t0, dated)} – {_utc(t1, dated)} UTC "
            f"({(t1 - t0) / 3600:g} h)")


def unit_of_privacy(n_slots: int, slot_seconds: float) -> str:
    """The unit of privacy of a release of ``n_slots`` slots of ``slot_seconds``."""
    hours = n_slots * slot_seconds / 3600.0
    span = "the day" if hours == 24 else f"the {hours:g} hours released"
    return (f"one user: all observations of one person (user id) during {span}; each user "
            "counts at most once per timestamp, one observation chosen uniformly at random")
