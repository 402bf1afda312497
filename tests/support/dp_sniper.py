"""A black-box DP auditor in the style of DP-Sniper and StatDP.

Bichsel, Steffen, Bogunovic & Vechev, "DP-Sniper: Black-Box Discovery of
Differential Privacy Violations using Classifiers" (IEEE S&P 2021), and
Ding, Wang, Wang, Zhang & Kifer, "Detecting Violations of Differential
Privacy" (StatDP, CCS 2018): instead of checking a fixed family of events,
*search* for the output event S with the largest probability ratio
P[M(D) ∈ S] / P[M(D′) ∈ S], then test that one event on fresh samples.

Three independent batches per side:

1. **train** a score s(y) that ranks outputs by how much more likely they are
   under D than under D′ (Neyman–Pearson: the best events are super-level
   sets of the likelihood ratio). Scalar outputs: the smoothed empirical log
   ratio of the output's bin (its value when outputs are discrete, else
   quantile bins); vector outputs: a logistic-regression classifier, as
   DP-Sniper does, on an additive piecewise-linear basis (values, squares,
   hinges at quantile knots) that can express the log likelihood ratio of
   independent per-coordinate noise.
2. **select**, on a validation batch, the threshold t whose event
   {s ≥ t} (and, the other way round, {s ≤ t}) has the largest
   Clopper–Pearson lower bound of the ratio among events of mass ≥
   ``min_mass``;
3. **test** the two selected events on a fresh batch with exact
   Clopper–Pearson bounds (Bonferroni over 2 events × 2 bounds): the
   auditor reports the ε it proves, ln((lower(p) − δ)/upper(q)), and fails
   the mechanism only if that exceeds ε — a violation proven at confidence
   1 − α, because the events were chosen on independent data.
"""
from __future__ import annotations

import math

import numpy as np

from .dp_audit import AuditResult, clopper_pearson, quantile_edges

__all__ = ["dp_sniper"]


def _as_rows(sample) -> np.ndarray:
    a = np.asarray(sample, dtype=float)
    return a.reshape(len(a), -1)


class _HistogramScore:
    """Smoothed log ratio of bin counts (1-D outputs)."""

    def __init__(self, a, b, bins: int):
        a, b = a.ravel(), b.ravel()
        values = np.unique(np.concatenate([a, b]))
        if values.size <= 4 * bins:                  # discrete outputs: one bin per value
            self.edges = (values[:-1] + values[1:]) / 2
        else:
            self.edges = quantile_edges(a, b, bins=bins)
        k = self.edges.size + 1
        ca = np.bincount(np.searchsorted(self.edges, a), minlength=k)
        cb = np.bincount(np.searchsorted(self.edges, b), minlength=k)
        self.table = np.log((ca + 0.5) / (cb + 0.5))

    def __call__(self, y):
        return self.table[np.searchsorted(self.edges, y.ravel())]


class _LogisticScore:
    """Logistic regression on an additive piecewise-linear basis of the outputs.

    Per coordinate: the standardised value and hinges max(z − κ, 0) at
    ``knots`` training quantiles. For mechanisms with independent noise per
    coordinate (Laplace, geometric, Gaussian) the log likelihood ratio is a
    sum of such per-coordinate functions (Laplace's is a clipped line), so
    its super-level sets — the most distinguishing events — are within
    reach; the squares catch variance differences.
    """

    def __init__(self, a, b, ridge: float = 1e-3, steps: int = 30, knots: int = 8):
        x = np.vstack([a, b])
        self.mean, self.std = x.mean(axis=0), x.std(axis=0) + 1e-12
        z = (x - self.mean) / self.std
        self.knots = np.quantile(z, np.linspace(0.05, 0.95, knots), axis=0)   # (knots, d)
        f = self._features(x)
        self.f_mean, self.f_std = f[:, 1:].mean(axis=0), f[:, 1:].std(axis=0) + 1e-12
        f = self._scaled(f)
        t = np.concatenate([np.ones(len(a)), np.zeros(len(b))])
        w = np.zeros(f.shape[1])
        for _ in range(steps):
            p = 1 / (1 + np.exp(-np.clip(f @ w, -30, 30)))
            grad = f.T @ (p - t) + ridge * w
            hess = (f * (p * (1 - p))[:, None]).T @ f + ridge * np.eye(f.shape[1])
            w -= np.linalg.solve(hess, grad)
        self.w = w

    def _features(self, x):
        z = (x - self.mean) / self.std
        hinges = np.maximum(z[:, None, :] - self.knots[None, :, :], 0.0).reshape(len(z), -1)
        return np.hstack([np.ones((len(z), 1)), z, z ** 2, hinges])

    def _scaled(self, f):
        return np.hstack([f[:, :1], (f[:, 1:] - self.f_mean) / self.f_std])

    def __call__(self, y):
        return self._scaled(self._features(y)) @ self.w


class _NaiveBayesScore:
    """Sum over coordinates of the per-coordinate histogram log ratios.

    Exact in the limit for mechanisms with independent noise per coordinate,
    whose log likelihood ratio is a sum of per-coordinate terms.
    """

    def __init__(self, a, b, bins: int):
        self.parts = [_HistogramScore(a[:, j], b[:, j], bins) for j in range(a.shape[1])]

    def __call__(self, y):
        return sum(part(y[:, j]) for j, part in enumerate(self.parts))


def _select(sa, sb, direction: int, min_mass: float, gamma: float):
    """(bound, t): the threshold maximising the lower bound of ln(P[s·dir ≥ t | D]/P[… | D′])."""
    sa, sb = direction * sa, direction * sb
    candidates = np.unique(np.quantile(np.concatenate([sa, sb]), np.linspace(0, 1, 201)))
    xa = (sa[None, :] >= candidates[:, None]).sum(axis=1)
    xb = (sb[None, :] >= candidates[:, None]).sum(axis=1)
    a_lo, _ = clopper_pearson(xa, sa.size, gamma)
    _, b_hi = clopper_pearson(xb, sb.size, gamma)
    ok = xa >= min_mass * sa.size
    with np.errstate(divide="ignore"):
        score = np.where(ok, np.log(np.maximum(a_lo, 1e-300) / b_hi), -np.inf)
    i = int(np.argmax(score))
    return score[i], candidates[i]


def dp_sniper(draw_d, draw_d_prime, epsilon: float, delta: float = 0.0, *, n: int = 20000,
              alpha: float = 1e-3, bins: int = 30, min_mass: float = 0.002,
              score: str = "auto") -> AuditResult:
    """Search for the most distinguishing event and test it (see the module docstring).

    ``draw_d(k)`` / ``draw_d_prime(k)`` return k independent outputs of the
    mechanism on D and D′ (1-D array, or one row per output). ``n`` samples
    per side go to each of the three batches. ``score`` is ``"histogram"``
    (scalar outputs), ``"vector"`` (naive Bayes and logistic scores, the
    better on validation) or ``"auto"``. The result's ``events`` is 2 (the
    two events tested) and ``worst_event`` describes the one that proves most.
    """
    a = [_as_rows(draw_d(n)) for _ in range(3)]
    b = [_as_rows(draw_d_prime(n)) for _ in range(3)]
    if score == "auto":
        score = "histogram" if a[0].shape[1] == 1 else "vector"
    models = ([_HistogramScore(a[0], b[0], bins)] if score == "histogram" else
              [_NaiveBayesScore(a[0], b[0], bins), _LogisticScore(a[0], b[0])])
    gamma = alpha / 4
    # model, threshold and direction chosen on the validation batch only
    choices = []
    for model in models:
        sa_val, sb_val = model(a[1]), model(b[1])
        for direction, p_val, q_val in ((1, sa_val, sb_val), (-1, sb_val, sa_val)):
            choices.append((*_select(p_val, q_val, direction, min_mass, gamma), direction, model))
    best = None
    for direction in (1, -1):        # the best choice of each direction, tested on fresh data
        _, t, _, model = max((c for c in choices if c[2] == direction), key=lambda c: c[0])
        sa, sb = model(a[2]), model(b[2])
        p_test, q_test = (sa, sb) if direction == 1 else (sb, sa)
        hit_p = int(np.count_nonzero(direction * p_test >= t))
        hit_q = int(np.count_nonzero(direction * q_test >= t))
        p_lo, _ = clopper_pearson(hit_p, n, gamma)
        _, q_hi = clopper_pearson(hit_q, n, gamma)
        bound = math.log(max(float(p_lo) - delta, 1e-300) / float(q_hi))
        if best is None or bound > best[0]:
            name = "M(D) vs M(D')" if direction == 1 else "M(D') vs M(D)"
            event = (f"{{{type(model).__name__.strip('_')} "
                     f"{'≥' if direction == 1 else '≤'} {direction * t:.4g}}}")
            best = (bound, name, event, hit_p / n, hit_q / n, float(p_lo), float(q_hi))
    bound, name, event, p_hat, q_hat, p_lo, q_hi = best
    return AuditResult(passed=bound <= epsilon, epsilon=float(epsilon), delta=float(delta),
                       epsilon_lower_bound=max(bound, 0.0), worst_event=event, direction=name,
                       p_hat=float(p_hat), q_hat=float(q_hat), p_lower=p_lo, q_upper=q_hi,
                       events=2, alpha=float(alpha))
