"""People per OD pair, shrunk and optionally scaled to trips: the people-based OD release.

Measurement (:func:`people_od_cost` / :func:`release_people_od`, the plan_/release_
pair of the release contract):

1. people per pair (:func:`.people.people_per_pair`: each user once, on their main
   pair, undirected by default) + discrete Laplace noise of sensitivity 1 at
   ε·(1 − s) (Ghosh et al. 2009; one value per unordered pair {i, j}, i ≤ j, or per
   ordered pair when directed);
2. when trips are wanted (``publish="trips"``), the trip scale (:mod:`.trip_scale`) from
   small noisy totals at ε·s, users and their trips capped at M per user; on few people it
   takes more of ε, up to :data:`.trip_scale.MAX_SCALE_SHARE` of it, chosen from its noisy
   user count; the people get the rest (:mod:`.scale_rule`): the total is the plan's.

Reconstruction (free post-processing, :mod:`.shrink`): each noisy count becomes its
empirical-Bayes posterior mean under the known noise law (prior fitted on a support trimmed
by a likelihood-ratio test, :func:`.shrink.fit_prior_trimmed`); trips per pair are
κ̂ · people, κ̂ = trips / users from the noisy totals (clipped to [1, M]), an undirected
pair's estimate split evenly between its two directions.

Margins (:mod:`.intervals`): ``lower``/``upper`` hold the interval of each published value:
the hull of the people count's noise interval [max(0, y − h), y + h] and the shrunk value
(it holds the value and covers the true count at 95 % whatever it is); when trips are
published, the count's interval at 96 % times the trip scale's at 99 % (both totals within
their margins), which covers people × the true trips per person at ≥ 95 % (tested per
stratum). It is not an interval of the trips per pair: the trips off the main pairs are no
part of what is estimated. On small data the trip scale takes a larger share of ε
(:mod:`.scale_rule`) and says when it may be off by more than 2×.
"""
from __future__ import annotations

import numpy as np

from ..accounting.checks import check_epsilon
from ..accounting.contract import Release
from ..accounting.costs import PrivacyCost, rest
from ..accounting.units import PrivacyUnit
from ..mechanisms.geometric import discrete_laplace_alpha
from ..mechanisms.limits import check_representable
from ..random.sampling import sampling_stream
from ..reporting.messages import word
from ..reporting.progress import report_progress
from .intervals import count_level, scaled_interval, shrunk_interval
from .noise import DISCRETE_LAPLACE, LEVEL, margin_of_error, noisy_counts
from .people import UNIT, all_trips_table, people_table
from .regions import MARGIN_NOTE, check_regions, combine, measure_regions, people_regions_cost, region_flows, square
from .shrink import fit_prior_trimmed, noise_variance, posterior_mean
from .totals import total_warning
from .trip_arrays import ZonedTrips, check_max_trips
from .trip_scale import MAX_SCALE_SHARE, trip_scale, trip_scale_cost
from .trip_tables import TripTables

PEOPLE, TRIPS = "people", "trips"


def _check(epsilon, scale_share, total_cap, publish):
    epsilon = check_epsilon(epsilon)
    if publish not in (PEOPLE, TRIPS):
        raise ValueError(f"publish must be '{PEOPLE}' or '{TRIPS}', got {publish!r}")
    share = float(scale_share) if publish == TRIPS else 0.0
    if publish == TRIPS and not 0.0 < share < 1.0:
        raise ValueError(f"the share of ε for the trip scale must be in (0, 1), got {share}")
    cap = check_max_trips(total_cap) if publish == TRIPS else None
    return epsilon, share, cap


def people_od_cost(*, epsilon: float, directed: bool = False, publish: str = TRIPS,
                   scale_share: float = 0.05, total_cap: int = 50,
                   region_share: float = 0.0) -> PrivacyCost:
    """The cost of :func:`release_people_od` (no data): one part for the people per pair
    (two with public regions: zone pairs, region pairs), two for the trip scale when trips
    are published."""
    epsilon, share, cap = _check(epsilon, scale_share, total_cap, publish)
    check_representable(epsilon * (1.0 - share), 1.0, "people per pair (sensitivity 1; use "
                        "the method 'trips' at this ε)")
    scale = trip_scale_cost(epsilon * share, cap) if publish == TRIPS else PrivacyCost()
    return _people_cost(epsilon, [p.epsilon for p in scale.parts], directed=directed,
                        region_share=region_share) + scale


def _people_cost(epsilon: float, taken, *, directed: bool, region_share: float) -> PrivacyCost:
    """The people's part of the cost, at exactly the ε the trip scale left (``taken``: its
    parts' ε): people per pair, or per pair of zones and per pair of public regions."""
    if float(region_share) > 0:
        if directed:
            raise ValueError("public regions need undirected people per pair")
        return people_regions_cost(epsilon=rest(epsilon, *taken), region_share=region_share)
    kind = "ordered" if directed else "unordered"
    return PrivacyCost.of("discrete Laplace", rest(epsilon, *taken), sensitivity=1,
                          protects=UNIT, unit_of_privacy=PrivacyUnit.USER,
                          note=f"people per {kind} OD pair, each user once")


def measure_people(zoned: ZonedTrips, *, epsilon: float, directed: bool, rng, note="",
                   ties=None):
    """The measurement alone: (noisy counts of the released pairs, true n × n counts, flat
    indices of the released pairs). Tie-breaking draws come from a separate stream, ``ties``
    (default :func:`dpcore.random.sampling.sampling_stream` of ``rng`` as it is now), so the
    noise does not depend on the data. ``zoned`` may be the bounded
    :class:`.trip_tables.TripTables` (the Spark job's)."""
    n = zoned.n_zones
    truth = people_table(zoned, directed=directed,
                         rng=sampling_stream(rng) if ties is None else ties)
    index = np.arange(n * n) if directed else np.flatnonzero(np.triu(np.ones((n, n), bool)))
    rel = noisy_counts(truth.ravel()[index], noise=DISCRETE_LAPLACE, sensitivity=1,
                       epsilon=epsilon, delta=0.0, rng=rng, protects=UNIT, what=note)
    return rel, truth, index


def release_people_od(zoned: ZonedTrips, *, rng: np.random.Generator, progress=None,
                      epsilon: float, directed: bool = False, publish: str = TRIPS,
                      scale_share: float = 0.05, total_cap: int = 50,
                      region_share: float = 0.0, regions=None) -> Release:
    """People per OD pair (see the module doc). ``values``: the n × n published estimate
    (trips or people per ordered pair); ``public``: ``people`` (the shrunk people per pair,
    n × n, undirected ones in the upper triangle), ``lower``/``upper`` (95 % intervals of the
    published values), ``noisy_significant`` (pairs whose noisy count exceeds the
    simultaneous 95 % margin over all released pairs), noise and scale facts. ``zoned``: the
    trips, or the bounded :class:`.trip_tables.TripTables` of the Spark trips job (without
    regions).

    ``region_share`` > 0 with ``regions`` (one public region index per zone): that share of
    the people's ε counts the same users per unordered pair of regions
    (:mod:`.regions`); ``public['regions']`` then holds the region flows consistent with the
    zone pairs by least squares (``values``: people or, when trips are published, people ×
    the trip scale per unordered region pair; ``lower``/``upper``; ``margin_note``)."""
    people_od_cost(epsilon=epsilon, directed=directed, publish=publish, scale_share=scale_share,
                   total_cap=total_cap, region_share=region_share)    # every refusal, first
    # the tie key's stream is split off before any draw: the same key as the Spark job's tables
    # (drawn from the sampling stream of the release's generator), whatever is measured first
    ties = sampling_stream(rng)
    # the trip scale first: its trips count takes more ε when the users are few
    tot = (trip_scale(zoned if isinstance(zoned, TripTables) else zoned.user,
                      epsilon=epsilon * float(scale_share), cap=int(total_cap), rng=rng,
                      ceiling=MAX_SCALE_SHARE * epsilon) if publish == TRIPS else None)
    # the people's ε: what the scale left (the plan's parts, re-split; the total is the plan's)
    cost = _people_cost(epsilon, [p.epsilon for p in tot.cost.parts] if tot is not None else [],
                        directed=directed, region_share=region_share)
    spent, y, truth, index, by_region = _measure_pairs(
        zoned, cost, directed=directed, rng=rng, ties=ties, regions=regions,
        region_share=region_share)
    level = count_level(tot is not None)
    report_progress(progress, 0.5)
    facts, pairs = shrink_pairs(y, index, zoned.n_zones, epsilon=cost.parts[0].epsilon,
                                level=level, directed=directed)
    info = {"statistic": f"people per {'ordered' if directed else 'unordered'} pair",
            "publish": publish, "directed": bool(directed), **facts}
    scale, scale_range, internal = 1.0, (1.0, 1.0), {}
    if tot is not None:
        spent = spent + tot.cost
        scale, scale_range = (tot.public["trips_per_person"],
                              tot.public["trips_per_person_interval"])
        info.update({k: tot.public[k] for k in ("noisy_users", "noisy_trips", "trips_per_person",
                                                "trips_per_person_interval", "epsilon_trip_scale")})
        internal["trips_per_person"] = tot.internal["trips_per_person"]
    info["warnings"] = (tot.public["warnings"] if tot is not None else []) + pairs["warnings"]
    values, lo, hi = published_pairs(pairs, directed, scale, scale_range)
    if by_region is not None:
        info["regions"], truth_regions = _region_flows(
            y, by_region, regions, zoned.n_zones, cost, level=level, scale=scale,
            scale_range=scale_range, trips=tot is not None)
    info.update(people=pairs["people"], lower=lo, upper=hi, noisy=pairs["noisy"],
                noisy_significant=pairs["significant"])
    report_progress(progress, 1.0)
    internal.update({"truth_people": truth, "trips": zoned.n, "users": zoned.n_users,
                     "truth_all": all_trips_table(zoned)})
    if by_region is not None:
        internal["truth_regions"] = truth_regions
    return Release(values, spent, public=info, internal=internal)


def _measure_pairs(zoned, cost: PrivacyCost, *, directed: bool, rng, ties, regions,
                   region_share: float):
    """The people per pair measured at the people's ``cost`` (with a ``region_share``: also per
    pair of public regions, :func:`.regions.measure_regions`): (cost spent, noisy counts of the
    released pairs, true n × n people, flat indices of the released pairs, the regions' (noisy
    counts, true counts, number of regions) or None)."""
    part = cost.parts[0]
    if float(region_share) <= 0:
        rel, truth, index = measure_people(zoned, epsilon=part.epsilon, directed=directed,
                                           rng=rng, note=part.note, ties=ties)
        return rel.cost, np.asarray(rel.values, dtype=float), truth, index, None
    if regions is None:
        raise ValueError("a share of ε for regions needs one region per zone")
    n = zoned.n_zones
    spent, y, y_region, truth_flat, region_truth, n_r = measure_regions(
        zoned, rng=rng, epsilon=part.epsilon + cost.parts[1].epsilon, regions=regions,
        region_share=region_share, ties=ties)
    index = np.flatnonzero(np.triu(np.ones((n, n), bool)))
    truth = np.zeros(n * n, dtype=np.int64)
    truth[index] = truth_flat
    return spent, y, truth.reshape(n, n), index, (y_region, region_truth, n_r)


def shrink_pairs(y: np.ndarray, index: np.ndarray, n: int, *, epsilon: float, level: float,
                 directed: bool):
    """Reconstruction (free post-processing): each noisy count ``y`` (of the pairs at flat
    ``index``) shrunk to its posterior mean under a prior fitted on it, its interval at
    ``level`` (:func:`.intervals.shrunk_interval`) and the pairs whose noisy count exceeds the
    simultaneous 95 % margin. Returns (public facts, n × n arrays ``people``, ``lower``,
    ``upper``, ``noisy``, ``significant``, and the ``warnings`` of :func:`.totals.total_warning`
    when the shrunk total strays from the noisy one)."""
    h = float(margin_of_error(DISCRETE_LAPLACE, sensitivity=1, epsilon=epsilon, level=level))
    alpha = discrete_laplace_alpha(1, epsilon)
    prior = fit_prior_trimmed(y, alpha)
    simultaneous = margin_of_error(DISCRETE_LAPLACE, sensitivity=1, epsilon=epsilon,
                                   level=1.0 - (1.0 - LEVEL) / max(index.size, 1))

    def full(v):
        out = np.zeros(n * n)
        out[index] = v
        return out.reshape(n, n)

    shrunk = posterior_mean(y, alpha, prior)
    lower, upper = (full(v) for v in shrunk_interval(shrunk, y, h))
    total = total_warning(float(full(shrunk).sum()), float(y.sum()),
                          index.size * noise_variance(alpha), word("people per pair"))
    significant = full(y > simultaneous) > 0
    facts = {"epsilon_people": epsilon,
             "margin_of_error_95": float(margin_of_error(DISCRETE_LAPLACE, sensitivity=1,
                                                        epsilon=epsilon)),
             "count_level": level, "count_margin": h, "simultaneous_margin_95": simultaneous,
             "prior_zero_share": float(prior[1][0]), "zones": n,
             "released_values": int(index.size)}
    return facts, {"people": full(shrunk), "lower": lower, "upper": upper, "noisy": full(y),
                  "significant": significant if directed else significant | significant.T,
                  "warnings": [total] if total else []}


def published_pairs(pairs: dict, directed: bool, scale: float, scale_range) -> tuple:
    """The published estimate per ordered pair (the shrunk people × the trip scale) and its
    interval (the people's times the scale's, :func:`.intervals.scaled_interval`)."""
    lower, upper = (_directed(pairs[k], directed) for k in ("lower", "upper"))
    return (_directed(pairs["people"], directed) * scale,
            *scaled_interval(lower, upper, scale_range))


def _region_flows(y, by_region, regions, n: int, cost: PrivacyCost, *, level: float,
                  scale: float, scale_range, trips: bool):
    """The region flows consistent with the zone pairs by least squares
    (:func:`.regions.combine`), times the trip scale when ``trips``: (public facts, true
    people per region pair)."""
    y_region, region_truth, n_r = by_region
    c = combine(y, y_region, check_regions(regions, n), n_r, cost.parts[0].epsilon,
                cost.parts[1].epsilon, level=level)
    return ({**region_flows(c, n_r, scale, scale_range), "n_regions": n_r,
             "epsilon": cost.parts[1].epsilon,
             "counted": "people per unordered pair of public regions" + (
                 f" × {scale:.4g} trips per person" if trips else ""),
             "margin_note": MARGIN_NOTE},
            square(region_truth, n_r))


def _directed(upper_or_full: np.ndarray, directed: bool) -> np.ndarray:
    """Ordered-pair values: an unordered pair's value split evenly between its directions."""
    if directed:
        return upper_or_full
    m = np.triu(upper_or_full, 1) / 2.0
    return m + m.T + np.diag(np.diag(upper_or_full))
