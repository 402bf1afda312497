"""Origin–destination flows of whole trips, user-level DP.

The OD matrix counts trips from zone i to zone j (the diagonal holds trips
that start and end in one zone). One user adds at most ``m`` trips after
per-user sampling (:func:`~.trips.sample_per_user`), so the matrix changes by
at most m in L1 and in L2 (all m trips in one cell): discrete Laplace with
Δ₁ = m (ε-DP) or the discrete Gaussian with Δ₂ = m ((ε, δ)-DP). Negative noisy
counts are set to 0 (post-processing).

Sampling loses the trips of users above m. Optionally a share of ε releases
a noisy pair (sampled trips S, extra trips E) where E counts each user's
trips between m and a public cap M ≥ m: one user changes S by ≤ m and E by
≤ M − m, so the pair has L1 sensitivity M. The OD values are then scaled by
(Ŝ + Ê)/Ŝ, clipped to [1, M/m] (post-processing), an estimate of the trips
up to M per user over the sampled ones.

The cost is planned before any noise is drawn and is exactly the sum of
the parts that ran. :func:`release_od_tables` releases the same from the bounded
tables of the Spark trips job (:mod:`.trip_tables`).
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from ..accounting.checks import check_epsilon
from ..accounting.contract import Release
from ..accounting.costs import PrivacyCost, rest
from ..accounting.units import PrivacyUnit
from ..mechanisms.geometric import discrete_laplace, discrete_laplace_alpha
from ..random.sampling import sample_per_user, sampling_stream
from ..reporting.messages import word
from ..reporting.progress import report_progress
from .intervals import count_level, sampling_scale_interval, scaled_interval
from .noise import DISCRETE_LAPLACE, LEVEL, check_noise, margin_of_error, noisy_counts
from .shrink import noise_variance
from .totals import total_warning
from .trip_arrays import check_max_trips
from .trip_tables import TripTables, trips_per_user

UNIT = "one user: all their trips in the time window (at most m of them are used)"


def od_cost(*, epsilon: float, delta: float, noise: str, max_trips: int,
                 total_share: float = 0.0, total_cap=None) -> PrivacyCost:
    """The cost of :func:`release_od` with these parameters (no data needed)."""
    epsilon = check_epsilon(epsilon)
    delta = check_noise(noise, delta)
    m = check_max_trips(max_trips)
    share = float(total_share)
    if not 0.0 <= share < 1.0:
        raise ValueError(f"the share of ε for the noisy total must be in [0, 1), got {share}")
    eps_od = epsilon * (1.0 - share)
    mech = "discrete Laplace" if noise == DISCRETE_LAPLACE else "Gaussian (analytic)"
    cost = PrivacyCost.of(mech, eps_od, delta, sensitivity=m, protects=UNIT,
                          unit_of_privacy=PrivacyUnit.USER, note=f"OD matrix, ≤ {m} trips per user")
    if share > 0:
        cap = check_max_trips(total_cap if total_cap is not None else 0)
        if cap < m:
            raise ValueError(f"the cap for the noisy total ({cap}) must be ≥ the trips kept per "
                             f"user ({m})")
        cost = cost + PrivacyCost.of("discrete Laplace", rest(epsilon, eps_od), 0.0,
                                     sensitivity=cap, protects=UNIT, unit_of_privacy=PrivacyUnit.USER,
                                     note=f"noisy totals (sampled, extra up to {cap} per user)")
    return cost


def od_counts(origin_zone, dest_zone, n_zones: int) -> np.ndarray:
    """The n × n matrix of trip counts (zones given as indices 0..n-1)."""
    o = np.asarray(origin_zone, dtype=np.int64)
    d = np.asarray(dest_zone, dtype=np.int64)
    return np.bincount(o * n_zones + d, minlength=n_zones * n_zones).reshape(n_zones, n_zones)


def release_od(user, origin_zone, dest_zone, *, n_zones: int, epsilon: float,
               delta: float = 0.0, rng: np.random.Generator, max_trips: int,
               noise: str = DISCRETE_LAPLACE, total_share: float = 0.0, total_cap=None,
               progress=None) -> Release:
    """Private OD matrix of the trips (one row per trip: user code, origin and destination
    zone index; trips outside every zone must be removed by the caller).

    ``values``: the non-negative noisy matrix (scaled when ``total_share`` > 0).
    ``public``: public facts (m, noise, margin of error of one value and the simultaneous
    margin over all n² values, the noisy totals and scale factor) and ``lower``/``upper``,
    the n × n 95 % interval of every value: value ∓ the margin (clipped at 0), or, when
    scaled, the count's interval at 96 % times the scale factor's at 99 %
    (:mod:`.intervals`), covering the sampled trips × the true factor. ``internal``: the true
    matrices and sampling statistics.
    """
    cost = od_cost(epsilon=epsilon, delta=delta, noise=noise, max_trips=max_trips,
                   total_share=total_share, total_cap=total_cap)
    m = int(max_trips)
    n_zones = int(n_zones)
    user = np.asarray(user, dtype=np.int64)
    o, d = np.asarray(origin_zone, dtype=np.int64), np.asarray(dest_zone, dtype=np.int64)
    if not (user.size == o.size == d.size):
        raise ValueError("user, origin and destination must have one value per trip")
    if o.size and (min(o.min(), d.min()) < 0 or max(o.max(), d.max()) >= n_zones):
        raise ValueError("origin and destination zones must be indices in [0, n_zones)")
    keep = np.flatnonzero(sample_per_user(user, m, sampling_stream(rng)))
    tables = TripTables(n_zones, m, trips=od_counts(o[keep], d[keep], n_zones),
                        people_directed=None, people_undirected=None,
                        trips_per_user=trips_per_user(user),
                        all_trips=od_counts(o, d, n_zones))
    report_progress(progress, 0.3)
    return _release(tables, cost, rng=rng, noise=noise, total_cap=total_cap,
                    progress=progress)


def release_od_tables(tables: TripTables, *, epsilon: float, delta: float = 0.0,
                      rng: np.random.Generator, max_trips: int, noise: str = DISCRETE_LAPLACE,
                      total_share: float = 0.0, total_cap=None, progress=None) -> Release:
    """:func:`release_od` from the bounded tables (the Spark trips job's, or
    :func:`dpcore.od.trip_bounds.bounded_tables`): the trips per pair already bounded to
    ≤ m per user (by a keyed hash instead of the release's generator: the same law, a
    uniformly random m-subset per user), the totals from the trips per user."""
    cost = od_cost(epsilon=epsilon, delta=delta, noise=noise, max_trips=max_trips,
                   total_share=total_share, total_cap=total_cap)
    if int(tables.max_trips) != int(max_trips):
        raise ValueError(f"the bounded trips keep ≤ {tables.max_trips} trips per user, the "
                         f"release m = {max_trips}")
    return _release(tables, cost, rng=rng, noise=noise, total_cap=total_cap,
                    progress=progress)


def _variance(sensitivity, epsilon, n_values) -> float:
    """Variance of the sum of ``n_values`` discrete Laplace noises (public)."""
    return n_values * noise_variance(discrete_laplace_alpha(sensitivity, epsilon))


def _release(tables: TripTables, cost, *, rng, noise, total_cap, progress) -> Release:
    m, n_zones, truth = int(tables.max_trips), tables.n_zones, tables.trips
    od_part = cost.parts[0]
    rel = noisy_counts(truth, noise=noise, sensitivity=m, epsilon=od_part.epsilon,
                       delta=od_part.delta, rng=rng, protects=UNIT,
                       what=od_part.note)
    spent = rel.cost
    values = np.clip(np.asarray(rel.values, dtype=float), 0.0, None)
    scaled = len(cost.parts) > 1
    moe = float(rel.public["margin_of_error"])
    h = moe if not scaled else margin_of_error(          # the count's margin at 96 %
        noise, sensitivity=m, epsilon=od_part.epsilon, delta=od_part.delta,
        level=count_level(scaled), values=n_zones * n_zones)
    lower, upper = np.clip(values - h, 0.0, None), values + h
    # the margin that no noise of the n² pairs exceeds with probability ≥ 95 % (Bonferroni):
    # flows above it are unlikely to be noise alone, whatever the number of pairs
    all_moe = margin_of_error(noise, sensitivity=m, epsilon=od_part.epsilon, delta=od_part.delta,
                              level=1.0 - (1.0 - LEVEL) / max(n_zones * n_zones, 1),
                              values=n_zones * n_zones)
    info = {"max_trips_per_user": m, "noise": noise, "epsilon_od": od_part.epsilon,
            "delta": od_part.delta, "margin_of_error_95": moe,
            "simultaneous_margin_95": all_moe, "zones": n_zones, "scaled": False}
    if scaled:
        cap = int(total_cap)
        sampled = tables.capped_trips(m)
        extra = tables.capped_trips(cap) - sampled
        tot = discrete_laplace(np.array([sampled, extra]), sensitivity=cap,
                               epsilon=cost.parts[1].epsilon, rng=rng, protects=UNIT)
        tot.cost = PrivacyCost((replace(tot.cost.parts[0], unit_of_privacy=PrivacyUnit.USER,
                                        note=f"{cost.parts[1].note}; {tot.cost.parts[0].note}"),))
        spent = spent + tot.cost
        s_hat, e_hat = (float(v) for v in np.clip(tot.values, 0, None))
        factor = float(np.clip((s_hat + e_hat) / s_hat, 1.0, cap / m)) if s_hat > 0 else 1.0
        factor_range = sampling_scale_interval(*(float(v) for v in tot.values),
                                               sensitivity=cap, epsilon=cost.parts[1].epsilon,
                                               estimate=factor, high=cap / m)
        values = values * factor
        lower, upper = scaled_interval(lower, upper, factor_range)
        moe = moe * factor
        info.update(scaled=True, total_cap=cap, count_level=count_level(True),
                    count_margin=h, noisy_sampled_trips=s_hat,
                    noisy_extra_trips=e_hat, scale_factor=factor,
                    scale_factor_interval=factor_range,
                    margin_of_error_95=moe, simultaneous_margin_95=all_moe * factor,
                    margin_of_error_totals_95=margin_of_error(
                        DISCRETE_LAPLACE, sensitivity=cap, epsilon=cost.parts[1].epsilon))
        truth_cap = tables.capped_trips(cap)
    else:
        truth_cap = None
    info.update(lower=lower, upper=upper)
    info["warnings"] = [w for w in [total_warning(
        float(values.sum()) / factor if info["scaled"] else float(values.sum()),
        float(np.sum(rel.values)), _variance(m, od_part.epsilon, truth.size),
        word("trips per pair"))] if w] if noise == DISCRETE_LAPLACE else []
    report_progress(progress, 1.0)
    internal = {"truth_all": tables.all_trips, "truth_sampled": truth, "trips": tables.n,
                "trips_kept": int(truth.sum()), "users": tables.n_users,
                "trips_up_to_cap": truth_cap,
                "scale_factor": truth_cap / max(int(truth.sum()), 1) if scaled else 1.0}
    return Release(values, spent, public=info, internal=internal)
