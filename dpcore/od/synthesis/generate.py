"""Drawing synthetic people and trips from a fitted :class:`~.fit.Model` (post-processing).

Everything here reads the released model and public inputs (zones, time window, optional anchor
points) only, so it costs nothing and may be repeated for any number of trips. For each synthetic
person: a type (trips k, share band of their main pair) from ``people``; a home zone and the other
end of their main pair from ``home_work`` (a systematic sample: each pair gets the floor or the
ceiling of its expected people, :func:`.draws.draw_quota`); one home point and one point at the
other end, kept for all their main-pair trips, which alternate home → other end → home (the pair of
points drawn so that the people's home–main distances follow the released ``main_distance`` where
it says more than its noise, with the tilt the pairs were fitted with where the model holds one:
:func:`.place.place_pairs`); each end of their other trips lies at their home point, at their main
end's point or elsewhere (``ends``); an end elsewhere is drawn by a gravity model given the other
end (or from ``other_origin`` when both are elsewhere): zone weight × a deterrence per 500 m
distance band fitted so that the model's band distribution matches the released ``distance``
histogram as fitted (:mod:`.gravity`; iterative proportional fitting, as a doubly-constrained
gravity model is calibrated to a trip-length distribution; Ortúzar & Willumsen, *Modelling
Transport*, ch. 6). Lengths are the
straight distance times a released detour ratio; start times draw a weekday, an hour (by class
where the model carries it; the hours of the trips leaving each zone a systematic sample of their
law, :func:`.draws.balanced_clocks`) and a uniform second; travel times draw a 5-minute bin (by
distance class where carried). Rows are shuffled and user ids are a random permutation of the
synthetic people.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...accounting.contract import shuffled_order
from ...reporting.progress import report_progress
from ..trip_arrays import Trips, ZonedTrips
from . import parts as P
from .chains import E, H, W, chained_times, walk
from .draws import balanced_clocks, class_clocks, class_rows, draw, draw_quota, uniform_in_bin, with_travel
from .fit import DAY, Model
from .gravity import anchored_origins, gravity, own_mix
from .place import Zones, place_pairs


@dataclass
class SyntheticTrips:
    """Synthetic trips (one row each, shuffled): ``zoned`` (the trips as a ZonedTrips:
    synthetic user codes, frame coordinates, times, length, zones) and ``main`` (the trip is
    on its person's main pair)."""

    zoned: ZonedTrips
    main: np.ndarray

    @property
    def n(self) -> int:
        return self.zoned.n


def _conditional(cond: np.ndarray, given: np.ndarray, rng) -> np.ndarray:
    """One draw per row index in ``given`` from the row-stochastic matrix ``cond``."""
    return conditional_sampler(cond)(given, rng)


def conditional_sampler(cond: np.ndarray):
    """``sample(given, rng)``: one draw per row index in ``given`` from the row-stochastic
    matrix ``cond`` (its cumulative rows computed once, for repeated draws)."""
    n = cond.shape[0]
    cum = np.cumsum(cond, axis=1)
    cum[:, -1] = 1.0                       # row o spans [o, o + 1]: one sorted search
    flat = (cum + np.arange(n)[:, None]).ravel()

    def sample(given, rng):
        drawn = np.searchsorted(flat, given + rng.random(given.size), side="right") - given * n
        return np.clip(drawn, 0, n - 1)
    return sample


def _other_trips(model, zones, other, person, home, away, home_xy, away_xy, out, rng,
                 anchors):
    """Zones and points of the other trips (in place in ``out``): each end at the person's
    home, their main end or elsewhere (``ends``); an end elsewhere is drawn from the
    gravity model given the other end, or from ``other_origin`` when both are elsewhere."""
    o_zone, d_zone, origin, dest = out
    bands = zones.pair_bands()
    kind_o, kind_d = np.divmod(draw(model.ends, other.size, rng), 3)
    p = person[other]
    own = (home[p], away[p])
    oz = np.where(kind_o == 0, own[0], np.where(kind_o == 1, own[1], -1))
    dz = np.where(kind_d == 0, own[0], np.where(kind_d == 1, own[1], -1))
    free_o = np.flatnonzero(kind_o == 2)
    both = free_o[kind_d[free_o] == 2]
    oz[both] = draw(model.other_origin, both.size, rng)
    forward, back = np.flatnonzero(dz < 0), np.flatnonzero(oz < 0)
    by_kind = model.ends / model.ends.sum()
    mix = own_mix(model.home_work)
    w_d = by_kind[:, 0].sum() * mix[0] + by_kind[:, 1].sum() * mix[1]
    dz[forward] = _conditional(gravity(bands, _origins(model), model.other_dest, model.distance),
                               oz[forward], rng)
    if back.size:
        oz[back] = _conditional(gravity(bands, w_d + 1e-12, model.other_origin,
                                        model.distance), dz[back], rng)
    o_zone[other], d_zone[other] = oz, dz
    origin[other] = zones.place(oz, rng, anchors)
    dest[other] = zones.place(dz, rng, anchors)
    for kind, pts in ((0, home_xy), (1, away_xy)):
        at = kind_o == kind
        origin[other[at]] = pts[p[at]]
        at = (kind_d == kind) & (kind_o != kind)   # a loop gets a fresh destination point
        dest[other[at]] = pts[p[at]]


def _origins(model) -> np.ndarray:
    return anchored_origins(model.ends, model.home_work, model.other_origin)


def _chained(model, zones, window, k, j, home, away, rng, anchors, progress):
    """Trips as walked chains of stops (:mod:`.chains`): each trip starts at the point the
    person's previous trip ended at."""
    elsewhere = conditional_sampler(gravity(zones.pair_bands(), _origins(model), model.other_dest,
                                            model.distance))
    jump_kinds = np.clip(np.asarray(model.ends, dtype=float), 0.0, None).sum(axis=1)
    person, ko, kd, o_zone, d_zone = walk(
        model.markov, k, j, home, away, elsewhere, rng,
        jump=lambda size, r: draw(model.other_origin, size, r), jump_kinds=jump_kinds)
    report_progress(progress, 0.3)
    home_xy, away_xy = _main_points(model, zones, home, away, rng, anchors)
    dest = np.where((kd == H)[:, None], home_xy[person], away_xy[person])
    fresh = np.flatnonzero((kd == E) | (kd == ko))   # elsewhere, or a loop at an anchor
    dest[fresh] = zones.place(d_zone[fresh], rng, anchors)
    first = np.r_[True, person[1:] != person[:-1]]
    origin = np.empty_like(dest)
    origin[first] = home_xy[person[first]]
    origin[~first] = dest[np.flatnonzero(~first) - 1]
    broken = np.flatnonzero(~first & (o_zone != np.r_[-1, d_zone[:-1]]))   # chain breaks
    for kind, pts in ((H, home_xy), (W, away_xy)):
        at = broken[ko[broken] == kind]
        origin[at] = pts[person[at]]
    at = broken[ko[broken] == E]
    origin[at] = zones.place(o_zone[at], rng, anchors)
    report_progress(progress, 0.6)
    main = (ko != E) & (kd == 1 - ko)
    straight = np.hypot(*(dest - origin).T)
    cls = np.where(main, np.where(ko == H, 0, 1), 2)
    dclass = P.band(straight, np.append(P.DISTANCE_CLASSES_M, np.inf))
    start, end = chained_times(model, cls, dclass, person, ko == H, window, rng, o_zone)
    return _finish(model, rng, progress, person, k.size, origin, dest, straight, start, end,
                   o_zone, d_zone, main)


def _main_points(model, zones, home, away, rng, anchors):
    """Each person's home and main-end points: guided by the released home–main distances
    where the model holds them (:func:`.place.place_pairs`), else uniform in the zones."""
    if model.main_distance is None:
        return zones.place(home, rng, anchors), zones.place(away, rng, anchors)
    return place_pairs(zones, home, away, model.main_distance, rng, anchors,
                       margin=model.main_distance_margin, tilt=model.main_tilt)


def _people(model: Model, n_trips: int, rng):
    """Trips per synthetic person (summing to n_trips) and trips on their main pair."""
    cap = model.trips_cap
    k_all, share_band = np.divmod(np.arange(cap * P.SHARE_BANDS), P.SHARE_BANDS)
    mean_k = model.expected_trips / max(model.expected_people, 1e-12)
    n0 = int(np.ceil(1.2 * n_trips / max(mean_k, 1.0))) + 16
    kinds = np.empty(0, dtype=np.int64)
    while (k_all[kinds] + 1).sum() < n_trips:
        kinds = np.concatenate([kinds, draw(model.people, n0, rng)])
    k = k_all[kinds] + 1
    last = int(np.searchsorted(np.cumsum(k), n_trips))
    k = k[:last + 1].copy()
    k[-1] -= int(k.sum()) - n_trips
    band = share_band[kinds[:last + 1]]
    share = uniform_in_bin(band, P.SHARE_EDGES, 1.0, rng)
    on_main = np.clip(np.round(share * k), 1, np.maximum(k - 1, 1))   # bands below 1: < k
    return k, np.where(band == P.SHARE_BANDS - 1, k, on_main).astype(np.int64)


def _times(model: Model, cls, dclass, zone, window, rng):
    n = cls.size
    w0, w1 = (float(v) for v in window)
    days = np.arange(np.floor(w0 / DAY), np.floor(w1 / DAY) + 1).astype(np.int64)
    weekday = draw(model.weekday, n, rng)
    day_wd = (days + 3) % 7
    day = np.empty(n, dtype=np.int64)
    for wd in range(7):
        sel = np.flatnonzero(weekday == wd)
        pool = days[day_wd == wd] if np.any(day_wd == wd) else days
        day[sel] = pool[rng.integers(0, pool.size, sel.size)]
    row = class_rows(model.start_hour, cls)
    start = day * DAY + balanced_clocks(lambda: class_clocks(model.start_hour, row, rng), zone, rng)
    return with_travel(model, dclass, start, window, rng)


def generate(model: Model, zones: Zones, window, n_trips: int, rng: np.random.Generator, *,
             anchors=None, progress=None) -> SyntheticTrips:
    """``n_trips`` synthetic trips (see module doc); ``window`` = (start, end) epoch s."""
    n_trips = int(n_trips)
    if n_trips < 1:
        raise ValueError(f"the number of synthetic trips must be ≥ 1, got {n_trips}")
    if len(zones) != model.n_zones:
        raise ValueError("the zones differ from the zones the model was fitted on")
    k, j = _people(model, n_trips, rng)
    n_people = k.size
    pair = draw_quota(model.home_work, n_people, rng)   # people per pair: floor or ceiling
    home, away = np.divmod(pair, model.n_zones)
    if model.markov is not None and model.markov.chained:
        return _chained(model, zones, window, k, j, home, away, rng, anchors, progress)
    person = np.repeat(np.arange(n_people), k)
    rank = np.arange(person.size) - np.repeat(np.cumsum(k) - k, k)
    main = rank < j[person]
    out_bound = main & (rank % 2 == 0)
    report_progress(progress, 0.2)
    home_xy, away_xy = _main_points(model, zones, home, away, rng, anchors)
    o_zone = np.where(out_bound, home[person], away[person])
    d_zone = np.where(out_bound, away[person], home[person])
    origin = np.where(out_bound[:, None], home_xy[person], away_xy[person])
    dest = np.where(out_bound[:, None], away_xy[person], home_xy[person])
    other = np.flatnonzero(~main)
    if other.size:
        _other_trips(model, zones, other, person, home, away, home_xy, away_xy,
                     (o_zone, d_zone, origin, dest), rng, anchors)
    report_progress(progress, 0.6)
    straight = np.hypot(*(dest - origin).T)
    cls = np.where(main, np.where(out_bound, 0, 1), 2)
    dclass = P.band(straight, np.append(P.DISTANCE_CLASSES_M, np.inf))
    start, end = _times(model, cls, dclass, o_zone, window, rng)
    return _finish(model, rng, progress, person, n_people, origin, dest, straight, start, end,
                   o_zone, d_zone, main)


def _finish(model, rng, progress, person, n_people, origin, dest, straight, start, end,
            o_zone, d_zone, main) -> SyntheticTrips:
    detour = uniform_in_bin(draw(model.detour, person.size, rng), P.DETOUR_EDGES, 2.2, rng)
    user = rng.permutation(n_people)[person]
    rows = shuffled_order(person.size, rng)      # record-level rows carry no input order
    trips = Trips(user[rows], origin[rows], dest[rows], start[rows], end[rows],
                  (straight * detour)[rows])
    report_progress(progress, 1.0)
    return SyntheticTrips(ZonedTrips(trips, o_zone[rows], d_zone[rows], model.n_zones),
                          main[rows])
