"""Membership-inference audit of synthetic trips: distance to the closest record (DCR).

The attacker knows a target person's trips and sees the synthetic trips; they
guess "member" when the target's trips lie closer to the synthetic records than
a threshold. A trip is the 4-vector (origin x, origin y, destination x,
destination y) in metres; a person's score is the mean over their trips of the
distance to the closest synthetic trip. The advantage is max over thresholds of
TPR − FPR between members (in the training data) and non-members (held out
from the same population). Under ε-DP for the person, any test has
TPR ≤ e^ε · FPR and 1 − FPR ≤ e^ε (1 − TPR), so the advantage is at most
(e^ε − 1)/(e^ε + 1) (Kairouz, Oh & Viswanath 2015; Yeom et al. 2018).
"""
from __future__ import annotations

import math

import numpy as np
from scipy.spatial import cKDTree


def advantage_bound(epsilon: float) -> float:
    """The largest membership advantage an ε-DP release allows."""
    return (math.exp(epsilon) - 1.0) / (math.exp(epsilon) + 1.0)


def person_scores(target_trips, target_user, synthetic_trips) -> np.ndarray:
    """Mean distance of each target person's trips to the closest synthetic trip (one value
    per distinct ``target_user``, in sorted user order)."""
    tree = cKDTree(np.asarray(synthetic_trips, dtype=float))
    dist, _ = tree.query(np.asarray(target_trips, dtype=float))
    users, inverse = np.unique(target_user, return_inverse=True)
    return np.bincount(inverse, dist) / np.bincount(inverse)


def membership_advantage(member_scores, outsider_scores) -> float:
    """max_t TPR − FPR of the test "score ≤ t ⇒ member"."""
    a, b = np.sort(member_scores), np.sort(outsider_scores)
    t = np.concatenate([a, b])
    tpr = np.searchsorted(a, t, side="right") / a.size
    fpr = np.searchsorted(b, t, side="right") / b.size
    return float(np.max(tpr - fpr))
