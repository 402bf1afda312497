"""The private mobility report: many statistics in one release (issue 15, item 3).

The user picks statistics and weights; statistic k gets ε·w_k/Σw and its
own discrete Laplace noise calibrated to its user-level sensitivity
(:func:`.statistics.sensitivity`). Sequential composition: the parts add up
to ε. All statistics share one per-user sample of ≤ m trips (sampling is
not a release and costs nothing). Every released count has its 95 % margin
of error from the noise distribution; marginals (visits per zone over all
windows, trips per weekday and per hour) are sums of released counts with
the margin of the summed noise. Quartiles of histograms are read from the
noisy histogram (post-processing, free): "DP quartiles" in the sense of
dp-mobility-report, which also derives them from its noisy histograms.

The report document (:func:`document`) is plain JSON: released values and
public facts only, unless it is built from the truth (``internal=True``),
which :mod:`.compare` flags.
"""
from __future__ import annotations

import math
from typing import Dict, Optional

import numpy as np

from ..privacy import PrivacyCost, Release, check_epsilon, report_progress
from .flows import check_as_planned
from .noise import DISCRETE_LAPLACE, LEVEL, margin_of_error, noisy_counts
from .statistics import (OD, STATISTICS, TITLES, TRIPS_OVER_TIME, VISITS, Bins, compute,
                         sensitivity)
from ..sampling import sample_per_user, sampling_stream
from .trips import Trips, check_max_trips

UNIT = "one user: all their trips in the time window (at most m of them are used)"
FORMAT = "mobilitydp-report"


def split_budget(epsilon: float, weights: Dict[str, float]) -> Dict[str, float]:
    """ε per chosen statistic, proportional to its weight (weights > 0; zero drops it)."""
    epsilon = check_epsilon(epsilon)
    chosen = {k: float(w) for k, w in weights.items() if float(w) != 0.0}
    for k, w in chosen.items():
        if k not in STATISTICS:
            raise ValueError(f"unknown statistic {k!r}; choose among {', '.join(STATISTICS)}")
        if not (w > 0 and math.isfinite(w)):
            raise ValueError(f"the weight of {k} must be a positive number, got {w}")
    if not chosen:
        raise ValueError("choose at least one statistic with a positive weight")
    total = math.fsum(chosen.values())
    return {k: epsilon * chosen[k] / total for k in STATISTICS if k in chosen}


def plan_report_cost(*, epsilon: float, weights, max_trips: int) -> PrivacyCost:
    """The cost of :func:`release_report` (no data needed): one part per statistic."""
    m = check_max_trips(max_trips)
    return PrivacyCost.sequential(
        PrivacyCost.of("discrete Laplace", eps, sensitivity=sensitivity(name, m), protects=UNIT,
                       unit_of_privacy="user", note=TITLES[name])
        for name, eps in split_budget(epsilon, weights).items())


def hist_quartiles(counts, edges) -> list:
    """Quartiles of a histogram by linear interpolation in its bins (the open top bin is
    read as ending at the last edge); NaN when the histogram is empty."""
    c = np.clip(np.asarray(counts, dtype=float), 0.0, None)
    if not c.sum() > 0:
        return [math.nan] * 3
    cdf = np.concatenate([[0.0], np.cumsum(c)]) / c.sum()
    edges = np.asarray(edges, dtype=float)
    out = []
    for q in (0.25, 0.5, 0.75):
        i = int(np.clip(np.searchsorted(cdf, q, side="left") - 1, 0, c.size - 1))
        frac = (q - cdf[i]) / (cdf[i + 1] - cdf[i]) if cdf[i + 1] > cdf[i] else 0.0
        out.append(float(edges[i] + frac * (edges[i + 1] - edges[i])))
    return out


def _entry(stat, values, moe, eps=None, n_moe=None):
    e = {"title": TITLES[stat.name], "counts": np.asarray(values, dtype=float),
         "sensitivity": stat.sensitivity, "labels": stat.labels, "margin_of_error_95": moe}
    if eps is not None:
        e["epsilon"] = eps
    if stat.edges is not None:
        e["edges"] = np.asarray(stat.edges, dtype=float)
        e["quartiles"] = hist_quartiles(values, stat.edges)
    if stat.name == VISITS:
        e["per_zone"] = e["counts"].sum(axis=1)
        e["per_zone_margin_of_error_95"] = n_moe(e["counts"].shape[1]) if n_moe else 0.0
    if stat.name == TRIPS_OVER_TIME:
        e["per_weekday"] = e["counts"].sum(axis=1)
        e["per_hour"] = e["counts"].sum(axis=0)
        e["per_weekday_margin_of_error_95"] = n_moe(24) if n_moe else 0.0
        e["per_hour_margin_of_error_95"] = n_moe(7) if n_moe else 0.0
    return e


def release_report(trips: Trips, origin_zone, dest_zone, *, n_zones: int, epsilon: float,
                   weights: Dict[str, float], max_trips: int, rng: np.random.Generator,
                   bins: Optional[Bins] = None, progress=None) -> Release:
    """Release the chosen statistics (see module doc). ``values`` maps each statistic to
    its released entry; ``internal['truth']`` holds the same entries without noise."""
    cost = plan_report_cost(epsilon=epsilon, weights=weights, max_trips=max_trips)
    budget = split_budget(epsilon, weights)
    bins = bins or Bins()
    m = int(max_trips)
    o = np.asarray(origin_zone, dtype=np.int64)
    d = np.asarray(dest_zone, dtype=np.int64)
    if not (o.size == d.size == trips.n):
        raise ValueError("one origin and one destination zone per trip are needed")
    if trips.n == 0:
        raise ValueError("no trips to report on")
    kept = np.flatnonzero(sample_per_user(trips.user, m, sampling_stream(rng)))
    truth = {name: compute(name, trips, kept, o, d, int(n_zones), m, bins) for name in budget}
    spent, values, internal = PrivacyCost(), {}, {}
    for k, (name, eps) in enumerate(budget.items()):
        stat = truth[name]
        rel = noisy_counts(stat.counts, noise=DISCRETE_LAPLACE, sensitivity=stat.sensitivity,
                           epsilon=eps, delta=0.0, rng=rng, protects=UNIT,
                           what=TITLES[name])
        spent = spent + rel.cost
        n_moe = (lambda k_sum, s=stat.sensitivity, e=eps: margin_of_error(
            DISCRETE_LAPLACE, sensitivity=s, epsilon=e, n_summed=k_sum))
        values[name] = _entry(stat, np.clip(rel.values, 0, None), rel.public["margin_of_error"],
                              eps, n_moe)
        if name == OD:  # the threshold no noise of the n² pairs exceeds with probability 95 %
            values[name]["simultaneous_margin_95"] = margin_of_error(
                DISCRETE_LAPLACE, sensitivity=stat.sensitivity, epsilon=eps,
                level=1.0 - (1.0 - LEVEL) / max(stat.counts.size, 1))
        internal[name] = _entry(stat, stat.counts, 0.0)
        report_progress(progress, (k + 1) / len(budget))
    check_as_planned(cost, spent)
    info = {"max_trips_per_user": m, "noise": DISCRETE_LAPLACE, "epsilon": float(epsilon),
            "statistics": list(budget), "epsilon_per_statistic": budget}
    return Release(values, spent, public=info,
                   internal={"truth": internal, "trips": trips.n, "trips_kept": int(kept.size),
                             "users": int(np.unique(trips.user).size)})


def _plain(value):
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, (np.floating, np.integer)):
        return value.item()
    return value


def document(entries: dict, *, zone_ids, centroids, internal: bool, cost=None,
             info=None) -> dict:
    """A JSON-ready report document (for :mod:`.compare`). ``internal`` marks one built
    from the raw data."""
    return {"format": FORMAT, "version": 1, "internal": bool(internal),
            "zones": {"ids": [str(z) for z in zone_ids],
                      "centroids": np.asarray(centroids, dtype=float).tolist()},
            "cost": cost.to_dict() if cost is not None else None,
            "info": _plain(info or {}), "statistics": _plain(entries)}
