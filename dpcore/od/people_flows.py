"""People per OD pair, shrunk and optionally scaled to trips: the people-based OD release.

Measurement (:func:`plan_people_od` / :func:`release_people_od`, the plan_/release_
pair of the release contract):

1. people per pair (:func:`.people.people_per_pair`: each user once, on their main
   pair, undirected by default) + discrete Laplace noise of sensitivity 1 at
   ε·(1 − s) (Ghosh et al. 2009; one value per unordered pair {i, j}, i ≤ j, or per
   ordered pair when directed);
2. when trips are wanted (``publish="trips"``), a trip scale from small noisy totals at
   ε·s (:func:`trip_scale`): the users (sensitivity 1) at 30 % of it and their trips capped
   at M per user (sensitivity M) at 70 %: one vector of L1 sensitivity 1 + M would give the
   user count the noise of M trips (at M = 50, ε·s = 0.05 the trips per person were off by
   ~20 %; split, ~3 %). On few people the scale takes more of ε, up to
   :data:`MAX_SCALE_SHARE` of it, chosen from its noisy user count; the people get the rest
   (:mod:`.scale_rule`): the total is the plan's.

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

from dataclasses import replace

import numpy as np

from ..accounting.checks import check_epsilon
from ..accounting.contract import Release
from ..accounting.costs import PrivacyCost, rest
from ..mechanisms.geometric import discrete_laplace, discrete_laplace_alpha
from ..mechanisms.limits import check_representable
from ..random.sampling import sampling_stream
from ..reporting.messages import word
from ..reporting.progress import report_progress
from .intervals import (
    count_level,
    ratio_interval,
    sampling_scale_interval,
    scaled_interval,
    shrunk_interval,
    total_interval,
)
from .noise import DISCRETE_LAPLACE, LEVEL, margin_of_error, noisy_counts
from .people import UNIT, all_trips_table, people_table, user_totals
from .regions import MARGIN_NOTE, check_regions, combine, measure_regions, plan_people_regions, region_flows, square
from .scale_rule import USERS_SHARE, count_variance, pooled, scale_epsilon, scale_warnings
from .shrink import fit_prior_trimmed, noise_variance, posterior_mean
from .totals import total_warning
from .trip_tables import TripTables
from .trips import ZonedTrips, check_max_trips

#: The most of the release's ε the trip scale may take when the noisy user count is small.
MAX_SCALE_SHARE = 0.25
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


def plan_trip_scale(epsilon: float, cap: int, m=None) -> PrivacyCost:
    """The cost of :func:`trip_scale`: users (sensitivity 1), then trips (sensitivity M)."""
    cap = check_max_trips(cap)
    if m is not None and cap < int(m):
        raise ValueError(f"the cap M of the trip scale ({cap}) must be ≥ m ({m})")
    what = (f"trips up to m = {m} and between m and M = {cap} per user" if m is not None
            else f"trips up to M = {cap} per user")
    return (PrivacyCost.of("discrete Laplace", epsilon * USERS_SHARE, sensitivity=1,
                          protects=UNIT, unit_of_privacy="user", note="trip scale: users") +
        PrivacyCost.of("discrete Laplace", epsilon * (1.0 - USERS_SHARE), sensitivity=cap,
                       protects=UNIT, unit_of_privacy="user", note=f"trip scale: {what}"))


def plan_people_od(*, epsilon: float, directed: bool = False, publish: str = TRIPS,
                   scale_share: float = 0.05, total_cap: int = 50,
                   region_share: float = 0.0) -> PrivacyCost:
    """The cost of :func:`release_people_od` (no data): one part for the people per pair
    (two with public regions: zone pairs, region pairs), two for the trip scale when trips
    are published."""
    epsilon, share, cap = _check(epsilon, scale_share, total_cap, publish)
    check_representable(epsilon * (1.0 - share), 1.0, "people per pair (sensitivity 1; use "
                        "the method 'trips' at this ε)")
    kind = "ordered" if directed else "unordered"
    scale = plan_trip_scale(epsilon * share, cap) if publish == TRIPS else PrivacyCost()
    taken = [p.epsilon for p in scale.parts]            # the people's ε: exactly the rest
    if float(region_share) > 0:
        if directed:
            raise ValueError("public regions need undirected people per pair")
        cost = plan_people_regions(epsilon=rest(epsilon, *taken), region_share=region_share)
    else:
        cost = PrivacyCost.of("discrete Laplace", rest(epsilon, *taken), sensitivity=1,
                              protects=UNIT, unit_of_privacy="user",
                              note=f"people per {kind} OD pair, each user once")
    return cost + scale


def trip_scale(user, *, epsilon: float, cap: int, rng, m=None, ceiling=None) -> Release:
    """Noisy user totals (:func:`.people.user_totals`): the users with discrete Laplace of
    sensitivity 1 at ε·0.3, then their trips (up to ``cap``; with ``m``: up to m and between
    m and cap) with sensitivity cap at ε·0.7; when the noisy user count is small the scale
    takes more, up to ``ceiling`` (None: exactly ε), the users counted again with the extra
    30 % (:mod:`.scale_rule`). ``values``: [pooled noisy users, noisy trip counts…]. The cost
    spent is in ``cost`` (its ε may exceed ``epsilon``: the caller gives the rest of its
    budget to its other parts). The scales read from them: ``trips_per_person`` κ̂ = trips /
    users clipped to [1, cap] (1 when a noisy count is ≤ 0) and, with ``m``,
    ``sampling_scale`` = (sampled + extra) / sampled clipped to [1, cap/m]: the trips up to
    the cap over those kept by sampling. Each scale has its interval (``…_interval``), which
    holds it and the true scale with probability ≥ 99 % (:mod:`.intervals`; the users' total
    from their most precise count); ``warnings`` when κ̂ may be off by > 2×; ``internal``
    holds the true scales."""
    nominal = plan_trip_scale(epsilon, cap, m)
    totals = user_totals(user, cap, m)
    spent = PrivacyCost()

    def measure(part, counts):
        nonlocal spent
        rel = discrete_laplace(counts, sensitivity=int(part.sensitivity), epsilon=part.epsilon,
                               rng=rng, protects=UNIT)
        spent = spent + PrivacyCost((replace(rel.cost.parts[0], unit_of_privacy="user",
                                             note=f"{part.note}; {rel.cost.parts[0].note}"),))
        return [float(v) for v in rel.values]

    first, trips_part = nominal.parts
    users_counts, variances = measure(first, totals[:1]), [count_variance(1, first.epsilon)]
    user_epsilons = [first.epsilon]
    whole = scale_epsilon(users_counts[0], cap=cap, nominal=epsilon,
                          ceiling=epsilon if ceiling is None else ceiling)
    again = whole * USERS_SHARE - first.epsilon
    if again > 1e-12:      # the users once more, with what their share lacks
        users_counts += measure(replace(first, epsilon=again, note=first.note + " (again)"),
                                totals[:1])
        variances.append(count_variance(1, again))
        user_epsilons.append(again)
    users, _ = pooled(users_counts, variances)
    eps_trips = max(whole - spent.epsilon, trips_part.epsilon)
    counts = measure(replace(trips_part, epsilon=eps_trips), totals[1:])
    trips = sum(counts)
    kappa = float(np.clip(trips / users, 1.0, cap)) if users > 0 and trips > 0 else 1.0
    best = int(np.argmax(user_epsilons))        # a valid interval from one count alone
    user_range = total_interval(users_counts[best], sensitivity=1, epsilon=user_epsilons[best])
    trip_range = total_interval(trips, sensitivity=cap, epsilon=eps_trips, n_summed=len(counts))
    public = dict(noisy_users=users, noisy_trips=trips, trips_per_person=kappa,
                  trips_per_person_interval=ratio_interval(trip_range, user_range,
                                                           estimate=kappa, low=1.0, high=cap),
                  epsilon_trip_scale=spent.epsilon)
    public["warnings"] = scale_warnings(public)
    internal = dict(trips_per_person=float(totals[1:].sum()) / max(int(totals[0]), 1))
    if m is not None:
        sampled = max(counts[0], 0.0)
        scale = float(np.clip(trips / sampled, 1.0, cap / m)) if sampled > 0 else 1.0
        public.update(noisy_sampled_trips=counts[0], sampling_scale=scale,
                      sampling_scale_interval=sampling_scale_interval(
                          counts[0], counts[1], sensitivity=cap, epsilon=eps_trips,
                          estimate=scale, high=cap / m))
        internal["sampling_scale"] = float(totals[1:].sum()) / max(int(totals[1]), 1)
    return Release([users, *counts], spent, public=public, internal=internal)


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
    cost = plan_people_od(epsilon=epsilon, directed=directed, publish=publish,
                          scale_share=scale_share, total_cap=total_cap,
                          region_share=region_share)
    n = zoned.n_zones
    # the tie key's stream is split off before any draw: the same key as the Spark job's tables
    # (drawn from the sampling stream of the release's generator), whatever is measured first
    ties = sampling_stream(rng)
    tot, warnings = None, []
    if publish == TRIPS:   # first: its trips count takes more ε when the users are few
        tot = trip_scale(zoned if isinstance(zoned, TripTables) else zoned.user,
                         epsilon=epsilon * float(scale_share), cap=int(total_cap), rng=rng,
                         ceiling=MAX_SCALE_SHARE * epsilon)
        warnings = tot.public["warnings"]
    # the people's ε: what the scale left (the plan's parts, re-split; the total is the plan's)
    taken = [p.epsilon for p in tot.cost.parts] if tot is not None else []
    cost = (plan_people_regions(epsilon=rest(epsilon, *taken), region_share=region_share)
        if float(region_share) > 0 else PrivacyCost.of(
            "discrete Laplace", rest(epsilon, *taken), sensitivity=1, protects=UNIT,
            unit_of_privacy="user", note=cost.parts[0].note))
    part = cost.parts[0]
    with_regions = float(region_share) > 0
    if with_regions:
        if regions is None:
            raise ValueError("a share of ε for regions needs one region per zone")
        spent, y, y_region, truth_flat, region_truth, n_r = measure_regions(
            zoned, rng=rng, epsilon=part.epsilon + cost.parts[1].epsilon, regions=regions,
            region_share=region_share, ties=ties)
        index = np.flatnonzero(np.triu(np.ones((n, n), bool)))
        truth = np.zeros(n * n, dtype=np.int64)
        truth[index] = truth_flat
        truth = truth.reshape(n, n)
    else:
        rel, truth, index = measure_people(zoned, epsilon=part.epsilon, directed=directed,
                                           rng=rng, note=part.note, ties=ties)
        spent = rel.cost
        y = np.asarray(rel.values, dtype=float)
    level = count_level(publish == TRIPS)
    h = float(margin_of_error(DISCRETE_LAPLACE, sensitivity=1, epsilon=part.epsilon,
                              level=level))
    report_progress(progress, 0.5)
    alpha = discrete_laplace_alpha(1, part.epsilon)
    prior = fit_prior_trimmed(y, alpha)
    simultaneous = margin_of_error(DISCRETE_LAPLACE, sensitivity=1, epsilon=part.epsilon,
                                   level=1.0 - (1.0 - LEVEL) / max(index.size, 1))

    def full(v):
        out = np.zeros(n * n)
        out[index] = v
        return out.reshape(n, n)

    shrunk = posterior_mean(y, alpha, prior)
    people, (lower, upper) = full(shrunk), (full(v) for v in shrunk_interval(shrunk, y, h))
    significant = full(y > simultaneous) > 0
    info = {"statistic": f"people per {'ordered' if directed else 'unordered'} pair",
            "publish": publish, "directed": bool(directed), "epsilon_people": part.epsilon,
            "margin_of_error_95": float(margin_of_error(DISCRETE_LAPLACE, sensitivity=1,
                                                        epsilon=part.epsilon)),
            "count_level": level, "count_margin": h,
            "simultaneous_margin_95": simultaneous,
            "prior_zero_share": float(prior[1][0]), "zones": n,
            "released_values": int(index.size)}
    scale, scale_range = 1.0, (1.0, 1.0)
    internal = {}
    if publish == TRIPS:
        spent = spent + tot.cost
        scale, scale_range = (tot.public["trips_per_person"],
            tot.public["trips_per_person_interval"])
        info.update({k: tot.public[k] for k in (
            "noisy_users", "noisy_trips", "trips_per_person", "trips_per_person_interval",
            "epsilon_trip_scale")})
        internal["trips_per_person"] = tot.internal["trips_per_person"]
    total = total_warning(float(people.sum()), float(y.sum()),
                          index.size * noise_variance(alpha), word("people per pair"))
    info["warnings"] = warnings + ([total] if total else [])
    values = _directed(people, directed) * scale
    lo, hi = scaled_interval(_directed(lower, directed), _directed(upper, directed),
                             scale_range)
    if with_regions:
        c = combine(y, y_region, check_regions(regions, n), n_r, part.epsilon,
                    cost.parts[1].epsilon, level=level)
        info["regions"] = {
            **region_flows(c, n_r, scale, scale_range), "n_regions": n_r,
            "epsilon": cost.parts[1].epsilon,
            "counted": "people per unordered pair of public regions" + (
                f" × {scale:.4g} trips per person" if publish == TRIPS else ""),
            "margin_note": MARGIN_NOTE}
        internal_regions = square(region_truth, n_r)
    if not directed:
        significant = significant | significant.T
    info.update(people=people, lower=lo, upper=hi, noisy=full(y),
                noisy_significant=significant)
    report_progress(progress, 1.0)
    internal.update({"truth_people": truth, "trips": zoned.n, "users": zoned.n_users,
                     "truth_all": all_trips_table(zoned)})
    if with_regions:
        internal["truth_regions"] = internal_regions
    return Release(values, spent, public=info, internal=internal)


def _directed(upper_or_full: np.ndarray, directed: bool) -> np.ndarray:
    """Ordered-pair values: an unordered pair's value split evenly between its directions."""
    if directed:
        return upper_or_full
    m = np.triu(upper_or_full, 1) / 2.0
    return m + m.T + np.diag(np.diag(upper_or_full))
