"""Canonical integer codes of raw id columns (users, towers, trips).

A reader hands raw columns of any type (numpy masked arrays of integers,
floats, byte strings or objects). Ids are coded so the per-user bounding of
Acs & Castelluccia 2014 (§5.1) gives the same result whichever engine read the
file and in whatever order: ids are compared as integers when every valid value
is an integer (``-?[0-9]{1,18}``), else as UTF-8 byte strings, and numbered in
that sorted order (:meth:`Dictionary.rank_of_code`).
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from .times import integer_like


def split_mask(col):
    """(data, null mask or None) of a column that may be a numpy masked array."""
    if isinstance(col, np.ma.MaskedArray):
        mask = np.ma.getmaskarray(col)
        return np.ma.getdata(col), (mask if mask.any() else None)
    return np.asarray(col), None


def to_bytes(values: np.ndarray) -> np.ndarray:
    """Values as a fixed-width UTF-8 byte string array (``None`` → empty)."""
    if values.dtype.kind == "S":
        return values
    if values.dtype.kind in "iu":
        return values.astype("S21")
    if values.dtype.kind == "f":
        whole = np.isfinite(values) & (values == np.round(values))
        out = values.astype("S32")
        out[whole] = values[whole].astype(np.int64).astype("S21")
        out[~np.isfinite(values)] = b""
        return out
    if values.dtype.kind == "U":
        return np.char.encode(values, "utf-8")
    text = ["" if v is None else str(v) for v in values.tolist()]
    return (np.char.encode(np.asarray(text, dtype=str), "utf-8") if text else
        np.zeros(0, dtype="S1"))


class Dictionary:
    """First-seen codes of keys, with a sorted lookup; integer or byte-string mode."""

    def __init__(self):
        self.integer = True
        self.keys = np.zeros(0, dtype=np.int64)   # sorted
        self.codes = np.zeros(0, dtype=np.int32)  # code of each sorted key
        self.size = 0

    def to_strings(self) -> None:
        if not self.integer:
            return
        keys = self.keys.astype("S21")
        order = np.argsort(keys, kind="stable")
        self.keys, self.codes, self.integer = keys[order], self.codes[order], False

    def encode(self, keys: np.ndarray) -> np.ndarray:
        """Codes (int32) of ``keys`` (int64 in integer mode, else ``S``), adding new keys."""
        if keys.size == 0:
            return np.zeros(0, dtype=np.int32)
        uniq, inv = np.unique(keys, return_inverse=True)
        if not self.integer:
            width = np.result_type(self.keys.dtype, uniq.dtype)
            self.keys, uniq = self.keys.astype(width), uniq.astype(width)
        code = np.empty(uniq.size, dtype=np.int32)
        pos = np.searchsorted(self.keys, uniq)
        found = pos < self.keys.size
        found[found] = self.keys[pos[found]] == uniq[found]
        code[found] = self.codes[pos[found]]
        new = ~found
        n_new = int(new.sum())
        if self.size + n_new >= 2**31:
            raise ValueError("more than 2³¹ distinct values: too many to encode")
        code[new] = np.arange(self.size, self.size + n_new, dtype=np.int32)
        if n_new:
            at = pos[new]
            self.keys = np.insert(self.keys, at, uniq[new])
            self.codes = np.insert(self.codes, at, code[new])
            self.size += n_new
        return code[inv.reshape(-1)]

    def rank_of_code(self) -> np.ndarray:
        """Canonical number (position in sorted key order) of every code."""
        rank = np.empty(self.size, dtype=np.int32)
        rank[self.codes] = np.arange(self.size, dtype=np.int32)
        return rank

    def sorted_ids(self) -> np.ndarray:
        """The keys in canonical order (int64, or str)."""
        if self.integer:
            return self.keys.copy()
        return np.char.decode(self.keys, "utf-8", errors="replace").astype(object)


def user_keys(col):
    """(keys: int64 or S, missing mask) of a user column."""
    data, null = split_mask(col)
    if data.dtype.kind in "iu":
        keys = data.astype(np.int64)
        missing = np.zeros(keys.size, dtype=bool) if null is None else null
        return keys, missing
    keys = to_bytes(data)
    missing = keys == b""
    if null is not None:
        missing |= null
    return keys, missing


def tower_key_strings(ids: Sequence) -> np.ndarray:
    """Tower ids as the byte strings events are matched against (integers in decimal)."""
    arr = np.asarray(list(ids), dtype=object)
    out = []
    for v in arr.tolist():
        if isinstance(v, (float, np.floating)) and float(v).is_integer():
            v = int(v)
        out.append(str(v).strip())
    return np.char.encode(np.asarray(out, dtype=str), "utf-8") if out else np.zeros(0, "S1")


def encode_keys(dictionary: Dictionary, keys: np.ndarray) -> np.ndarray:
    """Codes of keys, switching the dictionary to byte strings at the first non-integer."""
    if keys.dtype.kind == "S":
        if dictionary.integer and integer_like(keys).all():
            keys = keys.astype(np.int64)
        else:
            dictionary.to_strings()
    elif not dictionary.integer:
        keys = keys.astype("S21")
    return dictionary.encode(keys)


def remap_in_place(codes: np.ndarray, mapping: np.ndarray, block: int = 1 << 22) -> None:
    """``codes[i] = mapping[codes[i]]`` block by block (codes may be memory-mapped)."""
    for a in range(0, codes.size, block):
        codes[a:a + block] = mapping[codes[a:a + block]]
