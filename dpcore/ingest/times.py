"""Reading times as epoch seconds (UTC) for the CDR ingest.

ISO 8601 strings with an offset are converted to UTC; naive strings are read
as UTC, so a naive ``start`` and naive event times agree on wall-clock slot
boundaries. QDateTime values are converted by the algorithm layer.
"""
from __future__ import annotations

import datetime as _dt
import math

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
    try:
        d = _dt.datetime.fromisoformat(s[:-1] + "+00:00" if s.endswith(("Z", "z")) else s)
    except ValueError:
        return math.nan
    return _one_time(d)


def parse_times(values) -> np.ndarray:
    """Times as float64 epoch seconds; NaN where a value cannot be read.

    Accepts numbers (epoch seconds), ISO 8601 strings (with ``T`` or space,
    optional ``Z`` or ``±hh:mm`` offset; naive ones are UTC), numeric
    strings, ``datetime``/``date``/``numpy.datetime64`` values and ``None``.
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


