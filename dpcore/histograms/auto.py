"""The default scheme of the per-timestamp histograms: a public rule that sees a noisy size.

Chen et al.'s hybrids (Alg. 4–5) perturb the busy part of the day directly, each timestamp
with its share ε/S. With thousands of users per cell that beats repeating a histogram; with
a few people per cell every directly perturbed cell is noise of standard deviation
√2·S/ε (34 users at S = 24, ε = 1), which the consistency post-processing (Alg. 3) clamps at
0: a 168-slot release over thousands of cells published 110,540 user-hours for 412 true.
The threshold scheme (Alg. 2, the sparse vector technique) publishes at most c fresh
histograms, each with ε/c, and repeats them in between.

The rule (strategy, charged in the plan; it reads one noisy fact it pays for):

* the total of user-timestamps Σ counts is measured first with :data:`SIZE_SHARE` of ε
  (discrete Laplace, sensitivity S: a user counts at most once per timestamp);
* the expected count per cell, that total over S · M cells, is compared with the noise
  standard deviation of a directly perturbed cell at the ε left: the static hybrid where it
  reaches :data:`DIRECT_RATIO` standard deviations, the threshold scheme below.

Measured (``benchmarks/small_data.py``, 50, 200 and 1,000 generated people on 1 and 3 km
squares, 24 hourly slots, ε = 1, medians of 5 seeds): the threshold scheme's mean absolute
error per cell was 0.87–11.2 beside the static hybrid's 1.6–18.9 and direct's 2.0–20.1,
including at 56 people per cell (1.6 noise standard deviations): the crossover lies above
the sizes measured, hence the ratio of 4.
"""
from __future__ import annotations

import math

import numpy as np

from ..mechanisms.geometric import discrete_laplace
from ..od.noise import DISCRETE_LAPLACE, margin_of_error
from ..reporting.messages import Message
from .basic import UNIT

AUTO = "auto"
#: The share of ε the noisy size takes.
SIZE_SHARE = 0.05
#: The static hybrid is chosen where a cell expects this many noise standard deviations.
DIRECT_RATIO = 4.0
#: The keys each candidate scheme accepts (the threshold scheme has no division).
_THRESHOLD_KEYS = ("noise", "cutoff", "threshold", "comparison_share", "paper_noise")
_HYBRID_KEYS = _THRESHOLD_KEYS + ("division_share", "alpha", "utility")
CANDIDATES = {"threshold": _THRESHOLD_KEYS, "static_hybrid": _HYBRID_KEYS}


def size_epsilon(epsilon: float) -> float:
    """ε of the noisy size (public)."""
    return SIZE_SHARE * float(epsilon)


def direct_std(n_slots: int, epsilon: float) -> float:
    """Standard deviation of a directly perturbed cell's discrete Laplace noise at ε / S."""
    alpha = math.exp(-float(epsilon) / int(n_slots))
    return math.sqrt(2.0 * alpha) / (1.0 - alpha)


def params_for(method: str, params: dict) -> dict:
    """The parameters the chosen scheme takes, of those given."""
    return {k: v for k, v in params.items() if k in CANDIDATES[method]}


def choose(counts, *, epsilon: float, rng: np.random.Generator) -> tuple:
    """(scheme, its ε, the size's cost, public facts): the noisy size measured, the scheme
    chosen by the rule of the module doc."""
    n_slots, n_cells = np.shape(counts)
    eps_size = size_epsilon(epsilon)
    size = discrete_laplace(np.array([int(np.sum(counts))]), sensitivity=n_slots,
                            epsilon=eps_size, rng=rng, protects=UNIT)
    noisy = float(size.values[0])
    rest = float(epsilon) - eps_size
    per_cell = max(noisy, 0.0) / (n_slots * n_cells)
    std = direct_std(n_slots, rest)
    method = "static_hybrid" if per_cell >= DIRECT_RATIO * std else "threshold"
    margin = margin_of_error(DISCRETE_LAPLACE, sensitivity=n_slots, epsilon=eps_size)
    facts = {"scheme_rule": method, "noisy_user_timestamps": noisy,
             "noisy_user_timestamps_margin_95": margin,
             "expected_count_per_cell": per_cell, "direct_noise_std_per_cell": std,
             "scheme_note": Message(
                 "Scheme chosen by the automatic rule: {scheme} (about {per_cell:.3g} users "
                 "per cell and timestamp from a noisy total of {total:,.0f} ± {margin:,.0f} "
                 "user-timestamps, beside a noise standard deviation of {std:.3g} per "
                 "directly perturbed cell; the static hybrid from {ratio:g} standard "
                 "deviations).", scheme=method, per_cell=per_cell, total=noisy, margin=margin,
                 std=std, ratio=DIRECT_RATIO)}
    return method, rest, size.cost, facts
