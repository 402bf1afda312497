"""SipHash-2-4 of many short messages at once, in numpy (Aumasson & Bernstein, "SipHash: a
fast short-input PRF", INDOCRYPT 2012, §2).

The messages are given as zero-padded little-endian 64-bit words (n × w) and their lengths
in bytes: the layout of :func:`dpcore.random.id_hashes.id_words` and of the Spark job's
:func:`dpcore.ingest.arrow_text.text_words`, so one machine and a cluster compute the same
values. With zero padding, the last block of a message (its remaining bytes and its length
in the top byte, §2 "compression") is its word at index ``length // 8`` (or 0) plus
``length << 56``. Rows that have finished keep their state while longer ones go on.
"""
from __future__ import annotations

import numpy as np

_U = np.uint64
_INIT = (0x736F6D6570736575, 0x646F72616E646F6D, 0x6C7967656E657261, 0x7465646279746573)


def _rotl(x: np.ndarray, b: int) -> np.ndarray:
    return (x << _U(b)) | (x >> _U(64 - b))


def _round(v: list) -> None:
    """One SipRound on the state (in place)."""
    v0, v1, v2, v3 = v
    v0 = v0 + v1                 # new arrays: a finished row's state is kept aside
    v1 = _rotl(v1, 13) ^ v0
    v0 = _rotl(v0, 32)
    v2 = v2 + v3
    v3 = _rotl(v3, 16) ^ v2
    v0 = v0 + v3
    v3 = _rotl(v3, 21) ^ v0
    v2 = v2 + v1
    v1 = _rotl(v1, 17) ^ v2
    v2 = _rotl(v2, 32)
    v[:] = [v0, v1, v2, v3]


def siphash24(key: bytes, words: np.ndarray, length: np.ndarray) -> np.ndarray:
    """SipHash-2-4 (uint64, the standard's output word) under a 16-byte ``key`` of every
    message given as its zero-padded words (n × w uint64, little-endian) and byte lengths."""
    if len(key) != 16:
        raise ValueError("SipHash needs a 16-byte key")
    k0, k1 = (_U(int.from_bytes(key[i:i + 8], "little")) for i in (0, 8))
    n = words.shape[0]
    length = np.asarray(length, dtype=np.int64)
    blocks = length // 8                                 # full blocks of each message
    v = [np.full(n, (_U(c) ^ k), dtype=np.uint64) for c, k in zip(_INIT, (k0, k1, k0, k1))]
    with np.errstate(over="ignore"):
        for j in range(int(blocks.max(initial=0)) + 1):
            word = words[:, j] if j < words.shape[1] else np.zeros(n, dtype=np.uint64)
            m = np.where(j == blocks, word | (length.astype(np.uint64) << _U(56)), word)
            old = list(v)
            v[3] = v[3] ^ m
            _round(v)
            _round(v)
            v[0] = v[0] ^ m
            active = j <= blocks
            v = [np.where(active, new, before) for new, before in zip(v, old)]
        v[2] = v[2] ^ _U(0xFF)
        for _ in range(4):
            _round(v)
    return v[0] ^ v[1] ^ v[2] ^ v[3]
