"""A numpy Generator whose every random bit comes from the OS CSPRNG.

numpy's default generator (PCG64) is fast and statistically excellent but
not cryptographically secure: its state can be recovered from enough
full-precision outputs, and in the local modes of this plugin (planar
Laplace, per-vehicle flows) a user who knows her true value sees the raw
noise. Google's and OpenDP's DP libraries therefore draw their noise from
the operating system's CSPRNG; :class:`SecureGenerator` does the same for
numpy code.

Two layers:

* The methods the mechanisms use in bulk (``random``, ``integers``,
  ``uniform``, ``standard_exponential``/``exponential``, ``laplace``,
  ``gumbel``, ``standard_normal``/``normal``/``lognormal``, ``geometric``,
  ``gamma`` with integer shape, ``permutation``, ``choice`` with
  replacement) are vectorised: one ``os.urandom`` call fills all the 64-bit
  words a call needs, and numpy turns them into samples.
* Every other numpy method still works: the generator sits on
  :class:`.urandom_words.UrandomBitGenerator`, a numpy bit generator that
  serves 64-bit words from a buffer refilled by ``os.urandom``. Those
  methods are slower (one Python call per word) but draw from the same source.

Exponentials (and hence Laplace, Gumbel, Gamma, geometric and normal
samples) use Mironov's U* (CCS 2012, §5.2, :mod:`.u_star`), whose −ln U*
has exact tails down to e^−700. Discrete Laplace noise of a release is drawn exactly by
:mod:`dpcore.mechanisms.exact_geometric` from these words, not by ``geometric``.

Fork safety: the vectorised methods keep no state; the fallback buffer
is discarded when the process id changes.
"""
from __future__ import annotations

import math
import operator

import numpy as np

from .u_star import floor_exponential, standard_exponential_star, u_star, uniform_star
from .urandom_words import UrandomBitGenerator, random_words, shape_and_count

__all__ = ["SecureGenerator"]

_SIGN_SOURCE = np.uint64(1 << 52)


def _out(values, size):
    """A numpy scalar when numpy would return one (no size, scalar parameters)."""
    values = np.asarray(values)
    return values[()] if size is None and values.ndim == 0 else values


def _target_shape(size, *params) -> tuple:
    """The output shape: ``size``, else the broadcast shape of the parameters."""
    return np.broadcast_shapes(*(np.shape(p) for p in params)) if size is None else shape_and_count(size)[0]


def _is_scalar(*values) -> bool:
    return all(np.ndim(v) == 0 for v in values)


class SecureGenerator(np.random.Generator):
    """``numpy.random.Generator`` drawing every random bit from ``os.urandom``.

    Made by :func:`dpcore.random.rng.make_rng` when no seed is given.
    Distributions match numpy's (the tests fit them to the exact laws);
    streams are of course not reproducible.
    """

    def __init__(self):
        super().__init__(UrandomBitGenerator())

    def __reduce__(self):
        # A copy of a secure generator is a fresh secure generator, never a replay.
        return (SecureGenerator, ())

    # -- uniform ------------------------------------------------------------
    def random(self, size=None, dtype=np.float64, out=None):
        if out is not None or np.dtype(dtype) != np.float64:
            return super().random(size, dtype, out)
        shape, n = shape_and_count(size)
        u = (random_words(n) >> np.uint64(11)).astype(np.float64) * (1.0 / (1 << 53))
        return _out(u.reshape(shape), size)

    def uniform(self, low=0.0, high=1.0, size=None):
        low, high = np.asarray(low, dtype=float), np.asarray(high, dtype=float)
        if not np.all(np.isfinite(high - low)):
            return super().uniform(low, high, size)
        return _out(low + (high - low) * self.random(_target_shape(size, low, high)), size)

    def integers(self, low, high=None, size=None, dtype=np.int64, endpoint=False):
        if not (_is_scalar(low, high) and np.issubdtype(np.dtype(dtype), np.integer)):
            return super().integers(low, high, size, dtype, endpoint)
        if high is None:
            low, high = 0, low
        try:
            low, high = operator.index(low), operator.index(high) + bool(endpoint)
        except TypeError:
            return super().integers(low, high, size, dtype, endpoint)
        span = high - low
        info = np.iinfo(dtype)
        if span <= 0 or span > 1 << 63 or low < info.min or high - 1 > info.max:
            return super().integers(low, high - bool(endpoint), size, dtype, endpoint)
        shape, n = shape_and_count(size)
        bits = (span - 1).bit_length()
        values = np.zeros(n, dtype=np.int64)
        if bits:
            todo = np.arange(n)
            while todo.size:                 # rejection: each round keeps > 1/2 on average
                draw = (random_words(todo.size) >> np.uint64(64 - bits)).astype(np.int64)
                ok = draw < span
                values[todo[ok]] = draw[ok]
                todo = todo[~ok]
        return _out((values + low).astype(dtype).reshape(shape), size)

    # -- exponential family ---------------------------------------------------
    def standard_exponential(self, size=None, dtype=np.float64, method="zig", out=None):
        if out is not None or np.dtype(dtype) != np.float64:
            return super().standard_exponential(size, dtype, method, out)
        return _out(standard_exponential_star(size), size)

    def exponential(self, scale=1.0, size=None):
        scale = np.asarray(scale, dtype=float)
        if np.any(scale < 0):
            return super().exponential(scale, size)
        return _out(scale * standard_exponential_star(_target_shape(size, scale)), size)

    def laplace(self, loc=0.0, scale=1.0, size=None):
        """loc + S·(scale·(−ln U*)), S a random sign: Mironov's sampler (CCS 2012, §5.2)."""
        loc, scale = np.asarray(loc, dtype=float), np.asarray(scale, dtype=float)
        if np.any(scale < 0):
            return super().laplace(loc, scale, size)
        shape, n = shape_and_count(_target_shape(size, loc, scale))
        words = random_words(n)
        noise = np.log(u_star(words)).reshape(shape)       # ln U* ≤ 0
        noise *= -scale                                     # λ ⊗ (−ln U*)
        # the sign S: bit 52 of each word (unused by U*) moved to the IEEE sign bit
        noise.view(np.uint64)[...] ^= ((words & _SIGN_SOURCE) << np.uint64(11)).reshape(shape)
        if loc.ndim or loc != 0:
            noise = loc + noise
        return _out(noise, size)

    def gumbel(self, loc=0.0, scale=1.0, size=None):
        loc, scale = np.asarray(loc, dtype=float), np.asarray(scale, dtype=float)
        if np.any(scale < 0):
            return super().gumbel(loc, scale, size)
        # −ln(1 − U*) is Exp(1) with U*'s fine resolution near 0, so the Gumbel's upper tail
        # (which decides the exponential mechanism's rare winners) reaches ≈ 700, not 36.7.
        small_exponential = -np.log1p(-uniform_star(_target_shape(size, loc, scale)))
        return _out(loc - scale * np.log(small_exponential), size)

    def geometric(self, p, size=None):
        """Trials until the first success: 1 + ⌊E/(−ln(1 − p))⌋, E ~ Exp(1) (exact tails)."""
        if not _is_scalar(p) or not (0 < float(p) <= 1):
            return super().geometric(p, size)
        p = float(p)
        shape, n = shape_and_count(size)
        if p == 1.0:
            return _out(np.ones(shape, dtype=np.int64), size)
        g = floor_exponential(random_words(n), -math.log1p(-p))
        g += 1
        return _out(g.reshape(shape), size)

    def gamma(self, shape, scale=1.0, size=None):
        """Integer shapes k ≤ 16 as a sum of k exponentials; other shapes via the bit generator."""
        if not (_is_scalar(shape, scale) and float(shape) == int(shape) and 1 <= shape <= 16
                and float(scale) >= 0):
            return super().gamma(shape, scale, size)
        out_shape, n = shape_and_count(size)
        e = standard_exponential_star((int(shape), n)).sum(axis=0)
        return _out((float(scale) * e).reshape(out_shape), size)

    # -- normal family ---------------------------------------------------------
    def standard_normal(self, size=None, dtype=np.float64, out=None):
        """Box–Muller on (−ln U*, uniform angle): two normals per pair of words."""
        if out is not None or np.dtype(dtype) != np.float64:
            return super().standard_normal(size, dtype, out)
        shape, n = shape_and_count(size)
        pairs = (n + 1) // 2
        radius = np.sqrt(2.0 * standard_exponential_star(pairs))
        angle = (random_words(pairs) >> np.uint64(11)).astype(np.float64) * (2 * math.pi / (1 << 53))
        z = np.concatenate((radius * np.cos(angle), radius * np.sin(angle)))[:n]
        return _out(z.reshape(shape), size)

    def normal(self, loc=0.0, scale=1.0, size=None):
        loc, scale = np.asarray(loc, dtype=float), np.asarray(scale, dtype=float)
        if np.any(scale < 0):
            return super().normal(loc, scale, size)
        return _out(loc + scale * self.standard_normal(_target_shape(size, loc, scale)), size)

    def lognormal(self, mean=0.0, sigma=1.0, size=None):
        return np.exp(self.normal(mean, sigma, size))

    # -- permutations and choices ----------------------------------------------
    def permutation(self, x, axis=0):
        """Sort by random 64-bit keys (redrawn in the unlikely case of a tie)."""
        if axis != 0:
            return super().permutation(x, axis)
        if np.ndim(x) == 0:
            n, arr = operator.index(x), None
        else:
            arr = np.asarray(x)
            n = arr.shape[0]
        while True:
            keys = random_words(n)
            order = np.argsort(keys, kind="stable")
            if n < 2 or np.all(np.diff(keys[order]) != 0):
                break
        return order if arr is None else arr[order]

    def choice(self, a, size=None, replace=True, p=None, axis=0, shuffle=True):
        if not replace or axis != 0 or (np.ndim(a) > 1):
            return super().choice(a, size, replace, p, axis, shuffle)
        pool = None if np.ndim(a) == 0 else np.asarray(a)
        n = operator.index(a) if pool is None else pool.shape[0]
        if n <= 0:
            return super().choice(a, size, replace, p, axis, shuffle)
        if p is None:
            idx = np.asarray(self.integers(0, n, size))
        else:
            p = np.asarray(p, dtype=float)
            if p.shape != (n,) or np.any(p < 0) or not math.isclose(p.sum(), 1.0, rel_tol=1e-8):
                return super().choice(a, size, replace, p, axis, shuffle)
            cdf = np.cumsum(p)
            cdf /= cdf[-1]
            idx = np.minimum(np.searchsorted(cdf, self.random(shape_and_count(size)[0]), side="right"),
                             n - 1)
        idx = np.asarray(idx).reshape(shape_and_count(size)[0])
        values = idx if pool is None else pool[idx]
        return values.reshape(()).item() if size is None else values
