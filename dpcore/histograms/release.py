"""One entry point for Chen et al.'s four schemes, with the cost planned before noise.

:func:`planned_epsilon` gives, from public parameters only, the most a
release can spend (what a ledger reserves); :func:`release_histograms` runs
a scheme and, by default, the consistency post-processing (Alg. 3). In the
default "spend exactly ε" mode every scheme spends exactly ε; with the
paper's threshold noise (``paper_noise=True``) it spends more (see
:mod:`.basic`), by an amount that depends on the division chosen from the
noisy data: the plan and the charged cost are the worst case over divisions.
"""
from __future__ import annotations

import math

import numpy as np

from ..accounting.checks import check_epsilon
from ..accounting.contract import Release
from ..accounting.costs import PrivacyCost
from . import auto
from .basic import UNIT, UNIT_OF_PRIVACY, check_counts, release_direct
from .consistency import consistency_postprocess
from .hybrid import check_composition, release_dynamic_hybrid, release_static_hybrid
from .noise_floor import floor_warnings, noise_floor
from .threshold import release_threshold, threshold_scales

METHODS = (auto.AUTO, "direct", "threshold", "static_hybrid", "dynamic_hybrid")
_THRESHOLD_KEYS = ("cutoff", "comparison_share", "paper_noise")


def _threshold_eps(n: int, eps: float, params: dict) -> float:
    if n == 0:
        return 0.0
    return threshold_scales(n, epsilon=eps, **{k: params[k] for k in _THRESHOLD_KEYS
                                             if k in params}).epsilon


def planned_epsilon(method: str, n_slots: int, *, epsilon: float, **params) -> float:
    """Upper bound on the ε :func:`release_histograms` spends, known before any noise."""
    epsilon = check_epsilon(epsilon)
    n = int(n_slots)
    if method not in METHODS:
        raise ValueError(f"method must be one of {METHODS}, got {method!r}")
    if method == auto.AUTO:   # the noisy size, then the costlier of the schemes it may pick
        rest = epsilon - auto.size_epsilon(epsilon)
        return auto.size_epsilon(epsilon) + max(
            planned_epsilon(m, n, epsilon=rest, **auto.params_for(m, params))
            for m in auto.CANDIDATES)
    if method == "direct":
        return epsilon
    if method == "threshold":
        return _threshold_eps(n, epsilon, params)
    share = params.get("division_share", 0.1)
    if method == "dynamic_hybrid":
        check_composition(params.get("composition", "sequential"))
    eps_div = share * epsilon
    rest = epsilon - eps_div
    worst = 0.0
    for t1 in range(n):
        for t2 in range(t1, n):
            day = t2 - t1 + 1
            if method == "static_hybrid":
                nights = [n - day]
            else:
                nights = [t1, n - 1 - t2]
            total = rest * day / n + math.fsum(_threshold_eps(k, rest * k / n, params)
                                               for k in nights)
            worst = max(worst, total)
    return eps_div + worst


def errors(true, private, *, floor: float = 1.0) -> dict:
    """MAE and MRE (Chen et al. Eq. 10–11) averaged over timestamps.

    The paper divides by max(γ, r′) with γ = 0.001 and r′ the *noisy*
    count; on mostly empty cells that makes MRE a thousand times the error
    of every empty cell. Here the denominator is max(``floor``, true count)
    (default: one person). Internal: uses the true counts.
    """
    x, y = np.asarray(true, dtype=float), np.asarray(private, dtype=float)
    if x.shape != y.shape:
        raise ValueError(f"true and private counts differ in shape: {x.shape} vs {y.shape}")
    err = np.abs(y - x)
    return {"mae": float(err.mean(axis=1).mean()),
            "mre": float((err / np.maximum(floor, x)).mean(axis=1).mean())}


def release_histograms(counts, *, method: str, epsilon: float, rng: np.random.Generator,
                       postprocess: bool = True, history=None, progress=None,
                       **params) -> Release:
    """Run ``method`` on ``counts`` (S, M); ``history`` (H, S, M) for ``dynamic_hybrid``;
    ``auto``: the scheme a noisy size picks (:mod:`.auto`; its facts in ``public``).

    ``values`` are the post-processed non-negative integer counts when
    ``postprocess`` (Alg. 3, free: post-processing), else the raw noisy
    ones; ``public['raw']`` then holds the raw noisy counts too. ``public`` also holds the
    noise floor (what the method releases on noise alone, :mod:`.noise_floor`, simulated before
    any noise is drawn) and ``warnings`` when the released total is within 2× of it.
    """
    c = check_counts(counts)
    if method not in METHODS:
        raise ValueError(f"method must be one of {METHODS}, got {method!r}")
    size = None
    if method == auto.AUTO:   # the rule of :mod:`.auto`: a noisy size picks the scheme
        if history is not None:
            raise ValueError("past days are used by dynamic_hybrid only, not by auto")
        bound = planned_epsilon(auto.AUTO, c.shape[0], epsilon=epsilon, **params)
        method, epsilon, size, facts = auto.choose(c, epsilon=epsilon, rng=rng)
        params = auto.params_for(method, params)
    floor = noise_floor(lambda zeros, past, r: _run(
        zeros, method=method, epsilon=epsilon, rng=r, postprocess=postprocess, history=past,
        **params).values, c.shape, 0 if history is None else np.shape(history)[0])
    if method.endswith("hybrid"):   # on nobody a hybrid picks another day interval than on
        # the data, whose slots get direct perturbation: the floor is at least direct's
        direct = noise_floor(lambda zeros, past, r: _run(
            zeros, method="direct", epsilon=epsilon, rng=r, postprocess=postprocess,
            history=None, **{k: v for k, v in params.items() if k == "noise"}).values,
            c.shape)
        floor = {k: max(v, direct[k]) for k, v in floor.items()}
    rel = _run(c, method=method, epsilon=epsilon, rng=rng, postprocess=postprocess,
               history=history, **params)
    rel.public.update(floor, warnings=floor_warnings(float(np.sum(rel.values)), floor))
    if size is not None:
        rel.cost = size + rel.cost
        if rel.cost.epsilon < bound * (1 - 1e-12):   # the paper's threshold noise: the scheme
            # the noisy size picked may spend less than the other; the worst case is charged
            rel.cost = rel.cost + PrivacyCost.of(
                "worst case over the schemes the rule may pick", bound - rel.cost.epsilon,
                protects=UNIT, unit_of_privacy=UNIT_OF_PRIVACY,
                note="the scheme is chosen from a noisy size; the most either scheme spends "
                     "is charged")
        rel.public.update(facts, warnings=[facts["scheme_note"], *rel.public["warnings"]])
    return rel


def _run(c, *, method, epsilon, rng, postprocess, history, **params) -> Release:
    """One release of ``method`` (see :func:`release_histograms`)."""
    if method == "dynamic_hybrid":
        if history is None:
            raise ValueError("dynamic hybrid perturbation needs at least one past day of counts")
        rel = release_dynamic_hybrid(history, c, epsilon=epsilon, rng=rng, **params)
    elif history is not None:
        raise ValueError(f"past days are used by dynamic_hybrid only, not by {method}")
    elif method == "direct":
        if set(params) - {"noise"}:
            raise ValueError(f"direct perturbation takes no {sorted(set(params) - {'noise'})}")
        rel = release_direct(c, epsilon=epsilon, rng=rng, **params)
    elif method == "threshold":
        rel = release_threshold(c, epsilon=epsilon, rng=rng, **params)
    else:
        rel = release_static_hybrid(c, epsilon=epsilon, rng=rng, **params)
    bound = planned_epsilon(method, c.shape[0], epsilon=epsilon, **params)
    if rel.cost.epsilon < bound * (1 - 1e-12):
        # the paper's threshold noise spends an amount that depends on the division the noisy
        # data chose (adaptive composition): the privacy loss is the worst case over divisions,
        # and charging what this run happened to spend would make the ledger data-dependent
        rel.cost = rel.cost + PrivacyCost.of(
            "worst case over the divisions (adaptive composition)", bound - rel.cost.epsilon,
            protects=UNIT, unit_of_privacy=UNIT_OF_PRIVACY,
            note="the paper's threshold noise spends less on some divisions; the most any "
                 "division spends is charged")
    rel.public["postprocessed"] = bool(postprocess)
    if postprocess:
        rel.public["raw"] = rel.values
        rel.values = consistency_postprocess(rel.values, rng=rng)
    return rel
