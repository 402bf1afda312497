"""The private mobility report: many statistics in one release.

The user picks statistics and weights; statistic k gets ε·w_k/Σw and its
own discrete Laplace noise calibrated to its user-level sensitivity
(:func:`.statistics.sensitivity`). Sequential composition: the parts add up
to ε. All statistics share one per-user sample of ≤ m trips (sampling is
not a release and costs nothing). Every released count has its 95 % margin
of error from the noise distribution; each statistic's entry, its marginals
and quartiles are post-processing (:mod:`.report_entries`). The OD flows and
visits may use the people-based and shrunk methods (:mod:`.report_methods`)
and the trip scale (:mod:`.trip_scale`), chosen by the rule of :mod:`.strategy`.

Who pays for the trip scale (:func:`scale_payer`, a public rule on the weights): people per pair
cannot be published without κ̂, so where the OD flows hold at least half of ε the scale (at most
a quarter of ε) comes out of their share, as in odflows, and they keep at least half of it; the
shrunk visits then read its sampling scale as post-processing. Otherwise (OD weighted lower, or
not people per pair) every statistic pays by weight. Charging a 50/50 report's scale to both
halves cost the visits a quarter of their ε: at 1,000 people on a 1 km grid they lost to the
plain counts by twice the seed spread (``benchmarks/small_data.py``).
"""
from __future__ import annotations

import math
from typing import Dict, Optional

import numpy as np

from ..accounting.checks import check_epsilon
from ..accounting.contract import Release
from ..accounting.costs import PrivacyCost
from ..accounting.units import PrivacyUnit
from ..mechanisms.geometric import discrete_laplace_alpha
from ..mechanisms.limits import check_representable
from ..random.sampling import sample_per_user, sampling_stream
from ..reporting.progress import report_progress
from .intervals import count_level, scaled_interval
from .noise import DISCRETE_LAPLACE, LEVEL, margin_of_error, noisy_counts
from .people import all_trips_table
from .report_entries import entry
from .report_methods import OD_PEOPLE_NOTE, needs_scale, od_people_entry, visits_shrunk
from .shrink import noise_variance
from .statistics import OD, STATISTICS, TITLES, VISITS, Bins, compute, sensitivity
from .strategy import AUTO, OD_PEOPLE, OD_TRIPS, VISITS_PLAIN, VISITS_SHRUNK, resolve
from .table_statistics import from_tables
from .totals import total_warning
from .trip_arrays import Trips, ZonedTrips, check_max_trips
from .trip_scale import MAX_SCALE_SHARE, trip_scale, trip_scale_cost
from .trip_tables import TripTables

UNIT = "one user: all their trips in the time window (at most m of them are used)"


def split_budget(epsilon: float, weights: Dict[str, float]) -> Dict[str, float]:
    """ε per chosen statistic, proportional to its weight (weights > 0; zero drops it)."""
    epsilon = check_epsilon(epsilon)
    chosen = {k: float(w) for k, w in weights.items() if float(w) != 0.0}
    for k, w in chosen.items():
        if k not in STATISTICS:
            raise ValueError(f"unknown statistic {k!r}; choose among {', '.join(STATISTICS)}")
        if not (w > 0 and math.isfinite(w)):
            raise ValueError(f"the weight of {k} must be a positive number, got {w}")
    if not chosen:
        raise ValueError("choose at least one statistic with a positive weight")
    total = math.fsum(chosen.values())
    return {k: epsilon * chosen[k] / total for k in STATISTICS if k in chosen}


def scale_payer(weights, choice) -> Optional[str]:
    """The statistic whose share pays for the trip scale (module doc): the OD flows where they
    are people per pair and their weight is at least half the total; None: every statistic by
    weight."""
    chosen = {k: float(w) for k, w in weights.items() if float(w) != 0.0}
    od_weight = chosen.get(OD, 0.0)
    return OD if choice.od == OD_PEOPLE and od_weight >= 0.5 * math.fsum(chosen.values()) else None


def statistics_budget(epsilon: float, weights, scale_epsilon: float, payer) -> Dict[str, float]:
    """ε per statistic once the trip scale took ``scale_epsilon`` from ``payer``'s share (None:
    from every statistic, by weight)."""
    if payer is None:
        return split_budget(epsilon - scale_epsilon, weights)
    budget = split_budget(epsilon, weights)
    budget[payer] -= scale_epsilon
    return budget


def _methods(od_method, visits_method, n_zones, max_trips, epsilon, population):
    """The OD and visits methods to run (the rule of :mod:`.strategy` where ``auto``)."""
    if AUTO in (od_method, visits_method) and n_zones is None:
        raise ValueError("the automatic choice of methods needs the number of zones")
    return resolve(od_method, visits_method, n_zones=n_zones or 1, max_trips=max_trips,
                   epsilon=epsilon, population=population)


def report_cost(*, epsilon: float, weights, max_trips: int, od_method: str = OD_TRIPS,
                     visits_method: str = VISITS_PLAIN, scale_share: float = 0.05,
                     total_cap: int = 50, n_zones=None, population=None) -> PrivacyCost:
    """The cost of :func:`release_report` (no data needed): one part per statistic, and
    one for the trip scale when a people-based method uses it (``scale_share`` of ε)."""
    m = check_max_trips(max_trips)
    epsilon = check_epsilon(epsilon)
    choice = _methods(od_method, visits_method, n_zones, m, epsilon, population)
    scaled = needs_scale(choice.od, choice.visits, weights)
    share = float(scale_share) if scaled else 0.0
    if scaled and not 0.0 < share < 1.0:
        raise ValueError(f"the share of ε for the trip scale must be in (0, 1), got {share}")
    if choice.od == OD_PEOPLE and OD in weights and float(weights[OD]) != 0.0:
        check_representable(split_budget(epsilon * (1.0 - share), weights)[OD], 1.0,
                            "people per pair (sensitivity 1; use the OD method 'trips')")
    payer = scale_payer(weights, choice)
    parts = [PrivacyCost.of("discrete Laplace", eps, sensitivity=1, protects=UNIT,
                            unit_of_privacy=PrivacyUnit.USER, note=OD_PEOPLE_NOTE)
             if name == OD and choice.od == OD_PEOPLE else
             PrivacyCost.of("discrete Laplace", eps, sensitivity=sensitivity(name, m),
                            protects=UNIT, unit_of_privacy=PrivacyUnit.USER, note=TITLES[name])
             for name, eps in statistics_budget(epsilon, weights, epsilon * share, payer).items()]
    if scaled:
        parts.append(trip_scale_cost(epsilon * share, total_cap, m))
    _check_statistic_noise(statistics_budget(
        epsilon, weights, epsilon * (max(share, MAX_SCALE_SHARE) if scaled else 0.0), payer),
        choice, m)
    return PrivacyCost.sequential(parts)


def _check_statistic_noise(budget, choice, m: int) -> None:
    """Refuse, before any data, a split whose noise the release could not draw or bound: each
    statistic's ε as it is when the trip scale took the most it may (a weight so large that
    the others get ~10⁻¹² of ε is a parameter's fault, found here, not after noise is drawn)."""
    for name, eps in budget.items():
        s = 1 if name == OD and choice.od == OD_PEOPLE else sensitivity(name, m)
        check_representable(eps, s, TITLES[name])
        margin_of_error(DISCRETE_LAPLACE, sensitivity=s, epsilon=eps, n_summed=2)  # sums' too


def release_report(trips: Trips, origin_zone=None, dest_zone=None, *, n_zones: int,
                   epsilon: float,
                   weights: Dict[str, float], max_trips: int, rng: np.random.Generator,
                   bins: Optional[Bins] = None, progress=None, od_method: str = OD_TRIPS,
                   visits_method: str = VISITS_PLAIN, scale_share: float = 0.05,
                   total_cap: int = 50, population=None, rescale_od: bool = False) -> Release:
    """Release the chosen statistics (see module doc). ``values`` maps each statistic to
    its released entry; ``internal['truth']`` holds the same entries without noise.
    ``od_method``/``visits_method``: see :mod:`.strategy` (``auto``: the public rule);
    ``rescale_od``: trips per pair × the sampling scale (the rule's dense case, resolved by
    the caller). ``trips`` may be the bounded :class:`.trip_tables.TripTables` of the Spark
    trips job (zones None): every statistic they hold, with the same sensitivities
    (:func:`.table_statistics.from_tables`, which refuses other bins or another m before any
    noise is drawn), or :class:`.trip_arrays.ZonedTrips` (zones None): its user ids break the main
    pairs' ties, so one user more moves no other user's main pair (the codes would shift)."""
    report_cost(epsilon=epsilon, weights=weights, max_trips=max_trips, od_method=od_method,
                visits_method=visits_method, scale_share=scale_share, total_cap=total_cap,
                n_zones=n_zones, population=population)  # every parameter-only refusal, first
    choice = _methods(od_method, visits_method, n_zones, int(max_trips), epsilon, population)
    scaled = needs_scale(choice.od, choice.visits, weights)
    m = int(max_trips)
    names = list(split_budget(epsilon, weights))   # the statistics, in the report's order
    data, users, truth, counts = _truths(trips, origin_zone, dest_zone, n_zones=n_zones,
                                         names=names, m=m, bins=bins or Bins(), rng=rng)
    # the scale is released first (the estimates use it, and its ε adapts), listed last as planned
    scale = (trip_scale(users, epsilon=epsilon * scale_share, cap=int(total_cap), rng=rng, m=m,
                        ceiling=MAX_SCALE_SHARE * epsilon) if scaled else None)
    spent, values, internal, warnings = PrivacyCost(), {}, {}, []
    # the statistics share what the scale left: the plan's total, re-split when it took more
    payer = scale_payer(weights, choice) if scaled else None
    budget = statistics_budget(epsilon, weights, scale.cost.epsilon if scaled else 0.0, payer)
    for k, (name, eps) in enumerate(budget.items()):
        if name == OD and choice.od == OD_PEOPLE:
            cost, values[name], internal[name], warned = _people_entry(truth[name], data, eps,
                                                                       rng, scale)
        else:
            cost, values[name], internal[name], warned = _counts_entry(
                truth[name], eps, rng, scale,
                shrunk=name == VISITS and choice.visits == VISITS_SHRUNK,
                rescaled=name == OD and scaled and (choice.rescale or rescale_od))  # dense
        spent = spent + cost
        warnings += warned
        report_progress(progress, (k + 1) / len(budget))
    info = {"max_trips_per_user": m, "noise": DISCRETE_LAPLACE, "epsilon": float(epsilon),
            "statistics": list(budget), "epsilon_per_statistic": budget,
            "od_method": choice.od, "visits_method": choice.visits, "rule": choice.reason}
    if scaled:
        spent = spent + scale.cost
        warnings = scale.public["warnings"] + warnings
        info.update(total_cap=int(total_cap), trip_scale_paid_by=(
            TITLES[payer] if payer else "every statistic, by weight"), **{k: scale.public[k] for k in (
            "noisy_users", "noisy_trips", "trips_per_person", "sampling_scale",
            "sampling_scale_interval", "trips_per_person_interval", "epsilon_trip_scale")})
    info["warnings"] = warnings
    return Release(values, spent, public=info,
                   internal={"truth": internal, **counts,
                             "scales": scale.internal if scaled else {}})


def _truths(trips, origin_zone, dest_zone, *, n_zones, names, m: int, bins: Bins, rng):
    """The true statistics ``names`` of the trips (each user's ≤ m trips kept by uniform
    sampling, drawn from the sampling stream of ``rng``) or of the bounded tables: (the data
    the people-based OD reads, the users the trip scale counts, {name: true statistic}, the
    input's counts of trips, kept trips and users)."""
    if isinstance(trips, TripTables):  # the Spark job's tables (or their one-machine twin)
        truth = {name: from_tables(name, trips, m, bins) for name in names}
        return trips, trips, truth, {"trips": trips.n, "trips_kept": int(trips.trips.sum()),
                                     "users": trips.n_users}
    user_ids = None
    if isinstance(trips, ZonedTrips):
        trips, origin_zone, dest_zone, user_ids = (trips.trips, trips.origin_zone,
                                                   trips.dest_zone, trips.user_ids)
    o, d = (np.asarray(z) for z in (origin_zone, dest_zone))  # int32 zones stay int32
    o, d = (z if z.dtype.kind in "iu" else z.astype(np.int64) for z in (o, d))
    if not (o.size == d.size == trips.n):
        raise ValueError("one origin and one destination zone per trip are needed")
    if trips.n == 0:
        raise ValueError("no trips to report on")
    kept = np.flatnonzero(sample_per_user(trips.user, m, sampling_stream(rng)))
    cache = {}                         # the per-user zone statistics, shared by three
    truth = {name: compute(name, trips, kept, o, d, int(n_zones), m, bins, cache)
             for name in names}
    return (ZonedTrips(trips, o, d, int(n_zones), user_ids), trips.user, truth,
            {"trips": trips.n, "trips_kept": int(kept.size),
             "users": int(np.unique(trips.user).size)})


def _people_entry(stat, data, eps: float, rng, scale):
    """OD flows as people per pair (:func:`.report_methods.od_people_entry`) × the trip scale:
    (cost spent, published entry, true entry, warnings)."""
    part_cost, fields, people = od_people_entry(
        data, epsilon=eps, rng=rng, scale=scale.public["trips_per_person"],
        scale_range=scale.public["trips_per_person_interval"])
    warnings = fields.pop("warnings")
    published = {**entry(stat, fields.pop("counts"), 0.0, eps), **fields, "sensitivity": 1}
    true = entry(stat, all_trips_table(data), 0.0)
    true["people"] = people
    return part_cost, published, true, warnings


def _counts_entry(stat, eps: float, rng, scale, *, shrunk: bool, rescaled: bool):
    """A statistic's counts with discrete Laplace of its sensitivity (:func:`.noise.noisy_counts`);
    ``shrunk`` visits (:func:`.report_methods.visits_shrunk`) and ``rescaled`` OD flows are
    then multiplied by the sampling scale: (cost spent, published entry, true entry,
    warnings)."""
    rel = noisy_counts(stat.counts, noise=DISCRETE_LAPLACE, sensitivity=stat.sensitivity,
                       epsilon=eps, delta=0.0, rng=rng, protects=UNIT, what=TITLES[stat.name])
    # trips lost by sampling are added back only where the noisy totals show them beyond
    # their noise (the interval of the sampling scale lies above 1): otherwise the scale's
    # noise would multiply every count (bike-share, 3 km: visits MAE 138 vs 92 plain)
    lost = scale is not None and scale.public["sampling_scale_interval"][0] > 1.0
    factor = scale.public["sampling_scale"] if (shrunk or rescaled) and lost else 1.0

    def n_moe(k_sum, s=stat.sensitivity, e=eps, f=factor):
        return (f * margin_of_error(
                DISCRETE_LAPLACE, sensitivity=s, epsilon=e, n_summed=k_sum))
    released = visits_shrunk(rel.values, sensitivity=stat.sensitivity, epsilon=eps,
                             scale=factor) if shrunk else np.asarray(rel.values) * factor
    published = entry(stat, released, rel.public["margin_of_error"] * factor, eps, n_moe)
    warn = total_warning(float(published["counts"].sum()),
                         float(np.sum(rel.values)) * factor, factor ** 2 * np.size(
                             rel.values) * noise_variance(discrete_laplace_alpha(
                                 stat.sensitivity, eps)), TITLES[stat.name].lower())
    if shrunk:
        published["counted"] = ("visits (trip ends) of the trips kept by sampling, "
                                f"shrunk, × {factor:.4g} for the trips up to M per user")
        published["margin_note"] = (
            "margin of the noisy count × the sampling scale: it describes the noise, not "
            "the error of the shrunk value, whose coverage is not guaranteed")
    if stat.name == OD:
        published.update(_od_margins(stat, rel.values, eps, factor,
                                     scale.public["sampling_scale_interval"] if rescaled else None))
    return rel.cost, published, entry(stat, stat.counts, 0.0), [warn] if warn else []


def _od_margins(stat, noisy, eps: float, factor: float, sampling_range) -> dict:
    """The threshold no noise of the n² pairs exceeds with probability 95 %; with the range of
    the sampling scale (OD rescaled): what is counted and the interval of each pair."""
    out = {"simultaneous_margin_95": factor * margin_of_error(
        DISCRETE_LAPLACE, sensitivity=stat.sensitivity, epsilon=eps,
        level=1.0 - (1.0 - LEVEL) / max(stat.counts.size, 1))}
    if sampling_range is None:
        return out
    out["counted"] = (f"trips per ordered pair (≤ m per user) × {factor:.4g} for the trips up "
                      "to M per user")
    h = margin_of_error(DISCRETE_LAPLACE, sensitivity=stat.sensitivity, epsilon=eps,
                        level=count_level(True))
    sampled = np.clip(np.asarray(noisy, dtype=float), 0.0, None)
    out["lower"], out["upper"] = scaled_interval(np.clip(sampled - h, 0.0, None), sampled + h,
                                                 sampling_range)
    return out
