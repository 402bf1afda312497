"""Synthetic trips against the raw trips: the measures its goals are stated in.

Internal only (it reads the raw trips). Histograms are compared with the
mobility report's Jensen–Shannon divergence (:func:`dpcore.od.compare.js`,
base 2): trip length (500 m bins), start hour (1 h), travel time (5 min),
trips per person (1..30+), home–main-end distance (500 m). Counts are
compared with Pearson's r after scaling the synthetic counts to the raw
total: OD trips on the pairs the raw trips use, and trips starting per zone ×
hour. Per-person structure: the share of all trips that lie on their
person's main pair (:func:`dpcore.od.people.main_pairs`). Multi-stop structure: the share
of a person's consecutive trips (time order) where the next starts in the zone the previous
ended in, and Pearson's r of the counts of (destination, next destination) zone pairs of
consecutive trips on the pairs the raw trips use.
"""
from __future__ import annotations

import numpy as np

from ..compare import js
from ..people import main_pairs
from ..trip_arrays import ZonedTrips

KM_BINS = np.arange(0.0, 20500.0, 500.0)
MIN_BINS = np.arange(0.0, 125.0, 5.0)


def _hist(values, edges) -> np.ndarray:
    idx = np.clip(np.searchsorted(edges, values, side="right") - 1, 0, len(edges) - 2)
    return np.bincount(idx, minlength=len(edges) - 1)


def _pearson(truth, other, mask=None) -> float:
    t, o = np.ravel(truth).astype(float), np.ravel(other).astype(float)
    if mask is not None:
        t, o = t[np.ravel(mask)], o[np.ravel(mask)]
    if t.size < 2 or t.std() == 0 or o.std() == 0:
        return float("nan")
    return float(np.corrcoef(t, o)[0, 1])


def profile(z: ZonedTrips, rng: np.random.Generator) -> dict:
    """The histograms and count arrays the comparison needs, of one set of trips."""
    t, n = z.trips, z.n_zones
    person_trips = np.bincount(z.user)
    person_trips = person_trips[person_trips > 0]
    user, key, on_main = main_pairs(z, directed=False, rng=rng)
    o, d = z.origin_zone.astype(np.int64), z.dest_zone.astype(np.int64)
    trip_key = np.minimum(o, d) * n + np.maximum(o, d)
    main_key = np.full(int(z.user.max()) + 1, -1, dtype=np.int64)
    main_key[user] = key
    is_main = trip_key == main_key[z.user]
    straight = np.hypot(*(t.dest - t.origin).T)
    main_distance_sum = np.bincount(z.user[is_main], straight[is_main], minlength=main_key.size)
    hw = main_distance_sum[user] / on_main
    hour = np.floor(np.mod(t.start, 86400.0) / 3600.0).astype(np.int64)
    order = np.lexsort((t.start, z.user))   # consecutive trips of a person in time order
    same = z.user[order][1:] == z.user[order][:-1]
    a, b = order[:-1][same], order[1:][same]
    return {"chained": float(np.mean(o[b] == d[a])) if a.size else float("nan"),
            "next_stop": np.bincount(d[a] * n + d[b], minlength=n * n),
            "od": np.bincount(o * n + d, minlength=n * n),
            "zone_hour": np.bincount(o * 24 + hour, minlength=n * 24),
            "length": _hist(t.length, KM_BINS), "hour": np.bincount(hour, minlength=24),
            "travel": _hist((t.end - t.start) / 60.0, MIN_BINS),
            "per_person": np.bincount(np.minimum(person_trips, 30), minlength=31)[1:],
            "home_work": _hist(hw, KM_BINS), "main_share": float(on_main.sum() / z.n),
            "trips": z.n, "people": int(person_trips.size)}


def compare(truth: dict, synthetic: dict) -> dict:
    """The issue's measures of a synthetic profile against the raw one (both from
    :func:`profile`)."""
    used = truth["od"] > 0
    return {"OD r (true pairs)": _pearson(truth["od"], synthetic["od"], used),
            "zone × hour r": _pearson(truth["zone_hour"], synthetic["zone_hour"]),
            "JS trip length": js(truth["length"], synthetic["length"]),
            "JS start hour": js(truth["hour"], synthetic["hour"]),
            "JS travel time": js(truth["travel"], synthetic["travel"]),
            "JS trips per person": js(truth["per_person"], synthetic["per_person"]),
            "JS home–main distance": js(truth["home_work"], synthetic["home_work"]),
            "main-pair share": synthetic["main_share"],
            "chained share": synthetic["chained"],
            "chained share (truth)": truth["chained"],
            "next-stop r (true pairs)": _pearson(truth["next_stop"], synthetic["next_stop"],
                                                 truth["next_stop"] > 0),
            "main-pair share (truth)": truth["main_share"]}
