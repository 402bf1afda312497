"""Streaming, bounded-memory encoding of raw (user, tower, time) batches to compact codes.

Any reader (GDAL's Arrow stream, DuckDB, a QGIS layer) hands batches of raw
columns to :class:`EventEncoder`. Each batch is validated and turned at once
into three small integer columns — user code (int32), tower index (int32),
slot (int16) — so memory stays at ~10 bytes per valid event whatever the
input, never Python objects or full strings. Invalid rows are dropped with a
count per reason (:data:`REASONS`, counted once, under the first that
applies).

The codes are canonical (:mod:`.codes`), so the bounding
(:mod:`.partitioned_bounding`, Acs & Castelluccia 2014, §5.1) gives the same
result (same seed → same bounded counts) whichever engine read the file and in
whatever order: users are numbered in sorted id order (only users with a valid
event count); tower ids are matched as strings against the given tower ids
(integers written in decimal), or, with ``tower_ids="auto"``, numbered in the
same canonical sorted order as users.
"""
from __future__ import annotations

import math
import os
import tempfile
from dataclasses import dataclass
from typing import Optional

import numpy as np

from .codes import Dictionary, encode_keys, remap_in_place, split_mask, to_bytes, tower_key_strings, user_keys
from .times import times_from_column, to_epoch_seconds

#: Reasons a raw row is not used, in the order they are checked.
REASONS = ("missing_user", "invalid_time", "unknown_tower", "before_period", "after_period")

#: Valid events kept in memory while reading; above it the codes spill to temporary files.
MEMORY_EVENTS = 200_000_000



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
            self.towers = Dictionary()
        else:
            keys = tower_key_strings(tower_ids)
            if keys.size == 0:
                raise ValueError("no tower id to match the events against")
            order = np.argsort(keys, kind="stable")
            self.tower_sorted, self.tower_index = keys[order], order.astype(np.int32)
            self.given_tower_ids = np.asarray(list(tower_ids), dtype=object)
        self.users = Dictionary()
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
        data, null = split_mask(col)
        keys = to_bytes(data)
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
        ukeys, missing = user_keys(user)
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
        ucodes = encode_keys(self.users, ukeys[ok])
        tcodes = encode_keys(self.towers, tkeys[ok]) if self.auto else tkeys[ok]
        self.store.append(ucodes, tcodes, slot[ok].astype(np.int16))

    def finish(self) -> CompactEvents:
        """The compact events with canonical user (and auto tower) numbers."""
        (user, tower, slot), spool = self.store.finish()
        remap_in_place(user, self.users.rank_of_code())
        if self.auto:
            remap_in_place(tower, self.towers.rank_of_code())
            tower_ids = self.towers.sorted_ids()
        else:
            tower_ids = self.given_tower_ids
        return CompactEvents(user=user, tower=tower, slot=slot, n_users=self.users.size,
                             user_ids=self.users.sorted_ids(), tower_ids=tower_ids,
                             dropped=dict(self.dropped), n_rows=self.n_rows, start=self.start,
                             slot_seconds=self.slot_seconds, n_slots=self.n_slots,
                             engine=self.engine, _spool=spool)
