"""The plan of a mobility report (the statistics of :mod:`.statistics` released at once).

:func:`plan_mobility_report` picks the OD and visits methods from public facts
(:func:`.strategy.resolve`), plans the cost of the weighted statistics and the trip scale
(:func:`.report.report_cost`) and builds the public bins (trips per day refused here without a
time window). Its ``prepare`` refuses, before the reservation, bounded tables that cannot give
a chosen statistic (other bins, another m); its ``release`` is :func:`.report.release_report`.
"""
from __future__ import annotations

from ..accounting.plan import Plan
from . import statistics as st
from .report import release_report, report_cost
from .strategy import resolve
from .table_statistics import from_tables
from .trip_tables import TripTables


def plan_mobility_report(*, epsilon: float, weights: dict, max_trips: int, n_zones: int,
                         od_method: str = "auto", visits_method: str = "auto",
                         population: float = None, scale_share: float = 0.05,
                         total_cap: int = 50, bins: dict = None) -> "MobilityReportPlan":
    """The plan of a report of ``n_zones`` zones (public); ``weights`` per statistic (0 leaves
    it out); ``bins`` the keyword arguments of :class:`.statistics.Bins` (public)."""
    choice = resolve(od_method, visits_method, n_zones=n_zones, max_trips=max_trips,
                     epsilon=epsilon, population=population)
    methods = dict(od_method=choice.od, visits_method=choice.visits, scale_share=scale_share,
                   total_cap=total_cap)
    cost = report_cost(epsilon=epsilon, weights=weights, max_trips=max_trips, **methods)
    public_bins = st.Bins(**(bins or {}))
    if weights[st.TRIPS_PER_DAY] > 0:
        public_bins.days()  # refused here, before reading, when the window is not set
    return MobilityReportPlan(cost, choice=choice, epsilon=epsilon, weights=weights,
                              max_trips=max_trips, bins=public_bins,
                              rescale_od=choice.rescale, **methods)


class MobilityReportPlan(Plan):
    """A planned mobility report. The data read are ``(zoned, n_zones)``: the zoned trips (or
    a Spark job's bounded :class:`.trip_tables.TripTables`) and the number of zones."""

    def __init__(self, cost, *, choice, **params):
        super().__init__(cost, release_report, **params)
        self.choice = choice

    @property
    def kept_trips(self) -> bool:
        """Whether a chosen statistic comes from the ≤ m kept trips (all but trips per user)."""
        return any(w > 0 and k != st.TRIPS_PER_USER for k, w in self.params["weights"].items())

    def prepare(self, data, rng, progress=None):
        zoned, _ = data
        if isinstance(zoned, TripTables):   # other bins, another m, a statistic they lack
            for name in (k for k, w in self.params["weights"].items() if w > 0):
                from_tables(name, zoned, self.params["max_trips"], self.params["bins"])
        return data

    def release(self, data, rng, progress=None):
        zoned, n_zones = data
        return release_report(zoned, n_zones=n_zones, rng=rng, progress=progress, **self.params)
