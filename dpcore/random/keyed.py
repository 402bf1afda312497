"""Keyed hashes that one machine and a Spark cluster compute identically.

Choices that must come out the same whoever computes them — which ≤ m trips a
user keeps (:mod:`dpcore.od.trip_bounds`), which of a user's equally
frequent pairs is their main pair (:mod:`dpcore.od.people`) — are made by a
keyed hash instead of a generator that depends on the order rows are seen in:

* every user id (as text: integers in decimal, whole floats as integers) gets a
  keyed 64-bit hash (:func:`user_hashes`: the key, then the id's 8-byte words, each
  mixed in), vectorised in numpy;
* values are mixed into it with SplitMix64's finaliser (:func:`mix`), a bijection
  of 64-bit words with full avalanche.

With a secret random key (63 bits from ``secrets`` or drawn from a release's
generator by :func:`draw_key`) the hash behaves as a random function, so the
smallest hash among a user's candidates is a uniformly random candidate: the
"random tie-breaking" and "uniform m-subset" of the releases (tested by χ²). It
is not a cryptographic PRF and needs not be: its values are never published, and
the bound on each user's contribution (the privacy guarantee) holds for any rule
that looks only at that user's own trips; the hash only has to be unbiased.
Comparisons are on signed 64-bit integers, Spark's ``long``.
"""
from __future__ import annotations

import numpy as np

_C1, _C2 = np.uint64(0xBF58476D1CE4E5B9), np.uint64(0x94D049BB133111EB)
GOLDEN = np.uint64(0x9E3779B97F4A7C15)


def mix(h: np.ndarray) -> np.ndarray:
    """SplitMix64's finaliser of uint64 words (wrapping arithmetic)."""
    with np.errstate(over="ignore"):
        h = (h ^ (h >> np.uint64(30))) * _C1
        h = (h ^ (h >> np.uint64(27))) * _C2
    return h ^ (h >> np.uint64(31))


def id_text(values) -> list:
    """Ids as text: integers in decimal (whole floats too), bytes decoded, str as is."""
    out = []
    for v in np.asarray(values, dtype=object).tolist():
        if isinstance(v, bytes):
            v = v.decode("utf-8", "replace")
        elif isinstance(v, float) and v.is_integer():
            v = int(v)
        out.append(str(v))
    return out


_POW10 = np.asarray([10**k for k in range(20)], dtype=np.uint64)


def _decimal_words(a: np.ndarray) -> tuple:
    """(n × 3 little-endian uint64 words of the decimal text of int64 values, zero-padded;
    lengths), by arithmetic on the digits: no string is built."""
    n = a.size
    neg = a < 0
    v = np.abs(a).astype(np.uint64)
    digits = np.ones(n, dtype=np.int64)
    for k in range(1, 20):
        digits += v >= _POW10[k]
    words = np.zeros((n, 3), dtype=np.uint64)
    words[:, 0] = np.where(neg, np.uint64(ord("-")), np.uint64(0))
    for i in range(20):                     # the i-th digit from the left
        valid = i < digits
        d = (v // _POW10[np.maximum(digits - 1 - i, 0)]) % np.uint64(10)
        pos = i + neg                       # its place in the text
        byte = (np.where(valid, d + np.uint64(48), np.uint64(0)) <<
            (np.uint64(8) * (pos % 8).astype(np.uint64)))
        for w in range(3):
            words[:, w] |= np.where(pos // 8 == w, byte, np.uint64(0))
    return words, digits + neg


def id_words(values) -> tuple:
    """(n × k little-endian uint64 words of the UTF-8 :func:`id_text` of every id,
    zero-padded; lengths in bytes), vectorised for integer, byte-string and text arrays."""
    a = np.asarray(values).reshape(-1)
    if a.dtype.kind in "iu":
        return _decimal_words(a.astype(np.int64))
    if a.dtype.kind == "f" and np.all(np.isfinite(a)) and np.all(a == np.round(a)):
        return _decimal_words(a.astype(np.int64))
    if a.dtype.kind == "U":
        a = np.char.encode(a, "utf-8")
    elif a.dtype.kind != "S":
        a = np.asarray([t.encode("utf-8") for t in id_text(a)], dtype=bytes)
    width = a.dtype.itemsize if a.size else 0
    padded = np.zeros((a.size, max(-(-width // 8), 1) * 8), dtype=np.uint8)
    if a.size:
        padded[:, :width] = np.frombuffer(a.tobytes(), np.uint8).reshape(a.size, width)
    return padded.view("<u8"), np.char.str_len(a).astype(np.int64)


def user_hashes(key: int, users) -> np.ndarray:
    """Keyed 64-bit hash of every user id (as text, :func:`id_text`): the key and the id's
    length start the state, then each 8-byte word of its UTF-8 bytes is mixed in (only the
    id's own words: the hash of an id does not depend on the others); vectorised."""
    return word_hashes(key, *id_words(users))


def word_hashes(key: int, words: np.ndarray, length: np.ndarray) -> np.ndarray:
    """:func:`user_hashes` of ids given as their :func:`id_words` (n × k uint64, lengths)."""
    with np.errstate(over="ignore"):
        h = mix(np.uint64(int(key) & (2**64 - 1)) ^ (length.astype(np.uint64) * GOLDEN))
        for j in range(words.shape[1]):
            h = np.where(length > 8 * j, mix(h ^ words[:, j] ^ GOLDEN), h)
    return h


def item_keys(user_hash: np.ndarray, item) -> np.ndarray:
    """The keyed hash (as int64) of (user, item): ``mix(user_hash ^ (item + φ))``; the item
    a non-negative integer (a flat pair or cell index)."""
    with np.errstate(over="ignore"):
        h = (np.asarray(user_hash, dtype=np.uint64) ^
            (np.asarray(item, dtype=np.int64).astype(np.uint64) + GOLDEN))
    return mix(h).view(np.int64)


def draw_key(rng: np.random.Generator) -> int:
    """A 63-bit key from a release's generator (secure when the generator is)."""
    return int(rng.integers(0, 2**63 - 1, dtype=np.int64))
