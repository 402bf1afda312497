"""Mironov's U* (CCS 2012, §5.2): uniform doubles of (0, 1) with exact tails, from OS words.

A uniform double in (0, 1) drawn with a geometric exponent and a uniform 52-bit significand,
so that every double is output with probability equal to its spacing. −ln U* then has exact
tails down to e^−700 instead of stopping at 2^−53, which the snapping mechanism's proof needs
and which keeps geometric samples right far into the tails. The words come from
:func:`.urandom_words.random_words`.
"""
from __future__ import annotations

import numpy as np

from .urandom_words import random_words, shape_and_count

_MANTISSA = np.uint64((1 << 52) - 1)


def _trailing_zeros(words: np.ndarray) -> np.ndarray:
    """Number of trailing zero bits of non-zero uint64 words (exact, vectorised)."""
    lowest = words & (~words + np.uint64(1))          # the lowest set bit, a power of two
    return (np.frexp(lowest.astype(np.float64))[1] - 1).astype(np.int64)


#: 1 + the number of trailing zeros of an 11-bit value (12 for 0: more bits needed).
_EXPONENT_OF_SPARE = np.array([12] + [1 + (v & -v).bit_length() - 1 for v in range(1, 2048)],
                              dtype=np.int64)


def u_star(words: np.ndarray) -> np.ndarray:
    """Mironov's U* from 64-bit words: significand from bits 0–51, exponent from bits 53–63.

    The exponent e ≥ 1 has P(e = k) = 2^−k (trailing zeros of the 11 spare
    bits, continued with fresh words when they are all zero) and the value
    is (1 + m·2^−52)·2^−e, assembled directly as IEEE bits.
    """
    e = _EXPONENT_OF_SPARE[(words >> np.uint64(53)).astype(np.intp)]
    todo = np.flatnonzero(e == 12)
    while todo.size:                                   # probability 2^−11, then 2^−64 per round
        w = random_words(todo.size)
        nz = w != 0
        e[todo[nz]] += _trailing_zeros(w[nz])
        e[todo[~nz]] += 64
        todo = todo[~nz]
    e = np.minimum(e, 1022)                            # 2^−1022 is the smallest normal double
    bits = ((1023 - e).astype(np.uint64) << np.uint64(52)) | (words & _MANTISSA)
    return bits.view(np.float64)


def floor_exponential(words: np.ndarray, rate: float) -> np.ndarray:
    """⌊E/rate⌋ for E = −ln U* of each word, as int64: Geometric(1 − e^−rate) on {0, 1, …},
    P(⌊E/r⌋ ≥ m) = P(E ≥ m·r) = e^−rm.
    """
    e = np.log(u_star(words))
    np.negative(e, out=e)
    e *= 1.0 / rate
    np.floor(e, out=e)
    np.minimum(e, 2.0 ** 62, out=e)              # only reachable when rate < 1e-16
    return e.astype(np.int64)


def uniform_star(size) -> np.ndarray:
    """Mironov's U*: uniform on the doubles of (0, 1), each with probability = its spacing."""
    shape, n = shape_and_count(size)
    return u_star(random_words(n)).reshape(shape)


def standard_exponential_star(size) -> np.ndarray:
    """Exp(1) samples −ln U*, with exact tails (see the module docstring)."""
    shape, n = shape_and_count(size)
    return -np.log(u_star(random_words(n))).reshape(shape)
