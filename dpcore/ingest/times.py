"""Reading times as epoch seconds (UTC) for the CDR ingest.

ISO 8601 strings with an offset are converted to UTC; naive strings are read
as UTC, so a naive ``start`` and naive event times agree on wall-clock slot
boundaries. GDAL's text form of a date-time, ``YYYY/MM/DD hh:mm:ss`` (what
``ogr2ogr`` writes into CSV), is read as the same ISO date. QDateTime values are converted by the algorithm layer.
:func:`times_from_column`
reads a whole column (byte strings from GDAL, numbers, datetime64) vectorised.
"""
from __future__ import annotations

import datetime as _dt
import math
import re

import numpy as np


def to_epoch_seconds(value) -> float:
    """One time (epoch seconds, ISO 8601 string, ``datetime`` or ``date``) as epoch seconds.

    Raises ValueError when it cannot be read.
    """
    out = parse_times(np.array([value], dtype=object))[0]
    if not math.isfinite(out):
        raise ValueError(f"cannot read {value!r} as a time (epoch seconds or ISO 8601)")
    return float(out)


def _one_time(v) -> float:
    if v is None:
        return math.nan
    if isinstance(v, (int, float, np.integer, np.floating)) and not isinstance(v, bool):
        return float(v)
    if isinstance(v, _dt.datetime):
        if v.tzinfo is None:
            v = v.replace(tzinfo=_dt.timezone.utc)
        return v.timestamp()
    if isinstance(v, _dt.date):
        return _dt.datetime(v.year, v.month, v.day, tzinfo=_dt.timezone.utc).timestamp()
    if isinstance(v, np.datetime64):
        return float(v.astype("datetime64[ms]").astype(np.int64)) / 1000.0
    s = str(v).strip()
    if not s:
        return math.nan
    try:
        return float(s)
    except ValueError:
        pass
    if _GDAL_DATE.match(s):                      # GDAL's YYYY/MM/DD: the ISO date
        s = f"{s[:4]}-{s[5:7]}-{s[8:]}"
    try:
        d = _dt.datetime.fromisoformat(s[:-1] + "+00:00" if s.endswith(("Z", "z")) else s)
    except ValueError:
        return math.nan
    return _one_time(d)


def parse_times(values) -> np.ndarray:
    """Times as float64 epoch seconds; NaN where a value cannot be read.

    Accepts numbers (epoch seconds), ISO 8601 strings (with ``T`` or space,
    optional ``Z`` or ``±hh:mm`` offset; naive ones are UTC; the date also as
    GDAL's ``YYYY/MM/DD``), numeric strings, ``datetime``/``date``/
    ``numpy.datetime64`` values and ``None``.
    """
    arr = np.asarray(values)
    if arr.dtype.kind in "iuf":
        return arr.astype(np.float64)
    if arr.dtype.kind == "M":
        out = arr.astype("datetime64[ms]").astype(np.int64) / 1000.0
        out[np.isnat(arr)] = np.nan
        return out
    arr = arr.ravel()
    if arr.dtype.kind in "US":  # fast path: naive ISO strings all in one format
        try:
            return arr.astype("datetime64[ms]").astype(np.int64) / 1000.0
        except ValueError:
            pass
    return np.fromiter((_one_time(v) for v in arr), dtype=np.float64, count=arr.size)


# --------------------------------------------------------------------------
# vectorised reading of whole columns (the streaming ingest, :mod:`.compact`)
# --------------------------------------------------------------------------

_DIGIT_LO, _DIGIT_HI, _MINUS, _SLASH = 48, 57, 45, 47
_GDAL_DATE = re.compile(r"\d{4}/\d{2}/\d{2}")


def _byte_matrix(values: np.ndarray) -> np.ndarray:
    """An ``S`` array as an (n, itemsize) uint8 matrix (zero padded)."""
    values = np.ascontiguousarray(values)
    return values.view(np.uint8).reshape(values.size, max(values.dtype.itemsize, 1))


def integer_like(values: np.ndarray) -> np.ndarray:
    """Mask of byte strings that are decimal integers ``-?[0-9]{1,18}``."""
    if values.size == 0:
        return np.zeros(0, dtype=bool)
    m = _byte_matrix(values)
    digit = (m >= _DIGIT_LO) & (m <= _DIGIT_HI)
    pad = m == 0
    neg = m[:, 0] == _MINUS
    n_digits = digit.sum(axis=1)
    return ((digit[:, 0] | neg) & (digit | pad)[:, 1:].all(axis=1)
            & (n_digits >= 1) & (n_digits <= 18))


def times_from_column(col) -> np.ndarray:
    """Epoch seconds (float64, NaN where unreadable) of a time column of any type.

    Byte strings are parsed vectorised when they look like epoch numbers or
    naive ISO 8601 ``YYYY-MM-DD[T ]hh:mm:ss`` (or GDAL's ``YYYY/MM/DD``; read as UTC); the rest (offsets,
    fractions, malformed text) goes through :func:`.times.parse_times`, one by one.
    """
    if isinstance(col, np.ma.MaskedArray):
        data, null = np.ma.getdata(col), np.ma.getmaskarray(col)
    else:
        data, null = np.asarray(col), None
    if data.dtype.kind == "M":
        out = data.astype("datetime64[ms]").astype(np.int64) / 1000.0
        out[np.isnat(data)] = np.nan
    elif data.dtype.kind in "iuf":
        out = data.astype(np.float64)
    elif data.dtype.kind == "S":
        out = _times_from_bytes(data)
    else:
        out = parse_times(data.astype(object) if data.dtype.kind != "O" else data)
    if null is not None:
        out[null] = np.nan
    return out


def _number(m: np.ndarray, columns) -> np.ndarray:
    """The decimal number written by the digit columns of a byte matrix (int64)."""
    out = np.zeros(m.shape[0], dtype=np.int64)
    for c in columns:
        out *= 10
        out += m[:, c] - _DIGIT_LO
    return out


def _iso_seconds(m: np.ndarray, ok: np.ndarray) -> np.ndarray:
    """Epoch seconds of naive ``YYYY-MM-DD[T ]hh:mm:ss`` rows of a byte matrix (UTC).

    Vectorised civil-date arithmetic (H. Hinnant's ``days_from_civil``), as
    the per-value parser reads them; impossible dates and times clear ``ok``.
    """
    year, month, day = _number(m, (0, 1, 2, 3)), _number(m, (5, 6)), _number(m, (8, 9))
    hour, minute, sec = _number(m, (11, 12)), _number(m, (14, 15)), _number(m, (17, 18))
    leap = (year % 4 == 0) & ((year % 100 != 0) | (year % 400 == 0))
    month_days = np.array([0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31])
    good = (month >= 1) & (month <= 12) & (day >= 1) & (year >= 1)
    good &= day <= month_days[np.clip(month, 0, 12)] + (leap & (month == 2))
    good &= (hour < 24) & (minute < 60) & (sec < 60)
    ok &= good
    y = year - (month <= 2)
    era = y // 400
    yoe = y - era * 400
    doy = (153 * (month + np.where(month > 2, -3, 9)) + 2) // 5 + day - 1
    days = era * 146097 + yoe * 365 + yoe // 4 - yoe // 100 + doy - 719468
    return (days * 86400 + hour * 3600 + minute * 60 + sec).astype(np.float64)


def _times_from_bytes(values: np.ndarray) -> np.ndarray:
    out = np.full(values.size, np.nan)
    if values.size == 0:
        return out
    m = _byte_matrix(values)
    done = np.zeros(values.size, dtype=bool)
    if m.shape[1] >= 19:
        digit = (m >= _DIGIT_LO) & (m <= _DIGIT_HI)
        iso = digit[:, [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18]].all(axis=1)
        dashes = (m[:, 4] == _MINUS) & (m[:, 7] == _MINUS)
        iso &= (dashes | ((m[:, 4] == _SLASH) & (m[:, 7] == _SLASH)))       # or GDAL's slashes
        iso &= (m[:, 13] == 58) & (m[:, 16] == 58)
        iso &= (m[:, 10] == 84) | (m[:, 10] == 32)
        fraction = 0.0
        if m.shape[1] > 19:  # optional ".ffffff" and a final "Z" (UTC)
            tail = m[:, 19:].copy()
            last = (tail != 0).sum(axis=1) - 1
            has_z = (last >= 0) & (tail[np.arange(tail.shape[0]), np.maximum(last, 0)] == 90)
            tail[has_z, last[has_z]] = 0
            digit_after = (tail[:, 1:] >= _DIGIT_LO) & (tail[:, 1:] <= _DIGIT_HI)
            leading = np.cumprod(digit_after, axis=1).sum(axis=1)  # digits right after "."
            plain = (tail == 0).all(axis=1)
            dotted = ((tail[:, 0] == 46) & (leading >= 1) & (digit_after.sum(axis=1) == leading)
                      & (digit_after | (tail[:, 1:] == 0)).all(axis=1))
            iso &= plain | dotted
            if tail.shape[1] > 1:
                digits = np.where(digit_after, tail[:, 1:].astype(np.int64) - _DIGIT_LO, 0)
                fraction = digits @ (10.0 ** -np.arange(1, tail.shape[1]))
        if iso.any():
            rows = np.flatnonzero(iso)
            ok = np.ones(rows.size, dtype=bool)
            seconds = _iso_seconds(m[rows], ok)
            if not np.isscalar(fraction):
                seconds += fraction[rows]
            out[rows[ok]] = seconds[ok]
            done[rows[ok]] = True
    numeric = ~done & integer_like(values)
    if numeric.any():
        out[numeric] = values[numeric].astype(np.int64)
        done |= numeric
    rest = np.flatnonzero(~done & (m[:, 0] != 0))
    if rest.size:
        text = np.char.decode(values[rest], "utf-8", errors="replace")
        out[rest] = parse_times(text.astype(object))
    return out
