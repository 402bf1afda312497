"""Exact geometric and discrete Laplace draws.

A one-sided geometric G on {0, 1, 2, …} with P(G = g) ∝ e^{−r·g} and the
rate r = Π nums / Π dens taken at the exact binary values of its factors
(for discrete Laplace noise r = ε/Δ: never rounded to a double first). The
former secure sampler computed ⌊(E + c)/r⌋ from E = −ln U* in doubles, so
each integer's probability was off by a few ulps of E, an error nobody
bounded or charged; here the law is exactly the intended one.

The geometric law splits exactly (memorylessness): with a block length L,
G = J + L·K where J = G mod L and K = ⌊G/L⌋ are independent, P(J = j) ∝ e^{−r·j}
on j < L (one exact categorical, :class:`dpcore.mechanisms.exact_sampling.ExactCategorical`)
and K is again geometric, with rate r·L. L = ⌈8/r⌉ makes K's rate ≥ 8, so K is
drawn by exact Bernoulli trials "K ≥ k + 1 given K ≥ k" (probability e^{−r·L},
≤ e^{−8}: one trial almost always). L is capped at 2^12 outcomes; a smaller
rate then draws K the same way, recursively (r ≥ 10^−12 needs ≤ 4 levels).

Discrete Laplace (two-sided geometric, Ghosh et al. 2009): Z = G₁ − G₂ with
G₁, G₂ i.i.d. as above has P(Z = z) = (1 − α)/(1 + α)·α^|z|, α = e^{−r}.
"""
from __future__ import annotations

import math

import numpy as np

from .exact_sampling import (
    ExactCategorical,
    ExpWeights,
    Term,
    bernoulli_decide,
    bernoulli_thresholds,
    random_words,
    refine_bernoulli,
)

#: K's rate r·L is at least this when L is not capped: P(K > 0) ≤ e^−8.
_BLOCK_RATE = 8.0
#: Most outcomes of the within-block categorical: its thresholds are made once, and a draw
#: is undecided (refined in ``decimal`` over all outcomes) with probability ≈ L²·2^−50.
_MAX_BLOCK = 1 << 12


class ExactGeometric:
    """Exact draws of G, P(G = g) ∝ e^{−r·g} on g ≥ 0, r = Π nums / Π dens (module doc)."""

    def __init__(self, nums, dens=()):
        self.nums, self.dens = tuple(float(v) for v in nums), tuple(float(v) for v in dens)
        rate = math.prod(self.nums) / math.prod(self.dens)
        if not (rate > 0 and math.isfinite(rate)):
            raise ValueError(f"a geometric rate must be positive and finite, got {rate!r}")
        self.block = int(min(max(math.ceil(_BLOCK_RATE / rate), 1), _MAX_BLOCK))
        self._within = ExactCategorical(ExpWeights([Term(
            self.nums, np.arange(self.block), dens=self.dens)])) if self.block > 1 else None
        if self.block == _MAX_BLOCK and rate * self.block < _BLOCK_RATE:
            self._blocks = ExactGeometric(self.nums + (float(self.block),), self.dens)
        else:
            self._blocks = None
            self._skip = ExpWeights([Term(self.nums, np.array([self.block]), dens=self.dens)])
            self._skip_thresholds = bernoulli_thresholds(self._skip)

    def sample(self, n: int, rng) -> np.ndarray:
        """``n`` independent draws (int64)."""
        g = self._within.sample(int(n), rng) if self._within else np.zeros(int(n), np.int64)
        if self._blocks is not None:
            return g + self.block * self._blocks.sample(n, rng)
        a, c = self._skip_thresholds
        todo = np.arange(int(n))
        while todo.size:       # K ≥ k + 1 given K ≥ k, probability e^{−r·L} each time
            hit = bernoulli_decide(random_words(rng, todo.size), a, c, lambda i, word:
                                   refine_bernoulli(self._skip, 0, word, rng))
            todo = todo[hit]
            g[todo] += self.block
        return g


def discrete_laplace_draws(shape, *, epsilon: float, sensitivity: float, rng) -> np.ndarray:
    """Exact discrete Laplace noise of ratio α = e^{−ε/Δ}: Z = G₁ − G₂ (module doc)."""
    n = int(np.prod(shape, dtype=np.int64))
    geometric = ExactGeometric((float(epsilon),), (float(sensitivity),))
    return (geometric.sample(n, rng) - geometric.sample(n, rng)).reshape(shape)
