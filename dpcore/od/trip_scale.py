"""The trip scale of the people-based releases: noisy user and trip totals, κ̂ = trips / users.

A people-based release publishes trips as people × κ̂, the trips per person. κ̂ comes from two
small noisy totals (:func:`.people.user_totals`) measured with discrete Laplace (Ghosh et al.
2009): the users (sensitivity 1) at 30 % of the scale's ε and their trips capped at M per user
(sensitivity M) at 70 %: one vector of L1 sensitivity 1 + M would give the user count the
noise of M trips (at M = 50, ε·s = 0.05 the trips per person were off by ~20 %; split, ~3 %).
With m (the mobility report's per-user sample), the trips are counted up to m and between m
and M, and their ratio gives the sampling scale. On few people the scale takes more of ε, up
to a ceiling (:data:`MAX_SCALE_SHARE` of the release's ε), chosen from its noisy user count
(:mod:`.scale_rule`); the caller gives its other parts the rest, so the total is the plan's.
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from ..accounting.contract import Release
from ..accounting.costs import PrivacyCost
from ..accounting.units import PrivacyUnit
from ..mechanisms.geometric import discrete_laplace
from .intervals import ratio_interval, sampling_scale_interval, total_interval
from .people import UNIT, user_totals
from .scale_rule import USERS_SHARE, count_variance, pooled, scale_epsilon, scale_warnings
from .trip_arrays import check_max_trips

#: The most of the release's ε the trip scale may take when the noisy user count is small.
MAX_SCALE_SHARE = 0.25
def trip_scale_cost(epsilon: float, cap: int, m=None) -> PrivacyCost:
    """The cost of :func:`trip_scale`: users (sensitivity 1), then trips (sensitivity M)."""
    cap = check_max_trips(cap)
    if m is not None and cap < int(m):
        raise ValueError(f"the cap M of the trip scale ({cap}) must be ≥ m ({m})")
    what = (f"trips up to m = {m} and between m and M = {cap} per user" if m is not None
            else f"trips up to M = {cap} per user")
    return (PrivacyCost.of("discrete Laplace", epsilon * USERS_SHARE, sensitivity=1,
                          protects=UNIT, unit_of_privacy=PrivacyUnit.USER, note="trip scale: users") +
        PrivacyCost.of("discrete Laplace", epsilon * (1.0 - USERS_SHARE), sensitivity=cap,
                       protects=UNIT, unit_of_privacy=PrivacyUnit.USER, note=f"trip scale: {what}"))



def trip_scale(user, *, epsilon: float, cap: int, rng, m=None, ceiling=None) -> Release:
    """Noisy user totals (:func:`.people.user_totals`): the users with discrete Laplace of
    sensitivity 1 at ε·0.3, then their trips (up to ``cap``; with ``m``: up to m and between
    m and cap) with sensitivity cap at ε·0.7; when the noisy user count is small the scale
    takes more, up to ``ceiling`` (None: exactly ε), the users counted again with the extra
    30 % (:mod:`.scale_rule`). ``values``: [pooled noisy users, noisy trip counts…]. The cost
    spent is in ``cost`` (its ε may exceed ``epsilon``: the caller gives the rest of its
    budget to its other parts). The scales read from them: ``trips_per_person`` κ̂ = trips /
    users clipped to [1, cap] (1 when a noisy count is ≤ 0) and, with ``m``,
    ``sampling_scale`` = (sampled + extra) / sampled clipped to [1, cap/m]: the trips up to
    the cap over those kept by sampling. Each scale has its interval (``…_interval``), which
    holds it and the true scale with probability ≥ 99 % (:mod:`.intervals`; the users' total
    from their most precise count); ``warnings`` when κ̂ may be off by > 2×; ``internal``
    holds the true scales."""
    nominal = trip_scale_cost(epsilon, cap, m)
    totals = user_totals(user, cap, m)
    spent = PrivacyCost()

    def measure(part, counts):
        nonlocal spent
        rel = discrete_laplace(counts, sensitivity=int(part.sensitivity), epsilon=part.epsilon,
                               rng=rng, protects=UNIT)
        spent = spent + PrivacyCost((replace(rel.cost.parts[0], unit_of_privacy=PrivacyUnit.USER,
                                             note=f"{part.note}; {rel.cost.parts[0].note}"),))
        return [float(v) for v in rel.values]

    first, trips_part = nominal.parts
    users_counts, variances = measure(first, totals[:1]), [count_variance(1, first.epsilon)]
    user_epsilons = [first.epsilon]
    whole = scale_epsilon(users_counts[0], cap=cap, nominal=epsilon,
                          ceiling=epsilon if ceiling is None else ceiling)
    again = whole * USERS_SHARE - first.epsilon
    if again > 1e-12:      # the users once more, with what their share lacks
        users_counts += measure(replace(first, epsilon=again, note=first.note + " (again)"),
                                totals[:1])
        variances.append(count_variance(1, again))
        user_epsilons.append(again)
    users, _ = pooled(users_counts, variances)
    eps_trips = max(whole - spent.epsilon, trips_part.epsilon)
    counts = measure(replace(trips_part, epsilon=eps_trips), totals[1:])
    trips = sum(counts)
    kappa = float(np.clip(trips / users, 1.0, cap)) if users > 0 and trips > 0 else 1.0
    best = int(np.argmax(user_epsilons))        # a valid interval from one count alone
    user_range = total_interval(users_counts[best], sensitivity=1, epsilon=user_epsilons[best])
    trip_range = total_interval(trips, sensitivity=cap, epsilon=eps_trips, n_summed=len(counts))
    public = dict(noisy_users=users, noisy_trips=trips, trips_per_person=kappa,
                  trips_per_person_interval=ratio_interval(trip_range, user_range,
                                                           estimate=kappa, low=1.0, high=cap),
                  epsilon_trip_scale=spent.epsilon)
    public["warnings"] = scale_warnings(public)
    internal = dict(trips_per_person=float(totals[1:].sum()) / max(int(totals[0]), 1))
    if m is not None:
        sampled = max(counts[0], 0.0)
        scale = float(np.clip(trips / sampled, 1.0, cap / m)) if sampled > 0 else 1.0
        public.update(noisy_sampled_trips=counts[0], sampling_scale=scale,
                      sampling_scale_interval=sampling_scale_interval(
                          counts[0], counts[1], sensitivity=cap, epsilon=eps_trips,
                          estimate=scale, high=cap / m))
        internal["sampling_scale"] = float(totals[1:].sum()) / max(int(totals[1]), 1)
    return Release([users, *counts], spent, public=public, internal=internal)
