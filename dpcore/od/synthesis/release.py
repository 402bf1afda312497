"""The synthetic-trips release in the release contract's shape.

``synthetic_trips_cost(**public) -> PrivacyCost`` (in :mod:`.parts`) and
``release_synthetic_trips(data, *, rng, progress, **public) -> Release``:
fit the model (every part measured once, :mod:`.fit`), then draw the trips
(post-processing, :mod:`.generate`). ``values`` are the shuffled synthetic
trips; ``cost`` is the sum of what the mechanisms returned (the caller checks
it against the plan); ``public`` holds the model's public facts and the model
itself (noisy, post-processed weights); ``internal`` the raw-data facts.
"""
from __future__ import annotations

from typing import Optional

import numpy as np

from ...accounting.contract import Release
from ...reporting.messages import Message, word
from ...reporting.progress import report_progress
from ..trip_arrays import ZonedTrips
from .fit import fit_model
from .generate import generate
from .parts import UNIT, synthetic_trips_cost
from .place import Zones

__all__ = ["UNIT", "synthetic_trips_cost", "release_synthetic_trips", "check_window"]


def check_window(window) -> tuple:
    """The public time window (start, end) in epoch seconds: synthetic dates lie in it."""
    if window is None or len(window) != 2 or any(v is None for v in window):
        raise ValueError("synthetic trips need the public time window (start and end): "
                         "their dates are drawn inside it")
    w0, w1 = (float(v) for v in window)
    if not (np.isfinite(w0) and np.isfinite(w1) and w1 > w0):
        raise ValueError("the time window must end after it starts")
    if w1 - w0 > 3660 * 86400.0:
        raise ValueError("the time window must span ≤ 10 years")
    return w0, w1


def warnings(public: dict) -> list:
    """Sentences for the log and the report (public facts only): a noisy total whose 95 %
    interval reaches below half or above twice its value, time histograms pooled or shrunk
    towards the uniform law because their counts are below their noise."""
    out = []
    total = public["noisy_trips"]
    low, high = public["noisy_trips_interval_95"]
    if low < total / 2 or high > 2 * total:
        out.append(Message("The model's noisy total of {total:,.0f} trips has a 95 % interval "
                           "of {low:,.0f}–{high:,.0f}: the number of trips may be off by more "
                           "than 2×.", total=total, low=low, high=high))
    for name, unit, width in (("start_hour", "h", public["start_hour_period_hours"]),
                              ("travel_time", "min", public["travel_time_period_minutes"])):
        shrunk = public[f"{name}_shrunk_to_uniform"]
        if width > (1 if unit == "h" else 5) or shrunk >= 0.5:
            label = word("Start hours") if unit == "h" else word("Travel times")
            out.append(Message("{label}: too few trips for finer counts above the noise; pooled "
                               "into periods of {width:g} {unit} and shrunk {shrunk:.0%} towards "
                               "the uniform law (100 %: uniform).", label=label, width=width,
                               unit=unit, shrunk=shrunk))
    return out


def release_synthetic_trips(data: ZonedTrips, *, rng: np.random.Generator, progress=None,
                            epsilon: float, max_trips: int, trips_cap: int, polygons,
                            window, n_trips: Optional[int] = None, anchors=None,
                            transitions: bool = True) -> Release:
    """Synthetic trips under user-level DP (see :mod:`dpcore.od.synthesis`).

    ``polygons``: the public zones (frame metres) the zone indices of ``data`` refer to;
    ``window``: the public time window; ``n_trips``: how many trips to draw (None: the
    model's noisy total, bias-corrected: :mod:`.total`); ``anchors``: optional public :class:`~.place.Anchors`;
    ``transitions``: measure consecutive trips (:mod:`.chains`; False: the first release's
    model, every trip drawn on its own).
    """
    window = check_window(window)
    if n_trips is not None and int(n_trips) < 1:
        raise ValueError(f"the number of synthetic trips must be ≥ 1, got {n_trips}")
    if len(polygons) != data.n_zones:
        raise ValueError(f"{len(polygons)} zone polygons for {data.n_zones} zones")
    zones = Zones(polygons)
    model, _plan, spent, public, internal = fit_model(
        data, epsilon=epsilon, max_trips=max_trips, trips_cap=trips_cap, zones=zones,
        rng=rng, transitions=transitions,
        progress=lambda f: report_progress(progress, 0.5 * f))
    count = int(n_trips) if n_trips is not None else max(int(round(public["noisy_trips"])), 1)
    synthetic = generate(model, zones, window, count, rng, anchors=anchors,
                         progress=lambda f: report_progress(progress, 0.5 + 0.5 * f))
    public.update(model=model, trips_drawn=count,
                  count_from="noisy total" if n_trips is None else "chosen by the user",
                  unit_of_privacy=UNIT, warnings=warnings(public))
    return Release(synthetic, spent, public=public, internal=internal)
