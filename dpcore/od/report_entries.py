"""One statistic of the mobility report as it is published: its entry.

Post-processing of released counts (free): the counts clipped at 0, the marginals a report
prints (visits per zone over all windows, trips per weekday and per hour) as sums of the
released counts with the margin of the summed noise, and the quartiles of a histogram read
from the noisy histogram: "DP quartiles" in the sense of dp-mobility-report (Kapp &
Schlosser), which also derives them from its noisy histograms.
"""
from __future__ import annotations

import math

import numpy as np

from .statistics import TITLES, TRIPS_OVER_TIME, VISITS


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


def entry(stat, values, moe, eps=None, n_moe=None):
    """One statistic: its counts clipped at 0, and the sums a report prints (per zone, per
    weekday, per hour) taken over the *unclipped* noisy counts and then clipped: a sum of
    unclipped values has the noise of ``n_moe``'s margin, and clipping a value towards the
    feasible range [0, ∞) never moves it away from a true count ≥ 0, so the printed margin
    covers (a sum of clipped counts is biased upwards: its coverage fell to 0.78)."""
    raw = np.asarray(values, dtype=float)
    e = {"title": TITLES[stat.name], "counts": np.clip(raw, 0.0, None),
         "sensitivity": stat.sensitivity, "labels": stat.labels, "margin_of_error_95": moe}
    if eps is not None:
        e["epsilon"] = eps
    if stat.edges is not None:
        e["edges"] = np.asarray(stat.edges, dtype=float)
        e["quartiles"] = hist_quartiles(values, stat.edges)
    if stat.name == VISITS:
        e["per_zone"] = np.clip(raw.sum(axis=1), 0.0, None)
        e["per_zone_margin_of_error_95"] = n_moe(e["counts"].shape[1]) if n_moe else 0.0
    if stat.name == TRIPS_OVER_TIME:
        e["per_weekday"] = np.clip(raw.sum(axis=1), 0.0, None)
        e["per_hour"] = np.clip(raw.sum(axis=0), 0.0, None)
        e["per_weekday_margin_of_error_95"] = n_moe(24) if n_moe else 0.0
        e["per_hour_margin_of_error_95"] = n_moe(7) if n_moe else 0.0
    return e

