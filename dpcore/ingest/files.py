"""Reading an events file (user, tower, time) into compact codes, with the engine at hand.

Engines (:func:`read_events_file` picks the first available): the optional
DuckDB package (CSV, Parquet), GDAL's Arrow stream (every OGR format; always
there inside QGIS) and a pure-Python CSV reader (small files, no package).
All three feed the same canonical encoding (:mod:`.compact`), so the result
— and the bounded counts drawn from it with a given seed — does not depend
on the engine.
"""
from __future__ import annotations

import csv
import itertools
import os
from typing import Callable, Optional

import numpy as np

from ..reporting.progress import Progress, report_progress
from .event_encoder import MEMORY_EVENTS, CompactEvents, EventEncoder
from .readers import BATCH_ROWS, gdal_available, read_duckdb, read_gdal

#: A CSV file larger than this read by the pure-Python engine gets a "this will be slow" message.
SLOW_FILE_BYTES = 200 * 1024 * 1024

ENGINES = ("duckdb", "gdal", "python")


def duckdb_available() -> bool:
    try:
        import duckdb  # noqa: F401
    except ImportError:
        return False
    return True


def _ext(path: str) -> str:
    return os.path.splitext(path)[1].lower()


def pick_engine(path: str, engine: Optional[str] = None) -> str:
    """The engine that reads ``path``: ``engine`` if given (checked), else the fastest present."""
    tabular = _ext(path) in (".csv", ".txt", ".tsv", ".parquet", ".pq")
    if engine is not None:
        if engine not in ENGINES:
            raise ValueError(f"unknown engine {engine!r}: use one of {', '.join(ENGINES)}")
        if engine == "duckdb" and not duckdb_available():
            raise ValueError("DuckDB is not installed (it is optional; scripts/setup installs "
                             "it in the test environments)")
        if engine == "gdal" and not gdal_available():
            raise ValueError("GDAL ≥ 3.6 with its Python bindings is not available")
        if engine == "python" and _ext(path) not in (".csv", ".txt", ".tsv"):
            raise ValueError("the pure-Python engine reads CSV only; install GDAL or DuckDB "
                             f"to read {os.path.basename(path)}")
        return engine
    if tabular and duckdb_available():
        return "duckdb"
    if gdal_available():
        return "gdal"
    return pick_engine(path, "python")


def read_events_file(path, *, user_field: str, tower_field: str, time_field: str, tower_ids,
                     start, slot_seconds: float, n_slots: int, engine: Optional[str] = None,
                     layer_name: Optional[str] = None, progress: Progress = None,
                     log: Optional[Callable[[str], None]] = None,
                     memory_events: int = MEMORY_EVENTS) -> CompactEvents:
    """Read (user, tower, time) of an events file as canonical compact codes.

    ``tower_ids``: the tower id of each tower index, or ``"auto"`` (the
    distinct values found). Times may be epoch seconds, ISO 8601 text
    (naive = UTC) or date-time fields. The period is ``n_slots`` slots of
    ``slot_seconds`` from ``start``. ``engine``: ``"duckdb"``, ``"gdal"``,
    ``"python"`` or ``None`` (the fastest available). Rows not used are
    counted per reason in ``dropped``.
    """
    path = os.fspath(path)
    if not os.path.exists(path):
        raise ValueError(f"events file {path!r} does not exist")
    engine = pick_engine(path, engine)
    kw = dict(user_field=user_field, tower_field=tower_field, time_field=time_field,
              tower_ids=tower_ids, start=start, slot_seconds=slot_seconds, n_slots=n_slots)
    if engine == "duckdb":
        events = read_duckdb(path, **kw)
        report_progress(progress, 1.0)
        return events
    if engine == "gdal":
        return read_gdal(path, layer_name=layer_name, progress=progress,
                         memory_events=memory_events, **kw)
    if log is not None and os.path.getsize(path) > SLOW_FILE_BYTES:
        log(f"{path} is {os.path.getsize(path) / 2**20:.0f} MB and neither GDAL nor DuckDB "
            "is available: reading it in pure Python will be slow.")
    return _read_python_csv(path, progress=progress, memory_events=memory_events, **kw)


def _read_python_csv(path, *, user_field, tower_field, time_field, tower_ids, start,
                     slot_seconds, n_slots, progress, memory_events) -> CompactEvents:
    with open(path, newline="", encoding="utf-8-sig") as fh, (
            EventEncoder(tower_ids=tower_ids, start=start, slot_seconds=slot_seconds,
                         n_slots=n_slots, memory_events=memory_events,
                         engine="python")) as encoder:
        reader = csv.reader(fh, delimiter="\t" if path.lower().endswith(".tsv") else ",")
        header = [h.strip() for h in next(reader, [])]
        if not header:
            raise ValueError(f"{path} is empty")
        missing = [f for f in (user_field, tower_field, time_field) if f not in header]
        if missing:
            raise ValueError(f"field(s) {', '.join(missing)} not found in "
                             f"{os.path.basename(path)}; available: {', '.join(header)}")
        cols = [header.index(f) for f in (user_field, tower_field, time_field)]
        width = max(cols) + 1
        while True:
            chunk = list(itertools.islice(reader, BATCH_ROWS))
            if not chunk:
                break
            rows = [r + [""] * (width - len(r)) for r in chunk if r]
            if rows:
                encoder.add(*(np.char.encode(np.asarray([r[c] for r in rows], dtype=str),
                                             "utf-8") for c in cols))
            report_progress(progress, 0.0)
        return encoder.finish()
