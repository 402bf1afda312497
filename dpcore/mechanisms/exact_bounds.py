"""Rigorous bounds for exact sampling (:mod:`dpcore.mechanisms.exact_sampling`): interval arithmetic.

Doubles: :func:`down`/:func:`up` move a correctly rounded IEEE result (+, −, ×, ÷, √) past
the real it rounds, so a chain of them bounds the exact value; numpy's ``exp``, ``expm1``
and ``log`` are assumed within :data:`EXP_MARGIN` = 2^−40 relative (2^13 times the ≤ 4 ulps
numpy documents; tested in ``tests/core/test_exact_sampling.py``). Decimals: directed
rounding contexts (floor for lower bounds, ceiling for upper) for +, −, ×, ÷; ``exp``,
``ln`` and ``sqrt`` are correctly rounded and widened by two units in the last place (exact
results, e^0 and perfect squares, stay exact). Negation is ``copy_negate``: unary minus
would round to the thread's context. Every function returns (lower, upper).
"""
from __future__ import annotations

import decimal
from fractions import Fraction

import numpy as np

#: Relative margin around numpy's exp (documented ≤ 4 ulps = 2^−50; 2^−40 assumed).
EXP_MARGIN = 2.0 ** -40
#: e^−γ for γ ≥ this is below 2^−980: its fast bounds are [0, 2^−980] (no subnormal doubles).
_TINY_GAMMA, _TINY = 680.0, 2.0 ** -980
_TOP = 2.0 ** 64 - 2048.0                 # the largest double below 2^64
SENTINEL = np.uint64(2 ** 64 - 1)        # "no 64-bit prefix is certainly above"


_SHIFT, _SMALLEST = 2.0 ** -51, 2.0 ** -1074


def down(x):
    """A double ≤ every real whose nearest double is ``x`` (x − 2 ulps; faster than nextafter).

    |x|·2^−51 ≥ 2 ulps of a normal x (1 ulp of a subnormal one with 2^−1074 added), so the
    rounded difference still lies ≥ 1 ulp below x; ``fmin`` keeps ±inf (inf − inf is nan).
    """
    with np.errstate(invalid="ignore"):
        return np.fmin(x - (np.abs(x) * _SHIFT + _SMALLEST), x)


def up(x):
    """A double ≥ every real whose nearest double is ``x`` (see :func:`down`)."""
    with np.errstate(invalid="ignore"):
        return np.fmax(x + (np.abs(x) * _SHIFT + _SMALLEST), x)


def contexts(precision: int):
    common = dict(prec=precision, Emin=decimal.MIN_EMIN, Emax=decimal.MAX_EMAX)
    return (decimal.Context(rounding=decimal.ROUND_FLOOR, **common),
            decimal.Context(rounding=decimal.ROUND_CEILING, **common))


def widened(value, lo_ctx, hi_ctx, exact: bool):
    """(lower, upper) around a correctly rounded ``value``: two units in the last place."""
    if exact:
        return value, value
    return (lo_ctx.next_minus(lo_ctx.next_minus(value)),
            hi_ctx.next_plus(hi_ctx.next_plus(value)))


def exp_neg_float_bounds(g_lo, g_hi):
    """Rigorous double bounds of e^{−γ} for γ ∈ [g_lo, g_hi] (arrays, g_hi may be inf)."""
    g_lo, g_hi = np.maximum(g_lo, 0.0), np.asarray(g_hi, dtype=float)
    # exp of γ ≥ 680 is never used (no subnormal results): γ capped first.
    lo = down(np.exp(-np.minimum(g_hi, _TINY_GAMMA)) * (1.0 - EXP_MARGIN))
    lo[g_hi >= _TINY_GAMMA] = 0.0
    hi = up(np.exp(-np.minimum(g_lo, _TINY_GAMMA)) * (1.0 + EXP_MARGIN))
    hi[g_lo >= _TINY_GAMMA] = _TINY
    hi[g_lo == 0] = 1.0
    return np.maximum(lo, 0.0), np.minimum(hi, 1.0)


def exp_neg_decimal_bounds(g_lo, g_hi, lo_ctx, hi_ctx):
    """Rigorous Decimal bounds of e^{−γ} for γ ∈ [g_lo, g_hi] (g_hi None: unbounded).

    (Negation is ``copy_negate``: unary minus would round to the thread's context.)"""
    g_lo = max(g_lo, decimal.Decimal(0))
    lo = (decimal.Decimal(0) if g_hi is None
          else widened(lo_ctx.exp(g_hi.copy_negate()), lo_ctx, hi_ctx, g_hi == 0)[0])
    hi = widened(hi_ctx.exp(g_lo.copy_negate()), lo_ctx, hi_ctx, g_lo == 0)[1]
    return max(lo, decimal.Decimal(0)), min(hi, decimal.Decimal(1))


def ln_decimal_bounds(x, lo_ctx, hi_ctx):
    """Rigorous Decimal bounds of ln x for a Decimal x > 0."""
    return widened(lo_ctx.ln(x), lo_ctx, hi_ctx, x == 1)


def sqrt_bounds(x, lo_ctx, hi_ctx):
    """(lower, upper) of √x: exact for perfect squares, else the root widened."""
    r = lo_ctx.sqrt(x)
    exact = decimal.Context(prec=2 * lo_ctx.prec + 2, Emin=decimal.MIN_EMIN,
                            Emax=decimal.MAX_EMAX).multiply(r, r) == x
    return widened(r, lo_ctx, hi_ctx, exact)


def thresholds(f_lo, f_hi):
    """64-bit integer thresholds: a prefix B < A_j is certainly below F_j, B ≥ C_j certainly above."""
    a = np.minimum(np.floor(np.asarray(f_lo) * 2.0 ** 64), _TOP).astype(np.uint64)
    c_float = np.ceil(np.asarray(f_hi) * 2.0 ** 64)
    c = np.where(c_float > _TOP, SENTINEL, np.minimum(c_float, _TOP).astype(np.uint64))
    return a, c


def dyadic(bits: int, nbits: int):
    return Fraction(bits, 1 << nbits), Fraction(bits + 1, 1 << nbits)
