"""Keyed KMV sketches of a release's user ids, and the containment of one set in another.

A release's people are recorded as the ``K`` smallest distinct values of a keyed 64-bit
hash of their ids (:func:`dpcore.random.keyed.user_hashes`, the hash a Spark executor
computes identically; the key is random per ledger and stored in it). This is the
*k minimum values* sketch of Bar-Yossef et al. (RANDOM 2002, §3) and Beyer et al.
(SIGMOD 2007, §4): below the largest value of a full sketch, the sketch holds *every*
hash of the set, so the hashes of A below ``min(τ_A, τ_B)`` are a uniform sample of A
whose membership in B is known exactly (Broder's containment, SEQUENCES 1997, §2).

The values are keyed: without the key they are a uniform sample of 64-bit words; with
it, anyone can test a candidate id. The ledger file, which holds both, is therefore as
sensitive as the list of ids. A sketch computed elsewhere (a Spark job's bounded tables,
:func:`carried`) travels with a fingerprint of its key — an HMAC-SHA-256 of a constant,
one-way, unlike the invertible keyed hash itself — so a ledger refuses a sketch made with
another ledger's key (:func:`carried_values`) without the key leaving the ledger.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets

import numpy as np

from ..random.keyed import user_hashes
from ..reporting.messages import Message

#: Values kept per sketch. The containment estimate is a proportion over ≈ K hashes:
#: standard error ≤ 0.5/√K = 1.6 points, so a 5-point error is > 3 standard errors.
K = 1024


def new_key() -> int:
    """A random 63-bit key for a ledger's sketches (``secrets``)."""
    return secrets.randbits(63)


def sketch(key: int, ids, k: int = K) -> list:
    """The ``k`` smallest distinct keyed hashes of ``ids`` (sorted Python ints; all of
    them when there are fewer distinct ids)."""
    ids = np.asarray(ids).reshape(-1)
    if ids.dtype.kind in "iuSU":            # a trip table repeats each user's id
        ids = np.unique(ids)
    h = user_hashes(key, ids)
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


def fingerprint(key: int) -> str:
    """A one-way fingerprint of a sketch key (HMAC-SHA-256 of a constant, 64 bits in hex)."""
    mac = hmac.new(int(key).to_bytes(8, "big"), b"mobilitydp people sketch", hashlib.sha256)
    return mac.hexdigest()[:16]


def carried(key: int, values: list, k: int = K) -> dict:
    """A sketch as a Spark job's output carries it: its values (16 hex digits each), ``k``
    and the fingerprint of its key, never the key."""
    return {"k": int(k), "key_fingerprint": fingerprint(key),
            "values": [f"{int(v):016x}" for v in values]}


def carried_values(record: dict, key: int, ledger: str = "the ledger") -> list:
    """The values of a :func:`carried` sketch, refused (before any noise) unless it was made
    with ``key``, the key of ``ledger``, and keeps :data:`K` values."""
    if not isinstance(record, dict) or record.get("key_fingerprint") != fingerprint(key):
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
