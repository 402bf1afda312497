"""Engines that stream an events file into an :class:`.compact.EventEncoder`.

* :func:`read_gdal` — GDAL/OGR's Arrow stream (``GetArrowStreamAsNumPy``,
  GDAL ≥ 3.6), always present where QGIS is: CSV, GeoPackage, Parquet/Arrow
  where the local GDAL has the driver, any OGR vector format;
* :func:`read_duckdb` — the optional DuckDB package (CSV, Parquet), which
  computes the same compact codes in SQL.

Both give the same :class:`.compact.CompactEvents` on the same file (same
canonical codes, same drop counts), so the bounding and its seeded draws do
not depend on the engine. GDAL is imported lazily (it is not a dpcore
dependency; QGIS brings it).
"""
from __future__ import annotations

import os
from typing import Optional, Sequence

import numpy as np

from ..reporting.progress import Progress, report_progress
from .codes import tower_key_strings
from .event_encoder import MEMORY_EVENTS, REASONS, CompactEvents, EventEncoder

#: Rows per Arrow batch: ~10–40 MB of raw columns.
BATCH_ROWS = 500_000


def gdal_available() -> bool:
    try:
        from osgeo import ogr  # noqa: F401
    except ImportError:
        return False
    return hasattr(ogr.Layer, "GetArrowStreamAsNumPy")


def _check_fields(available: Sequence[str], wanted: Sequence[str], what: str) -> None:
    missing = [f for f in wanted if f not in available]
    if missing:
        raise ValueError(f"field(s) {', '.join(missing)} not found in {what}; "
                         f"available: {', '.join(available)}")


def open_layer(path: str, layer_name: Optional[str] = None):
    """``(dataset, layer, field names)`` of an OGR vector source (its first layer unless
    ``layer_name``); ValueError when GDAL cannot open it or the layer is missing. Call it under
    GDAL's exception manager and keep the dataset referenced while the layer is read."""
    from osgeo import ogr
    try:
        ds = ogr.Open(path)
    except RuntimeError as exc:
        raise ValueError(f"GDAL cannot open {path}: {exc}") from exc
    if ds is None:
        raise ValueError(f"GDAL cannot open {path}")
    layer = ds.GetLayerByName(layer_name) if layer_name else ds.GetLayer(0)
    if layer is None:
        raise ValueError(f"layer {layer_name!r} not found in {path}")
    defn = layer.GetLayerDefn()
    return ds, layer, [defn.GetFieldDefn(i).GetName() for i in range(defn.GetFieldCount())]


def read_gdal(path, *, user_field: str, tower_field: str, time_field: str, tower_ids,
              start, slot_seconds: float, n_slots: int, layer_name: Optional[str] = None,
              progress: Progress = None, memory_events: int = MEMORY_EVENTS,
              spool_dir: Optional[str] = None) -> CompactEvents:
    """Stream ``path`` (any OGR vector source) through GDAL's Arrow interface into compact codes.

    ``layer_name``: the layer of a multi-layer source (default the first).
    ``progress`` gets the fraction of rows read when the driver knows the
    count cheaply (else of bytes is unknown, and it is called with 0). On
    failure or cancellation nothing is left behind.
    """
    from osgeo import gdal, ogr
    path = os.fspath(path)
    if not os.path.exists(path):
        raise ValueError(f"events file {path!r} does not exist")
    with gdal.ExceptionMgr(useExceptions=True) if hasattr(gdal, "ExceptionMgr") else _NoOp():
        ds, layer, names = open_layer(path, layer_name)
        wanted = (user_field, tower_field, time_field)
        _check_fields(names, wanted, os.path.basename(path))
        layer.SetIgnoredFields([n for n in names if n not in wanted] + ["OGR_GEOMETRY"])
        total = _row_estimate(path, layer, ogr)
        encoder = EventEncoder(tower_ids=tower_ids, start=start, slot_seconds=slot_seconds,
                               n_slots=n_slots, memory_events=memory_events,
                               spool_dir=spool_dir, engine="gdal")
        with encoder:
            stream = layer.GetArrowStreamAsNumPy(
                options=[f"MAX_FEATURES_IN_BATCH={BATCH_ROWS}", "INCLUDE_FID=NO"])
            for batch in stream:
                encoder.add(batch[user_field], batch[tower_field], batch[time_field])
                report_progress(progress, encoder.n_rows / total if total > 0 else 0.0)
            return encoder.finish()


def _row_estimate(path: str, layer, ogr) -> int:
    """Rows of the layer for the progress bar, without a scan of the file.

    The count when the driver knows it cheaply, else (CSV) the file size over
    the mean length of its first lines. (``GetFeatureCount`` on a CSV reads
    the whole file: two thirds of the read time on a 19M-row file.)
    """
    if layer.TestCapability(ogr.OLCFastFeatureCount):
        return layer.GetFeatureCount()
    try:
        with open(path, "rb") as fh:
            head = fh.read(1 << 16)
        return int(os.path.getsize(path) / max(len(head) / max(head.count(b"\n"), 1), 1))
    except OSError:
        return 0


class _NoOp:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def _sql_str(value: str) -> str:
    return "'" + str(value).replace("'", "''") + "'"


def _q(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def read_duckdb(path, *, user_field: str, tower_field: str, time_field: str, tower_ids,
                start, slot_seconds: float, n_slots: int) -> CompactEvents:
    """The compact codes of a CSV or Parquet file computed by DuckDB (optional package).

    Same rules as :class:`.compact.EventEncoder`: CSV values are read as
    text; times are epoch seconds or ISO 8601 (naive = UTC); user ids are
    numbered in integer order when all valid ones are integers, else in
    byte order; towers are matched as strings.
    """
    import duckdb

    from .times import to_epoch_seconds
    path = os.fspath(path)
    reader = _duckdb_reader(path)
    start = to_epoch_seconds(start)
    slot_seconds, n_slots = float(slot_seconds), int(n_slots)
    auto = isinstance(tower_ids, str) and tower_ids == "auto"
    con = duckdb.connect()
    try:
        con.execute("SET TimeZone = 'UTC'")
        try:
            cols = con.execute(f"DESCRIBE SELECT * FROM {reader}").fetchall()
        except duckdb.Error as exc:
            raise ValueError(f"DuckDB cannot read {path}: {exc}") from exc
        _check_fields([c[0] for c in cols], (user_field, tower_field, time_field),
                      os.path.basename(path))
        seconds = _seconds_sql({c[0]: c[1].upper() for c in cols}[time_field])
        _tag_events(con, reader, (user_field, tower_field, time_field), seconds,
                    None if auto else tower_ids, start=start, slot_seconds=slot_seconds,
                    n_slots=n_slots)
        counts = dict(con.execute("SELECT why, count(*) FROM tagged GROUP BY why").fetchall())
        user_ids = _rank(con, "u", "users", "ui")
        if auto:
            tower_ids = _rank(con, "t", "towers", "ti")
        else:
            tower_ids = np.asarray(list(tower_ids), dtype=object)
        tower, join = (("towers.ti", "JOIN towers ON tagged.t = towers.t") if auto
                       else ("tagged.ti", ""))
        res = con.execute(f"SELECT users.ui AS u, {tower} AS t, tagged.s::SMALLINT AS s "
                          f"FROM tagged JOIN users ON tagged.u = users.u {join} "
                          "WHERE tagged.why = 5").fetchnumpy()
    finally:
        con.close()
    dropped = {r: int(counts.get(k, 0)) for k, r in enumerate(REASONS)}
    return CompactEvents(user=np.asarray(res["u"], dtype=np.int32),
                         tower=np.asarray(res["t"], dtype=np.int32),
                         slot=np.asarray(res["s"], dtype=np.int16),
                         n_users=int(len(user_ids)), user_ids=user_ids, tower_ids=tower_ids,
                         dropped=dropped, n_rows=int(sum(counts.values())), start=start,
                         slot_seconds=slot_seconds, n_slots=n_slots, engine="duckdb")


def _duckdb_reader(path: str) -> str:
    """The DuckDB table function that reads the events file (CSV values as text)."""
    if not os.path.isfile(path):
        raise ValueError(f"events file {path!r} does not exist")
    ext = os.path.splitext(path)[1].lower()
    if ext in (".parquet", ".pq"):
        return f"read_parquet({_sql_str(path)})"
    if ext in (".csv", ".txt", ".tsv"):
        return (f"read_csv({_sql_str(path)}, all_varchar = true, header = true, "
                "ignore_errors = true, null_padding = true)")
    raise ValueError(f"DuckDB reads .csv and .parquet files, not {os.path.basename(path)}")


def _seconds_sql(time_type: str) -> str:
    """The SQL of the epoch seconds of the time column ``tm`` of DuckDB type ``time_type``
    (NULL when unreadable): timestamps and dates, numbers, or text of either."""
    if time_type.startswith(("TIMESTAMP", "DATE")):
        return "epoch(tm)"
    if time_type in ("VARCHAR", "TEXT", "STRING"):
        return "COALESCE(TRY_CAST(tm AS DOUBLE), epoch(TRY_CAST(tm AS TIMESTAMPTZ)))"
    return "TRY_CAST(tm AS DOUBLE)"


def _tag_events(con, reader: str, fields, seconds: str, tower_ids, *, start: float,
                slot_seconds: float, n_slots: int) -> None:
    """Create the table ``tagged``: each row's user and tower text, tower index ``ti`` (among
    ``tower_ids``; None: the towers are numbered later), slot ``s`` and ``why``: the index
    in :data:`.compact.REASONS` of the first reason it is dropped, 5 when it is valid."""
    user_field, tower_field, time_field = fields
    con.execute(
        f"CREATE TEMP VIEW raw AS SELECT CAST({_q(user_field)} AS VARCHAR) AS u, "
        f"CAST({_q(tower_field)} AS VARCHAR) AS t, {_q(time_field)} AS tm FROM {reader}")
    con.execute(
        f"CREATE TEMP VIEW ev AS SELECT u, t, floor(({seconds} - {start!r}) / "
        f"{slot_seconds!r}) AS s FROM raw")
    con.execute("CREATE TEMP TABLE given (t VARCHAR, ti INTEGER)")
    if tower_ids is not None:
        names = np.char.decode(tower_key_strings(tower_ids), "utf-8").tolist()
        con.executemany("INSERT INTO given VALUES (?, ?)",
                        [(n, i) for i, n in enumerate(names)])
    known = "ev.t IS NOT NULL AND ev.t <> ''" if tower_ids is None else "given.ti IS NOT NULL"
    con.execute(
        "CREATE TEMP TABLE tagged AS SELECT u, ev.t AS t, given.ti AS ti, s, CASE "
        "WHEN u IS NULL OR u = '' THEN 0 WHEN s IS NULL OR isnan(s) OR isinf(s) THEN 1 "
        f"WHEN NOT ({known}) THEN 2 WHEN s < 0 THEN 3 WHEN s >= {n_slots} THEN 4 ELSE 5 END "
        "AS why FROM ev LEFT JOIN given ON ev.t = given.t")


def _rank(con, column: str, table: str, index: str) -> np.ndarray:
    """Number the distinct ``column`` values of valid rows as the encoder does; their ids."""
    integer = con.execute(f"SELECT bool_and(regexp_full_match({column}, '-?[0-9]{{1,18}}')) "
                          "FROM tagged WHERE why = 5").fetchone()[0] in (True, None)
    key = f"{column}::BIGINT" if integer else f"encode({column})"
    # dense rank: with integer ids "007" and "7" are one value, as in the encoder
    con.execute(f"CREATE TEMP TABLE {table} AS SELECT {column}, (dense_rank() OVER "
                f"(ORDER BY {key}) - 1)::INTEGER AS {index} FROM "
                f"(SELECT DISTINCT {column} FROM tagged WHERE why = 5)")
    ids = con.execute(f"SELECT DISTINCT {key} AS k, {index} FROM {table} ORDER BY {index}"
                      ).fetchnumpy()["k"]
    if integer:
        return np.asarray(ids, dtype=np.int64)
    return np.asarray([bytes(v).decode("utf-8", "replace") for v in ids], dtype=object)
