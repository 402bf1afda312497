"""The 95 % interval published beside a post-processed OD value: it holds the value and covers
what the value estimates.

A published value v is read from a noisy count y = c + Z (c the true count, Z noise of a
known law, h its margin at the count's level, so [max(0, y − h), y + h] ∋ c with that
probability whatever c), then possibly shrunk (:mod:`.shrink`) and multiplied by a noisy
scale κ̂ (trips per person, or trips up to M over the trips kept by sampling). Two rules make
its interval honest, both from public values only (post-processing, no privacy cost):

1. **Shrinkage**: the interval is the hull of the noise interval and the published value,
   [min(v, max(0, y − h)), max(v, y + h)]. It contains the noise interval, so it covers c at
   least as often whatever c (the shrinkage's bias is bounded by |v − y|, which the hull
   adds where it exceeds h), and it contains v by construction.
2. **Scale**: v·κ̂ estimates c·κ (κ the true scale). With [κ_lo, κ_hi] ∋ κ at level 1 − a and
   the count's interval at level 1 − b, [c_lo·κ_lo, c_hi·κ_hi] ∋ c·κ with probability
   ≥ 1 − a − b (union bound; c, κ ≥ 0). The 5 % a 95 % interval may miss are split:
   :data:`SCALE_MISS` for the scale, the rest for the count (:func:`count_level`). κ is a
   ratio of totals released with discrete Laplace noise; each total lies within its margin
   at level 1 − a/2 (:func:`total_interval`), and the ratio's interval follows from the
   ends (:func:`ratio_interval`), clipped to the range the true ratio lies in and widened to
   hold the published κ̂.

What the interval covers is therefore the released statistic times the true scale (people
on the pair × trips per person, sampled trips × trips up to M per trip kept), not trips per
pair: the trips a person makes off their main pair are no part of it.
"""
from __future__ import annotations

import numpy as np

from .noise import DISCRETE_LAPLACE, LEVEL, margin_of_error

#: share of the interval's 5 % miss probability given to the noisy scale (union bound)
SCALE_MISS = 0.01


def count_level(scaled: bool) -> float:
    """The level of a count's own interval: 95 %, or 96 % when a noisy scale multiplies it."""
    return LEVEL + SCALE_MISS if scaled else LEVEL


def hull(value, lower, upper):
    """(lower, upper) widened to hold ``value`` (rule 1 of the module doc)."""
    v = np.asarray(value, dtype=float)
    return np.minimum(v, lower), np.maximum(v, upper)


def shrunk_interval(value, noisy, margin: float):
    """The interval of a value shrunk from ``noisy`` whose noise has ``margin``: the hull of
    [max(0, y − h), y + h] and the value."""
    y = np.asarray(noisy, dtype=float)
    return hull(value, np.clip(y - margin, 0.0, None), y + margin)


def total_interval(noisy: float, *, sensitivity: float, epsilon: float, n_summed: int = 1,
                   miss: float = SCALE_MISS / 2) -> tuple:
    """(low, high) ∋ a true total ≥ 0 with probability ≥ 1 − ``miss``: the noisy sum of
    ``n_summed`` discrete Laplace values ± the margin of their summed noise, low ≥ 0."""
    h = margin_of_error(DISCRETE_LAPLACE, sensitivity=sensitivity, epsilon=epsilon,
                        n_summed=n_summed, level=1.0 - miss)
    return max(float(noisy) - h, 0.0), float(noisy) + h


def ratio_interval(numerator: tuple, denominator: tuple, *, estimate: float, low: float,
                   high: float) -> tuple:
    """Interval of a ratio of two positive totals from theirs, clipped to [``low``, ``high``]
    (where the true ratio lies) and widened to hold ``estimate``."""
    (n_lo, n_hi), (d_lo, d_hi) = numerator, denominator
    lo = n_lo / d_hi if d_hi > 0 else low
    hi = n_hi / d_lo if d_lo > 0 else high
    lo, hi = float(np.clip(lo, low, high)), float(np.clip(hi, low, high))
    return min(lo, float(estimate)), max(hi, float(estimate))


def sampling_scale_interval(sampled: float, extra: float, *, sensitivity: float,
                            epsilon: float, estimate: float, high: float) -> tuple:
    """Interval of (S + E) / S = 1 + E / S, the trips up to the cap M over the trips kept
    (≤ m per user), from the noisy totals S and E (discrete Laplace of ``sensitivity`` at
    ``epsilon`` each), clipped to [1, ``high``] = [1, M/m] and holding ``estimate``."""
    lo, hi = ratio_interval(
        total_interval(extra, sensitivity=sensitivity, epsilon=epsilon),
        total_interval(sampled, sensitivity=sensitivity, epsilon=epsilon),
        estimate=float(estimate) - 1.0, low=0.0, high=float(high) - 1.0)
    return 1.0 + lo, 1.0 + hi


def scaled_interval(lower, upper, scale: tuple):
    """The count's interval times the scale's: (lower·κ_lo, upper·κ_hi)."""
    return np.asarray(lower, dtype=float) * scale[0], np.asarray(upper, dtype=float) * scale[1]


def interval_statement(public: dict) -> str:
    """What ``lower``/``upper`` of an OD release cover, in a sentence for the layers that
    carry them (their description: the interval travels with the layer, without the report).
    ``public``: an OD release's public facts (people per pair, or trips per pair)."""
    if "statistic" in public:                       # people per pair (.people_flows)
        if public["publish"] == "trips":
            return ("lower95–upper95: a 95 % interval of people per pair × the true trips per "
                    "person, not of the trips per pair (a person's trips off their main pair "
                    "are not covered); it holds the published flow")
        return ("lower95–upper95: a 95 % interval of people per pair (the noise interval "
                "joined with the shrunk value it holds)")
    if public.get("scaled"):
        return ("lower95–upper95: a 95 % interval of the trips kept (at most m per user) × the "
                "true trips up to the cap per trip kept")
    return "lower95–upper95: a 95 % interval of trips per pair (at most m trips per user)"
