"""Exact sampling from weights c_i·e^{−γ_i}.

Comparing a 53-bit uniform with double-precision probabilities (``random() <
p``, ``searchsorted(cumsum(p), random())``, Gumbel-max on float logits) draws
from a distribution that is only *near* the intended one, and the error is
worst exactly where DP is decided: a probability of 1e-30 becomes 0 or a
multiple of 2^−53, so the likelihood ratio the privacy proof bounds by e^ε
can be anything. Here the output distribution *is* the intended one.

**Weights.** w_i = c_i·e^{−γ_i} with integer multiplicities c_i ≥ 1 and
γ_i ≥ 0 a sum of :class:`Term`\\ s, each sign·(Π nums/Π dens)·g(x_i − y_i)
with g the identity or √ and every number an exact double (so γ_i is an
exactly defined real: the mechanism's ε, Δ, utilities, distances are taken
at their exact binary values, never rounded again).

**Decision** (lazy inversion, cf. Knuth & Yao 1976; Canonne, Kamath &
Steinke 2020 §5 for the same goal by other means): a uniform U ∈ [0, 1) is
revealed 64 bits at a time; the outcome is the number of CDF boundaries
F_j ≤ U. Each F_j is known only as a rigorous interval [F_j⁻, F_j⁺], and an
outcome is returned only when U's dyadic interval lies certainly between two
boundaries. So the outcome is a fixed function of the infinite uniform U,
whatever the precision used: the distribution is exact. Precision only
decides how often a draw needs refining.

* Fast path (numpy, every draw): γ, the weights, their cumulative sums and
  quotients in doubles, each IEEE operation rounded outward with
  ``nextafter`` (+, −, ×, ÷ and √ are correctly rounded, so that is
  rigorous); e^{−γ} from numpy's ``exp``, widened by :data:`EXP_MARGIN` =
  2^−40 relative, 2^13 times the ≤ 4 ulps numpy documents (the one assumed
  fact; ``tests/core/test_exact_sampling.py`` checks it against ``decimal``).
  A draw falls in an uncertainty gap with probability ≈ n²·2^−50 (n outcomes).
* Refinement (pure Python, those rare draws): 64 more random bits and
  ``decimal`` bounds at twice the precision each round (directed rounding for
  +, −, ×, ÷; ``exp`` and ``sqrt`` are correctly rounded, widened by two
  units in the last place), compared with U exactly as fractions, until
  decided. It ends with probability 1 (a boundary exactly at a dyadic U is
  met exactly: exact values keep zero-width bounds).
"""
from __future__ import annotations

import bisect
import decimal
import math
from fractions import Fraction

import numpy as np

from .exact_bounds import (
    EXP_MARGIN,
    SENTINEL,
    contexts,
    down,
    dyadic,
    exp_neg_decimal_bounds,
    exp_neg_float_bounds,
    sqrt_bounds,
    thresholds,
    up,
)

__all__ = ["Term", "ExpWeights", "ExactCategorical", "bernoulli_thresholds",
           "bernoulli_decide", "refine_bernoulli", "random_words", "EXP_MARGIN"]

_START_PRECISION = 40


def random_words(rng, n: int) -> np.ndarray:
    """``n`` uniform 64-bit words from ``rng``'s bit generator (os.urandom for a secure one)."""
    return np.asarray(rng.bit_generator.random_raw(int(n)), dtype=np.uint64).reshape(-1)


def _exact_root(r, x):
    return (r == np.floor(r)) & (r < 2.0 ** 26) & (r * r == x)


class Term:
    """sign·(Π nums / Π dens)·g(x − y), g = √ if ``root``; every number an exact double ≥ 0.

    ``x`` (and ``y``, optional) broadcast to the number of outcomes; x − y must be ≥ 0.
    Integer arrays are taken as exact integers (also beyond 2^53).
    """

    def __init__(self, nums, x, y=None, *, dens=(), root: bool = False, sign: int = 1):
        self.nums, self.dens = tuple(float(v) for v in nums), tuple(float(v) for v in dens)
        if not all(v > 0 and math.isfinite(v) for v in self.nums + self.dens):
            raise ValueError("a term's factors must be positive finite numbers")
        self.x, self.y = np.asarray(x), None if y is None else np.asarray(y, dtype=float)
        self.root, self.sign = bool(root), 1 if sign > 0 else -1

    def size(self) -> int:
        shape = np.broadcast_shapes(self.x.shape, () if self.y is None else self.y.shape)
        return int(shape[0]) if shape else 1

    def float_bounds(self, n: int):
        lo = hi = 1.0
        for v in self.nums:
            lo, hi = math.nextafter(lo * v, -math.inf), math.nextafter(hi * v, math.inf)
        for v in self.dens:
            lo, hi = math.nextafter(lo / v, -math.inf), math.nextafter(hi / v, math.inf)
        x = self.x if self.x.shape == (n,) else np.broadcast_to(self.x, (n,))
        xf = x.astype(float)
        if x.dtype.kind in "iu" and np.any(np.abs(x) > 2 ** 53):
            dlo, dhi = down(xf), up(xf)
        else:
            dlo = dhi = xf
        if self.y is not None:
            dlo, dhi = down(dlo - self.y), up(dhi - self.y)
        dlo = np.maximum(dlo, 0.0)
        if self.root:
            rlo, rhi = np.sqrt(dlo), np.sqrt(dhi)
            # Only integer roots below 2^26 are known exact (k² is then exact in doubles).
            dlo = np.where(_exact_root(rlo, dlo), rlo, down(rlo))
            dhi = np.where(_exact_root(rhi, dhi), rhi, up(rhi))
        return np.maximum(down(lo * dlo), 0.0), up(hi * dhi)

    def decimal_bounds(self, i: int, lo_ctx, hi_ctx):
        clo = chi = decimal.Decimal(1)
        for v in self.nums:
            clo, chi = lo_ctx.multiply(clo, decimal.Decimal(v)), hi_ctx.multiply(chi, decimal.Decimal(v))
        for v in self.dens:
            clo, chi = lo_ctx.divide(clo, decimal.Decimal(v)), hi_ctx.divide(chi, decimal.Decimal(v))
        xi = self.x[i] if self.x.ndim else self.x[()]
        x = decimal.Decimal(int(xi)) if np.issubdtype(self.x.dtype, np.integer) else decimal.Decimal(float(xi))
        if self.y is None:
            dlo = dhi = x
        else:
            y = decimal.Decimal(float(self.y[i] if self.y.ndim else self.y[()]))
            dlo, dhi = lo_ctx.subtract(x, y), hi_ctx.subtract(x, y)
        dlo = max(dlo, decimal.Decimal(0))
        if self.root:
            dlo = max(sqrt_bounds(dlo, lo_ctx, hi_ctx)[0], decimal.Decimal(0))
            dhi = sqrt_bounds(dhi, lo_ctx, hi_ctx)[1]
        return lo_ctx.multiply(clo, dlo), hi_ctx.multiply(chi, dhi)


class ExpWeights:
    """Weights w_i = c_i·e^{−γ_i}, γ_i = Σ terms (≥ 0), c_i ≥ 1 integers (default 1)."""

    def __init__(self, terms, counts=None):
        self.terms = list(terms)
        self.n = max(t.size() for t in self.terms)
        self.counts = None if counts is None else np.asarray(counts, dtype=np.int64)
        if self.counts is not None and (self.counts.shape != (self.n,) or np.any(self.counts < 1)
                                        or np.any(self.counts > 2 ** 53)):
            raise ValueError("counts must be one integer in [1, 2^53] per outcome")

    def gamma_bounds(self):
        lo, hi = np.zeros(self.n), np.zeros(self.n)
        for t in self.terms:
            tlo, thi = t.float_bounds(self.n)
            if t.sign > 0:
                lo, hi = down(lo + tlo), up(hi + thi)
            else:
                lo, hi = down(lo - thi), up(hi - tlo)
        return np.maximum(lo, 0.0), hi

    def float_bounds(self):
        """Rigorous (lower, upper) doubles of every weight."""
        lo, hi = exp_neg_float_bounds(*self.gamma_bounds())
        if self.counts is not None:
            c = self.counts.astype(float)
            lo, hi = down(lo * c), up(hi * c)
        return lo, hi

    def decimal_bounds(self, i: int, lo_ctx, hi_ctx):
        """Rigorous (lower, upper) Decimals of weight i at the contexts' precision."""
        glo = ghi = decimal.Decimal(0)
        for t in self.terms:
            tlo, thi = t.decimal_bounds(i, lo_ctx, hi_ctx)
            if t.sign > 0:
                glo, ghi = lo_ctx.add(glo, tlo), hi_ctx.add(ghi, thi)
            else:
                glo, ghi = lo_ctx.subtract(glo, thi), hi_ctx.subtract(ghi, tlo)
        lo, hi = exp_neg_decimal_bounds(glo, ghi, lo_ctx, hi_ctx)
        if self.counts is not None:
            c = decimal.Decimal(int(self.counts[i]))
            lo, hi = lo_ctx.multiply(lo, c), hi_ctx.multiply(hi, c)
        return lo, hi


class ExactCategorical:
    """Draws of i ∈ {0, …, n−1} with probability exactly w_i/Σw (module docstring)."""

    def __init__(self, weights: ExpWeights):
        self.weights, n = weights, weights.n
        lo, hi = weights.float_bounds()
        # Sequential sums of non-negative doubles are off by < (n + 2)·2^−53 relative.
        s_lo = down(np.cumsum(lo) * (1.0 - (n + 2) * 2.0 ** -52))
        s_hi = up(np.cumsum(hi) * (1.0 + (n + 2) * 2.0 ** -52))
        f_lo = np.minimum(np.maximum(down(s_lo[:-1] / s_hi[-1]), 0.0), 1.0)
        f_hi = (np.minimum(up(s_hi[:-1] / s_lo[-1]), 1.0) if s_lo[-1] > 0
                else np.ones(n - 1))
        self._a, self._c = thresholds(np.maximum.accumulate(f_lo) if n > 1 else f_lo,
                                       np.maximum.accumulate(f_hi) if n > 1 else f_hi)
        self._cdf = {}
        self.refinements = 0

    def sample(self, size: int, rng) -> np.ndarray:
        """``size`` independent draws (int64)."""
        b = random_words(rng, size)
        out = np.searchsorted(self._c, b, side="right").astype(np.int64)   # certainly ≤ U
        # decided iff the next boundary is certainly above U (A_out > b), or there is none
        nxt = self._a[np.minimum(out, self._a.size - 1)] if self._a.size else b
        open_ = (out < self._a.size) & (nxt <= b)
        for i in np.flatnonzero(open_ | (b == SENTINEL)):
            out[i] = self.refine(int(b[i]), 64, rng)
        return out

    def refine(self, bits: int, nbits: int, rng) -> int:
        """The outcome of the uniform whose first ``nbits`` bits are ``bits`` (exact)."""
        self.refinements += 1
        precision = _START_PRECISION
        while True:
            f_lo, f_hi = self._decimal_cdf(precision)
            u_lo, u_hi = dyadic(bits, nbits)
            certain = bisect.bisect_right(f_hi, u_lo)   # boundaries certainly ≤ U
            possible = bisect.bisect_left(f_lo, u_hi)   # boundaries not certainly > U
            if certain == possible:
                return certain
            bits, nbits = (bits << 64) | int(random_words(rng, 1)[0]), nbits + 64
            precision *= 2

    def _decimal_cdf(self, precision: int):
        if precision not in self._cdf:
            lo_ctx, hi_ctx = contexts(precision)
            s_lo, s_hi, sums_lo, sums_hi = decimal.Decimal(0), decimal.Decimal(0), [], []
            for i in range(self.weights.n):
                w_lo, w_hi = self.weights.decimal_bounds(i, lo_ctx, hi_ctx)
                s_lo, s_hi = lo_ctx.add(s_lo, w_lo), hi_ctx.add(s_hi, w_hi)
                sums_lo.append(s_lo)
                sums_hi.append(s_hi)
            f_lo = [Fraction(lo_ctx.divide(s, s_hi)) for s in sums_lo[:-1]]
            f_hi = [min(Fraction(hi_ctx.divide(s, s_lo)), Fraction(1)) for s in sums_hi[:-1]]
            self._cdf[precision] = (f_lo, f_hi)
        return self._cdf[precision]


def bernoulli_thresholds(weights: ExpWeights) -> tuple:
    """The 64-bit thresholds (A, C) of Bernoulli(w_i) draws, for :func:`bernoulli_decide`."""
    if weights.counts is not None:
        raise ValueError("a Bernoulli probability e^-gamma takes no multiplicity")
    return thresholds(*weights.float_bounds())


def bernoulli_decide(words: np.ndarray, a, c, refine) -> np.ndarray:
    """Bernoulli outcomes of 64-bit ``words`` against thresholds (A, C); undecided ones go to
    ``refine(i, word)`` (draw i, its word), which must decide exactly."""
    out = words < a
    for i in np.flatnonzero(~out & ((words < c) | (words == SENTINEL))):
        out[i] = refine(i, int(words[i]))
    return out


def refine_bernoulli(weights: ExpWeights, i: int, bits: int, rng) -> bool:
    """The exact Bernoulli(w_i) outcome of the uniform whose first 64 bits are ``bits``."""
    nbits, precision = 64, _START_PRECISION
    while True:
        lo_ctx, hi_ctx = contexts(precision)
        p_lo, p_hi = (Fraction(v) for v in weights.decimal_bounds(i, lo_ctx, hi_ctx))
        u_lo, u_hi = dyadic(bits, nbits)
        if u_hi <= p_lo:
            return True
        if u_lo >= p_hi:
            return False
        bits, nbits = (bits << 64) | int(random_words(rng, 1)[0]), nbits + 64
        precision *= 2
