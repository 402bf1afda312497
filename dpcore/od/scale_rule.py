"""The trip scale on small data: an ε share that adapts to a noisy size, and a margin.

The trip scale κ̂ = trips / users (:func:`.trip_scale.trip_scale`) multiplies every
published OD flow and visit count. Its trips count has noise of sensitivity M (the cap,
50 by default): at the nominal share (ε · 0.05 · 0.7 = 0.035 of ε = 1) its standard
deviation is √2 · 50 / 0.035 ≈ 2,000 trips, beside 1,336 true trips of 184 riders: the totals
swung from 0.9× to 4× the truth. Two public rules, reading only a noisy fact:

* **the share adapts** (strategy): the user count is measured first at its nominal ε; the
  scale as a whole then gets the ε E that brings the relative standard deviation of κ̂ to
  :data:`TARGET_REL_STD` at one trip per noisy user (E split 30 % users, 70 % trips as the
  nominal one): E = √2 · √(1/0.3² + M²/0.7²) / (target · max(Û, 1)), never less than its
  nominal ε and never more than a ceiling (a share of the release's ε given by the caller).
  Where E exceeds the nominal ε, the users are counted a second time with what their 30 %
  lacks and the two counts are averaged with inverse-variance weights. The release's total ε does not change: the caller
  gives the statistics what the
  scale did not take (sequential composition with shares chosen from earlier noisy outputs,
  Dwork & Roth 2014, §3.5; the planned total is the spent total).
* **the margin is carried** (post-processing): κ̂'s 99 % interval from the margins of its
  two totals (:mod:`.intervals`), which the caller multiplies into the intervals of what κ̂
  scales. Where a noisy count is ≤ 0 the scale is unknown: the interval reaches [1, M] and a
  warning says so.
"""
from __future__ import annotations

import math

from ..mechanisms.geometric import discrete_laplace_alpha
from ..reporting.messages import Message
from .shrink import noise_variance

TARGET_REL_STD = 0.3
USERS_SHARE = 0.3   # of the scale's ε, for the user count (the rest for the trips)


def scale_epsilon(noisy_users: float, *, cap: int, nominal: float, ceiling: float) -> float:
    """ε of the whole scale, users and trips (module doc): public, from the noisy user count
    only."""
    spread = math.sqrt(1.0 / USERS_SHARE ** 2 + int(cap) ** 2 / (1.0 - USERS_SHARE) ** 2)
    need = math.sqrt(2.0) * spread / (TARGET_REL_STD * max(float(noisy_users), 1.0))
    return float(min(max(nominal, need), max(ceiling, nominal)))


def pooled(values, variances) -> tuple:
    """(inverse-variance weighted mean, its variance) of independent noisy counts (a count
    without noise, at a huge ε, is taken as it is)."""
    for x, v in zip(values, variances):
        if v <= 0:
            return float(x), 0.0
    w = [1.0 / v for v in variances]
    return sum(x * k for x, k in zip(values, w)) / sum(w), 1.0 / sum(w)


def count_variance(sensitivity: float, epsilon: float, values: int = 1) -> float:
    """Variance of a sum of ``values`` discrete Laplace noises (public)."""
    return values * noise_variance(discrete_laplace_alpha(sensitivity, epsilon))


def scale_warnings(public: dict) -> list:
    """Sentences for the log and the report when κ̂ is unknown or may be off by > 2×."""
    kappa = public["trips_per_person"]
    lo, hi = public["trips_per_person_interval"]
    if public["noisy_users"] <= 0 or public["noisy_trips"] <= 0:
        return [Message("The trip scale is below its own noise (noisy users {users:.0f}, noisy "
                        "trips {trips:.0f}): trips per person are unknown, taken as {kappa:.3g} "
                        "within [{lo:.3g}, {hi:.3g}]; every total it multiplies may be off by "
                        "more than 2×.", users=public["noisy_users"],
                        trips=public["noisy_trips"], kappa=kappa, lo=lo, hi=hi)]
    if hi > 2 * kappa or lo < kappa / 2:
        return [Message("The trip scale ({kappa:.3g} trips per person, 99 % interval "
                        "{lo:.3g}–{hi:.3g}) may be off by more than 2×, and so may every total "
                        "it multiplies.", kappa=kappa, lo=lo, hi=hi)]
    return []
