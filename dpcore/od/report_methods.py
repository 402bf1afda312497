"""The mobility report's OD and visits by the people-based and shrunk methods (:mod:`.strategy`).

* OD flows ``people_shrunk``: people per unordered pair (:func:`.people_flows.measure_people`,
  sensitivity 1) at the OD statistic's ε, shrunk (:mod:`.shrink`, monotone prior) and
  published as trips per ordered pair: κ̂ · people / 2 off the diagonal, κ̂ the trips per
  person of the trip scale.
* visits ``shrunk``: the visits of the sampled trips with their usual noise (sensitivity
  2m), their zone totals shrunk towards the mean of the zones by the share of the noise in
  their spread and each zone's split over the time windows towards the table's profile
  (Fay–Herriot, :func:`.shrink.profile_shrink`; per window alone, a 1 km grid's cells all went
  to their window's mean; the free-prior NPMLE used before that was as good at IRIS zones and
  worse than no shrinkage on a 1 km grid), then scaled
  by the sampling scale (trips up to the cap M over the trips kept, from the same noisy
  totals) to estimate the visits of all trips.
* the trip scale: the users (sensitivity 1) and [trips up to m, trips between m and M]
  (L1 sensitivity M) with discrete Laplace (:func:`.trip_scale.trip_scale`) at a share of
  ε, spent once for both (paid by the OD flows where they hold half of ε:
  :func:`.report.scale_payer`).

Margins: the 95 % margin of the noisy count (noise law) times the scale. People per pair
also publish ``lower``/``upper`` (:mod:`.intervals`): the shrunk value's hull times the trip
scale's interval, covering people × the true trips per person (not the trips off the main
pairs). The shrunk visits' margin is that of the noise before shrinkage, not a coverage
interval of the shrunk value: their entry says so (``margin_note``) and the layer too.
"""
from __future__ import annotations

import numpy as np

from ..mechanisms.geometric import discrete_laplace_alpha
from .intervals import count_level
from .people_flows import measure_people, published_pairs, shrink_pairs
from .shrink import profile_shrink
from .strategy import OD_PEOPLE, VISITS_SHRUNK
from .trip_arrays import ZonedTrips

OD_PEOPLE_NOTE = "OD flows: people per unordered pair, each user once"


def needs_scale(od_method: str, visits_method: str, weights) -> bool:
    """Whether the chosen methods use the trip scale."""
    on = {k for k, w in weights.items() if float(w) != 0.0}
    return (("od" in on and od_method == OD_PEOPLE) or
        ("visits" in on and visits_method == VISITS_SHRUNK))


def od_people_entry(zoned: ZonedTrips, *, epsilon: float, rng, scale: float,
                    scale_range: tuple):
    """(cost, published OD entry fields, true trips per pair) of people per pair; the
    fields' ``lower``/``upper`` are the intervals of :mod:`.intervals` (the shrunk count's
    hull at 96 % times ``scale_range``, the trip scale's 99 % interval)."""
    rel, truth, index = measure_people(zoned, epsilon=epsilon, directed=False, rng=rng,
                                       note=OD_PEOPLE_NOTE)
    facts, pairs = shrink_pairs(np.asarray(rel.values, dtype=float), index, zoned.n_zones,
                                epsilon=epsilon, level=count_level(True), directed=False)
    values, lower, upper = published_pairs(pairs, False, scale, scale_range)
    fields = {"counts": values, "lower": lower, "upper": upper,
              "margin_of_error_95": facts["count_margin"] * scale / 2.0,
              "warnings": pairs["warnings"],
              "simultaneous_margin_95": facts["simultaneous_margin_95"] * scale / 2.0,
              "counted": "people per unordered pair (each user once, on their main pair), "
                         f"× {scale:.4g} trips per person, split evenly between directions",
              "margin_note": "margin of the noisy people count × the trip scale / 2; the "
                             "interval (lower, upper) holds the shrunk value and the trip "
                             "scale's noise; it covers people × the true trips per person, "
                             "not the trips off the main pairs"}
    return rel.cost, fields, truth


def visits_shrunk(noisy_counts, *, sensitivity: int, epsilon: float, scale: float):
    """Shrunk visits × the sampling scale, same shape as ``noisy_counts`` (zones × windows):
    Fay–Herriot shrinkage of the zone totals and of each zone's split over the windows
    (:func:`.shrink.profile_shrink`)."""
    alpha = discrete_laplace_alpha(sensitivity, epsilon)
    return profile_shrink(np.asarray(noisy_counts, dtype=float), alpha) * scale
