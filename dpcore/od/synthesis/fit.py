"""Fitting the synthetic-trips model: true parts, their noise, post-processing.

Measurement (:func:`fit_model`): each part of :mod:`.parts` is computed from
the raw trips with its stated per-user bound and released once with noise
calibrated to its sensitivity; the cost is the sum of the costs the
mechanisms returned. Reconstruction (no privacy cost, reads only noisy values
and public facts): the sparse parts (people, home–work pairs) become their
empirical-Bayes posterior means under the known noise law
(:func:`dpcore.od.shrink.posterior_mean`; the pairs' prior fitted
within public distance groups), the pairs are then raked to the released
home and main-end margins (:func:`.reconstruct.rake`), structurally impossible people
cells are set to 0, the distance-like histograms are fitted as unimodal
(:func:`.reconstruct.unimodal`), the time histograms are pooled into periods and shrunk
towards the uniform law where their counts are below their noise (:mod:`.periods`). The result, :class:`Model`,
holds nothing but noisy values and public parameters: it is what the
synthetic trips are drawn from.

Per-person facts: the main pair is the people-based one
(:func:`dpcore.od.people.main_pairs`, undirected, ties at random);
its *home end* is the origin of the person's main-pair trip that starts
earliest in the day (UTC): the morning trip of a commuter leaves home.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Optional

import numpy as np

from ...accounting.costs import PrivacyCost
from ...mechanisms.geometric import discrete_laplace_alpha
from ...mechanisms.snapping import laplace
from ...random.sampling import sample_per_user, sampling_stream
from ...reporting.progress import report_progress
from ..noise import DISCRETE_LAPLACE, margin_of_error, noisy_counts
from ..people import main_pairs
from ..trips import ZonedTrips
from . import parts as P
from .chains import Markov, markov_of, trip_kinds, true_transitions
from .periods import period_width, pool, shrink_to_uniform, spread
from .place import Zones
from .reconstruct import distance_groups, rake, shrink_by_group, unimodal
from .total import expected_trips, reconstruct_people, total_interval

DAY = 86400.0


@dataclass
class Model:
    """The released model (noisy, post-processed weights; all public)."""

    n_zones: int
    max_trips: int
    trips_cap: int
    people: np.ndarray          # (M, 5): persons by trips (1..M) × share band on main pair
    home_work: np.ndarray       # (n, n): persons by (home zone, other end of the main pair)
    ends: np.ndarray            # (3, 3): other trips by (origin, destination) kind
    other_origin: np.ndarray    # (n,) origins "elsewhere" of the other trips
    other_dest: np.ndarray      # (n,) destinations "elsewhere"
    distance: np.ndarray        # (bands,) other trips by straight distance
    detour: np.ndarray          # (bands,) trips by length / straight distance
    weekday: np.ndarray         # (7,) Monday first
    start_hour: np.ndarray      # (3, 24) by class, or (1, 24)
    travel_time: np.ndarray     # (4, 25) by distance class, or (1, 25)
    markov: Optional[Markov] = None   # transitions of consecutive trips (None: not measured)

    @property
    def expected_people(self) -> float:
        return float(self.people.sum())

    @property
    def expected_trips(self) -> float:
        return expected_trips(self.people)

    def summary(self) -> dict:
        return {"people": round(self.expected_people, 1),
                "trips in the people table (before the bias correction)":
                    round(self.expected_trips, 1),
                "start hour classes": self.start_hour.shape[0],
                "travel time classes": self.travel_time.shape[0],
                **({} if self.markov is None else {
                    "chained share of consecutive trips": round(self.markov.chained_share, 3),
                    "second-order states used (of 9)": int(self.markov.second_used.sum())})}


def person_facts(data: ZonedTrips, rng: np.random.Generator):
    """Per user (codes 0..U-1): trips in the window, main undirected pair, its trips, home
    zone and other end. Users without trips have 0 trips and are never used."""
    n = data.n_zones
    users = int(data.user.max()) + 1 if data.n else 0
    per_user = np.bincount(data.user, minlength=users)
    u, key, on_main = main_pairs(data, directed=False, rng=rng)
    main_key = np.full(users, -1, dtype=np.int64)
    main_key[u] = key
    main_trips = np.zeros(users, dtype=np.int64)
    main_trips[u] = on_main
    o, d = data.origin_zone.astype(np.int64), data.dest_zone.astype(np.int64)
    trip_key = np.minimum(o, d) * n + np.maximum(o, d)
    is_main = trip_key == main_key[data.user]
    hour = np.nan_to_num(np.mod(data.trips.start, DAY), nan=2 * DAY)
    idx = np.flatnonzero(is_main)
    idx = idx[np.lexsort((hour[idx], data.user[idx]))]
    first = idx[np.r_[True, data.user[idx][1:] != data.user[idx][:-1]]] if idx.size else idx
    home = np.full(users, -1, dtype=np.int64)
    home[data.user[first]] = o[first]
    lo, hi = main_key // n, main_key % n
    other_end = np.where(home == lo, hi, lo)
    return per_user, main_trips, home, other_end, is_main


def leaves_home(data: ZonedTrips, home, other_end, is_main) -> np.ndarray:
    """Per trip: a main-pair trip that leaves the person's home end (trip class 0 of the start
    hour). Where both ends of the main pair lie in one zone the zones cannot tell, so the
    person's main-pair trips alternate in time order (the first leaves home), as the
    generator alternates them; a commuter living and working in one county otherwise puts
    every return trip in the outbound class (New York commuting: start-hour JS 0.03)."""
    user = data.user
    out = is_main & (data.origin_zone == home[user])
    loop = np.flatnonzero(is_main & (home[user] == other_end[user]))
    if loop.size:
        loop = loop[np.lexsort((data.trips.start[loop], user[loop]))]
        first = np.r_[True, user[loop][1:] != user[loop][:-1]]
        start_of = np.maximum.accumulate(np.where(first, np.arange(loop.size), 0))
        out[loop] = (np.arange(loop.size) - start_of) % 2 == 0
    return out


def _kind(zone, home, other_end) -> np.ndarray:
    """0 at the person's home zone, 1 at the other end of their main pair, 2 elsewhere."""
    return np.where(zone == home, 0, np.where(zone == other_end, 1, 2))


def _hist(index, size) -> np.ndarray:
    return np.bincount(np.asarray(index, dtype=np.int64), minlength=size)


def true_parts(data: ZonedTrips, *, max_trips: int, trips_cap: int, rng: np.random.Generator,
               transitions: bool = True):
    """The true counts of every part, the trip classes and the per-trip distance classes."""
    n, m, cap = data.n_zones, int(max_trips), int(trips_cap)
    t = data.trips
    if data.n == 0:
        raise ValueError("no trips to synthesise from")
    if not (np.all(np.isfinite(t.start)) and np.all(np.isfinite(t.end))):
        bad = int(np.count_nonzero(~(np.isfinite(t.start) & np.isfinite(t.end))))
        raise ValueError(f"synthetic trips need trip times; {bad} of {data.n} trips have none "
                         "(choose the time fields)")
    stream = sampling_stream(rng)   # data-dependent draws: noise draws stay aligned
    per_user, main_trips, home, other_end, is_main = person_facts(data, stream)
    who = np.flatnonzero(per_user > 0)
    share = main_trips[who] / per_user[who]
    people = _hist((np.minimum(per_user[who], cap) - 1) * P.SHARE_BANDS +
                   P.band(share, P.SHARE_EDGES), cap * P.SHARE_BANDS)
    home_work = _hist(home[who] * n + other_end[who], n * n)
    margins = np.concatenate([_hist(home[who], n), _hist(other_end[who], n)])
    dist = np.hypot(*(t.dest - t.origin).T)
    per_main = np.bincount(data.user[is_main], dist[is_main], minlength=per_user.size)
    main_distance = _hist(P.band(per_main[who] / main_trips[who], P.DISTANCE_EDGES_M),
                          P.DISTANCE_EDGES_M.size - 1)
    kept = np.flatnonzero(sample_per_user(data.user, m, stream))
    other = kept[~is_main[kept]]
    n_other = np.bincount(data.user[other], minlength=per_user.size)
    w = 1.0 / np.maximum(n_other[data.user[other]], 1)
    uo = data.user[other]
    kind_o = _kind(data.origin_zone[other], home[uo], other_end[uo])
    kind_d = _kind(data.dest_zone[other], home[uo], other_end[uo])
    kinds = np.bincount(kind_o * 3 + kind_d, w, minlength=9)
    eo, ed = kind_o == 2, kind_d == 2
    ends = np.concatenate([np.bincount(data.origin_zone[other][eo], w[eo], minlength=n),
                           np.bincount(data.dest_zone[other][ed], w[ed], minlength=n)])
    distance = np.bincount(P.band(dist[other], P.DISTANCE_EDGES_M), w,
                           minlength=P.DISTANCE_EDGES_M.size - 1)   # weights 1 per person
    ratio = np.where(dist[kept] > 0, t.length[kept] / np.maximum(dist[kept], 1e-9), 1.0)
    detour = _hist(P.band(ratio, P.DETOUR_EDGES), P.DETOUR_EDGES.size - 1)
    start = t.start[kept]
    weekday = _hist((np.floor(start / DAY).astype(np.int64) + 3) % 7, 7)  # 1970-01-01: Thu
    leaves = leaves_home(data, home, other_end, is_main)
    cls = np.where(is_main[kept], np.where(leaves[kept], 0, 1), 2)
    hour = np.floor(np.mod(start, DAY) / 3600.0).astype(np.int64)
    minutes = (t.end[kept] - start) / 60.0
    travel = P.band(minutes, P.TRAVEL_EDGES_MIN)
    dclass = P.band(dist[kept], np.append(P.DISTANCE_CLASSES_M, np.inf))
    return ({"people": people, "home_work": home_work, "margins": margins,
            "main_distance": main_distance, "ends": kinds,
            "other_ends": ends,
            "distance": distance, "detour": detour, "weekday": weekday,
            "start_hour": (cls, hour), "travel_time": (dclass, travel),
            **({"transitions": true_transitions(data, *trip_kinds(
                data, home, other_end, is_main, leaves))} if transitions else {})},
        {"users": int(who.size), "trips": data.n, "trips_kept": int(kept.size),
         "main_share": float(main_trips[who].sum() / per_user[who].sum())})


def _clip(values) -> np.ndarray:
    v = np.clip(np.asarray(values, dtype=float), 0.0, None)
    return v if v.sum() > 0 else np.ones_like(v)


def fit_model(data: ZonedTrips, *, epsilon: float, max_trips: int, trips_cap: int,
              zones: Zones, rng: np.random.Generator, progress=None, transitions: bool = True):
    """Measure every part once (see the module doc); ``zones``: the public zones.
    Returns (model, planned cost, spent cost, public facts, internal facts)."""
    plan = P.plan_synthetic_trips(epsilon=epsilon, max_trips=max_trips, trips_cap=trips_cap,
                                  transitions=transitions)
    zone_distance = zones.distances()
    eps = P.budget(epsilon, transitions)
    sens = P.sensitivities(int(max_trips))
    truth, internal = true_parts(data, max_trips=max_trips, trips_cap=trips_cap, rng=rng,
                                 transitions=transitions)
    n, m, cap = data.n_zones, int(max_trips), int(trips_cap)
    spent = PrivacyCost()
    noisy = {}

    def measure(name, counts):
        nonlocal spent
        rel = noisy_counts(counts, noise=DISCRETE_LAPLACE, sensitivity=sens[name],
                           epsilon=eps[name], delta=0.0, rng=rng, protects=P.UNIT,
                           what=P.TITLES[name])
        spent = spent + rel.cost
        return np.asarray(rel.values, dtype=float)

    def shrunk(name, counts, groups=None):
        return shrink_by_group(measure(name, counts),
                               discrete_laplace_alpha(sens[name], eps[name]), groups)

    def tail_margin(name):
        # the simultaneous 95 % margin of a histogram's noise (Bonferroni over its bands)
        return margin_of_error(DISCRETE_LAPLACE, sensitivity=sens[name], epsilon=eps[name],
                               level=1.0 - 0.05 / truth[name].size)

    feasible = P.feasible_people_cells(cap)   # public: share j/k takes k values
    alpha_people = discrete_laplace_alpha(sens["people"], eps["people"])
    people = reconstruct_people(measure("people", truth["people"]), feasible, alpha_people)
    noisy["people"] = people.reshape(cap, P.SHARE_BANDS)
    report_progress(progress, 0.2)
    noisy["home_work"] = shrunk("home_work", truth["home_work"],
                                distance_groups(zone_distance)).reshape(n, n)
    margins = shrunk("margins", truth["margins"])
    main_distance = _clip(unimodal(measure("main_distance", truth["main_distance"])))
    # public rule on noisy values: where pairs are sparse (many pairs per person) the pair
    # model is mostly noise, so it is also raked to the released home–main distances
    sparse = n * n >= P.SPARSE_PAIRS * max(noisy["people"].sum(), 1.0)
    by_distance = ((zones.pair_bands(), main_distance)
        if sparse else ())
    noisy["home_work"] = rake(noisy["home_work"], _clip(margins[:n]), _clip(margins[n:]),
                              *by_distance)
    report_progress(progress, 0.5)
    for name in (c for c in P.CONTINUOUS if c in eps):
        rel = laplace(truth[name], sensitivity=sens[name], epsilon=eps[name], rng=rng,
                      protects=P.UNIT)
        spent = spent + PrivacyCost(tuple(
            replace(p, unit_of_privacy="user", note=f"{P.TITLES[name]}; {p.note}")
            for p in rel.cost.parts))
        # weights are fractional: shrink them as counts of discrete Laplace noise of the
        # same scale (an approximation that only affects utility: post-processing)
        if name == "transitions":   # the adaptive choice reads the noisy weights only
            noisy[name] = markov_of(rel.values, eps[name])
            continue
        noisy[name] = rel.values if name == "distance" else _clip(shrink_by_group(
            np.round(rel.values), np.exp(-eps[name] / sens[name])))
    ends = noisy["other_ends"]
    noisy["distance"] = _clip(unimodal(noisy["distance"], tail_margin("distance")))
    noisy["detour"] = _clip(unimodal(measure("detour", truth["detour"]), tail_margin("detour")))
    noisy["weekday"] = shrink_to_uniform(measure("weekday", truth["weekday"]),
                                         discrete_laplace_alpha(sens["weekday"],
                                                                eps["weekday"]))[0]
    *interval, corrected = total_interval(noisy["people"], feasible, sensitivity=sens["people"],
                                          epsilon=eps["people"], alpha=alpha_people)
    kept_trips = float((np.clip(noisy["people"], 0, None).sum(axis=1) *
                        np.minimum(np.arange(1, cap + 1), m)).sum())
    carry, width, pooled_share = {}, {}, {}
    for name, (cls, value), classes, bins in (
            ("start_hour", truth["start_hour"], 3, 24),
            ("travel_time", truth["travel_time"], P.DISTANCE_CLASSES_M.size,
             P.TRAVEL_EDGES_MIN.size - 1)):
        # public rules on a noisy total: split by class, then pool bins into periods
        carry[name] = P.carried(kept_trips, classes * bins, sens[name], eps[name])
        rows = classes if carry[name] else 1
        std = P.noise_std(sens[name], eps[name])
        width[name] = period_width(kept_trips, rows, bins, std)
        periods = -(-bins // width[name])
        cell = pool(value, width[name])
        counts = _hist(np.asarray(cls) * periods + cell if carry[name] else cell,
                       rows * periods)
        table = measure(name, counts).reshape(rows, periods)
        alpha = discrete_laplace_alpha(sens[name], eps[name])
        shrunk_rows = [shrink_to_uniform(r, alpha) for r in table]
        pooled_share[name] = max(s for _, s in shrunk_rows)
        noisy[name] = np.array([spread(r, width[name], bins) for r, _ in shrunk_rows])
    report_progress(progress, 0.8)
    model = Model(n, m, cap, noisy["people"], noisy["home_work"], noisy["ends"].reshape(3, 3),
                  _clip(ends[:n]), _clip(ends[n:]),
                  noisy["distance"], noisy["detour"], noisy["weekday"], noisy["start_hour"],
                  noisy["travel_time"], noisy.get("transitions"))
    public = {"epsilon_per_part": eps, "sensitivity_per_part": sens,
              "start_hour_by_class": carry["start_hour"],
              "travel_time_by_distance_class": carry["travel_time"],
              "start_hour_period_hours": width["start_hour"],
              "travel_time_period_minutes": 5 * width["travel_time"],
              "start_hour_shrunk_to_uniform": round(pooled_share["start_hour"], 3),
              "travel_time_shrunk_to_uniform": round(pooled_share["travel_time"], 3),
              "pairs_raked_to_distances": bool(sparse),
              "chained_trajectories": bool(model.markov is not None and model.markov.chained),
              "noisy_people": model.expected_people, "noisy_trips": corrected,
              "noisy_trips_interval_95": tuple(interval)}
    internal.update({"truth": truth})
    return model, plan, spent, public, internal
