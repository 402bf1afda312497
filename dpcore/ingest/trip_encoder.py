"""Streaming, bounded-memory encoding of trips into :class:`dpcore.od.trip_arrays.ZonedTrips`.

Any reader (GDAL's Arrow stream, :mod:`.trip_files`; a QGIS layer iterated in
batches) hands batches of raw columns to :class:`TripEncoder`: per-trip rows
(origin/destination coordinates, or line vertices) with :meth:`add_trips`, or
GPS fixes with a trip id with :meth:`add_fixes`. Each batch is at once
reprojected to the metric frame (``to_frame``, vectorised), filtered to the
time window, located in the zones (:class:`.zones.ZoneIndex`) and reduced to
compact columns — user code, frame coordinates, times, length, int32 zones:
68 bytes per trip kept (28 per GPS fix, whose trips are formed at the end; 8 more
for the keyed hash when the encoder has a key),
never a Python object per trip.

User codes are canonical: the users seen in the whole input (before the
window and zones), numbered in the text order of their ids (``np.unique`` of
the ids as text) — so that the per-user sampling of
the releases draws the same trips for the same seed as the feature-by-feature
reader did (rows keep the input order).
"""
from __future__ import annotations

from typing import Callable, Optional

import numpy as np

from ..od.trip_arrays import Trips, ZonedTrips, trips_from_codes
from ..od.trip_bounds import trip_keys
from ..reporting.messages import Message
from .codes import Dictionary, user_keys
from .times import times_from_column
from .zones import ZoneIndex

ToFrame = Optional[Callable[[np.ndarray, np.ndarray], tuple]]


def text_order(dictionary: Dictionary) -> np.ndarray:
    """Rank of every first-seen code in the text order of the keys (``str`` of integers)."""
    keys = dictionary.keys
    if dictionary.integer:
        order = np.argsort(keys.astype("U21"), kind="stable")
    else:
        order = np.arange(keys.size)  # UTF-8 byte order is code point order
    rank = np.empty(dictionary.size, dtype=np.int64)
    rank[dictionary.codes[order]] = np.arange(dictionary.size, dtype=np.int64)
    return rank


def ids_in_text_order(dictionary: Dictionary) -> np.ndarray:
    """The keys in the order of :func:`text_order`'s ranks: the user id of every user code."""
    if dictionary.integer:
        return dictionary.keys[np.argsort(dictionary.keys.astype("U21"), kind="stable")]
    return dictionary.keys


class TripEncoder:
    """Collect batches of trips as compact arrays; :meth:`finish` gives the ZonedTrips.

    ``zones``: a :class:`ZoneIndex` in the frame; ``to_frame(x, y) -> (x, y)``
    reprojects raw coordinates (None: already in the frame); ``window``:
    (start, end) epoch seconds, None = open. ``key``: also keep each trip's keyed hash
    (:func:`dpcore.od.trip_bounds.trip_keys` of the raw values, as the Spark job computes it) in
    ``self.keys`` after :meth:`finish` (per-trip layouts only).
    """

    def __init__(self, zones: ZoneIndex, *, to_frame: ToFrame = None, window=(None, None),
                 key: Optional[int] = None):
        self.zones, self.to_frame, self.key = zones, to_frame, key
        self.window = tuple(window)
        self.users = Dictionary()
        self.trip_ids = Dictionary()
        self.parts: list = []
        self.fixes: list = []
        self.n_read = self.n_window = self.n_outside = self.n_untimed = 0
        self.missing_user = self.bad_coords = 0

    # -- adding rows -------------------------------------------------------
    def _frame(self, x, y):
        x = np.asarray(x, dtype=float)
        y = np.asarray(y, dtype=float)
        return self.to_frame(x, y) if self.to_frame is not None and x.size else (x, y)

    def _user(self, col) -> np.ndarray:
        keys, missing = user_keys(col)
        self.missing_user += int(missing.sum())
        code = np.full(keys.size, -1, dtype=np.int64)
        code[~missing] = self._encode(self.users, keys[~missing])
        return code

    @staticmethod
    def _encode(dictionary, keys):
        if keys.dtype.kind == "S" and dictionary.integer:
            dictionary.to_strings()
        elif keys.dtype.kind != "S" and not dictionary.integer:
            keys = keys.astype("S21")
        return dictionary.encode(keys)

    def add_trips(self, user, ox, oy, dx, dy, start, end, length=None, *,
                  in_frame: bool = False) -> None:
        """One row per trip: raw origin/destination coordinates (``in_frame``: already in the
        frame), start/end times (any column type; None = unknown), length (None = straight)."""
        code = self._user(user)
        n = code.size
        self.n_read += n
        coords = [np.asarray(v, dtype=float) for v in (ox, oy, dx, dy)]
        finite = np.logical_and.reduce([np.isfinite(v) for v in coords])
        self.bad_coords += int(n - finite.sum())
        t0 = np.full(n, np.nan) if start is None else times_from_column(start)
        t1 = np.full(n, np.nan) if end is None else times_from_column(end)
        keys = (trip_keys(self.key, np.asarray(user, dtype=object), *coords, t0, t1)
            if self.key is not None else None)
        if not in_frame:
            coords[0], coords[1] = self._frame(coords[0], coords[1])
            coords[2], coords[3] = self._frame(coords[2], coords[3])
        if length is None:
            length = np.hypot(coords[2] - coords[0], coords[3] - coords[1])
        self._keep(code, *coords, t0, t1, np.asarray(length, dtype=float), finite & (code >= 0),
                   keys)

    def _keep(self, code, ox, oy, dx, dy, t0, t1, length, valid, keys=None) -> None:
        self.n_untimed += int((valid & ~(np.isfinite(t0) & np.isfinite(t1))).sum())
        keep = valid.copy()
        start, end = self.window
        if start is not None:
            keep &= (t0 >= start) & (t1 >= start)
        if end is not None:
            keep &= (t0 <= end) & (t1 <= end)
        self.n_window += int(keep.sum())
        idx = np.flatnonzero(keep)
        oz = self.zones.locate(ox[idx], oy[idx])
        dz = self.zones.locate(dx[idx], dy[idx])
        located = (oz >= 0) & (dz >= 0)
        self.n_outside += int((~located).sum())
        idx, oz, dz = idx[located], oz[located], dz[located]
        self.parts.append((code[idx].astype(np.int32), ox[idx], oy[idx], dx[idx], dy[idx],
                           t0[idx], t1[idx], length[idx], oz, dz,
                           keys[idx] if keys is not None else None))

    def add_fixes(self, user, trip, t, x, y, *, in_frame: bool = False) -> None:
        """GPS fixes: user, trip id, time, raw coordinates; trips are formed by :meth:`finish`."""
        code = self._user(user)
        tkeys, tmissing = user_keys(trip)
        tcode = np.full(code.size, -1, dtype=np.int64)
        tcode[~tmissing] = self._encode(self.trip_ids, tkeys[~tmissing])
        xs, ys = ((np.asarray(x, dtype=float), np.asarray(y, dtype=float)) if in_frame
            else self._frame(x, y))
        self.fixes.append((code.astype(np.int32), tcode.astype(np.int32),
                           times_from_column(t), xs, ys))

    # -- the result ----------------------------------------------------------
    def _fixes_to_trips(self) -> None:
        cols = [np.concatenate([p[k] for p in self.fixes]) for k in range(5)]
        self.fixes = []
        user, trip, t, x, y = cols
        if user.size == 0:
            raise ValueError("the trips layer has no points")
        if self.missing_user:
            raise ValueError(Message("{missing} of {n} records have no user id",
                                     missing=self.missing_user, n=user.size))
        missing = int((trip < 0).sum())
        if missing:
            raise ValueError(f"{missing} of {user.size} fixes have no trip id")
        ranked = text_order(self.trip_ids)[trip]
        trips = trips_from_codes(text_order(self.users)[user], ranked, t, x, y)
        self._ranked = True
        self.n_read = trips.n
        self._keep(trips.user, trips.origin[:, 0], trips.origin[:, 1], trips.dest[:, 0],
                   trips.dest[:, 1], trips.start, trips.end, trips.length,
                   np.ones(trips.n, dtype=bool))

    def finish(self) -> tuple:
        """(ZonedTrips, facts): the trips in the window with both ends in a zone.

        ``facts`` (raw-data counts, internal only): ``read``, ``in_window``,
        ``outside``, ``untimed``, ``users_read``. Refuses trips without a user
        or with unreadable coordinates (counted), as the feature reader did.
        """
        self._ranked = False
        if self.fixes:
            self._fixes_to_trips()
        if self.n_read == 0:
            raise ValueError("the trips layer has no trips")
        if self.missing_user:
            raise ValueError(Message("{missing} of {n} records have no user id",
                                     missing=self.missing_user, n=self.n_read))
        if self.bad_coords:
            raise ValueError(f"{self.bad_coords} rows of the trips table have missing or "
                             "non-numeric coordinates")
        cols = []
        parts = [list(p) for p in self.parts]
        self.parts = []
        for k in range(11):  # one column at a time: the peak is the parts + one column
            cols.append(np.concatenate([p[k] for p in parts]) if parts and
                        parts[0][k] is not None else None)
            for p in parts:
                p[k] = None
        self.keys = cols[10]
        user = cols[0].astype(np.int64)
        cols[0] = None
        if not self._ranked:
            user = text_order(self.users)[user]
        ends = []
        for k in (1, 3):     # n × 2 ends, freeing each column once stacked
            ends.append(np.column_stack(cols[k:k + 2]))
            cols[k] = cols[k + 1] = None
        trips = Trips(user, ends[0], ends[1], cols[5], cols[6], cols[7])
        facts = {"read": self.n_read, "in_window": self.n_window, "outside": self.n_outside,
                 "untimed": self.n_untimed, "users_read": self.users.size}
        return ZonedTrips(trips, cols[8], cols[9], len(self.zones.polygons),
                          ids_in_text_order(self.users)), facts
