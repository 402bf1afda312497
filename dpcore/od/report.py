"""The private mobility report: many statistics in one release.

The user picks statistics and weights; statistic k gets ε·w_k/Σw and its
own discrete Laplace noise calibrated to its user-level sensitivity
(:func:`.statistics.sensitivity`). Sequential composition: the parts add up
to ε. All statistics share one per-user sample of ≤ m trips (sampling is
not a release and costs nothing). Every released count has its 95 % margin
of error from the noise distribution; marginals (visits per zone over all
windows, trips per weekday and per hour) are sums of released counts with
the margin of the summed noise. Quartiles of histograms are read from the
noisy histogram (post-processing, free): "DP quartiles" in the sense of
dp-mobility-report, which also derives them from its noisy histograms.

The report document (:func:`document`) is plain JSON: released values and
public facts only, unless it is built from the truth (``internal=True``),
which :mod:`.compare` flags.
"""
from __future__ import annotations

import math
from typing import Dict, Optional

import numpy as np

from ..accounting.checks import check_epsilon
from ..accounting.contract import SEEDED_NOTE, Release
from ..accounting.costs import PrivacyCost
from ..mechanisms.geometric import discrete_laplace_alpha
from ..mechanisms.limits import check_representable
from ..random.sampling import sample_per_user, sampling_stream
from ..reporting.progress import report_progress
from .intervals import count_level, scaled_interval
from .noise import DISCRETE_LAPLACE, LEVEL, margin_of_error, noisy_counts
from .people import all_trips_table
from .report_methods import OD_PEOPLE_NOTE, needs_scale, od_people_entry, release_scale, scale_cost, visits_shrunk
from .shrink import noise_variance
from .statistics import OD, STATISTICS, TITLES, TRIPS_OVER_TIME, VISITS, Bins, compute, sensitivity
from .strategy import AUTO, OD_PEOPLE, OD_TRIPS, VISITS_PLAIN, VISITS_SHRUNK, resolve
from .table_statistics import from_tables
from .totals import total_warning
from .trip_scale import MAX_SCALE_SHARE
from .trip_tables import TripTables
from .trips import Trips, ZonedTrips, check_max_trips

UNIT = "one user: all their trips in the time window (at most m of them are used)"
FORMAT = "mobilitydp-report"


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


def _methods(od_method, visits_method, n_zones, max_trips, epsilon, population):
    """The OD and visits methods to run (the rule of :mod:`.strategy` where ``auto``)."""
    if AUTO in (od_method, visits_method) and n_zones is None:
        raise ValueError("the automatic choice of methods needs the number of zones")
    return resolve(od_method, visits_method, n_zones=n_zones or 1, max_trips=max_trips,
                   epsilon=epsilon, population=population)


def plan_report(*, epsilon: float, weights, max_trips: int, od_method: str = OD_TRIPS,
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
    parts = [PrivacyCost.of("discrete Laplace", eps, sensitivity=1, protects=UNIT,
                            unit_of_privacy="user", note=OD_PEOPLE_NOTE)
             if name == OD and choice.od == OD_PEOPLE else
             PrivacyCost.of("discrete Laplace", eps, sensitivity=sensitivity(name, m),
                            protects=UNIT, unit_of_privacy="user", note=TITLES[name])
             for name, eps in split_budget(epsilon * (1.0 - share), weights).items()]
    if scaled:
        parts.append(scale_cost(epsilon * share, total_cap, m))
    _check_statistic_noise(epsilon * (1.0 - (max(share, MAX_SCALE_SHARE) if scaled else 0.0)),
                           weights, choice, m)
    return PrivacyCost.sequential(parts)


def _check_statistic_noise(epsilon: float, weights, choice, m: int) -> None:
    """Refuse, before any data, a split whose noise the release could not draw or bound: each
    statistic's ε as it is when the trip scale took the most it may (a weight so large that
    the others get ~10⁻¹² of ε is a parameter's fault, found here, not after noise is drawn)."""
    for name, eps in split_budget(epsilon, weights).items():
        s = 1 if name == OD and choice.od == OD_PEOPLE else sensitivity(name, m)
        check_representable(eps, s, TITLES[name])
        margin_of_error(DISCRETE_LAPLACE, sensitivity=s, epsilon=eps, n_summed=2)  # sums' too


def hist_quartiles(counts, edges) -> list:
    """Quartiles of a histogram by linear interpolation in its bins (the open top bin is
    read as ending at the last edge); NaN when the histogram is empty."""
    c = np.clip(np.asarray(counts, dtype=float), 0.0, None)
    if not c.sum() > 0:
        return [math.nan] * 3
    cdf = np.concatenate([[0.0], np.cumsum(c)]) / c.sum()
    edges = np.asarray(edges, dtype=float)
    out = []
    for q in (0.25, 0.5, 0.75):
        i = int(np.clip(np.searchsorted(cdf, q, side="left") - 1, 0, c.size - 1))
        frac = (q - cdf[i]) / (cdf[i + 1] - cdf[i]) if cdf[i + 1] > cdf[i] else 0.0
        out.append(float(edges[i] + frac * (edges[i + 1] - edges[i])))
    return out


def _entry(stat, values, moe, eps=None, n_moe=None):
    """One statistic: its counts clipped at 0, and the sums a report prints (per zone, per
    weekday, per hour) taken over the *unclipped* noisy counts and then clipped: a sum of
    unclipped values has the noise of ``n_moe``'s margin, and clipping a value towards the
    feasible range [0, ∞) never moves it away from a true count ≥ 0, so the printed margin
    covers (a sum of clipped counts is biased upwards: its coverage fell to 0.78)."""
    raw = np.asarray(values, dtype=float)
    e = {"title": TITLES[stat.name], "counts": np.clip(raw, 0.0, None),
         "sensitivity": stat.sensitivity, "labels": stat.labels, "margin_of_error_95": moe}
    if eps is not None:
        e["epsilon"] = eps
    if stat.edges is not None:
        e["edges"] = np.asarray(stat.edges, dtype=float)
        e["quartiles"] = hist_quartiles(values, stat.edges)
    if stat.name == VISITS:
        e["per_zone"] = np.clip(raw.sum(axis=1), 0.0, None)
        e["per_zone_margin_of_error_95"] = n_moe(e["counts"].shape[1]) if n_moe else 0.0
    if stat.name == TRIPS_OVER_TIME:
        e["per_weekday"] = np.clip(raw.sum(axis=1), 0.0, None)
        e["per_hour"] = np.clip(raw.sum(axis=0), 0.0, None)
        e["per_weekday_margin_of_error_95"] = n_moe(24) if n_moe else 0.0
        e["per_hour_margin_of_error_95"] = n_moe(7) if n_moe else 0.0
    return e


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
    noise is drawn), or :class:`.trips.ZonedTrips` (zones None): its user ids break the main
    pairs' ties, so one user more moves no other user's main pair (the codes would shift)."""
    kw = dict(epsilon=epsilon, weights=weights, max_trips=max_trips, od_method=od_method,
              visits_method=visits_method, scale_share=scale_share, total_cap=total_cap,
              n_zones=n_zones, population=population)
    plan_report(**kw)                  # every parameter-only refusal, before the data
    choice = _methods(od_method, visits_method, n_zones, int(max_trips), epsilon, population)
    scaled = needs_scale(choice.od, choice.visits, weights)
    bins = bins or Bins()
    m = int(max_trips)
    names = list(split_budget(epsilon, weights))   # the statistics, in the report's order
    if isinstance(trips, TripTables):  # the Spark job's tables (or their one-machine twin)
        data, users = trips, trips
        truth = {name: from_tables(name, trips, m, bins) for name in names}
        counts = {"trips": trips.n, "trips_kept": int(trips.trips.sum()),
                  "users": trips.n_users}
    else:
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
        del cache
        data, users = ZonedTrips(trips, o, d, int(n_zones), user_ids), trips.user
        counts = {"trips": trips.n, "trips_kept": int(kept.size),
                  "users": int(np.unique(trips.user).size)}
    spent, values, internal, scale, warnings = PrivacyCost(), {}, {}, None, []
    if scaled:  # released first (the estimates use it, and its ε adapts), listed last as planned
        scale = release_scale(users, epsilon=epsilon * scale_share, total_cap=total_cap,
                              max_trips=m, rng=rng, ceiling=MAX_SCALE_SHARE * epsilon)
    # the statistics share what the scale left: the plan's total, re-split when it took more
    budget = split_budget(epsilon - (scale.cost.epsilon if scaled else 0.0), weights)
    for k, (name, eps) in enumerate(budget.items()):
        stat = truth[name]
        if name == OD and choice.od == OD_PEOPLE:
            part_cost, fields, people = od_people_entry(
                data, epsilon=eps, rng=rng, scale=scale.public["trips_per_person"],
                scale_range=scale.public["trips_per_person_interval"])
            spent = spent + part_cost
            warnings += fields.pop("warnings")
            values[name] = {**_entry(stat, fields.pop("counts"), 0.0, eps), **fields,
                            "sensitivity": 1}
            internal[name] = _entry(stat, all_trips_table(data), 0.0)
            internal[name]["people"] = people
            report_progress(progress, (k + 1) / len(budget))
            continue
        rel = noisy_counts(stat.counts, noise=DISCRETE_LAPLACE, sensitivity=stat.sensitivity,
                           epsilon=eps, delta=0.0, rng=rng, protects=UNIT,
                           what=TITLES[name])
        spent = spent + rel.cost
        shrunk = name == VISITS and choice.visits == VISITS_SHRUNK
        rescaled = name == OD and scaled and (choice.rescale or rescale_od)  # dense: .strategy
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
        values[name] = _entry(stat, released, rel.public["margin_of_error"] * factor, eps, n_moe)
        warn = total_warning(float(values[name]["counts"].sum()),
                             float(np.sum(rel.values)) * factor, factor ** 2 * np.size(
                                 rel.values) * noise_variance(discrete_laplace_alpha(
                                     stat.sensitivity, eps)), TITLES[name].lower())
        warnings += [warn] if warn else []
        if shrunk:
            values[name]["counted"] = ("visits (trip ends) of the trips kept by sampling, "
                                       f"shrunk, × {factor:.4g} for the trips up to M per user")
            values[name]["margin_note"] = (
                "margin of the noisy count × the sampling scale: it describes the noise, not "
                "the error of the shrunk value, whose coverage is not guaranteed")
        if name == OD:  # the threshold no noise of the n² pairs exceeds with probability 95 %
            values[name]["simultaneous_margin_95"] = factor * margin_of_error(
                DISCRETE_LAPLACE, sensitivity=stat.sensitivity, epsilon=eps,
                level=1.0 - (1.0 - LEVEL) / max(stat.counts.size, 1))
            if rescaled:
                values[name]["counted"] = (
                    f"trips per ordered pair (≤ m per user) × {factor:.4g} for the trips up to "
                    "M per user")
                h = margin_of_error(DISCRETE_LAPLACE, sensitivity=stat.sensitivity,
                                    epsilon=eps, level=count_level(True))
                sampled = np.clip(np.asarray(rel.values, dtype=float), 0.0, None)
                values[name]["lower"], values[name]["upper"] = scaled_interval(
                    np.clip(sampled - h, 0.0, None), sampled + h,
                    scale.public["sampling_scale_interval"])
        internal[name] = _entry(stat, stat.counts, 0.0)
        report_progress(progress, (k + 1) / len(budget))
    info = {"max_trips_per_user": m, "noise": DISCRETE_LAPLACE, "epsilon": float(epsilon),
            "statistics": list(budget), "epsilon_per_statistic": budget,
            "od_method": choice.od, "visits_method": choice.visits, "rule": choice.reason}
    if scaled:
        spent = spent + scale.cost
        warnings = scale.public["warnings"] + warnings
        info.update(total_cap=int(total_cap),
                    **{k: scale.public[k] for k in (
                        "noisy_users", "noisy_trips", "trips_per_person", "sampling_scale",
                        "sampling_scale_interval",
                        "trips_per_person_interval", "epsilon_trip_scale")})
    info["warnings"] = warnings
    return Release(values, spent, public=info,
                   internal={"truth": internal, **counts,
                             "scales": scale.internal if scaled else {}})


def _plain(value):
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, (np.floating, np.integer)):
        return value.item()
    return value


def document(entries: dict, *, zone_ids, centroids, internal: bool, cost=None,
             info=None, seeded: bool = False) -> dict:
    """A JSON-ready report document (for :mod:`.compare`). ``internal`` marks one built
    from the raw data; ``seeded`` one made with a fixed seed, marked "reproducible: not for
    publication" like the HTML report and the ledger entry."""
    return {"format": FORMAT, "version": 1, "internal": bool(internal),
            "seeded": bool(seeded), "publication": SEEDED_NOTE if seeded else "",
            "zones": {"ids": [str(z) for z in zone_ids],
                      "centroids": np.asarray(centroids, dtype=float).tolist()},
            "cost": cost.to_dict() if cost is not None else None,
            "info": _plain(info or {}), "statistics": _plain(entries)}
