"""Original against private flows (Pratesi 2012 §5.4): PCC, fitted slope, distributions, borders.

For each measure the thesis plots private against original values with the
least-squares regression line and reports the Pearson correlation
coefficient (PCC) and the slope (§5.4, Figs. 5.4, 5.18). A slope far from
1 with a high PCC is the Count-Min symptom: correlated but overestimated.

Mobility borders are compared by pair counting (§5.3.2): precision is the
fraction of the cell pairs grouped together in the private partition that
are also together in the original one; recall the fraction of the pairs
together in the original partition that stay together in the private one.
"""
from __future__ import annotations

import numpy as np
import scipy.sparse as sp


def fit(original, private) -> dict:
    """PCC, slope and intercept of private ~ original (least squares), and the mean bias."""
    x = np.asarray(original, dtype=float).ravel()
    y = np.asarray(private, dtype=float).ravel()
    if x.size != y.size or x.size < 2:
        raise ValueError("need two arrays of the same length (at least 2 values)")
    if np.ptp(x) == 0 or np.ptp(y) == 0:
        pcc = float("nan")
        slope, intercept = float("nan"), float("nan")
    else:
        from scipy.stats import linregress  # imported here: scipy.stats takes ~0.2 s to load
        res = linregress(x, y)
        pcc, slope, intercept = float(res.rvalue), float(res.slope), float(res.intercept)
    return {"pcc": pcc, "slope": slope, "intercept": intercept, "bias": float(np.mean(y - x)),
            "n": int(x.size)}


def compare_measures(original: dict, private: dict) -> dict:
    """:func:`fit` of every measure present in both dictionaries."""
    return {name: fit(original[name], private[name]) for name in original if name in private}


def cdf(values, points=None) -> tuple:
    """Empirical cumulative distribution (sorted values, fractions ≤), for the distribution plots."""
    v = np.sort(np.asarray(values, dtype=float).ravel())
    frac = np.arange(1, v.size + 1) / max(v.size, 1)
    if points is not None and v.size > points:
        keep = np.linspace(0, v.size - 1, int(points)).astype(int)
        v, frac = v[keep], frac[keep]
    return v, frac


def _pairs_together(contingency) -> float:
    data = np.asarray(contingency, dtype=float)
    return float((data * (data - 1) / 2).sum())


def border_precision_recall(original_labels, private_labels) -> tuple:
    """Pair-counting (precision, recall) of the private communities against the original ones."""
    a = np.asarray(original_labels).ravel()
    b = np.asarray(private_labels).ravel()
    if a.size != b.size:
        raise ValueError("both partitions must label the same cells")
    _, ai = np.unique(a, return_inverse=True)
    _, bi = np.unique(b, return_inverse=True)
    table = sp.coo_matrix((np.ones(a.size), (ai.ravel(), bi.ravel()))).tocsr()
    both = _pairs_together(table.data)
    in_private = _pairs_together(np.asarray(table.sum(axis=0)).ravel())
    in_original = _pairs_together(np.asarray(table.sum(axis=1)).ravel())
    precision = both / in_private if in_private else 1.0
    recall = both / in_original if in_original else 1.0
    return precision, recall
