"""Exact draws of the geometric mechanism's lattice offsets (Alvim et al. §IV-B).

The geometric grid mechanism reports the lattice offset z = (t, u) ∈ ℤ² with
P(z) ∝ e^{−a·|z|}, a = ε·cell (ε per metre, cells of ``cell`` metres), on the
*whole* lattice; :mod:`.grid_channels` then remaps or renormalises to the grid. The
former sampler inverted a double-precision CDF over a window of the lattice:
its probabilities were off by float rounding and the window dropped the tail.
Here every draw is exact (:mod:`dpcore.mechanisms.exact_sampling`):

1. proposal: t and u independent two-sided geometrics, P(t) ∝ e^{−b·|t|},
   each the difference of two one-sided geometrics G (P(G = g) ∝ e^{−b·g} on
   g ≥ 0, exact and untruncated: :class:`dpcore.mechanisms.exact_geometric.ExactGeometric`);
2. acceptance with probability e^{−(a·√(t² + u²) − b·(|t| + |u|))}, at most 1
   because √(t² + u²) ≥ (|t| + |u|)/√2 ≥ (|t| + |u|)·b/a for b ≤ a/√2.

Accepted offsets have P(z) ∝ e^{−b|z|₁}·e^{−(a|z| − b|z|₁)} = e^{−a|z|}
exactly (rejection sampling). b is a double just below a/√2, so the
acceptance rate is about π/4 or more (1 at large a). The 64-bit thresholds
of the skip probability and of the acceptance of offsets up to R cells are
computed once per channel; the rare undecided draws are refined exactly.
"""
from __future__ import annotations

import math

import numpy as np

from ..mechanisms.exact_geometric import ExactGeometric
from ..mechanisms.exact_sampling import (
    ExpWeights,
    Term,
    bernoulli_decide,
    bernoulli_thresholds,
    random_words,
    refine_bernoulli,
)

#: Acceptance thresholds are tabled for |t|, |u| ≤ R = min(4·⌈8/b⌉, 512) (made once per channel).
_MAX_TABLE = 512
#: Smallest b (per cell) served: |t| stays far below 2^31 (t² in int64) with certainty
#: beyond e^{−2000}.
_MIN_B = 1e-6


def rate_below(epsilon: float, cell: float, mechanism: str) -> float:
    """A double b ≤ a/√2 for a = ε·cell exactly (the margin 2^−40 dwarfs the roundings)."""
    a = epsilon * cell
    b = a / math.sqrt(2.0) * (1.0 - 2.0 ** -40)
    if not (b >= _MIN_B and math.isfinite(a)):
        raise ValueError(f"ε·cell = {a:.3g} is too small for the {mechanism} grid sampler "
                         f"(at least {_MIN_B * math.sqrt(2):.2g}): use larger cells or ε")
    return b


class LatticeGeometric:
    """Exact offsets of P(z) ∝ e^{−ε·cell·|z|} on ℤ² (see the module docstring)."""

    def __init__(self, epsilon: float, cell: float):
        self.epsilon, self.cell = float(epsilon), float(cell)
        self.b = rate_below(self.epsilon, self.cell, "geometric")
        self.geometric = ExactGeometric((self.b,))
        self.table = r = int(min(4 * math.ceil(8.0 / self.b), _MAX_TABLE))
        i, j = np.divmod(np.arange((r + 1) ** 2, dtype=np.int64), r + 1)
        a, c = bernoulli_thresholds(self._acceptance(i, j))
        self._accept_thresholds = a.reshape(r + 1, r + 1), c.reshape(r + 1, r + 1)

    def _acceptance(self, abs_t, abs_u) -> ExpWeights:
        """e^{−(a·√(t² + u²) − b·(|t| + |u|))} for offsets given by |t|, |u| (int64)."""
        return ExpWeights([Term((self.epsilon, self.cell), abs_t * abs_t + abs_u * abs_u, root=True),
                           Term((self.b,), abs_t + abs_u, sign=-1)])

    def offsets(self, n: int, rng) -> tuple:
        """``n`` exact offsets (rows t, columns u), int64 arrays."""
        out_t, out_u = np.empty(n, dtype=np.int64), np.empty(n, dtype=np.int64)
        todo = np.arange(n)
        while todo.size:
            k = todo.size
            draw = self.geometric.sample
            t = draw(k, rng) - draw(k, rng)
            u = draw(k, rng) - draw(k, rng)
            if np.any(np.abs(t) >= 2 ** 31) or np.any(np.abs(u) >= 2 ** 31):
                raise OverflowError("lattice offset beyond 2^31 cells")   # P < e^−2000
            accept = self._accept(np.abs(t), np.abs(u), rng)
            out_t[todo[accept]], out_u[todo[accept]] = t[accept], u[accept]
            todo = todo[~accept]
        return out_t, out_u

    def _accept(self, abs_t, abs_u, rng) -> np.ndarray:
        words = random_words(rng, abs_t.size)
        tabled = (abs_t <= self.table) & (abs_u <= self.table)
        ti, ui = np.where(tabled, abs_t, 0), np.where(tabled, abs_u, 0)
        a, c = (m[ti, ui] for m in self._accept_thresholds)
        far = np.flatnonzero(~tabled)
        if far.size:        # offsets beyond the table (rare): thresholds computed here
            a[far], c[far] = bernoulli_thresholds(self._acceptance(abs_t[far], abs_u[far]))
        return bernoulli_decide(words, a, c, lambda i, word: refine_bernoulli(
            self._acceptance(abs_t[i:i + 1], abs_u[i:i + 1]), 0, word, rng))
