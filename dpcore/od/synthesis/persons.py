"""Per-person facts of the synthetic-trips model, read from the raw trips before any noise.

The main pair is the people-based one (:func:`dpcore.od.people.main_pairs`, undirected, ties
at random); its *home end* is the origin of the person's main-pair trip that starts earliest
in the day (UTC): the morning trip of a commuter leaves home.
"""
from __future__ import annotations

import numpy as np

from ..people import main_pairs
from ..trip_arrays import ZonedTrips

DAY = 86400.0


def person_facts(data: ZonedTrips, rng: np.random.Generator):
    """Per person (user codes 0..U-1): trips in the window, main undirected pair, its trips,
    home zone and other end. People without trips have 0 trips and are never used."""
    n = data.n_zones
    n_people = int(data.user.max()) + 1 if data.n else 0
    person_trips = np.bincount(data.user, minlength=n_people)
    u, key, on_main = main_pairs(data, directed=False, rng=rng)
    main_key = np.full(n_people, -1, dtype=np.int64)
    main_key[u] = key
    main_trips = np.zeros(n_people, dtype=np.int64)
    main_trips[u] = on_main
    o, d = data.origin_zone.astype(np.int64), data.dest_zone.astype(np.int64)
    trip_key = np.minimum(o, d) * n + np.maximum(o, d)
    is_main = trip_key == main_key[data.user]
    hour = np.nan_to_num(np.mod(data.trips.start, DAY), nan=2 * DAY)
    idx = np.flatnonzero(is_main)
    idx = idx[np.lexsort((hour[idx], data.user[idx]))]
    first = idx[np.r_[True, data.user[idx][1:] != data.user[idx][:-1]]] if idx.size else idx
    home = np.full(n_people, -1, dtype=np.int64)
    home[data.user[first]] = o[first]
    lo, hi = main_key // n, main_key % n
    other_end = np.where(home == lo, hi, lo)
    return person_trips, main_trips, home, other_end, is_main


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


def kind_of(zone, home, other_end) -> np.ndarray:
    """0 at the person's home zone, 1 at the other end of their main pair, 2 elsewhere."""
    return np.where(zone == home, 0, np.where(zone == other_end, 1, 2))
