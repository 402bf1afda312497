"""The synthetic-trips model's measurements: each part's noise drawn at its sensitivity and
share of ε (:mod:`.parts`), the costs the mechanisms return summed (the release checks them
against the plan). Counts get discrete Laplace noise, fractional weights Laplace noise."""
from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

from ...accounting.costs import PrivacyCost
from ...accounting.units import PrivacyUnit
from ...mechanisms.geometric import discrete_laplace_alpha
from ...mechanisms.snapping import laplace
from ..noise import DISCRETE_LAPLACE, margin_of_error, noisy_counts
from . import parts as P
from .reconstruct import shrink_by_group


class Meter:
    """Draws each part's noise at its sensitivity and share of ε, summing the costs the
    mechanisms return."""

    def __init__(self, eps: dict, sens: dict, rng):
        self.eps, self.sens, self.rng, self.spent = eps, sens, rng, PrivacyCost()

    def alpha(self, name) -> float:
        return discrete_laplace_alpha(self.sens[name], self.eps[name])

    def counts(self, name, counts) -> np.ndarray:
        rel = noisy_counts(counts, noise=DISCRETE_LAPLACE, sensitivity=self.sens[name],
                           epsilon=self.eps[name], delta=0.0, rng=self.rng, protects=P.UNIT,
                           what=P.TITLES[name])
        self.spent = self.spent + rel.cost
        return np.asarray(rel.values, dtype=float)

    def weights(self, name, values) -> np.ndarray:
        rel = laplace(values, sensitivity=self.sens[name], epsilon=self.eps[name], rng=self.rng,
                      protects=P.UNIT)
        self.spent = self.spent + PrivacyCost(tuple(
            replace(p, unit_of_privacy=PrivacyUnit.USER, note=f"{P.TITLES[name]}; {p.note}")
            for p in rel.cost.parts))
        return np.asarray(rel.values, dtype=float)

    def noise_sd(self, name) -> float:
        """Standard deviation of one cell's noise (public): Laplace for fractional weights,
        discrete Laplace for counts."""
        if name in P.CONTINUOUS:
            return math.sqrt(2.0) * self.sens[name] / self.eps[name]
        return P.noise_std(self.sens[name], self.eps[name])

    def shrunk(self, name, counts, groups=None) -> np.ndarray:
        return shrink_by_group(self.counts(name, counts), self.alpha(name), groups)

    def tail_margin(self, name, size: int) -> float:
        # the simultaneous 95 % margin of a histogram's noise (Bonferroni over its bands)
        return margin_of_error(DISCRETE_LAPLACE, sensitivity=self.sens[name],
                               epsilon=self.eps[name], level=1.0 - 0.05 / size)
