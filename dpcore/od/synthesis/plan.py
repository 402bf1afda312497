"""The plan of a synthetic-trips release (see :mod:`dpcore.od.synthesis`).

:func:`plan_synthesize_trips` plans the model's cost (:func:`.parts.synthetic_trips_cost`) and
binds the public time window and the number of trips to draw. Its ``prepare`` places the
public weighting points in the zones (:class:`.place.Anchors`) before the reservation; its
``release`` fits the model and draws the trips (:func:`.release.release_synthetic_trips`), and
gives the internal report how the synthetic trips compare with the raw ones
(:func:`.evaluate.compare`, on generators of their own: nothing of the release's noise).
"""
from __future__ import annotations

from ...accounting.plan import Plan
from ...random.rng import make_rng
from .evaluate import compare, profile
from .parts import synthetic_trips_cost
from .place import Anchors
from .release import release_synthetic_trips


def plan_synthesize_trips(*, epsilon: float, max_trips: int, trips_cap: int, window,
                          n_trips: int = 0) -> "SynthesizeTripsPlan":
    """The plan of synthetic trips dated inside ``window`` (start, end epoch seconds: required
    parameters, :func:`.release.check_window`); ``n_trips`` trips (0: the model's noisy
    total)."""
    params = dict(epsilon=epsilon, max_trips=max_trips, trips_cap=trips_cap)
    return SynthesizeTripsPlan(synthetic_trips_cost(**params), window=window,
                               n_trips=n_trips or None, **params)


class SynthesizeTripsPlan(Plan):
    """A planned synthetic-trips release. The data read are ``(zoned, polygons, weights)``:
    the zoned trips (with their user ids: they break the main pairs' ties), the zones in a
    metric frame and the public weighting points ``(xy, weight)`` or None."""

    def __init__(self, cost, *, window, n_trips, **params):
        super().__init__(cost, release_synthetic_trips, **params)
        self.window, self.n_trips = window, n_trips

    def prepare(self, data, rng, progress=None) -> tuple:
        zoned, polygons, weights = data
        return zoned, polygons, None if weights is None else Anchors.of(polygons, *weights)

    def release(self, data, rng, progress=None):
        zoned, polygons, anchors = data
        rel = release_synthetic_trips(zoned, rng=rng, progress=progress, polygons=polygons,
                                      window=self.window, anchors=anchors,
                                      n_trips=self.n_trips, **self.params)
        rel.internal["measures"] = compare(profile(zoned, make_rng(0)),
                                           profile(rel.values.zoned, make_rng(1)))
        return rel
