"""Does a released total stay within 2× of what its noisy counts say? (post-processing)

Post-processing moves totals: clipping noisy counts at 0 adds the positive half of the noise
of every empty cell (trips per pair at 1 km: 140× the true total at 50 people), shrinkage
towards 0 removes flows the noise hides (people per pair at 50 people: 0.1×). The sum of the
*unclipped* noisy counts is unbiased, with a variance known from the public noise law, so its
95 % interval [lo, hi] holds the true total; where that interval holds a value more than 2×
away from the released total (released < hi / 2 or released > 2 · lo), the released total
may be off by more than 2×, and :func:`total_warning` says so (for the log and the report).
"""
from __future__ import annotations

import math
from typing import Optional

from ..reporting.messages import Message

Z95 = 1.959964


def total_interval(noisy_sum: float, variance: float) -> tuple:
    """95 % interval of the true total from the sum of unclipped noisy counts (≥ 0)."""
    h = Z95 * math.sqrt(max(float(variance), 0.0))
    return max(float(noisy_sum) - h, 0.0), max(float(noisy_sum) + h, 0.0)


def total_warning(released: float, noisy_sum: float, variance: float,
                  what: str) -> Optional[str]:
    """A sentence when the ``released`` total of ``what`` may be off by more than 2× (module
    doc), else None."""
    lo, hi = total_interval(noisy_sum, variance)
    if hi / 2 <= released <= 2 * lo:
        return None
    return Message("The released {what} sum to {released:,.0f}, but their unclipped noisy "
                   "counts put the total at {lo:,.0f}–{hi:,.0f} (95 %): the released total may "
                   "be off by more than 2× (clipping at 0 adds the noise of empty cells, "
                   "shrinkage removes flows the noise hides).", what=what, released=released,
                   lo=lo, hi=hi)
