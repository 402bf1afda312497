"""Static (Chen et al. Alg. 4) and dynamic (Alg. 5) hybrid perturbation.

Both split the day into a "daytime" interval [t̂₁, t̂₂], published by direct
perturbation, and the "night" (the other timestamps, in time order),
published by threshold perturbation (:mod:`.threshold`).

**Division utility (Eq. 7–9) and its sensitivity.** For 0 ≤ i ≤ j < S, with
d_t = L1(D_t, D_{t+1}) and L = j − i + 1, aveDis = Σ_{t=i}^{j−1} d_t / L,
simVar = Σ_{t=i}^{j−1} |aveDis − d_t| / L, U(i, j) = log_α(L)·aveDis/simVar.
The paper claims ΔU = 2·log_α S because "simVar ≥ 1"; neither holds:
simVar can be below 1, and it moves too when one user is added (each d_t
by up to 2, aveDis by < 2, simVar by < 4), so the ratio can jump by far
more than 2 (``tests/core/test_histograms.py`` has a neighbouring pair
where it does). A bound that holds: Σ|aveDis − d_t| ≥ |Σ(d_t − aveDis)| =
aveDis, so simVar ≥ aveDis/L and 0 ≤ aveDis/simVar ≤ L (0/0 := 0, the case
aveDis = 0); hence 0 ≤ U ≤ L·log_α L ≤ S·log_α S for every dataset, and
ΔU ≤ S·log_α S — the sensitivity used for ``utility="eq7"`` (the paper's
utility). It is ≈ S/2 times the paper's figure, so the exponential
mechanism picks the division nearly uniformly at small ε. The option
``utility="mean_minus_dispersion"``, U = log_α(L)·(aveDis − simVar), keeps
the paper's intent (large, steady changes over a long interval) with
ΔU ≤ 6·log_α S (aveDis < 2 plus simVar < 4), and scales with the counts, so
its choice is informative at realistic population sizes.

**Budget.** Static: ε_s = ``division_share``·ε for the division, the rest
split between day and night in proportion to their numbers of timestamps.
Dynamic: the H past days' divisions are learned with the exponential
mechanism and a least-squares line per division point (the closed form of
the paper's gradient descent) predicts today's. The paper composes the past
days in parallel, which holds only if their users are disjoint from each
other and from today's; by default (``composition="sequential"``) the H
divisions share ε_s = ``division_share``·ε (ε_s/H each) and today's
perturbation gets the rest, so the whole release costs ε.
``composition="parallel"`` (the paper's assumption: each past division spends
the whole ε on its own day, today spends ε, and only ε is charged) is refused
(:func:`check_composition`): mobility data never meet its assumption that the
past days' users are disjoint from today's, so the true cost was (H+1)·ε.
"""
from __future__ import annotations

import math

import numpy as np

from .. import mechanisms
from ..accounting.checks import check_epsilon
from ..accounting.contract import Release
from ..accounting.costs import PrivacyCost
from .basic import UNIT, UNIT_OF_PRIVACY, check_counts, release_direct
from .threshold import release_threshold

UTILITIES = ("eq7", "mean_minus_dispersion")
COMPOSITIONS = ("sequential",)


def check_composition(composition: str) -> str:
    """The past days' accounting; "parallel" (removed) is refused naming its replacement."""
    if composition == "parallel":
        raise ValueError(
            "past days' accounting 'parallel' was removed: it charged ε while the past days' "
            "divisions also spent ε each on the same people (true cost (H+1)·ε), assuming "
            "past days' users disjoint from today's, which mobility data never are. Use "
            "'sequential' (the past days' divisions share the division share of ε).")
    if composition not in COMPOSITIONS:
        raise ValueError(f"composition must be one of {COMPOSITIONS}, got {composition!r}")
    return composition


def _check_alpha(alpha: float) -> float:
    alpha = float(alpha)
    if not (alpha > 1 and math.isfinite(alpha)):
        raise ValueError(f"the log base α of Eq. 7 must be > 1, got {alpha}")
    return alpha


def utility_sensitivity(n_slots: int, *, alpha: float = 12.0, utility: str = "eq7") -> float:
    """ΔU that holds for the chosen utility (see the module docstring)."""
    log_s = math.log(max(int(n_slots), 2)) / math.log(_check_alpha(alpha))
    if utility == "eq7":
        return max(int(n_slots), 2) * log_s
    if utility == "mean_minus_dispersion":
        return 6.0 * log_s
    raise ValueError(f"utility must be one of {UTILITIES}, got {utility!r}")


def division_utilities(counts, *, alpha: float = 12.0, utility: str = "eq7") -> tuple:
    """``(pairs, U)``: every candidate (i, j), 0 ≤ i ≤ j < S, and its utility (Eq. 7–9)."""
    c = check_counts(counts)
    log_a = math.log(_check_alpha(alpha))
    if utility not in UTILITIES:
        raise ValueError(f"utility must be one of {UTILITIES}, got {utility!r}")
    d = np.abs(np.diff(c, axis=0)).sum(axis=1).astype(float)
    n = c.shape[0]
    i, j = np.triu_indices(n)
    pairs = np.column_stack([i, j])
    u = np.zeros(i.size)
    for k, (a, b) in enumerate(pairs):
        length = b - a + 1
        if length < 2:
            continue
        seg = d[a:b]
        ave = seg.sum() / length
        sim = np.abs(ave - seg).sum() / length
        if utility == "eq7":
            core = ave / sim if sim > 0 else 0.0
        else:
            core = ave - sim
        u[k] = math.log(length) / log_a * core
    return pairs, u


def choose_division(counts, *, epsilon: float, rng: np.random.Generator, alpha: float = 12.0,
                    utility: str = "eq7") -> Release:
    """Alg. 4 lines 2–6: the division (t̂₁, t̂₂) by the exponential mechanism."""
    c = check_counts(counts)
    pairs, u = division_utilities(c, alpha=alpha, utility=utility)
    sens = utility_sensitivity(c.shape[0], alpha=alpha, utility=utility)
    rel = mechanisms.exponential(u, sensitivity=sens, epsilon=epsilon, rng=rng,
                                 protects=UNIT)
    t1, t2 = (int(v) for v in pairs[rel.values])
    cost = PrivacyCost.of("exponential", epsilon, sensitivity=sens, protects=UNIT,
                          note=f"day/night division, utility {utility}, α={alpha:g}")
    return Release((t1, t2), cost)


def _perturb_split(c, t1: int, t2: int, *, epsilon: float, rng, noise: str,
                   threshold_kw: dict) -> tuple:
    """Direct on [t1, t2], threshold on the rest; ε split by numbers of timestamps.

    ``threshold_kw['pieces']`` says whether the night is one run (Alg. 4:
    the timestamps outside [t1, t2] in time order) or two (Alg. 5).
    """
    kw = dict(threshold_kw)
    two_pieces = kw.pop("pieces", 1) == 2
    n = c.shape[0]
    out = np.empty(c.shape, dtype=np.int64 if noise == "discrete_laplace" else float)
    day = np.arange(t1, t2 + 1)
    nights = ([np.arange(0, t1), np.arange(t2 + 1, n)] if two_pieces
              else [np.concatenate([np.arange(0, t1), np.arange(t2 + 1, n)])])
    nights = [s for s in nights if s.size]
    cost, fresh = PrivacyCost(), []
    rel = release_direct(c[day], epsilon=epsilon * day.size / n, rng=rng, noise=noise)
    out[day] = rel.values
    cost += rel.cost
    fresh += day.tolist()
    for night in nights:
        rel = release_threshold(c[night], epsilon=epsilon * night.size / n, rng=rng,
                                noise=noise, **kw)
        out[night] = rel.values
        cost += rel.cost
        fresh += night[rel.public["fresh_slots"]].tolist()
    return out, cost, sorted(fresh)


def _split_check(division_share: float) -> float:
    if not 0 < division_share < 1:
        raise ValueError(f"division_share must be in (0, 1), got {division_share}")
    return float(division_share)


def release_static_hybrid(counts, *, epsilon: float, rng: np.random.Generator,
                          division_share: float = 0.1, alpha: float = 12.0,
                          utility: str = "eq7", noise: str = "discrete_laplace",
                          cutoff: int = 5, threshold: float = 0.0,
                          comparison_share: float = 0.5, paper_noise: bool = False,
                          progress=None) -> Release:
    """Alg. 4. ``info['division']`` holds (t̂₁, t̂₂) as 0-based slot indices."""
    c = check_counts(counts)
    epsilon = check_epsilon(epsilon)
    eps_s = _split_check(division_share) * epsilon
    div = choose_division(c, epsilon=eps_s, rng=rng, alpha=alpha, utility=utility)
    t1, t2 = div.values
    out, cost, fresh = _perturb_split(
        c, t1, t2, epsilon=epsilon - eps_s, rng=rng, noise=noise,
        threshold_kw=dict(cutoff=cutoff, threshold=threshold,
                          comparison_share=comparison_share, paper_noise=paper_noise))
    return Release(out, (div.cost + cost).with_unit_of_privacy(UNIT_OF_PRIVACY),
                   public={"method": "static_hybrid", "division": [t1, t2], "fresh_slots": fresh,
                         "utility": utility, "paper_noise": bool(paper_noise)})


def predict_division(divisions) -> tuple:
    """Least-squares line through the past days' (t₁ʰ, t₂ʰ), h = 1..H, evaluated at H + 1.

    Returns unrounded floats; one past day gives its own division.
    """
    d = np.asarray(divisions, dtype=float).reshape(-1, 2)
    h = np.arange(1, d.shape[0] + 1, dtype=float)
    if d.shape[0] == 1:
        return float(d[0, 0]), float(d[0, 1])
    pred = [np.polyval(np.polyfit(h, d[:, k], 1), d.shape[0] + 1) for k in (0, 1)]
    return float(pred[0]), float(pred[1])


def release_dynamic_hybrid(history, counts, *, epsilon: float, rng: np.random.Generator,
                           composition: str = "sequential", division_share: float = 0.1,
                           alpha: float = 12.0, utility: str = "eq7",
                           noise: str = "discrete_laplace", cutoff: int = 5,
                           threshold: float = 0.0, comparison_share: float = 0.5,
                           paper_noise: bool = False, progress=None) -> Release:
    """Alg. 5 on ``history`` (H, S, M) past days and ``counts`` (S, M), today.

    ``info`` holds the past divisions, the predicted (t̂₁, t̂₂) and the
    composition used; see the module docstring for the accounting.
    """
    c = check_counts(counts)
    past = np.asarray(history)
    if past.ndim != 3 or past.shape[0] < 1 or past.shape[1:] != c.shape:
        raise ValueError(f"history must be (days, {c.shape[0]}, {c.shape[1]}) counts of at "
                         f"least one past day, got shape {past.shape}")
    epsilon = check_epsilon(epsilon)
    check_composition(composition)
    n_days = past.shape[0]
    eps_each = _split_check(division_share) * epsilon / n_days
    eps_today = epsilon - eps_each * n_days
    cost, divisions = PrivacyCost(), []
    for day in past:
        div = choose_division(day, epsilon=eps_each, rng=rng, alpha=alpha, utility=utility)
        divisions.append(list(div.values))
        cost += div.cost
    p1, p2 = predict_division(divisions)
    last = c.shape[0] - 1
    t1, t2 = sorted(int(min(max(round(v), 0), last)) for v in (p1, p2))
    out, today_cost, fresh = _perturb_split(
        c, t1, t2, epsilon=eps_today, rng=rng, noise=noise,
        threshold_kw=dict(pieces=2, cutoff=cutoff, threshold=threshold,
                          comparison_share=comparison_share, paper_noise=paper_noise))
    info = {"method": "dynamic_hybrid", "division": [t1, t2], "past_divisions": divisions,
            "composition": composition, "fresh_slots": fresh, "utility": utility,
            "paper_noise": bool(paper_noise)}
    return Release(out, (cost + today_cost).with_unit_of_privacy(UNIT_OF_PRIVACY),
                   public=info)
