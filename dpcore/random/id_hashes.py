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

from typing import Optional

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


_TEN = np.uint64(10)


def _decimal_words(a: np.ndarray) -> tuple:
    """(n × 3 little-endian uint64 words of the decimal text of int64 values, zero-padded;
    lengths), by arithmetic on the digits: no string is built. The text is written
    right-aligned in 24 bytes (digits from the right, divisions by 10), then shifted left
    as one 192-bit number (little-endian: towards byte 0)."""
    n = a.size
    neg = a < 0
    v = np.abs(a).astype(np.uint64)                 # |int64 min| wraps to 2**63: right
    words = np.zeros((3, n), dtype=np.uint64)
    digits = np.zeros(n, dtype=np.int64)
    for c in range(23, 3, -1):                      # byte c of the right-aligned text
        if c < 23 and not v.any():                  # no id has more digits
            break
        q = v // _TEN
        present = (v > 0) | (c == 23)
        char = np.where(present, v - q * _TEN + np.uint64(48), np.uint64(0))
        words[c // 8] |= char << np.uint64(8 * (c % 8))
        digits += present
        v = q
    length = digits + neg
    sign = (23 - digits).astype(np.uint64)          # the '-' before the first digit
    for w in range(3):
        words[w] |= np.where(neg & (sign // np.uint64(8) == w), np.uint64(ord("-")),
                             np.uint64(0)) << (np.uint64(8) * (sign % np.uint64(8)))
    return _shift_bytes(words, 24 - length).T.copy(), length


def _shift_bytes(words: np.ndarray, s: np.ndarray) -> np.ndarray:
    """3 × n uint64 words (little-endian 24-byte rows) moved ``s`` bytes towards byte 0."""
    ws = s // 8
    bits = (8 * (s % 8)).astype(np.uint64)
    back = np.where(bits > 0, np.uint64(64) - bits, np.uint64(0))
    pad = np.vstack([words, np.zeros((4, words.shape[1]), dtype=np.uint64)])
    cols = np.arange(words.shape[1])
    out = np.empty_like(words)
    for j in range(3):
        low, high = pad[j + ws, cols], pad[j + ws + 1, cols]
        out[j] = (low >> bits) | np.where(bits > 0, high << back, np.uint64(0))
    return out


def _code_point_words(a: np.ndarray) -> Optional[tuple]:
    """:func:`id_words` of a ``U`` array of ASCII text straight from its code points (None
    when a text is not ASCII: its UTF-8 bytes are then encoded one by one)."""
    width = a.dtype.itemsize // 4
    points = a.view(np.uint32).reshape(a.size, width)
    if a.size and points.max(initial=0) >= 128:
        return None
    return _byte_words(points.astype(np.uint8))


def _byte_words(m: np.ndarray) -> tuple:
    """(words, lengths) of an n × w matrix of zero-padded bytes (a text ends at its last
    non-zero byte, as numpy's fixed-width strings do)."""
    n, width = m.shape
    padded = np.zeros((n, max(-(-width // 8), 1) * 8), dtype=np.uint8)
    padded[:, :width] = m
    nonzero = padded != 0
    length = np.where(nonzero.any(axis=1), padded.shape[1] - nonzero[:, ::-1].argmax(axis=1), 0)
    return padded.view("<u8"), length.astype(np.int64)


def id_words(values) -> tuple:
    """(n × k little-endian uint64 words of the UTF-8 :func:`id_text` of every id,
    zero-padded; lengths in bytes), vectorised for integer, byte-string and text arrays."""
    a = np.asarray(values).reshape(-1)
    if a.dtype.kind in "iu":
        return _decimal_words(a.astype(np.int64))
    if a.dtype.kind == "f" and np.all(np.isfinite(a)) and np.all(a == np.round(a)):
        return _decimal_words(a.astype(np.int64))
    if a.dtype.kind == "U":
        fast = _code_point_words(a)
        if fast is not None:
            return fast
        a = np.char.encode(a, "utf-8")
    elif a.dtype.kind != "S":
        a = np.asarray([t.encode("utf-8") for t in id_text(a)], dtype=bytes)
    width = a.dtype.itemsize if a.size else 0
    return _byte_words(np.frombuffer(a.tobytes(), np.uint8).reshape(a.size, width))


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
