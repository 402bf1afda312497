"""Keyed KMV sketches of a release's user ids, and the containment of one set in another.

A release's people are recorded as the ``K`` smallest distinct values of a keyed 64-bit
hash of their ids (as UTF-8 text, integers in decimal: :func:`dpcore.random.id_hashes.id_words`,
the words a Spark executor reads from its Arrow buffers; the key is random per ledger and
stored in it). This is the *k minimum values* sketch of Bar-Yossef et al. (RANDOM 2002, §3)
and Beyer et al. (SIGMOD 2007, §4): below the largest value of a full sketch, the sketch
holds *every* hash of the set, so the hashes of A below ``min(τ_A, τ_B)`` are a uniform
sample of A whose membership in B is known exactly (Broder's containment, SEQUENCES 1997, §2).

The hash is a versioned *scheme* (:data:`SCHEMES`), recorded in the ledger and in every
sketch computed elsewhere. Scheme 2, for new ledgers, is SipHash-2-4 under a 128-bit key
(Aumasson & Bernstein, INDOCRYPT 2012): without the key the values are a PRF's outputs.
Scheme 1, which ledgers written before keep (their sketches cannot be recomputed), mixes
the id's words into the key with SplitMix64's finaliser: a bijection, so anyone holding
the key *inverts* a value into the id. Under either scheme the ledger file holds the key
beside the values: anyone who reads it can test a candidate id (a dictionary of phone
numbers, say) against the sketches, so the file is as sensitive as the list of ids; under
scheme 1 no dictionary is even needed. A sketch computed elsewhere (a Spark job's bounded
tables, :func:`carried`) travels with its scheme and a fingerprint of its key — an
HMAC-SHA-256 of a constant, one-way — so a ledger refuses a sketch made with another
scheme or key (:func:`carried_values`) without the key leaving the ledger.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import NamedTuple

import numpy as np

from ..random.id_hashes import id_words, word_hashes
from ..random.siphash import siphash24
from ..reporting.messages import Message

#: Values kept per sketch. The containment estimate is a proportion over ≈ K hashes:
#: standard error ≤ 0.5/√K = 1.6 points, so a 5-point error is > 3 standard errors.
K = 1024
#: The hashing schemes by version: key size in bytes and what the hash is.
SCHEMES = {1: (8, "keyed SplitMix64 (invertible with the key)"), 2: (16, "SipHash-2-4")}
#: The scheme of new ledgers.
SCHEME = 2


class SketchKey(NamedTuple):
    """A ledger's secret key for sketches and the scheme it hashes with."""

    secret: int
    scheme: int = SCHEME

    def secret_bytes(self) -> bytes:
        return int(self.secret).to_bytes(SCHEMES[self.scheme][0], "big")


def new_key() -> SketchKey:
    """A random key of the current scheme (``secrets``)."""
    return SketchKey(secrets.randbits(8 * SCHEMES[SCHEME][0]), SCHEME)


def word_values(key: SketchKey, words: np.ndarray, length: np.ndarray) -> np.ndarray:
    """The keyed hashes (uint64) of ids given as their zero-padded UTF-8 words and lengths."""
    if key.scheme == 1:
        return word_hashes(key.secret, words, length)
    return siphash24(key.secret_bytes(), words, length)


def sketch(key: SketchKey, ids, k: int = K) -> list:
    """The ``k`` smallest distinct keyed hashes of ``ids`` (sorted Python ints; all of
    them when there are fewer distinct ids). Integer ids and Python objects are made
    distinct before hashing (a trip table repeats each user's id); text arrays are hashed as
    they are, then the hashes made distinct (cheaper than sorting strings when the ids are
    distinct already, as a reader's are)."""
    ids = np.asarray(ids).reshape(-1)
    if ids.dtype.kind in "iu":
        ids = np.unique(ids)
    elif ids.dtype.kind == "O":
        ids = np.asarray(list(dict.fromkeys(ids.tolist())), dtype=object)
    h = word_values(key, *id_words(ids))
    if h.size > 4 * k:                      # drop most values before sorting
        h = np.partition(h, 4 * k)[:4 * k + 1]
    return [int(v) for v in np.unique(h)[:k]]


def merge(a: list, b: list, k: int = K) -> list:
    """The sketch of the union of two sets from their sketches (both of size ``k``)."""
    return sorted(set(a) | set(b))[:k]


def _full_max(s: list, k: int) -> float:
    """The largest value of a full sketch; +∞ when the sketch holds the whole set."""
    return s[-1] if len(s) >= k else float("inf")


def containment(a: list, b: list, k: int = K) -> float:
    """Estimated |A ∩ B| / |A| from the sketches of A and B (exact for small sets)."""
    if not a:
        return 0.0
    top = min(_full_max(a, k), _full_max(b, k))
    sample = [v for v in a if v <= top]
    inside = set(b)
    return sum(v in inside for v in sample) / len(sample) if sample else 0.0


def fingerprint(key: SketchKey) -> str:
    """A one-way fingerprint of a sketch key (HMAC-SHA-256 of a constant, 64 bits in hex)."""
    const = b"mobilitydp people sketch" + (b"" if key.scheme == 1 else b" %d" % key.scheme)
    return hmac.new(key.secret_bytes(), const, hashlib.sha256).hexdigest()[:16]


def carried(key: SketchKey, values: list, k: int = K) -> dict:
    """A sketch as a Spark job's output carries it: its values (16 hex digits each), ``k``,
    the scheme and the fingerprint of its key, never the key."""
    return {"k": int(k), "scheme": int(key.scheme), "key_fingerprint": fingerprint(key),
            "values": [f"{int(v):016x}" for v in values]}


def carried_values(record: dict, key: SketchKey, ledger: str = "the ledger") -> list:
    """The values of a :func:`carried` sketch, refused (before any noise) unless it was made
    with the scheme and the key of ``ledger`` (``key``) and keeps :data:`K` values (a record
    without a scheme is of scheme 1, the first)."""
    scheme = record.get("scheme", 1) if isinstance(record, dict) else None
    if scheme != key.scheme:
        raise ValueError(Message(
            "the sketch of the people was made with hashing scheme {scheme}, {ledger} compares "
            "sketches of scheme {expected}: run the Spark job again with --ledger {ledger}. No "
            "noise was drawn.", scheme=scheme, expected=key.scheme, ledger=ledger))
    if record.get("key_fingerprint") != fingerprint(key):
        raise ValueError(Message(
            "the sketch of the people was computed with another key than that of {ledger}: "
            "run the Spark job again with --ledger {ledger}. No noise was drawn.", ledger=ledger))
    values = sorted({int(v, 16) for v in record.get("values", [])})
    if int(record.get("k", -1)) != K or len(values) > K:
        raise ValueError(Message(
            "the sketch of the people keeps {k} values, not the {expected} {ledger} compares: "
            "run the Spark job again. No noise was drawn.", k=record.get("k"), expected=K,
            ledger=ledger))
    return values
