"""Similarity of two mobility reports.

The measures of dp-mobility-report's benchmark (its SIMILARITY_MEASURES
documentation): SMAPE for counts (here in [0, 1]: |a − b| / (|a| + |b|) per
value, 0 where both are 0, averaged), Kullback–Leibler and Jensen–Shannon
divergence (base 2, JS in [0, 1]) for histograms as distributions, and the
earth mover's distance in metres between the distributions of visits over
the zone centroids. Quartiles are compared with SMAPE.

A document built from the raw data is marked ``internal``; any comparison
involving one is internal too (it measures the raw data).
"""
from __future__ import annotations

import math

import numpy as np
from scipy.spatial import distance
from scipy.special import rel_entr

from ..reporting.metrics import emd
from .report_content import FORMAT


def smape(a, b) -> float:
    a, b = np.ravel(np.asarray(a, dtype=float)), np.ravel(np.asarray(b, dtype=float))
    denom = np.abs(a) + np.abs(b)
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = np.where(denom > 0, np.abs(a - b) / denom, 0.0)
    return float(terms.mean()) if terms.size else math.nan


def _dist(v) -> np.ndarray:
    v = np.clip(np.ravel(np.asarray(v, dtype=float)), 0.0, None)
    return v / v.sum() if v.sum() > 0 else v


def kl(a, b) -> float:
    """KL(a ‖ b) in bits of the normalised histograms (inf where b has 0 and a has mass)."""
    p, q = _dist(a), _dist(b)
    if not (p.sum() > 0 and q.sum() > 0):
        return math.nan
    return float(rel_entr(p, q).sum() / math.log(2))


def js(a, b) -> float:
    """Jensen–Shannon divergence (base 2, in [0, 1]) of the normalised histograms."""
    p, q = _dist(a), _dist(b)
    if not (p.sum() > 0 and q.sum() > 0):
        return math.nan
    return float(distance.jensenshannon(p, q, base=2) ** 2)


def check_document(doc: dict, name: str) -> None:
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ValueError(f"{name} is not a Mobility DP report document (JSON from the "
                         "private mobility report)")


def compare_documents(first: dict, second: dict) -> dict:
    """Rows (statistic, measure, value) for every statistic both documents hold."""
    check_document(first, "the first report")
    check_document(second, "the second report")
    if first["zones"]["ids"] != second["zones"]["ids"]:
        raise ValueError("the two reports use different zones; they cannot be compared")
    centroids = np.asarray(first["zones"]["centroids"], dtype=float)
    rows = []
    common = [k for k in first["statistics"] if k in second["statistics"]]
    if not common:
        raise ValueError("the two reports have no statistic in common")
    for name in common:
        a, b = first["statistics"][name], second["statistics"][name]
        ca, cb = np.asarray(a["counts"], dtype=float), np.asarray(b["counts"], dtype=float)
        if ca.shape != cb.shape:
            raise ValueError(f"{name}: the reports use different bins ({ca.shape} vs {cb.shape})")
        rows.append((name, "SMAPE", smape(ca, cb)))
        if name == "visits":
            pa, pb = np.asarray(a["per_zone"]), np.asarray(b["per_zone"])
            rows.append((name, "EMD per zone (m)",
                         float(emd(pa[:, None], pb[:, None], centroids)[0])))
            rows.append((name, "JS per zone", js(pa, pb)))
            rows.append((name, "EMD per zone and time window, mean (m)",
                         float(np.nanmean(emd(ca, cb, centroids)))))
        elif name == "trips_over_time":
            for part in ("per_weekday", "per_hour"):
                rows.append((name, f"JS {part.replace('_', ' ')}", js(a[part], b[part])))
        else:
            rows.append((name, "KL", kl(ca, cb)))
            rows.append((name, "JS", js(ca, cb)))
        if "quartiles" in a and "quartiles" in b:
            rows.append((name, "SMAPE of quartiles", smape(a["quartiles"], b["quartiles"])))
    return {"rows": rows, "internal": bool(first.get("internal") or second.get("internal"))}
