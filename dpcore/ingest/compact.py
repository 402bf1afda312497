"""Streaming, bounded-memory encoding of raw (user, tower, time) batches to compact codes.

Any reader (GDAL's Arrow stream, DuckDB, a QGIS layer) hands batches of raw
columns to :class:`EventEncoder`. Each batch is validated and turned at once
into three small integer columns — user code (int32), tower index (int32),
slot (int16) — so memory stays at ~10 bytes per valid event whatever the
input, never Python objects or full strings. Invalid rows are dropped with a
count per reason (:data:`REASONS`, counted once, under the first that
applies).

The codes are canonical, so the bounding gives the same result (same seed →
same bounded counts) whichever engine read the file and in whatever order:

* user ids are compared as integers when every valid user value of the file
  is an integer (``-?[0-9]{1,18}``), else as UTF-8 byte strings; users are
  numbered in that sorted order (only users with a valid event count);
* tower ids are matched as strings against the given tower ids (integers
  written in decimal), or, with ``tower_ids="auto"``, numbered in the same
  canonical sorted order as users.

:func:`bound_compact` then applies the per-user bounding of
:func:`.bounding.bound_contributions` (Acs & Castelluccia 2014, §5.1,
§5.4.1). When the valid events exceed ``partition_events``, users are split
into contiguous ranges of their canonical numbers and bounded range by range
with one child generator each: a user's events all land in one partition, so
the result has the same distribution as one pass (and is identical for the
same seed, input and partition size, whichever engine ran).
"""
from __future__ import annotations

import math
import os
import tempfile
from dataclasses import dataclass
from typing import Optional, Sequence

import numpy as np

from ..random.rng import child_rng
from ..reporting.progress import Progress, report_progress
from .bounding import BoundedCounts, bound_contributions
from .times import integer_like, times_from_column, to_epoch_seconds

#: Reasons a raw row is not used, in the order they are checked.
REASONS = ("missing_user", "invalid_time", "unknown_tower", "before_period", "after_period")

#: Valid events bounded in one pass; above it the bounding runs by user ranges.
PARTITION_EVENTS = 40_000_000

#: Valid events kept in memory while reading; above it the codes spill to temporary files.
MEMORY_EVENTS = 200_000_000



# --------------------------------------------------------------------------
# column normalisation
# --------------------------------------------------------------------------

def _split_mask(col):
    """(data, null mask or None) of a column that may be a numpy masked array."""
    if isinstance(col, np.ma.MaskedArray):
        mask = np.ma.getmaskarray(col)
        return np.ma.getdata(col), (mask if mask.any() else None)
    return np.asarray(col), None


def _to_bytes(values: np.ndarray) -> np.ndarray:
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


# --------------------------------------------------------------------------
# canonical dictionaries
# --------------------------------------------------------------------------

class _Dictionary:
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


def _user_keys(col):
    """(keys: int64 or S, missing mask) of a user column."""
    data, null = _split_mask(col)
    if data.dtype.kind in "iu":
        keys = data.astype(np.int64)
        missing = np.zeros(keys.size, dtype=bool) if null is None else null
        return keys, missing
    keys = _to_bytes(data)
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


# --------------------------------------------------------------------------
# the encoder
# --------------------------------------------------------------------------

@dataclass
class CompactEvents:
    """Valid events as canonical codes, ready for :func:`bound_compact`.

    ``user`` (int32, canonical user number), ``tower`` (int32 tower index),
    ``slot`` (int16/int32 slot index); ``n_users``; ``user_ids`` (the ids in
    canonical order); ``tower_ids`` (with ``tower_ids="auto"``: the ids found,
    in canonical order; else the given ids); ``dropped`` (rows by reason,
    :data:`REASONS`); ``n_rows`` (rows read); ``start``, ``slot_seconds``,
    ``n_slots``; ``engine`` (which reader ran). Arrays may be memory-mapped
    temporary files (see :meth:`close`).
    """

    user: np.ndarray
    tower: np.ndarray
    slot: np.ndarray
    n_users: int
    user_ids: np.ndarray
    tower_ids: np.ndarray
    dropped: dict
    n_rows: int
    start: float
    slot_seconds: float
    n_slots: int
    engine: str = ""
    _spool: Optional[tempfile.TemporaryDirectory] = None

    @property
    def n_valid(self) -> int:
        return int(self.user.size)

    def close(self) -> None:
        """Remove the temporary files of a spilled read (idempotent)."""
        if self._spool is not None:
            self.user = self.tower = self.slot = np.zeros(0, dtype=np.int32)
            self._spool.cleanup()
            self._spool = None


class _Store:
    """Append-only int columns kept in memory, spilled to temporary files when large."""

    DTYPES = (np.int32, np.int32, np.int16)

    def __init__(self, memory_events: int, spool_dir: Optional[str]):
        self.memory_events, self.spool_dir = int(memory_events), spool_dir
        self.chunks = ([], [], [])
        self.n = 0
        self.spool = None
        self.files = None

    def append(self, *cols) -> None:
        self.n += cols[0].size
        for store, col, dtype in zip(self.chunks, cols, self.DTYPES):
            store.append(col.astype(dtype, copy=False))
        if self.spool is None and self.n > self.memory_events:
            self.spool = tempfile.TemporaryDirectory(prefix="mobilitydp-events-",
                                                     dir=self.spool_dir)
            self.files = [open(os.path.join(self.spool.name, f"c{k}.bin"), "wb")
                          for k in range(3)]
        if self.spool is not None:
            for fh, store in zip(self.files, self.chunks):
                for c in store:
                    c.tofile(fh)
                store.clear()

    def finish(self):
        if self.spool is None:
            return [np.concatenate(c) if c else np.zeros(0, d)
                    for c, d in zip(self.chunks, self.DTYPES)], None
        for fh in self.files:
            fh.close()
        cols = [np.memmap(fh.name, dtype=d, mode="r+", shape=(self.n,)) if self.n else
                np.zeros(0, d) for fh, d in zip(self.files, self.DTYPES)]
        return cols, self.spool

    def abort(self) -> None:
        if self.files:
            for fh in self.files:
                fh.close()
        if self.spool is not None:
            self.spool.cleanup()
        self.chunks = ([], [], [])


class EventEncoder:
    """Turns batches of raw (user, tower, time) columns into :class:`CompactEvents`.

    ``tower_ids``: the tower id of each tower index (events at other towers
    are dropped as ``unknown_tower``), or ``"auto"`` (the distinct values
    found). The period is ``n_slots`` slots of ``slot_seconds`` from ``start``
    (epoch seconds or ISO 8601). Columns may be numpy (masked) arrays of
    integers, floats, byte strings, ``datetime64`` or objects. Use as a
    context manager, or call :meth:`abort` on failure: a spilled read leaves
    nothing behind.
    """

    def __init__(self, *, tower_ids, start, slot_seconds: float, n_slots: int,
                 memory_events: int = MEMORY_EVENTS, spool_dir: Optional[str] = None,
                 engine: str = ""):
        self.start = to_epoch_seconds(start)
        self.slot_seconds = float(slot_seconds)
        self.n_slots = int(n_slots)
        if not (self.slot_seconds > 0 and math.isfinite(self.slot_seconds)):
            raise ValueError(f"slot length must be a positive number of seconds, got {slot_seconds}")
        if not 1 <= self.n_slots < 2**15:
            raise ValueError(f"the number of slots must be between 1 and 32767, got {n_slots}")
        self.auto = isinstance(tower_ids, str) and tower_ids == "auto"
        if self.auto:
            self.towers = _Dictionary()
        else:
            keys = tower_key_strings(tower_ids)
            if keys.size == 0:
                raise ValueError("no tower id to match the events against")
            order = np.argsort(keys, kind="stable")
            self.tower_sorted, self.tower_index = keys[order], order.astype(np.int32)
            self.given_tower_ids = np.asarray(list(tower_ids), dtype=object)
        self.users = _Dictionary()
        self.dropped = dict.fromkeys(REASONS, 0)
        self.n_rows = 0
        self.engine = engine
        self.store = _Store(memory_events, spool_dir)

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is not None:
            self.abort()
        return False

    def abort(self) -> None:
        """Drop everything read so far, temporary files included."""
        self.store.abort()

    def _towers(self, col):
        data, null = _split_mask(col)
        keys = _to_bytes(data)
        empty = keys == b""
        if null is not None:
            empty |= null
        if self.auto:
            return keys, ~empty
        width = np.result_type(self.tower_sorted.dtype, keys.dtype)
        sorted_keys = self.tower_sorted.astype(width)
        keys = keys.astype(width)
        pos = np.searchsorted(sorted_keys, keys)
        ok = ~empty & (pos < sorted_keys.size)
        ok[ok] = sorted_keys[pos[ok]] == keys[ok]
        index = np.full(keys.size, -1, dtype=np.int32)
        index[ok] = self.tower_index[pos[ok]]
        return index, ok

    def add(self, user, tower, time) -> None:
        """Encode one batch of raw columns of equal length."""
        n = len(user)
        if not (len(tower) == len(time) == n):
            raise ValueError("user, tower and time batches must have the same length")
        self.n_rows += n
        ukeys, missing = _user_keys(user)
        seconds = times_from_column(time)
        slot = np.floor((seconds - self.start) / self.slot_seconds)
        bad_time = ~np.isfinite(slot)
        tkeys, good_tower = self._towers(tower)
        ok = ~missing
        self.dropped["missing_user"] += int(missing.sum())
        self.dropped["invalid_time"] += int((ok & bad_time).sum())
        ok &= ~bad_time
        self.dropped["unknown_tower"] += int((ok & ~good_tower).sum())
        ok &= good_tower
        before, after = slot < 0, slot >= self.n_slots
        self.dropped["before_period"] += int((ok & before).sum())
        self.dropped["after_period"] += int((ok & after).sum())
        ok &= ~(before | after)
        ucodes = _encode(self.users, ukeys[ok])
        tcodes = _encode(self.towers, tkeys[ok]) if self.auto else tkeys[ok]
        self.store.append(ucodes, tcodes, slot[ok].astype(np.int16))

    def finish(self) -> CompactEvents:
        """The compact events with canonical user (and auto tower) numbers."""
        (user, tower, slot), spool = self.store.finish()
        _remap_in_place(user, self.users.rank_of_code())
        if self.auto:
            _remap_in_place(tower, self.towers.rank_of_code())
            tower_ids = self.towers.sorted_ids()
        else:
            tower_ids = self.given_tower_ids
        return CompactEvents(user=user, tower=tower, slot=slot, n_users=self.users.size,
                             user_ids=self.users.sorted_ids(), tower_ids=tower_ids,
                             dropped=dict(self.dropped), n_rows=self.n_rows, start=self.start,
                             slot_seconds=self.slot_seconds, n_slots=self.n_slots,
                             engine=self.engine, _spool=spool)


def _encode(dictionary: _Dictionary, keys: np.ndarray) -> np.ndarray:
    """Codes of keys, switching the dictionary to byte strings at the first non-integer."""
    if keys.dtype.kind == "S":
        if dictionary.integer and integer_like(keys).all():
            keys = keys.astype(np.int64)
        else:
            dictionary.to_strings()
    elif not dictionary.integer:
        keys = keys.astype("S21")
    return dictionary.encode(keys)


def _remap_in_place(codes: np.ndarray, mapping: np.ndarray, block: int = 1 << 22) -> None:
    for a in range(0, codes.size, block):
        codes[a:a + block] = mapping[codes[a:a + block]]


# --------------------------------------------------------------------------
# bounding
# --------------------------------------------------------------------------

def _partition_bounds(user: np.ndarray, n_users: int, partition_events: int) -> list:
    """Contiguous user ranges of about ``partition_events`` events each."""
    per_user = np.zeros(n_users, dtype=np.int64)
    for a in range(0, user.size, 1 << 22):
        per_user += np.bincount(user[a:a + (1 << 22)], minlength=n_users)
    n_parts = max(1, math.ceil(user.size / max(int(partition_events), 1)))
    cum = np.cumsum(per_user)
    cuts = np.searchsorted(cum, np.arange(1, n_parts) * (user.size / n_parts), side="right")
    edges = np.unique(np.concatenate([[0], cuts, [n_users]]))
    return list(zip(edges[:-1].tolist(), edges[1:].tolist()))


def bound_compact(events: CompactEvents, *, n_towers: int, ell: Optional[int],
                  rng: np.random.Generator, partition_events: int = PARTITION_EVENTS,
                  progress: Progress = None) -> BoundedCounts:
    """The per-user bounding of :func:`.bounding.bound_contributions` on compact events.

    Same semantics (one visit per user and slot, at most ℓ visits per user,
    both uniform); ``dropped`` holds the reading's reasons (:data:`REASONS`)
    and ``n_events`` the rows read. Bounded in one pass when the valid events
    are at most ``partition_events`` (then identical to
    ``bound_contributions`` on the same codes and generator), else by user
    ranges, each with its own child generator drawn from ``rng``.
    """
    ranges = ([(0, events.n_users)] if events.n_valid <= partition_events
              else _partition_bounds(events.user, events.n_users, partition_events))
    seeds = (None if len(ranges) == 1
             else rng.integers(0, 2**63, size=(len(ranges), 2)).tolist())
    parts = []
    for k, (lo, hi) in enumerate(ranges):
        if len(ranges) == 1:
            user, tower, slot, part_rng = events.user, events.tower, events.slot, rng
        else:
            keep = np.concatenate([(events.user[a:a + (1 << 22)] >= lo)
                                   & (events.user[a:a + (1 << 22)] < hi)
                                   for a in range(0, events.n_valid, 1 << 22)])
            user = events.user[keep] - np.int32(lo)
            tower, slot = events.tower[keep], events.slot[keep]
            del keep
            part_rng = child_rng(rng, seeds[k])

        def step(f, k=k):
            report_progress(progress, (k + f) / len(ranges))

        parts.append(bound_contributions(user, tower, slot, n_towers=n_towers, ell=ell,
                                         rng=part_rng, start=0, slot_seconds=1,
                                         n_slots=events.n_slots, progress=step))
        del user, tower, slot
    return _merge(parts, events)


def _merge(parts: list, events: CompactEvents) -> BoundedCounts:
    first = parts[0]

    def total(name):
        return sum(getattr(p, name) for p in parts)

    return BoundedCounts(
        counts=total("counts"), one_visit_hist=total("one_visit_hist"),
        total_visits=int(total("total_visits")), slot_visits=int(total("slot_visits")),
        true_counts=total("true_counts"),
        visits_per_user=np.concatenate([p.visits_per_user for p in parts]),
        n_users=int(total("n_users")), n_events=events.n_rows, dropped=dict(events.dropped),
        ell=first.ell, start=events.start, slot_seconds=events.slot_seconds,
        n_slots=events.n_slots, events_per_slot=total("events_per_slot"),
        users_per_slot=total("users_per_slot"))
