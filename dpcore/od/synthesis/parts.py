"""The parts of the synthetic-trips model, their sensitivities and the public budget rule.

Unit of privacy: one user, all their trips in the public time window. Every
part is a histogram in which one user's contribution is bounded by public
parameters only (m trips kept per user, the cap M on trips per person), so
its L1 sensitivity is stated here and the part's noise is calibrated to it:

=================  ==========================================  ===========  =========
part               what one user adds                           sensitivity  noise
=================  ==========================================  ===========  =========
``people``         1 to (trips in window capped at M, share     1            discrete
                   of them on the main pair in 5 bands)                      Laplace
``home_work``      1 to (home zone, other end of the main pair) 1            discrete
                                                                             Laplace
``margins``        1 to their home zone and 1 to the zone of    2            discrete
                   the other end of their main pair                          Laplace
``main_distance``  1 to the 500 m band of the distance of their 1            discrete
                   main pair (mean over its trips)                           Laplace
``ends``           weights 1/k over (origin kind, destination  1            Laplace
                   kind) of their k other trips, kind = home,
                   main end or elsewhere (weights sum to 1)
``other_ends``     weights 1/k over the origin zones and 1/k    2            Laplace
                   over the destination zones of the ends
                   "elsewhere" of their k other trips
``distance``       weights 1/k over the straight-distance bands 1            Laplace
                   (500 m) of their k other trips
``detour``         ≤ m trips to the bands of length / distance  m            discrete
``weekday``        ≤ m trips to the weekday of their start      m            discrete
``start_hour``     weights 1/k over (class, hour of the start)  1            Laplace
                   of their k ≤ m sampled trips (sum to 1)
``travel_time``    ≤ m trips to (distance class, 5-min bin)     m            discrete
``transitions``    weights 1/p over its p pairs of consecutive  1            Laplace
                   trips (time order): (kind of the first
                   trip's origin, of its destination, of the
                   next trip's destination), or "not chained"
                   when the next trip does not start in the
                   zone the first ended in (weights sum to 1)
=================  ==========================================  ===========  =========

The share of ε of each part is fixed by :data:`WEIGHTS` (a public rule, the
same for every dataset); the parts compose sequentially, so they add up to ε.
The trips-per-person counts are each person's raw count in the window capped
at M (capping at m first would pile every busy person at m; a calibration
study). Which coarse classes the time histograms are split by is decided
after the people part from its noisy values (:func:`carried`), so the cost does
not depend on it: every trip (start hour: every person's weight 1) lands in cells either way.
The start hour weighs each person's k sampled trips 1/k, so its noise is that of one person
(sensitivity 1), not of m trips: on small data the hours carry a shape where m/ε of noise
per cell left only the uniform law (184 riders: median JS 0.19 → 0.09); the law it
estimates is the people's rather than the trips' (1,000 generated people, 3 km: JS 0.036 →
0.051).
"""
from __future__ import annotations

import math

import numpy as np

from ...accounting.checks import check_epsilon
from ...accounting.costs import PrivacyCost
from ...accounting.units import PrivacyUnit
from ..trip_arrays import check_max_trips

UNIT = "one user: all their trips in the time window (at most m of them shape the per-trip parts)"
#: The calibrated relative weights of the parts (they sum to 1.01) ...
_CALIBRATED = {"people": 0.16, "home_work": 0.12, "margins": 0.18, "main_distance": 0.05,
               "ends": 0.04, "other_ends": 0.14, "distance": 0.05, "detour": 0.025,
               "weekday": 0.025, "start_hour": 0.09, "travel_time": 0.09, "transitions": 0.04}
#: ... normalised: each part's share of ε, summing to 1 (the split the releases always used).
WEIGHTS = {k: w / math.fsum(_CALIBRATED.values()) for k, w in _CALIBRATED.items()}
TITLES = {"people": "people: trips per person (capped at M) × share on their main pair",
          "home_work": "each person's main pair, oriented from its home end",
          "margins": "people per home zone and per main-end zone",
          "main_distance": "distance between home and main end (500 m bands)",
          "ends": "other trips: (origin, destination) at home, main end or elsewhere",
          "other_ends": "other trips' ends elsewhere: origin and destination zones",
          "distance": "straight distance of the other trips (500 m bands)",
          "detour": "trip length / straight distance (bands of 0.1)",
          "weekday": "weekday of the start (UTC)",
          "start_hour": "hour of the start (UTC), by class where carried",
          "travel_time": "travel time (5 min bins), by distance class where carried",
          "transitions": "consecutive trips: second-order transitions between home, main end "
                         "and elsewhere, and the share of chained trips"}
SHARE_EDGES = np.array([0.0, 0.25, 0.5, 0.75, 1.0, 1.01])   # the last band: exactly 1
SHARE_BANDS = SHARE_EDGES.size - 1
DISTANCE_EDGES_M = np.arange(0.0, 20500.0, 500.0)            # the last band is ≥ 20 km
DETOUR_EDGES = np.round(np.arange(1.0, 2.05, 0.1), 2)        # the last band is ≥ 2
TRAVEL_EDGES_MIN = np.arange(0.0, 125.0, 5.0)                # the last bin is ≥ 120 min
DISTANCE_CLASSES_M = np.array([0.0, 2000.0, 5000.0, 10000.0])  # travel time by class
HOUR_CLASSES = ("home → main end", "main end → home", "other")
CARRY_RATIO = 4.0   # a split is used when its expected count per cell ≥ 4 noise std
MAX_CAP = 200
SPARSE_PAIRS = 20.0   # pairs per synthetic person above which pairs are raked to distances
SAMPLED_DISTANCES = 4_000_000   # point pairs sampled over all zone pairs to rake dense pairs
CONTINUOUS = ("ends", "other_ends", "distance", "start_hour", "transitions")   # fractional weights: Laplace
END_KINDS = ("home", "main end", "elsewhere")


def pair_samples(n_zones: int) -> int:
    """Point pairs sampled per zone pair when dense pairs are raked to the distances: as many
    as :data:`SAMPLED_DISTANCES` allows over the n² pairs, 4 to 64: the pairs' totals per
    distance group are then estimated with little sampling error beside the noise of the
    released groups, also on large zones (counties) whose pairs span many groups."""
    return int(np.clip(SAMPLED_DISTANCES // max(int(n_zones) ** 2, 1), 4, 64))


def check_trips_cap(cap, m: int) -> int:
    cap = check_max_trips(cap)
    if cap < m or cap > MAX_CAP:
        raise ValueError(f"the cap M of trips per person must lie in [m, {MAX_CAP}] "
                         f"(m = {m}), got {cap}")
    return cap


def sensitivities(m: int) -> dict:
    """L1 sensitivity of each part (see the module table)."""
    return {"people": 1, "home_work": 1, "margins": 2, "main_distance": 1, "ends": 1,
            "other_ends": 2,
            "distance": 1, "detour": m,
            "weekday": m, "start_hour": 1, "travel_time": m, "transitions": 1}


def budget(epsilon: float, transitions: bool = True) -> dict:
    """ε of each part: ε · weight / the sum of the weights of the parts measured (public)."""
    epsilon = check_epsilon(epsilon)
    weights = {k: w for k, w in WEIGHTS.items() if transitions or k != "transitions"}
    total = math.fsum(weights.values())
    return {k: epsilon * w / total for k, w in weights.items()}


def synthetic_trips_cost(*, epsilon: float, max_trips: int, trips_cap: int,
                         transitions: bool = True, **_public) -> PrivacyCost:
    """The cost of :func:`~.release.release_synthetic_trips` (no data): one part per model
    part, each with its sensitivity; every parameter-only refusal happens here."""
    m = check_max_trips(max_trips)
    check_trips_cap(trips_cap, m)
    sens = sensitivities(m)
    parts = []
    for name, eps in budget(epsilon, transitions).items():
        mech = "Laplace" if name in CONTINUOUS else "discrete Laplace"
        parts.append(PrivacyCost.of(mech, eps, sensitivity=sens[name], protects=UNIT,
                                    unit_of_privacy=PrivacyUnit.USER, note=TITLES[name]))
    return PrivacyCost.sequential(parts)


def feasible_people_cells(cap: int) -> np.ndarray:
    """Which (trips k, share band) cells of the people part can hold a person: the share on
    the main pair is j/k with 1 ≤ j ≤ k (public structure; other cells are set to 0)."""
    ok = np.zeros((cap, SHARE_BANDS), dtype=bool)
    for k in range(1, cap + 1):
        ok[k - 1, band(np.arange(1, k + 1) / k, SHARE_EDGES)] = True
    return ok.ravel()


def noise_std(sensitivity: float, epsilon: float) -> float:
    """Standard deviation of the discrete Laplace noise of one cell (public)."""
    alpha = math.exp(-epsilon / sensitivity)
    return math.sqrt(2.0 * alpha) / (1.0 - alpha)


def carried(expected_total: float, cells: int, sensitivity: float, epsilon: float) -> bool:
    """The public rule for splitting a time histogram by a coarse class: the expected
    count per cell (a noisy total, post-processing) is ≥ CARRY_RATIO noise std."""
    return expected_total / max(cells, 1) >= CARRY_RATIO * noise_std(sensitivity, epsilon)


def band(values, edges) -> np.ndarray:
    """Bin index of each value in public ``edges`` (below the first → 0, beyond → last)."""
    return np.clip(np.searchsorted(edges, values, side="right") - 1, 0, len(edges) - 2)
