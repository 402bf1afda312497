"""Threshold perturbation (Chen et al. Alg. 2): a histogram published afresh only when the data moved.

It is the sparse vector technique (SVT) with threshold resets (unit of privacy
and Δ = 1: :mod:`.basic`). As printed, Alg. 2 draws the threshold noise Lap(cΔ/ε₁) and the
query noise Lap(2cΔ/ε₁): each above-threshold segment then costs
ε₁/c + ε₁/c (Lyu, Su & Li 2017, Thm. 2), so the comparisons cost 2ε₁ for c
segments, not the ε₁ of the paper's Thm. 6.2 — the whole run is
2ε₁ + ε₂, not ε. Here the comparisons are counted exactly: D₁ is always
published, so at most K = min(c − 1, S − 2) segments can end in a hit, and
the plan charges K segments. Two modes:

* ``paper_noise=False`` (default, "spend exactly ε"): the segment noise is
  rescaled so K segments cost ε₁ in total — threshold Lap(2KΔ/ε₁), queries
  Lap(4KΔ/ε₁) — and the publications ε₂ = ε − ε₁: the release costs ε.
* ``paper_noise=True``: the paper's scales; the cost is 2·K·ε₁/c + ε₂, which
  is more than the ε asked for (2ε₁ + ε₂ with the paper's count of c
  segments). The report and the ledger show that actual spend.

Published histograms always use fresh noise (ε₂/c each, the last one the
budget left), never the comparison noise. One documented deviation that
costs nothing: a noisy histogram stays at L1 distance ≈ M·E|Z| from any true
one (M cells, Z its noise), so the query compares the distance *above that
expected noise floor* (a public number) with the threshold T; T = 0 then
means "publish again when the data moved more than the noise does".
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..accounting.checks import check_epsilon
from ..accounting.contract import Release
from ..accounting.costs import PrivacyCost
from .basic import (
    SENSITIVITY,
    UNIT,
    UNIT_OF_PRIVACY,
    check_counts,
    check_noise,
    expected_abs_noise,
    merge_parts,
    perturb,
)


@dataclass(frozen=True)
class ThresholdScales:
    """Data-independent noise scales and costs of one threshold perturbation run."""

    segments: int            # K, the most above-threshold segments that can end in a hit
    eps_compare: float       # ε₁ as split from ε
    eps_publish: float       # ε₂
    threshold_scale: float   # Laplace scale of the noisy threshold (0 if K = 0)
    query_scale: float       # Laplace scale of each noisy distance (0 if K = 0)
    threshold_cost: float    # what the threshold noise costs over K segments
    query_cost: float        # what the query noise costs over K segments

    @property
    def epsilon(self) -> float:
        return self.threshold_cost + self.query_cost + self.eps_publish


def threshold_scales(n_slots: int, *, epsilon: float, cutoff: int = 5,
                     comparison_share: float = 0.5, paper_noise: bool = False) -> ThresholdScales:
    """Noise scales and exact cost of :func:`release_threshold` on ``n_slots`` timestamps."""
    epsilon = check_epsilon(epsilon)
    cutoff = int(cutoff)
    if cutoff < 1:
        raise ValueError(f"the cutoff c must be at least 1, got {cutoff}")
    if not 0 < comparison_share < 1:
        raise ValueError(f"comparison_share must be in (0, 1), got {comparison_share}")
    k = max(0, min(cutoff - 1, int(n_slots) - 2))
    eps1 = comparison_share * epsilon
    if k == 0:
        # No comparison can ever run: the paper's ε₁ would be wasted; in
        # "spend exactly ε" mode the publications get it.
        return ThresholdScales(0, eps1, epsilon - eps1 if paper_noise else epsilon,
                             0.0, 0.0, 0.0, 0.0)
    d = SENSITIVITY
    if paper_noise:
        t_scale, q_scale = cutoff * d / eps1, 2 * cutoff * d / eps1
    else:
        t_scale, q_scale = 2 * k * d / eps1, 4 * k * d / eps1
    # AboveThreshold: ρ ~ Lap(Δ/a), ν ~ Lap(2Δ/b) costs a + b per segment.
    return ThresholdScales(k, eps1, epsilon - eps1, t_scale, q_scale,
                         k * d / t_scale, k * 2 * d / q_scale)


def release_threshold(counts, *, epsilon: float, rng: np.random.Generator, cutoff: int = 5,
                      threshold: float = 0.0, comparison_share: float = 0.5,
                      paper_noise: bool = False, noise: str = "discrete_laplace",
                      progress=None) -> Release:
    """Alg. 2 (see the module docstring for the accounting and the noise floor).

    ``cutoff`` c: most histograms perturbed afresh; ``threshold`` T: L1
    change above the noise floor that triggers a fresh perturbation;
    ``comparison_share`` α: ε₁ = α·ε. ``info['fresh_slots']`` lists the
    timestamps published with fresh noise (the others repeat the previous
    one); it is public, a function of the SVT output.
    """
    c = check_counts(counts)
    check_noise(noise)
    n_slots, n_cells = c.shape
    scales = threshold_scales(n_slots, epsilon=epsilon, cutoff=cutoff,
                              comparison_share=comparison_share, paper_noise=paper_noise)
    each = scales.eps_publish / (1 if n_slots == 1 else cutoff)
    out = np.empty(c.shape, dtype=np.int64 if noise == "discrete_laplace" else float)
    published = [_fresh(c[0], min(each, scales.eps_publish), noise, rng)]
    out[0] = published[0].values
    fresh, compared = [0], 0
    last_eps = published[0].cost.epsilon
    if scales.segments:
        noisy_t = threshold + rng.laplace(0.0, scales.threshold_scale)
    for i in range(1, n_slots):
        if len(published) >= cutoff:
            out[i] = out[i - 1]
            continue
        if i == n_slots - 1:
            left = scales.eps_publish - math.fsum(r.cost.epsilon for r in published)
            published.append(_fresh(c[i], left, noise, rng))
            out[i] = published[-1].values
            fresh.append(i)
            continue
        floor = n_cells * expected_abs_noise(SENSITIVITY, last_eps, noise)
        distance = float(np.abs(out[i - 1] - c[i]).sum()) - floor
        compared += 1
        if distance + rng.laplace(0.0, scales.query_scale) >= noisy_t:
            published.append(_fresh(c[i], each, noise, rng))
            out[i] = published[-1].values
            last_eps = each
            fresh.append(i)
            noisy_t = threshold + rng.laplace(0.0, scales.threshold_scale)
        else:
            out[i] = out[i - 1]
    return Release(out, _threshold_cost(scales, published, each),
                   public={"method": "threshold", "fresh_slots": fresh, "comparisons": compared,
                           "segments_planned": scales.segments, "paper_noise": bool(paper_noise)})


def _fresh(histogram, epsilon: float, noise: str, rng) -> Release:
    """One histogram published with fresh noise (never the comparison noise) at ``epsilon``."""
    return perturb(histogram, sensitivity=SENSITIVITY, epsilon=epsilon, noise=noise, rng=rng)


def _threshold_cost(scales: ThresholdScales, published: list, each: float) -> PrivacyCost:
    """What a threshold run spent: the SVT's threshold and query noise over the K segments of
    the scales, and the fresh histograms ``published`` (ε₂/c ``each``, the last the budget left)."""
    cost = PrivacyCost()
    if scales.segments:
        seg = f"at most K={scales.segments} above-threshold segments"
        cost += PrivacyCost.of("SVT threshold noise", scales.threshold_cost,
                               sensitivity=SENSITIVITY, protects=UNIT,
                               note=f"{seg}, T̃ = T + Lap({scales.threshold_scale:.6g})")
        cost += PrivacyCost.of("SVT query noise", scales.query_cost, sensitivity=SENSITIVITY,
                               protects=UNIT,
                               note=f"{seg}, d̃ = d + Lap({scales.query_scale:.6g})")
    cost += merge_parts(published, published[0].cost.parts[0].mechanism,
                        note=f"{len(published)} fresh histograms, ε₂/c = {each:.6g} each "
                             "(the last: the budget left)")
    return cost.with_unit_of_privacy(UNIT_OF_PRIVACY)
