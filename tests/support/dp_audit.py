"""Statistical audits of differentially private mechanisms, reusable by every stage.

Two checks, both on samples drawn from the mechanism under test:

``distribution_fit`` / ``chi_square_fit`` / ``ks_fit``
    (a) The output distribution is the exact one the mechanism promises.
    Discrete outputs: Pearson's chi-square test of the counts against the
    exact probabilities; outcomes of small expected count (< 5) are pooled
    into one "rest" cell, so the chi-square approximation holds.
    Continuous outputs: the Kolmogorov–Smirnov test against the exact CDF.
    The fit *fails* when the p-value is below ``alpha``: the data would be
    that unlikely if the sampler were right.

``likelihood_ratio_audit``
    (b) On neighbouring inputs D, D' the mechanism M satisfies, for every
    set S of outputs, P[M(D)∈S] ≤ e^ε·P[M(D')∈S] + δ, and the same with D
    and D' swapped. We cannot check every S, so we check a family of
    *events* fixed by ``bins``: every elementary bin, and (``tails=True``)
    every half-line (-∞, e) and [e, ∞) of ordered outputs; half-lines are
    where the likelihood ratio of Laplace, Gaussian and geometric noise
    attains its maximum, so they give the audit its power.

    The events must not be chosen from the samples being audited (that
    would make the Bonferroni guarantee optimistic): discrete outputs use
    every value as a bin (the family is fixed by the support), continuous
    outputs pass ``bins=k`` and the audit takes k quantile bins from an
    independent *pilot*: the first ``pilot_fraction`` of each sample, which
    is then left out of the audit.

    Counts are turned into exact Clopper–Pearson (beta) confidence bounds:
    with x hits out of n, the one-sided bounds of p at error γ are
    ``lower = Beta(γ; x, n−x+1)`` and ``upper = Beta(1−γ; x+1, n−x)``.
    The audit uses 4 bounds per event (lower and upper for p and for q),
    so with Bonferroni's correction γ = α / (4·#events) *all* bounds hold
    together with probability ≥ 1 − α. If M is (ε, δ)-DP, then for every
    event lower(p) ≤ p ≤ e^ε·q + δ ≤ e^ε·upper(q) + δ; so the audit FAILS —
    a proven violation at confidence 1 − α — only if for some event, in
    either direction, ``lower(p) > e^ε·upper(q) + δ``.

    It also reports the largest ε the samples *prove*,
    ``max log((lower(p) − δ) / upper(q))`` over events and directions, and
    the event where it is reached. For a correct mechanism whose worst
    event has enough mass, that bound comes close to ε (the audit is
    tight); for a broken one it exceeds ε (the audit has power).

Samples are 1-D arrays of outputs (numbers or category codes) or 2-D arrays
whose rows are vector outputs (then ``bins="discrete"``: every distinct row
is a bin).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy import stats

__all__ = ["FitResult", "AuditResult", "chi_square_fit", "ks_fit", "distribution_fit",
           "snapped_laplace_law", "snapped_laplace_fit", "quantile_edges", "likelihood_ratio_audit", "clopper_pearson"]


# --------------------------------------------------------------------------
# (a) goodness of fit
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class FitResult:
    """Outcome of a goodness-of-fit test; ``passed`` iff ``pvalue >= alpha``."""

    test: str
    statistic: float
    pvalue: float
    alpha: float
    cells: int
    n: int

    @property
    def passed(self) -> bool:
        return self.pvalue >= self.alpha

    def __str__(self) -> str:
        verdict = "fits" if self.passed else "does NOT fit"
        return (f"{self.test}: statistic={self.statistic:.4g}, p={self.pvalue:.3g} "
                f"(alpha={self.alpha:g}, {self.cells} cells, n={self.n}) -> {verdict}")


def chi_square_fit(sample, outcomes, probabilities, *, alpha: float = 1e-3,
                   min_expected: float = 5.0) -> FitResult:
    """Pearson chi-square test of discrete ``sample`` against exact probabilities.

    ``outcomes`` lists the possible values (any subset of the support) and
    ``probabilities`` their exact probabilities; the probability left over,
    1 − Σ probabilities, belongs to all other values. Cells with expected
    count below ``min_expected`` are pooled with the leftover cell (the
    pooling depends only on the expected counts, not on the data, so the
    test stays valid).
    """
    sample = np.asarray(sample).ravel()
    outcomes = np.asarray(outcomes).ravel()
    probs = np.asarray(probabilities, dtype=float).ravel()
    if outcomes.shape != probs.shape or np.unique(outcomes).size != outcomes.size:
        raise ValueError("outcomes must be distinct and match probabilities one to one")
    if np.any(probs < 0) or probs.sum() > 1 + 1e-9:
        raise ValueError("probabilities must be non-negative and sum to at most 1")
    n = sample.size
    order = np.argsort(outcomes)
    outcomes, probs = outcomes[order], probs[order]
    pos = np.searchsorted(outcomes, sample)
    pos_clipped = np.minimum(pos, outcomes.size - 1)
    known = outcomes[pos_clipped] == sample
    counts = np.bincount(pos_clipped[known], minlength=outcomes.size).astype(float)
    expected = n * probs
    big = expected >= min_expected
    obs = list(counts[big])
    exp = list(expected[big])
    rest_expected = n * max(0.0, 1.0 - probs.sum()) + expected[~big].sum()
    rest_observed = (n - known.sum()) + counts[~big].sum()
    if rest_expected > 0 or rest_observed > 0:
        if rest_expected == 0:  # values the exact distribution says are impossible
            return FitResult("chi-square", math.inf, 0.0, alpha, len(obs) + 1, n)
        obs.append(rest_observed)
        exp.append(rest_expected)
    obs, exp = np.array(obs), np.array(exp)
    if obs.size < 2:
        raise ValueError("need at least two cells with enough expected mass for a chi-square test")
    statistic = float(((obs - exp) ** 2 / exp).sum())
    pvalue = float(stats.chi2.sf(statistic, obs.size - 1))
    return FitResult("chi-square", statistic, pvalue, alpha, int(obs.size), int(n))


def ks_fit(sample, cdf, *, alpha: float = 1e-3) -> FitResult:
    """One-sample Kolmogorov–Smirnov test of a continuous ``sample`` against ``cdf``."""
    sample = np.asarray(sample, dtype=float).ravel()
    res = stats.kstest(sample, cdf)
    return FitResult("Kolmogorov-Smirnov", float(res.statistic), float(res.pvalue), alpha,
                     0, int(sample.size))


def distribution_fit(sample, *, cdf=None, outcomes=None, probabilities=None,
                     alpha: float = 1e-3) -> FitResult:
    """KS test when ``cdf`` is given, else chi-square on ``outcomes``/``probabilities``."""
    if (cdf is None) == (probabilities is None):
        raise ValueError("give either cdf (continuous) or outcomes and probabilities (discrete)")
    if cdf is not None:
        return ks_fit(sample, cdf, alpha=alpha)
    return chi_square_fit(sample, outcomes, probabilities, alpha=alpha)


def snapped_laplace_law(*, true_value: float = 0.0, sensitivity: float, epsilon: float,
                        bound=None) -> tuple:
    """(outputs, probabilities) of ``dpcore.mechanisms.snapping.laplace`` (the snapping mechanism).

    The output is kΛ with the Laplace(true value, b) mass of
    [(k − ½)Λ, (k + ½)Λ), Λ and b from ``snapping_parameters``, over ±40 noise
    scales (clamping ignored: keep the true value far inside the bound).
    """
    from mobility_dp.dpcore.mechanisms.snapping import snapping_parameters
    plan = snapping_parameters(sensitivity, epsilon, bound)
    grid, b = plan["granularity"], plan["scale"]
    centre = round(true_value / grid)
    k = np.arange(centre - int(40 * b / grid) - 2, centre + int(40 * b / grid) + 3)
    law = stats.laplace(true_value, b)
    return k * grid, law.cdf((k + 0.5) * grid) - law.cdf((k - 0.5) * grid)


def snapped_laplace_fit(sample, *, true_value: float = 0.0, sensitivity: float, epsilon: float,
                        bound=None, alpha: float = 1e-3) -> FitResult:
    """Chi-square fit of outputs of ``dpcore.mechanisms.snapping.laplace`` to :func:`snapped_laplace_law`."""
    outcomes, probs = snapped_laplace_law(true_value=true_value, sensitivity=sensitivity,
                                          epsilon=epsilon, bound=bound)
    return chi_square_fit(sample, outcomes, probs, alpha=alpha)


# --------------------------------------------------------------------------
# (b) likelihood-ratio audit
# --------------------------------------------------------------------------

def clopper_pearson(hits, n, gamma: float) -> tuple:
    """One-sided Clopper–Pearson bounds (lower, upper) of a binomial proportion.

    Each bound alone has error probability ``gamma``; vectorised over ``hits``.
    """
    hits = np.asarray(hits, dtype=float)
    lower = np.where(hits > 0, stats.beta.ppf(gamma, np.maximum(hits, 1), n - hits + 1), 0.0)
    upper = np.where(hits < n, stats.beta.ppf(1 - gamma, hits + 1, np.maximum(n - hits, 1)), 1.0)
    return lower, upper


def quantile_edges(*samples, bins: int = 40, min_mass: float = 1e-3) -> np.ndarray:
    """Bin edges at quantiles of the pooled samples, away from the extreme tails.

    Give it *pilot* samples, independent of the ones audited (or pass
    ``bins=k`` to :func:`likelihood_ratio_audit`, which does so).
    The ``bins − 1`` edges split the pooled sample into bins of equal mass,
    restricted to the quantile range [min_mass, 1 − min_mass] so that every
    half-line event keeps enough mass for the confidence bounds to say
    something.
    """
    pooled = np.concatenate([np.asarray(s, dtype=float).ravel() for s in samples])
    qs = np.linspace(min_mass, 1 - min_mass, bins + 1)
    return np.unique(np.quantile(pooled, qs))


@dataclass(frozen=True)
class AuditResult:
    """Outcome of :func:`likelihood_ratio_audit`.

    ``epsilon_lower_bound`` is the largest ε the samples prove at
    confidence 1 − alpha (0 if none); the audit passed iff it is ≤ ε, i.e.
    no event has ``lower(p) > e^ε·upper(q) + δ``. ``worst_event`` describes
    where the bound is attained, with the estimates and bounds there.
    """

    passed: bool
    epsilon: float
    delta: float
    epsilon_lower_bound: float
    worst_event: str
    direction: str
    p_hat: float
    q_hat: float
    p_lower: float
    q_upper: float
    events: int
    alpha: float

    def __str__(self) -> str:
        verdict = "within" if self.passed else "VIOLATES"
        return (f"audit {verdict} (ε={self.epsilon:g}, δ={self.delta:g}): proven "
                f"ε ≥ {self.epsilon_lower_bound:.4f} at {self.worst_event} ({self.direction}: "
                f"p̂={self.p_hat:.4g} ≥ {self.p_lower:.4g}, q̂={self.q_hat:.4g} ≤ "
                f"{self.q_upper:.4g}); {self.events} events, confidence {1 - self.alpha:g}")


def _elementary_bins(sample_d, sample_dp, bins):
    """Counts per elementary bin for both samples, labels, and whether bins are ordered."""
    a, b = np.asarray(sample_d), np.asarray(sample_dp)
    if isinstance(bins, str):
        if bins != "discrete":
            raise ValueError(f"bins must be an array of edges or 'discrete', got {bins!r}")
        if a.ndim == 2:  # vector outputs: each distinct row is a bin
            rows, inverse = np.unique(np.concatenate([a, b]), axis=0, return_inverse=True)
            inverse = inverse.reshape(-1)
            labels = ["(" + ",".join(str(v) for v in r) + ")" for r in rows]
            ordered = False
        else:
            values, inverse = np.unique(np.concatenate([a.ravel(), b.ravel()]),
                                        return_inverse=True)
            inverse = inverse.reshape(-1)
            labels = [f"{{{v}}}" for v in values]
            ordered = True
        k = len(labels)
        ca = np.bincount(inverse[:len(a)], minlength=k)
        cb = np.bincount(inverse[len(a):], minlength=k)
        return ca, cb, labels, ordered
    edges = np.asarray(bins, dtype=float)
    if edges.ndim != 1 or edges.size < 1 or np.any(np.diff(edges) <= 0):
        raise ValueError("bin edges must be a non-empty strictly increasing 1-D array")
    full = np.concatenate([[-np.inf], edges, [np.inf]])
    ca = np.histogram(a.ravel(), full)[0]
    cb = np.histogram(b.ravel(), full)[0]
    labels = [f"[{lo:.4g}, {hi:.4g})" for lo, hi in zip(full[:-1], full[1:])]
    return ca, cb, labels, True


def likelihood_ratio_audit(sample_d, sample_d_prime, bins, epsilon: float, delta: float = 0.0,
                           *, alpha: float = 1e-3, tails: bool = True,
                           pilot_fraction: float = 0.2) -> AuditResult:
    """Audit P[M(D)∈S] ≤ e^ε·P[M(D')∈S] + δ (both ways) on every event S of ``bins``.

    ``sample_d`` and ``sample_d_prime`` are independent outputs of the
    mechanism on the neighbouring inputs D and D'. ``bins`` is either an
    increasing array of edges (elementary bins are the intervals between
    them, plus the two unbounded ones) or ``"discrete"`` (every distinct
    output value, or row of a 2-D sample, is a bin), or an integer k: k
    quantile bins from a pilot made of the first ``pilot_fraction`` of
    each sample (samples are i.i.d., so the pilot is independent of the
    rest, which alone is audited). With ``tails`` and ordered outputs the
    half-lines below and above every bin boundary are audited too. See the module docstring for the statistics; the test
    has overall error probability ≤ ``alpha`` for a mechanism that is
    (ε, δ)-DP.
    """
    if isinstance(bins, (int, np.integer)) and not isinstance(bins, bool):
        if not 0 < pilot_fraction < 1:
            raise ValueError("pilot_fraction must be in (0, 1)")
        a, b = np.asarray(sample_d), np.asarray(sample_d_prime)
        ka, kb = int(len(a) * pilot_fraction), int(len(b) * pilot_fraction)
        if min(ka, kb) < bins:
            raise ValueError(f"a pilot of {min(ka, kb)} samples cannot place {bins} quantile bins")
        edges = quantile_edges(a[:ka], b[:kb], bins=int(bins))
        return likelihood_ratio_audit(a[ka:], b[kb:], edges, epsilon, delta, alpha=alpha,
                                      tails=tails)
    ca, cb, labels, ordered = _elementary_bins(sample_d, sample_d_prime, bins)
    n_a, n_b = int(ca.sum()), int(cb.sum())
    if n_a == 0 or n_b == 0:
        raise ValueError("both samples must be non-empty")
    counts_a, counts_b, names = [ca], [cb], list(labels)
    if tails and ordered and len(labels) > 2:
        # half-lines: union of the first j bins and of the last len−j bins
        lo_a, lo_b = np.cumsum(ca)[:-1], np.cumsum(cb)[:-1]
        counts_a += [lo_a, n_a - lo_a]
        counts_b += [lo_b, n_b - lo_b]
        names += [f"below {lab}" for lab in labels[1:]] + [f"from {lab} up" for lab in labels[1:]]
    xa = np.concatenate(counts_a)
    xb = np.concatenate(counts_b)
    m = xa.size
    gamma = alpha / (4 * m)
    a_lo, a_hi = clopper_pearson(xa, n_a, gamma)
    b_lo, b_hi = clopper_pearson(xb, n_b, gamma)
    with np.errstate(divide="ignore", invalid="ignore"):
        eps_ab = np.log(np.maximum(a_lo - delta, 0.0) / b_hi)
        eps_ba = np.log(np.maximum(b_lo - delta, 0.0) / a_hi)
    i_ab, i_ba = int(np.argmax(eps_ab)), int(np.argmax(eps_ba))
    if eps_ab[i_ab] >= eps_ba[i_ba]:
        i, direction, p_hat, q_hat, p_lo, q_hi = (i_ab, "M(D) vs M(D')", xa[i_ab] / n_a,
                                                  xb[i_ab] / n_b, a_lo[i_ab], b_hi[i_ab])
        bound = eps_ab[i_ab]
    else:
        i, direction, p_hat, q_hat, p_lo, q_hi = (i_ba, "M(D') vs M(D)", xb[i_ba] / n_b,
                                                  xa[i_ba] / n_a, b_lo[i_ba], a_hi[i_ba])
        bound = eps_ba[i_ba]
    violated = bool(np.any(a_lo > math.exp(epsilon) * b_hi + delta)
                    or np.any(b_lo > math.exp(epsilon) * a_hi + delta))
    return AuditResult(passed=not violated, epsilon=float(epsilon), delta=float(delta),
                       epsilon_lower_bound=float(max(bound, 0.0)), worst_event=names[i],
                       direction=direction, p_hat=float(p_hat), q_hat=float(q_hat),
                       p_lower=float(p_lo), q_upper=float(q_hi), events=int(m),
                       alpha=float(alpha))
