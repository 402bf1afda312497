"""A ledger with two populations, made through the ledger's own API (the budget panel's tests
and its screenshot, docs/budget_panel_shot.py).

``paris-subscribers``: weekly trip exports of 5,000 people (10 % churn a week) in November
2026 as a GeoPackage, a CSV, a reprojected copy and a 70 % subset — each later file joins the
population through the keyed sketch of its ids — under a policy of ε = 12 per user over 2026,
at most 1 per ISO week and 4 per calendar month. ``bikeshare-members``: 2,000 other people, a
monthly export in October and one in November, ε = 6 over 2026 and 2 per month.
"""
from __future__ import annotations

import datetime as dt

import numpy as np

from mobility_dp.dpcore.accounting.costs import Budget, PrivacyCost
from mobility_dp.dpcore.accounting.ledger import Ledger
from mobility_dp.dpcore.accounting.populations import Policy

SUBSCRIBERS = "paris-subscribers"
BIKES = "bikeshare-members"
SUBSCRIBERS_POLICY = Policy(Budget(12.0, 0.0, unit_of_privacy="user"), horizon="2026",
                            caps=(("week", 1.0), ("month", 4.0)))
BIKES_POLICY = Policy(Budget(6.0, 0.0, unit_of_privacy="user"), horizon="2026",
                      caps=(("month", 2.0),))
#: (dataset, algorithm, ε, first day of its week or month, last day, population named or None,
#: outputs); the people of each row are drawn in :func:`two_populations`.
RELEASES = (
    ("/data/trips/week_45.gpkg", "mobilitydp:odflows", 1.0, "2026-11-02", "2026-11-08",
     SUBSCRIBERS, ["/out/od_w45.gpkg"]),
    ("/data/trips/week_46.csv", "mobilitydp:mobilityreport", 1.0, "2026-11-09", "2026-11-15",
     None, ["/out/report_w46.html"]),
    ("/data/trips/week_47_3857.gpkg", "mobilitydp:odflows", 0.5, "2026-11-16", "2026-11-22",
     None, ["/out/od_w47.gpkg"]),
    ("/data/trips/week_48_subset.gpkg", "mobilitydp:odflows", 0.5, "2026-11-23", "2026-11-29",
     None, ["/out/od_w48.gpkg"]),
    ("/data/bikes/october.gpkg", "mobilitydp:odflows", 1.5, "2026-10-01", "2026-10-31",
     BIKES, ["/out/bikes_oct.gpkg"]),
    ("/data/bikes/november.gpkg", "mobilitydp:sanitizedensity", 1.0, "2026-11-01",
     "2026-11-30",
     None, ["/out/bikes_nov.gpkg"]),
)


def two_populations(path: str, seed: int = 0) -> Ledger:
    """Write the ledger described in the module docstring at ``path``; return it."""
    rng = np.random.default_rng(seed)
    subscribers = rng.choice(10**9, 5000, replace=False)
    bikes = 2 * 10**9 + rng.choice(10**9, 2000, replace=False)
    ledger = Ledger(path)
    for dataset, label, eps, first, last, named, outputs in RELEASES:
        people = subscribers if "/trips/" in dataset else bikes
        if dataset.endswith("subset.gpkg"):
            people = rng.choice(people, int(0.7 * people.size), replace=False)
        cost = PrivacyCost.of("discrete Laplace", eps, unit_of_privacy="user")
        policy = {SUBSCRIBERS: SUBSCRIBERS_POLICY, BIKES: BIKES_POLICY}.get(named)
        ledger.reserve(dataset, cost, label=label, ids=np.repeat(people, 3), population=named,
                       policy=policy, period=(dt.date.fromisoformat(first),
                                              dt.date.fromisoformat(last))
                       ).commit(cost, outputs)
        if "/trips/" in dataset:                       # next week: 10 % of the people replaced
            gone = rng.choice(subscribers.size, subscribers.size // 10, replace=False)
            subscribers = subscribers.copy()
            subscribers[gone] = 10**9 + rng.choice(10**9, gone.size, replace=False)
    return ledger
