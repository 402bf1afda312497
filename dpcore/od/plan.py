"""The plan of an OD flows release: the method, its cost and its one release.

:func:`plan_od_flows` picks the method from public facts (:func:`.strategy.resolve`: people
per pair, shrunk, at fine zones; trips per pair at coarse ones) and plans its cost
(:func:`.people_flows.people_od_cost` or :func:`.flows.od_cost`). Its ``prepare`` draws the
public regions from the zones' centroids (no data); its ``release`` runs the chosen release
on the zoned trips (or a Spark job's bounded tables) and gives the writers which pairs the OD
table and the flow lines hold (from the noisy values and the public noise law only).
"""
from __future__ import annotations

import numpy as np

from ..accounting.plan import Plan
from ..reporting.messages import Message
from .flows import od_cost, release_od, release_od_tables
from .intervals import interval_statement
from .people_flows import people_od_cost, release_people_od
from .regions import grid_regions
from .strategy import OD_PEOPLE, resolve
from .trip_tables import TripTables

#: The share of ε the people-per-pair release gives the public regions.
REGION_SHARE = 0.2


def plan_od_flows(*, method: str, epsilon: float, delta: float = 0.0,
                  noise: str = "discrete_laplace", max_trips: int, n_zones: int,
                  population: float = None, total_share: float = 0.0, total_cap: int = 50,
                  directed: bool = False, publish: str = "trips", scale_share: float = 0.05,
                  region_size: float = 0.0, bounded_tables: bool = False) -> "ODFlowsPlan":
    """The plan of an OD release of ``n_zones`` zones (public). δ is used by the Gaussian
    noise only; ``region_size`` > 0 adds public square regions (people per pair only);
    ``bounded_tables``: the trips come as a Spark job's bounded tables."""
    delta = delta if noise == "gaussian" else 0.0
    options = ", ".join(o for o, on in (("Gaussian noise", noise == "gaussian"),
                                        ("a share of ε for the noisy total", total_share > 0))
                        if on)
    choice = resolve(method, n_zones=n_zones, max_trips=max_trips, epsilon=epsilon, delta=delta,
                     population=population, trips_options=options)
    if region_size > 0 and choice.od != OD_PEOPLE:
        raise ValueError(Message("Public regions need the method people_shrunk (the method "
                                 "here is {method})", method=choice.od))
    if region_size > 0 and bounded_tables:
        raise ValueError(Message("Public regions need the trips: the bounded trips of a Spark "
                                 "job hold no region pairs (set the region size to 0)"))
    if choice.od == OD_PEOPLE:
        params = dict(epsilon=epsilon, directed=directed, publish=publish,
                      scale_share=scale_share, total_cap=total_cap,
                      region_share=REGION_SHARE if region_size > 0 else 0.0)
        return ODFlowsPlan(people_od_cost(**params), release_people_od, params, choice=choice,
                           region_size=region_size)
    share = 0.05 if choice.rescale and total_share == 0 else total_share  # the rule's dense case
    params = dict(epsilon=epsilon, delta=delta, noise=noise, max_trips=max_trips,
                  total_share=share, total_cap=total_cap if share > 0 else None)
    return ODFlowsPlan(od_cost(**params), release_od, params, choice=choice, region_size=0.0)


class ODFlowsPlan(Plan):
    """A planned OD release. The data read are ``(zoned, centroids)``: the zoned trips
    (:class:`.trip_arrays.ZonedTrips`, or the bounded :class:`.trip_tables.TripTables`) and the
    zones' centroids in a metric frame (public)."""

    def __init__(self, cost, run, params: dict, *, choice, region_size: float):
        super().__init__(cost, run, **params)
        self.choice, self.region_size = choice, float(region_size)

    @property
    def people(self) -> bool:
        return self.choice.od == OD_PEOPLE

    def prepare(self, data, rng, progress=None) -> tuple:
        """The data and the public regions (None without them), from the centroids only."""
        zoned, centroids = data
        return zoned, (grid_regions(centroids, self.region_size) if self.region_size > 0
                       else None), len(centroids)

    def release(self, data, rng, progress=None):
        zoned, regions, n_zones = data
        if self.people:
            rel = release_people_od(zoned, rng=rng, progress=progress, regions=regions,
                                    **self.params)
        elif isinstance(zoned, TripTables):
            rel = release_od_tables(zoned, rng=rng, progress=progress, **self.params)
        else:
            rel = release_od(zoned.trips.user, zoned.origin_zone, zoned.dest_zone,
                             n_zones=n_zones, rng=rng, progress=progress, **self.params)
        rel.public["drawing"] = _drawing(rel.public, self.people, regions)
        return rel


def _drawing(pub: dict, people: bool, regions) -> dict:
    """Which pairs the OD table and the flow lines hold, and the sentence the layers carry
    (public: from the noisy values and the noise law)."""
    table = dict(lower=pub["lower"], upper=pub["upper"])
    if people:     # rows: pairs with a positive noisy count (absent = 0)
        positive = np.asarray(pub["noisy"]) > 0
        lines = dict(table, where=pub["noisy_significant"], lines=True)
        table["where"] = positive | positive.T
    else:
        lines = dict(table, lines_above=pub["simultaneous_margin_95"])
    return dict(table=table, lines=lines, regions=regions, note=interval_statement(pub))
