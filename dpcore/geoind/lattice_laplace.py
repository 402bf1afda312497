"""Exact cells of the discretised planar Laplace mechanism (Alvim et al. §IV-A).

The mechanism reports the lattice cell z holding a planar Laplace draw from the
centre of the true cell: P(z) = ∫_cell z (a²/2π)·e^{−a·|p|} dp, a = ε·cell, in
cell units. The former sampler drew the point in doubles (Gamma radius, cos and
sin of a 53-bit angle) and binned it, so its cell probabilities were those of
a floating-point neighbour of the mechanism. Here the cell
is exact, by rejection sampling with lazily revealed uniforms
(:mod:`dpcore.mechanisms.exact_sampling`, :mod:`dpcore.mechanisms.exact_bounds`):

* proposal: p = (s_x·E_x/b, s_y·E_y/b), E ~ Exp(1) as −ln U, s a fair sign:
  density ∝ e^{−b(|x| + |y|)}, with b a double just below a/√2;
* acceptance with probability e^{−γ}, γ = a·|p| − b·(|x| + |y|)
  = (a/b)·√(E_x² + E_y²) − E_x − E_y ≥ 0 (|p| ≥ (|x| + |y|)/√2);
* output (⌊x + ½⌋, ⌊y + ½⌋), the cell of the accepted point.

Accepted points have density ∝ e^{−a|p|} exactly, so the cell has exactly the
mechanism's law; the acceptance rate is π/4 for every a. U_x, U_y and the
acceptance uniform V are 64-bit words; bounds of E, of the cells and of e^{−γ}
in outward-rounded doubles decide almost every draw (numpy's log and exp
assumed within 2^−40 relative, as in :mod:`dpcore.mechanisms.exact_sampling`); a draw
they leave open gets 64 more bits of each uniform and ``decimal`` bounds at
twice the precision, until the acceptance and the cell are both certain.
"""
from __future__ import annotations

import decimal
import math
from fractions import Fraction

import numpy as np

from ..mechanisms.exact_bounds import (
    SENTINEL,
    contexts,
    dyadic,
    exp_neg_decimal_bounds,
    exp_neg_float_bounds,
    ln_decimal_bounds,
    sqrt_bounds,
    thresholds,
)
from ..mechanisms.exact_sampling import random_words
from .lattice import rate_below

_HALF = decimal.Decimal("0.5")


class LatticeLaplace:
    """Exact cell offsets of a planar Laplace draw, ε per metre, ``cell``-metre cells."""

    def __init__(self, epsilon: float, cell: float):
        self.epsilon, self.cell = float(epsilon), float(cell)
        self.b = rate_below(self.epsilon, self.cell, "discretised Laplace")
        a_lo = math.nextafter(self.epsilon * self.cell, -math.inf)
        a_hi = math.nextafter(self.epsilon * self.cell, math.inf)
        # Factors with room for the roundings of the fast path (each ≤ 2^−53 relative):
        # |x| = E/b within (1/b)·(1 ∓ 2^−51); c·√(E_x² + E_y²) within c·(1 ∓ 2^−49).
        self._x = (math.nextafter(1.0 / self.b, 0.0) * (1 - 2.0 ** -51),
                   math.nextafter(1.0 / self.b, math.inf) * (1 + 2.0 ** -51))
        self._c = (math.nextafter(a_lo / self.b, 0.0) * (1 - 2.0 ** -49),
                   math.nextafter(a_hi / self.b, math.inf) * (1 + 2.0 ** -49))

    def offsets(self, n: int, rng) -> tuple:
        """``n`` exact cell offsets (rows t, columns u), int64 arrays."""
        out_t, out_u = np.empty(n, dtype=np.int64), np.empty(n, dtype=np.int64)
        todo = np.arange(n)
        while todo.size:
            k = todo.size
            bx, by, bv, signs = random_words(rng, 4 * k).reshape(4, k)
            sx, sy = (signs & np.uint64(1)) != 0, (signs & np.uint64(2)) != 0
            ex, ey = _exponential_bounds(bx), _exponential_bounds(by)
            (cx, okx), (cy, oky) = self._cells(ex, sx), self._cells(ey, sy)
            a, c = thresholds(*exp_neg_float_bounds(*self._gamma(ex, ey)))
            accept = bv < a
            reject = (bv >= c) & (bv != SENTINEL)
            done = accept & okx & oky
            for i in np.flatnonzero(~done & ~reject):
                cell = self._refine([int(bx[i]), int(by[i]), int(bv[i])], sx[i], sy[i], rng)
                done[i] = cell is not None
                if done[i]:
                    cx[i], cy[i] = cell
            out_t[todo[done]], out_u[todo[done]] = cy[done], cx[done]
            todo = todo[~done]
        return out_t, out_u

    def _cells(self, e, negative):
        """⌊x + ½⌋ for x = ±E/b, and whether the bounds of E decide it.

        With s = |x| + ½ ∈ [s⁻, s⁺] (outward margins) holding no integer: ⌊s⌋ for x ≥ 0,
        1 − ⌈s⌉ = −⌊s⌋ for x < 0.
        """
        s_lo = (e[0] * self._x[0] + 0.5) * (1 - 2.0 ** -51)
        s_hi = (e[1] * self._x[1] + 0.5) * (1 + 2.0 ** -51)
        f = np.floor(s_lo)
        decided = (f == np.floor(s_hi)) & (s_lo > f)          # False for an unbounded s⁺
        f[~decided] = 0.0
        np.negative(f, out=f, where=negative)
        return f.astype(np.int64), decided

    def _gamma(self, ex, ey):
        """Bounds of γ = c·√(E_x² + E_y²) − E_x − E_y, c = a/b (rounding margins as above)."""
        with np.errstate(invalid="ignore"):
            g_lo = self._c[0] * np.sqrt(ex[0] * ex[0] + ey[0] * ey[0]) - (ex[1] + ey[1]) * (1 + 2.0 ** -51)
            g_hi = self._c[1] * np.sqrt(ex[1] * ex[1] + ey[1] * ey[1]) - (ex[0] + ey[0]) * (1 - 2.0 ** -51)
        return np.maximum(g_lo, 0.0) * (1 - 2.0 ** -52), np.maximum(g_hi, 0.0) * (1 + 2.0 ** -52)

    def _refine(self, bits, negative_x, negative_y, rng):
        """The exact (column, row) of a proposal, or None if it is rejected."""
        nbits, precision = 64, 40
        while True:
            lo_ctx, hi_ctx = contexts(precision)
            ex = _exponential_decimal(bits[0], nbits, lo_ctx, hi_ctx)
            ey = _exponential_decimal(bits[1], nbits, lo_ctx, hi_ctx)
            g_lo, g_hi = self._gamma_decimal(ex, ey, lo_ctx, hi_ctx)
            p_lo, p_hi = (Fraction(v) for v in exp_neg_decimal_bounds(g_lo, g_hi, lo_ctx, hi_ctx))
            v_lo, v_hi = dyadic(bits[2], nbits)
            if v_lo >= p_hi:
                return None
            cells = [self._cell_decimal(e, neg, lo_ctx, hi_ctx)
                     for e, neg in ((ex, negative_x), (ey, negative_y))]
            if v_hi <= p_lo and None not in cells:
                return tuple(cells)
            bits = [(b << 64) | int(w) for b, w in zip(bits, random_words(rng, 3))]
            nbits, precision = nbits + 64, 2 * precision

    def _gamma_decimal(self, ex, ey, lo_ctx, hi_ctx):
        if ex[1] is None or ey[1] is None:
            return decimal.Decimal(0), None
        eps, cell, b = (decimal.Decimal(v) for v in (self.epsilon, self.cell, self.b))
        c_lo = lo_ctx.divide(lo_ctx.multiply(eps, cell), b)
        c_hi = hi_ctx.divide(hi_ctx.multiply(eps, cell), b)
        r_lo = sqrt_bounds(lo_ctx.add(lo_ctx.multiply(ex[0], ex[0]), lo_ctx.multiply(ey[0], ey[0])),
                           lo_ctx, hi_ctx)[0]
        r_hi = sqrt_bounds(hi_ctx.add(hi_ctx.multiply(ex[1], ex[1]), hi_ctx.multiply(ey[1], ey[1])),
                           lo_ctx, hi_ctx)[1]
        g_lo = lo_ctx.subtract(lo_ctx.multiply(c_lo, r_lo), hi_ctx.add(ex[1], ey[1]))
        g_hi = hi_ctx.subtract(hi_ctx.multiply(c_hi, r_hi), lo_ctx.add(ex[0], ey[0]))
        return max(g_lo, decimal.Decimal(0)), g_hi

    def _cell_decimal(self, e, negative, lo_ctx, hi_ctx):
        if e[1] is None:
            return None
        b = decimal.Decimal(self.b)
        x_lo, x_hi = lo_ctx.divide(e[0], b), hi_ctx.divide(e[1], b)
        if negative:
            x_lo, x_hi = x_hi.copy_negate(), x_lo.copy_negate()
        lo = lo_ctx.add(x_lo, _HALF).to_integral_value(rounding=decimal.ROUND_FLOOR)
        hi = hi_ctx.add(x_hi, _HALF).to_integral_value(rounding=decimal.ROUND_FLOOR)
        return int(lo) if lo == hi else None


def _exponential_bounds(words):
    """Bounds of E = −ln U for U in [B/2^64, (B + 1)/2^64), from the top 53 bits of each word:
    U ∈ [m·2^−53, (m + 1)·2^−53] exactly (m = B >> 11), numpy's log within 2^−40 relative."""
    m = (words >> np.uint64(11)).astype(float)
    with np.errstate(divide="ignore"):
        e_lo = -np.log((m + 1.0) * 2.0 ** -53) * (1 - 2.0 ** -39)
        e_hi = -np.log(m * 2.0 ** -53) * (1 + 2.0 ** -39)      # inf for m = 0
    return np.maximum(e_lo, 0.0), e_hi


def _exponential_decimal(bits: int, nbits: int, lo_ctx, hi_ctx):
    """Bounds of E = −ln U for U in [bits/2^nbits, (bits + 1)/2^nbits) (upper None: unbounded)."""
    scale = decimal.Decimal(1 << nbits)                     # exact
    u_lo = lo_ctx.divide(decimal.Decimal(bits), scale)
    u_hi = min(hi_ctx.divide(decimal.Decimal(bits + 1), scale), decimal.Decimal(1))
    e_lo = max(ln_decimal_bounds(u_hi, lo_ctx, hi_ctx)[1].copy_negate(), decimal.Decimal(0))
    e_hi = ln_decimal_bounds(u_lo, lo_ctx, hi_ctx)[0].copy_negate() if u_lo > 0 else None
    return e_lo, e_hi
