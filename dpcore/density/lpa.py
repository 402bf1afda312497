"""The LPA baselines of Acs & Castelluccia (KDD 2014): Laplace noise on every count.

* :func:`release_lpa`: Lap(ℓ/ε) on every count of the §5.2 cover (the
  paper's LPA baseline, §6), then Formula 1 back to the census cells.
* :func:`release_lpa_direct`: Lap(ℓ/ε) directly on the census counts of
  Formula 1 (the first naive approach of §5.2).

Unit of privacy: one user (at most ℓ visits after the §5.1 pre-sampling, so
L1 sensitivity ℓ). Released counts are clipped at 0 (post-processing); both
are ε-DP (their cost has δ = 0 whatever δ is allowed).
"""
from __future__ import annotations

import numpy as np

from ..accounting.checks import check_delta, check_epsilon
from ..accounting.contract import Release
from ..geometry.cover import reallocate
from ..mechanisms.snapping import laplace
from ..od.totals import total_warning
from ..reporting.messages import word
from ..reporting.progress import report_progress
from .inputs import DensityInputs, internal_warnings
from .scaling import PROTECTS
from .sensitivity import l1_sensitivity


def _total_warnings(census, unclipped, scale: float, n_noisy: int) -> list:
    """The released total beside the sum of the unclipped noisy counts (Laplace of ``scale``
    on ``n_noisy`` counts; Formula 1 keeps totals), warned when 2× away (clipping at 0)."""
    warning = total_warning(float(np.sum(census)), float(np.sum(unclipped)),
                            n_noisy * 2.0 * float(scale) ** 2, word("people per cell and slot"))
    return [warning] if warning else []


def release_lpa(data: DensityInputs, *, epsilon: float, delta: float = 0.0,
                rng: np.random.Generator, progress=None) -> Release:
    """LPA (§6): Lap(ℓ/ε) on every cover count (L1 sensitivity ℓ, §5.2 fix), then Formula 1."""
    epsilon, delta = check_epsilon(epsilon), check_delta(delta)
    mapping = data.mapping
    report_progress(progress, 0.1)
    noisy = laplace(mapping.to_cover(data.counts), sensitivity=l1_sensitivity(data.ell),
                    epsilon=epsilon, rng=rng, protects=PROTECTS)
    census = mapping.to_census(np.clip(noisy.values, 0.0, None))
    report_progress(progress, 1.0)
    return Release(census, noisy.cost,
                   public={"method": "lpa", "ell": data.ell, "scale": noisy.public["scale"],
                           "warnings": _total_warnings(census, mapping.to_census(noisy.values),
                                                       noisy.public["scale"],
                                                       np.size(noisy.values)),
                         "cover_towers": mapping.cover_towers,
                         "cover_cells": mapping.cover_cells},
                   internal=internal_warnings(data, delta))


def release_lpa_direct(data: DensityInputs, *, epsilon: float, delta: float = 0.0,
                       rng: np.random.Generator, progress=None) -> Release:
    """Lap(ℓ/ε) on every census count of Formula 1 (L1 sensitivity ℓ, §5.2 first approach)."""
    epsilon, delta = check_epsilon(epsilon), check_delta(delta)
    report_progress(progress, 0.1)
    noisy = laplace(reallocate(data.counts, data.weights), sensitivity=l1_sensitivity(data.ell),
                    epsilon=epsilon, rng=rng, protects=PROTECTS)
    report_progress(progress, 1.0)
    census = np.clip(noisy.values, 0.0, None)
    return Release(census, noisy.cost,
                   public={"method": "lpa_direct", "ell": data.ell, "scale": noisy.public["scale"],
                           "warnings": _total_warnings(census, noisy.values,
                                                       noisy.public["scale"],
                                                       np.size(noisy.values))},
                   internal=internal_warnings(data, delta))
