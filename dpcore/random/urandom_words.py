"""The operating system's CSPRNG as 64-bit words: counted bulk draws and a numpy bit generator.

Every secure random bit of dpcore comes from ``os.urandom`` through :func:`random_words`,
which counts the words drawn per thread (:func:`words_drawn`, read by
:mod:`dpcore.random.draws`). :class:`UrandomBitGenerator` is a numpy bit generator (the
``bitgen_t`` interface, built with ctypes) serving words from a buffer refilled by
``os.urandom``: the fallback of :class:`dpcore.random.secure_random.SecureGenerator` for the
numpy methods it does not vectorise (one Python call per word, the same source). Fork safety:
the buffer is discarded when the process id changes.
"""
from __future__ import annotations

import ctypes
import operator
import os
import threading

import numpy as np

_BUFFER_WORDS = 512

_DRAWN = threading.local()


def random_words(n: int) -> np.ndarray:
    """``n`` independent uniform 64-bit words from ``os.urandom`` (one call)."""
    n = int(n)
    if n <= 0:
        return np.zeros(0, dtype=np.uint64)
    _DRAWN.words = words_drawn() + n
    return np.frombuffer(os.urandom(8 * n), dtype=np.uint64)


def words_drawn() -> int:
    """How many words this thread's secure generators have read from ``os.urandom`` (every
    secure draw goes through :func:`random_words`; :mod:`dpcore.random.draws` reads it)."""
    return getattr(_DRAWN, "words", 0)


def shape_and_count(size) -> tuple:
    """(output shape, number of values) of numpy's ``size`` argument (``None``: one scalar)."""
    if size is None:
        return (), 1
    shape = (operator.index(size),) if np.ndim(size) == 0 else tuple(operator.index(s) for s in size)
    return shape, int(np.prod(shape, dtype=np.int64))


_NEXT_U64 = ctypes.CFUNCTYPE(ctypes.c_uint64, ctypes.c_void_p)
_NEXT_U32 = ctypes.CFUNCTYPE(ctypes.c_uint32, ctypes.c_void_p)
_NEXT_DOUBLE = ctypes.CFUNCTYPE(ctypes.c_double, ctypes.c_void_p)


class _BitGen(ctypes.Structure):
    """numpy's ``bitgen_t`` (numpy/random/bitgen.h)."""

    _fields_ = [("state", ctypes.c_void_p), ("next_uint64", _NEXT_U64),
                ("next_uint32", _NEXT_U32), ("next_double", _NEXT_DOUBLE),
                ("next_raw", _NEXT_U64)]


_CAPSULE_NAME = b"BitGenerator"
_capsule_new = ctypes.pythonapi.PyCapsule_New
_capsule_new.restype = ctypes.py_object
_capsule_new.argtypes = (ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p)


class UrandomBitGenerator:
    """A numpy bit generator serving words of ``os.urandom`` (for ``numpy.random.Generator``)."""

    def __init__(self):
        self.lock = threading.Lock()
        self._words, self._pos, self._pid = [], 0, None
        # Keep the ctypes callbacks and the struct alive as long as self.
        self._callbacks = (_NEXT_U64(lambda _: self._next()),
                           _NEXT_U32(lambda _: self._next() >> 32),
                           _NEXT_DOUBLE(lambda _: (self._next() >> 11) * (1.0 / (1 << 53))),
                           _NEXT_U64(lambda _: self._next()))
        self._bitgen = _BitGen(None, *self._callbacks)
        self.capsule = _capsule_new(ctypes.addressof(self._bitgen), _CAPSULE_NAME, None)

    def _next(self) -> int:
        if self._pos >= len(self._words) or self._pid != os.getpid():
            self._words = random_words(_BUFFER_WORDS).tolist()
            self._pos, self._pid = 0, os.getpid()
        self._pos += 1
        return self._words[self._pos - 1]

    def random_raw(self, size=None, output=True):
        """Raw 64-bit words, like numpy's ``BitGenerator.random_raw``."""
        shape, n = shape_and_count(size)
        words = random_words(n).reshape(shape)
        if not output:
            return None
        return int(words.reshape(-1)[0]) if size is None else words

    @property
    def state(self) -> dict:
        """No state to save or restore: every word is fresh OS entropy."""
        return {"bit_generator": "UrandomBitGenerator"}
