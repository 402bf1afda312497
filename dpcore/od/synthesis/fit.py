"""Fitting the synthetic-trips model: true parts, their noise, post-processing.

Measurement (:func:`fit_model`): each part of :mod:`.parts` is computed from
the raw trips with its stated per-user bound and released once with noise
calibrated to its sensitivity (:mod:`.meter`); the cost is the sum of the costs the
mechanisms returned. Reconstruction (no privacy cost, reads only noisy values
and public facts): the sparse parts (people, home–work pairs) become their empirical-Bayes
posterior means under the known noise law (:func:`dpcore.od.shrink.posterior_mean`; the pairs'
prior fitted within public distance groups), the pairs are then raked to the released home and
main-end margins (smoothed over nearby zones: :mod:`.smooth`, as are the other trips' zones
elsewhere; :func:`.reconstruct.rake`) and to the released home–main distances fitted as a
gravity model (:mod:`.gravity`; where pairs are dense with the tilt the points inside a pair
then follow, :func:`.reconstruct.rake_to`), structurally impossible people cells are set to 0,
the other trips' distances are fitted as a gravity model too and the detours as unimodal
(:func:`.reconstruct.unimodal`), the time histograms are pooled into periods and shrunk towards
the uniform law where their counts are below their noise, the start hours smoothed around the
clock (:mod:`.periods`). The result,
:class:`Model`, holds nothing but noisy values and public parameters: the trips are drawn from it.

Per-person facts (main pair, home end): :mod:`.persons`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import numpy as np

from ...random.sampling import sample_per_user, sampling_stream
from ...reporting.progress import report_progress
from ..trip_arrays import ZonedTrips
from . import parts as P
from .chains import Markov, markov_of, trip_kinds, true_transitions
from .gravity import anchored_origins, availability, fitted_distances
from .meter import Meter
from .periods import period_width, pool, shrink_to_uniform, smooth_cyclic, spread
from .persons import DAY, kind_of, leaves_home, person_facts
from .place import Zones
from .reconstruct import band_shares, distance_groups, rake, rake_to, shrink_by_group, unimodal
from .smooth import smooth_halves
from .total import expected_trips, reconstruct_people, total_interval


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
    main_distance: Optional[np.ndarray] = None   # (bands,) people by home–main distance
    main_distance_margin: float = 0.0   # its noise's 95 % margin per band (public)
    main_tilt: Optional[np.ndarray] = None   # (bands,) the pairs' raked tilt per band

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
    person_trips, main_trips, home, other_end, is_main = person_facts(data, stream)
    who = np.flatnonzero(person_trips > 0)
    share = main_trips[who] / person_trips[who]
    people = _hist((np.minimum(person_trips[who], cap) - 1) * P.SHARE_BANDS +
                   P.band(share, P.SHARE_EDGES), cap * P.SHARE_BANDS)
    home_work = _hist(home[who] * n + other_end[who], n * n)
    margins = np.concatenate([_hist(home[who], n), _hist(other_end[who], n)])
    dist = np.hypot(*(t.dest - t.origin).T)
    per_main = np.bincount(data.user[is_main], dist[is_main], minlength=person_trips.size)
    main_distance = _hist(P.band(per_main[who] / main_trips[who], P.DISTANCE_EDGES_M),
                          P.DISTANCE_EDGES_M.size - 1)
    kept = np.flatnonzero(sample_per_user(data.user, m, stream))
    other = kept[~is_main[kept]]
    n_other = np.bincount(data.user[other], minlength=person_trips.size)
    w = 1.0 / np.maximum(n_other[data.user[other]], 1)
    uo = data.user[other]
    kind_o = kind_of(data.origin_zone[other], home[uo], other_end[uo])
    kind_d = kind_of(data.dest_zone[other], home[uo], other_end[uo])
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
    per_kept = np.bincount(data.user[kept], minlength=person_trips.size)
    minutes = (t.end[kept] - start) / 60.0
    travel = P.band(minutes, P.TRAVEL_EDGES_MIN)
    dclass = P.band(dist[kept], np.append(P.DISTANCE_CLASSES_M, np.inf))
    return ({"people": people, "home_work": home_work, "margins": margins,
            "main_distance": main_distance, "ends": kinds,
            "other_ends": ends,
            "distance": distance, "detour": detour, "weekday": weekday,
            "start_hour": (cls, hour, 1.0 / per_kept[data.user[kept]]),
            "travel_time": (dclass, travel, None),
            **({"transitions": true_transitions(data, *trip_kinds(
                data, home, other_end, is_main, leaves))} if transitions else {})},
        {"users": int(who.size), "trips": data.n, "trips_kept": int(kept.size),
         "main_share": float(main_trips[who].sum() / person_trips[who].sum())})


def _clip(values) -> np.ndarray:
    v = np.clip(np.asarray(values, dtype=float), 0.0, None)
    return v if v.sum() > 0 else np.ones_like(v)


def _fit_pairs(meter: Meter, truth, zones: Zones, n: int, noisy: dict) -> bool:
    """The main pairs raked to their margins and to the released home–main distances fitted as
    a gravity model of the margins or of the pairs' own law (:mod:`.gravity`): where sparse by
    :func:`.reconstruct.rake`, else with the tilt the points inside a pair then follow
    (:func:`.reconstruct.rake_to`). Returns whether the pairs are sparse."""
    noisy["home_work"] = meter.shrunk("home_work", truth["home_work"],
                                      distance_groups(zones.distances())).reshape(n, n)
    margins, noisy["margins_smoothing_m"] = smooth_halves(
        meter.counts("margins", truth["margins"]), meter.alpha("margins"), zones.centroids)
    raw = meter.counts("main_distance", truth["main_distance"])
    rows, cols = _clip(margins[:n]), _clip(margins[n:])
    # public rule on noisy values: where pairs are sparse (many pairs per person) the pair
    # model is mostly noise, so it is raked to the distances as one more margin
    sparse = n * n >= P.SPARSE_PAIRS * max(noisy["people"].sum(), 1.0)
    bands = zones.pair_bands() if sparse else zones.pair_bands(P.pair_samples(n))
    raked = rake(noisy["home_work"], rows, cols)
    main_distance = noisy["main_distance"] = _clip(fitted_distances(
        raw, availability(bands, rows, cols, raw.size), meter.noise_sd("main_distance"),
        own=band_shares(bands, raw.size).T @ raked.ravel()))
    noisy["main_distance_margin"] = float(meter.tail_margin("main_distance", 1))
    if sparse:
        noisy["home_work"] = rake(noisy["home_work"], rows, cols, bands, main_distance)
    else:
        noisy["home_work"], noisy["main_tilt"] = rake_to(raked, rows, cols, bands, main_distance)
    return bool(sparse)


def _fit_shapes(meter: Meter, truth, zones: Zones, noisy: dict) -> None:
    """The other trips' ends (smoothed over nearby zones where they show spatial structure,
    :mod:`.smooth`) and distances (fitted as a gravity model of their origins and destinations,
    :mod:`.gravity`), detours, weekdays and transitions."""
    for name in (c for c in P.CONTINUOUS if c in meter.eps and c != "start_hour"):
        values = meter.weights(name, truth[name])
        # weights are fractional: shrink them as counts of discrete Laplace noise of the
        # same scale (an approximation that only affects utility: post-processing)
        alpha = np.exp(-meter.eps[name] / meter.sens[name])
        if name == "transitions":   # the adaptive choice reads the noisy weights only
            noisy[name] = markov_of(values, meter.eps[name])
        elif name == "other_ends":
            noisy[name], noisy["other_ends_smoothing_m"] = smooth_halves(
                np.round(values), alpha, zones.centroids, limit=np.inf)
        else:
            noisy[name] = values if name == "distance" else _clip(shrink_by_group(
                np.round(values), alpha))
    n, ends = len(zones), noisy["other_ends"]
    origins = anchored_origins(noisy["ends"], noisy["home_work"], _clip(ends[:n]))
    noisy["distance"] = _clip(fitted_distances(noisy["distance"], availability(
        zones.pair_bands(), origins, _clip(ends[n:]), noisy["distance"].size),
        meter.noise_sd("distance")))
    noisy["detour"] = _clip(unimodal(meter.counts("detour", truth["detour"]),
                                     meter.tail_margin("detour", truth["detour"].size)))
    noisy["weekday"] = shrink_to_uniform(meter.counts("weekday", truth["weekday"]),
                                         meter.alpha("weekday"))[0]


def _fit_time(meter: Meter, name, part, classes: int, bins: int, total: float,
              cyclic: bool = False) -> tuple:
    """One time histogram (:mod:`.periods`): public rules on the noisy ``total`` (people for
    the start hour, weighted 1/k per person; kept trips for the travel time) split it by class
    and pool its bins into periods before the noise; ``cyclic`` rows (the hours of a day) are
    smoothed around the clock, the others shrunk towards the uniform law. Returns (weights,
    split, width, share shrunk to uniform)."""
    cls, value, weight = part
    carry = P.carried(total, classes * bins, meter.sens[name], meter.eps[name])
    rows = classes if carry else 1
    width = period_width(total, rows, bins, P.noise_std(meter.sens[name], meter.eps[name]))
    periods = -(-bins // width)
    cell = pool(value, width)
    index = np.asarray(cls) * periods + cell if carry else cell
    table = (meter.counts(name, _hist(index, rows * periods)) if weight is None else
             meter.weights(name, np.bincount(index, weight, minlength=rows * periods)))
    fit_row = smooth_cyclic if cyclic else shrink_to_uniform
    shrunk_rows = [fit_row(r, meter.alpha(name)) for r in table.reshape(rows, periods)]
    return (np.array([spread(r, width, bins) for r, _ in shrunk_rows]), carry, width,
            max(s for _, s in shrunk_rows))


def fit_model(data: ZonedTrips, *, epsilon: float, max_trips: int, trips_cap: int,
              zones: Zones, rng: np.random.Generator, progress=None, transitions: bool = True):
    """Measure every part once (see the module doc); ``zones``: the public zones.
    Returns (model, planned cost, spent cost, public facts, internal facts)."""
    plan = P.synthetic_trips_cost(epsilon=epsilon, max_trips=max_trips, trips_cap=trips_cap,
                                  transitions=transitions)
    meter = Meter(P.budget(epsilon, transitions), P.sensitivities(int(max_trips)), rng)
    truth, internal = true_parts(data, max_trips=max_trips, trips_cap=trips_cap, rng=rng,
                                 transitions=transitions)
    n, m, cap = data.n_zones, int(max_trips), int(trips_cap)
    feasible = P.feasible_people_cells(cap)   # public: share j/k takes k values
    people = reconstruct_people(meter.counts("people", truth["people"]), feasible,
                                meter.alpha("people"))
    noisy = {"people": people.reshape(cap, P.SHARE_BANDS)}
    report_progress(progress, 0.2)
    sparse = _fit_pairs(meter, truth, zones, n, noisy)
    report_progress(progress, 0.5)
    _fit_shapes(meter, truth, zones, noisy)
    *interval, corrected = total_interval(noisy["people"], feasible,
                                          sensitivity=meter.sens["people"],
                                          epsilon=meter.eps["people"], alpha=meter.alpha("people"))
    kept_trips = float((np.clip(noisy["people"], 0, None).sum(axis=1) *
                        np.minimum(np.arange(1, cap + 1), m)).sum())
    # the people the start hours weigh 1 each: the noisy people with the total's upward bias
    # taken off in the same ratio as the trips' (T² / median, :mod:`.total`)
    people_total = float(np.clip(noisy["people"], 0, None).sum()) * corrected / max(
        expected_trips(noisy["people"]), 1e-9)
    noisy["start_hour"], *hours = _fit_time(meter, "start_hour", truth["start_hour"], 3, 24,
                                            people_total, cyclic=True)
    noisy["travel_time"], *travel = _fit_time(
        meter, "travel_time", truth["travel_time"], P.DISTANCE_CLASSES_M.size,
        P.TRAVEL_EDGES_MIN.size - 1, kept_trips)
    report_progress(progress, 0.8)
    ends = noisy["other_ends"]
    model = Model(n, m, cap, noisy["people"], noisy["home_work"], noisy["ends"].reshape(3, 3),
                  _clip(ends[:n]), _clip(ends[n:]),
                  noisy["distance"], noisy["detour"], noisy["weekday"], noisy["start_hour"],
                  noisy["travel_time"], noisy.get("transitions"), noisy["main_distance"],
                  noisy["main_distance_margin"], noisy.get("main_tilt"))
    public = {"epsilon_per_part": meter.eps, "sensitivity_per_part": meter.sens,
              "start_hour_by_class": hours[0], "travel_time_by_distance_class": travel[0],
              "start_hour_period_hours": hours[1], "travel_time_period_minutes": 5 * travel[1],
              "start_hour_shrunk_to_uniform": round(hours[2], 3),
              "travel_time_shrunk_to_uniform": round(travel[2], 3),
              "pairs_raked_to_distances": sparse,
              "margins_smoothing_bandwidths_m": noisy["margins_smoothing_m"],
              "other_ends_smoothing_bandwidths_m": noisy["other_ends_smoothing_m"],
              "chained_trajectories": bool(model.markov is not None and model.markov.chained),
              "noisy_people": model.expected_people, "noisy_trips": corrected,
              "noisy_trips_interval_95": tuple(interval)}
    internal.update({"truth": truth})
    return model, plan, meter.spent, public, internal
