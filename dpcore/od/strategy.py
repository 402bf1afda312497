"""The public rule that picks how OD flows and visits are measured.

It reads public facts only (number of zones n, trips per user m, ε, δ and,
when the analyst gives one, a public population figure N: the people the data
may hold, e.g. the sum of a census population layer), never the data, so the
choice costs nothing and is printed with its reason.

OD flows. What decides is how many people a pair holds against the noise: the
*load* N·ε / n² (expected people per ordered pair × ε), scaled by 10/m because
the noise on trips per pair grows with m while people per pair do not:

* load < :data:`DENSE_LOAD` (sparse pairs, the usual case at census zones and
  1 km grids): **people per pair** (``people_shrunk``: each user once on their
  main unordered pair, sensitivity 1, empirical-Bayes shrinkage, scaled to
  trips by a noisy trip scale), :mod:`.people_flows`;
* otherwise (few zones, many people): **trips per pair** (``trips``: the mechanism
  of :mod:`.flows`, noise m/ε, scaled by noisy totals for the trips lost by
  sampling: odflows' share of ε for the noisy total, 5 % when left at 0; the
  report's trip scale): every trip counts, and the noise is small beside flows of
  hundreds of trips, while people per pair miss the trips off each user's main pair.
* no population given: people per pair, stated as an assumption (pairs are
  sparse unless the data hold more than 5·n²/ε users);
* options that only trips per pair have set by the user (Gaussian noise, a share
  of ε for the noisy total): trips per pair, as scripts written before the rule expect;
* ε ≥ 20: trips per pair (their noise is negligible; the people release's sampler
  refuses ε/Δ beyond 32·ln 2 anyway).

The threshold is measured, not derived: ``benchmarks/od_heldout.py --rule`` (Paris
trips, 5,000 users, ε = 1, m = 10) on 1, 2, 3 and 5 km grids, people per pair vs
trips per pair scaled by a noisy total: people win at load 0.32 (1 km: r 0.79 vs
0.56, MAE 2.9 vs 7.3) and 3.9 (2 km: MAE 7.3 vs 9.8, r equal), trips win at 15
(3 km: r 0.999 vs 0.996, MAE 13.2 vs 14.5) and 102 (5 km: MAE 32 vs 54).

Visits per zone: ``shrunk`` unless ε ≥ 20 (the plain noisy counts of trip ends, then
Fay–Herriot shrinkage of the zone totals and of each zone's split over the time windows,
:func:`.shrink.profile_shrink`, and the trip scale for the trips
lost by sampling): post-processing plus a small share of ε, better than the plain
counts at IRIS zones and as good on a 1 km grid (``benchmarks/peer_dpmr.py``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ..accounting.checks import check_delta, check_epsilon
from .trip_arrays import check_max_trips

AUTO = "auto"
OD_TRIPS = "trips"                 # the plain mechanism (the former and only method)
OD_PEOPLE = "people_shrunk"
OD_METHODS = (AUTO, OD_PEOPLE, OD_TRIPS)
VISITS_PLAIN = "plain"
VISITS_SHRUNK = "shrunk"
VISITS_METHODS = (AUTO, VISITS_SHRUNK, VISITS_PLAIN)
DENSE_LOAD = 5.0
NOISELESS = 20.0   # ε at which trips per pair are exact in practice (and people's sampler limit)


@dataclass(frozen=True)
class Choice:
    """The rule's pick for OD flows and visits, and why (printed in the report)."""

    od: str
    visits: str
    reason: str
    rescale: bool = False   # trips per pair scaled by the noisy totals (trips lost by sampling)


def choose(*, n_zones: int, max_trips: int, epsilon: float, delta: float = 0.0,
           population: Optional[float] = None, trips_options: str = "") -> Choice:
    """Pick the OD and visits methods from public facts (see the module doc).
    ``trips_options``: the options of trips per pair the user set (e.g. Gaussian noise), if
    any: then trips per pair, which those options configure."""
    n = int(n_zones)
    if n < 1:
        raise ValueError("the rule needs at least one zone")
    m = check_max_trips(max_trips)
    epsilon, delta = check_epsilon(epsilon), check_delta(delta)
    if population is not None and not float(population) > 0:
        raise ValueError(f"the public population must be a positive number, got {population}")
    visits = VISITS_SHRUNK
    if trips_options:
        return Choice(OD_TRIPS, visits, f"options of trips per pair were set ({trips_options})")
    if epsilon >= NOISELESS:
        return Choice(OD_TRIPS, VISITS_PLAIN, (
            f"ε = {epsilon:g} ≥ {NOISELESS:g}: the noise on trips per pair is negligible "
            "(below one trip with near certainty), so every trip counts and visits are "
            "published plain"))
    if population is None:
        return Choice(OD_PEOPLE, visits, (
            f"no public population given: with {n} zones the pairs are assumed sparse (fewer "
            f"than {DENSE_LOAD:g}·n²/ε·m/10 = {DENSE_LOAD * n * n / epsilon * m / 10:.3g} "
            "users), so people per pair (each user once, on their main pair) carry more "
            "signal than trips per pair, whose noise grows with m"))
    load = float(population) * epsilon / (n * n) * 10.0 / m
    if load < DENSE_LOAD:
        return Choice(OD_PEOPLE, visits, (
            f"load N·ε/n²·10/m = {load:.3g} < {DENSE_LOAD:g} (N = {float(population):g}, "
            f"{n} zones, ε = {epsilon:g}, m = {m}): sparse pairs, people per pair"))
    return Choice(OD_TRIPS, visits, (
        f"load N·ε/n²·10/m = {load:.3g} ≥ {DENSE_LOAD:g} (N = {float(population):g}, "
        f"{n} zones, ε = {epsilon:g}, m = {m}): dense pairs, trips per pair (noise m/ε is "
        "small beside the flows, and every trip counts), scaled by noisy totals for the "
        "trips lost by sampling"), rescale=True)


def resolve(od_method: str, visits_method: str = VISITS_SHRUNK, **facts) -> Choice:
    """The methods to run: the rule's pick where ``auto``, the named method otherwise."""
    if od_method not in OD_METHODS:
        raise ValueError(f"unknown OD method {od_method!r}; choose one of "
                         f"{', '.join(OD_METHODS)}")
    if visits_method not in VISITS_METHODS:
        raise ValueError(f"unknown visits method {visits_method!r}; choose one of "
                         f"{', '.join(VISITS_METHODS)}")
    rule = choose(**facts)
    od = rule.od if od_method == AUTO else od_method
    visits = rule.visits if visits_method == AUTO else visits_method
    if od_method != AUTO and visits_method != AUTO:
        return Choice(od, visits, "methods chosen by the user (the rule was not used)")
    return Choice(od, visits, rule.reason, rule.rescale and od_method == AUTO)
