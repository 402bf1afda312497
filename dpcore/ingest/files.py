"""Reading (user, tower, time) columns of large CSV / Parquet files without QGIS.

DuckDB (optional; ``scripts/setup`` installs it) reads Parquet and large CSV
files quickly; without it only CSV can be read, in pure Python.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Callable, Optional, Sequence

import numpy as np

from .times import parse_times

#: A file larger than this without DuckDB gets a "this will be slow" message.
SLOW_FILE_BYTES = 200 * 1024 * 1024


@dataclass
class Events:
    """Events read by :func:`read_events_file`, ready for :func:`bound_contributions`.

    ``user``: integer dense index into ``user_ids`` (sorted original ids);
    ``tower``: integer tower index (position in ``tower_ids``), -1 for a
    missing or unknown tower; ``time``: float64 epoch seconds, NaN where
    unreadable; ``tower_ids``: the id of each tower index when the reader
    made them (``tower_ids="auto"``), else ``None``; ``dropped``: rows not
    returned (``missing_user``); ``engine``: ``"duckdb"`` or ``"python"``.
    """

    user: np.ndarray
    tower: np.ndarray
    time: np.ndarray
    user_ids: np.ndarray
    tower_ids: Optional[np.ndarray] = None
    dropped: dict = field(default_factory=dict)
    engine: str = "python"


def duckdb_available() -> bool:
    try:
        import duckdb  # noqa: F401
    except ImportError:
        return False
    return True


def _kind(path: str) -> str:
    ext = os.path.splitext(path)[1].lower()
    if ext in (".parquet", ".pq"):
        return "parquet"
    if ext in (".csv", ".txt", ".tsv"):
        return "csv"
    raise ValueError(f"unsupported event file {path!r}: use .csv or .parquet")


def _norm_ids(ids) -> tuple:
    """Tower ids as int64 when they all are integers, else as strings."""
    ids = list(ids)
    try:
        as_int = [int(v) for v in ids]
        if all(str(a) == str(v).strip() or a == v for a, v in zip(as_int, ids)):
            return np.asarray(as_int, dtype=np.int64), "BIGINT"
    except (TypeError, ValueError):
        pass
    return np.asarray([str(v) for v in ids], dtype=object), "VARCHAR"


def read_events_file(path, *, user_field: str, tower_field: str, time_field: str,
                     tower_ids: Optional[Sequence] = None, use_duckdb: Optional[bool] = None,
                     log: Optional[Callable[[str], None]] = None) -> Events:
    """Read (user, tower, time) columns of a CSV or Parquet file without QGIS.

    ``tower_ids``: the tower id of each tower index (e.g. the ids of the
    tessellation's towers); values not in it get index -1. ``"auto"``
    indexes the distinct non-null values found (sorted; returned in
    ``Events.tower_ids``). Without it the tower column must already hold
    integer indices. Time values may be epoch
    seconds, ISO 8601 strings or timestamps (see :func:`parse_times`).
    DuckDB is used when importable (``use_duckdb=None``); it reads
    Parquet and large CSV files quickly. Without it only CSV can be read, in
    pure Python, and ``log`` receives a message when the file is large.
    """
    path = os.fspath(path)
    if not os.path.isfile(path):
        raise ValueError(f"event file {path!r} does not exist")
    kind = _kind(path)
    have = duckdb_available()
    if use_duckdb is None:
        use_duckdb = have
    if use_duckdb and not have:
        raise ValueError("DuckDB is not installed (it is optional; scripts/setup installs it)")
    if not use_duckdb:
        if kind == "parquet":
            raise ValueError("reading Parquet needs the optional DuckDB package "
                             "(scripts/setup installs it); export the events as CSV instead")
        if log is not None and os.path.getsize(path) > SLOW_FILE_BYTES:
            log(f"{path} is {os.path.getsize(path) / 2**20:.0f} MB and DuckDB is not "
                "installed: reading it in pure Python will be slow (about a minute per "
                "10 million events). Install DuckDB for the fast path.")
        return _read_python(path, user_field, tower_field, time_field, tower_ids)
    return _read_duckdb(path, kind, user_field, tower_field, time_field, tower_ids)


def _check_fields(available: Sequence[str], wanted: Sequence[str], path: str) -> None:
    missing = [f for f in wanted if f not in available]
    if missing:
        raise ValueError(f"field(s) {', '.join(missing)} not found in {path}; "
                         f"available: {', '.join(available)}")


def _read_python(path, user_field, tower_field, time_field, tower_ids) -> Events:
    import csv
    with open(path, newline="", encoding="utf-8-sig") as fh:
        reader = csv.reader(fh, delimiter="\t" if path.lower().endswith(".tsv") else ",")
        header = next(reader, None)
        if header is None:
            raise ValueError(f"{path} is empty")
        header = [h.strip() for h in header]
        _check_fields(header, (user_field, tower_field, time_field), path)
        iu, it, im = (header.index(f) for f in (user_field, tower_field, time_field))
        cols = [(r[iu], r[it], r[im]) for r in reader if r]
    users, towers, times = (np.asarray(c, dtype=object) for c in zip(*cols)) if cols else \
        (np.zeros(0, dtype=object),) * 3
    present = np.asarray([u.strip() != "" for u in users], dtype=bool)
    users, towers, times = users[present], towers[present], times[present]
    try:
        users = users.astype(np.int64)
    except ValueError:
        users = users.astype(str)
    user_ids, uidx = np.unique(users, return_inverse=True)
    found = None
    if isinstance(tower_ids, str) and tower_ids == "auto":
        vals = np.asarray([str(t).strip() for t in towers], dtype=object)
        vals = vals[vals != ""]
        try:
            tower_ids = found = np.unique(vals.astype(np.int64))
        except ValueError:
            tower_ids = found = np.unique(vals.astype(str))
    if tower_ids is None:
        lookup = None
    else:
        ids, typ = _norm_ids(tower_ids)
        lookup = {(int(v) if typ == "BIGINT" else str(v)): i for i, v in enumerate(ids)}
    tidx = np.fromiter((_tower_index(v, lookup) for v in towers), dtype=np.int64,
                       count=towers.size)
    return Events(user=uidx.reshape(-1).astype(np.int64), tower=tidx, time=parse_times(times),
                  user_ids=user_ids, tower_ids=found,
                  dropped={"missing_user": int((~present).sum())}, engine="python")


def _tower_index(v, lookup) -> int:
    s = str(v).strip()
    if lookup is None:
        try:
            return int(s)
        except ValueError:
            return -1
    if s in lookup:
        return lookup[s]
    try:
        return lookup.get(int(s), -1)
    except ValueError:
        return -1


def _read_duckdb(path, kind, user_field, tower_field, time_field, tower_ids) -> Events:
    import duckdb
    con = duckdb.connect()
    try:
        con.execute("SET TimeZone = 'UTC'")
        lit = "'" + path.replace("'", "''") + "'"
        reader = (f"read_parquet({lit})" if kind == "parquet"
                  else f"read_csv({lit}, auto_detect = true)")
        try:
            cols = con.execute(f"DESCRIBE SELECT * FROM {reader}").fetchall()
        except duckdb.Error as exc:
            raise ValueError(f"cannot read {path}: {exc}") from exc
        types = {c[0]: c[1].upper() for c in cols}
        _check_fields(list(types), (user_field, tower_field, time_field), path)

        def q(name):
            return '"' + name.replace('"', '""') + '"'

        con.execute(f"CREATE TEMP VIEW src AS SELECT {q(user_field)} AS u, {q(tower_field)} AS t, "
                    f"{q(time_field)} AS tm FROM {reader}")
        ttype = types[time_field]
        if ttype.startswith(("TIMESTAMP", "DATE")):
            tm = "epoch(tm)"
        elif ttype in ("VARCHAR", "TEXT", "STRING"):
            tm = "COALESCE(TRY_CAST(tm AS DOUBLE), epoch(TRY_CAST(tm AS TIMESTAMPTZ)))"
        else:
            tm = "TRY_CAST(tm AS DOUBLE)"
        found = None
        if isinstance(tower_ids, str) and tower_ids == "auto":
            con.execute("CREATE TEMP TABLE towers AS SELECT t, (row_number() OVER (ORDER BY t) "
                        "- 1)::BIGINT AS ti FROM (SELECT DISTINCT t FROM src WHERE t IS NOT NULL)")
            found = con.execute("SELECT t FROM towers ORDER BY ti").fetchnumpy()["t"]
            tower_sql, join = "COALESCE(towers.ti, -1)", "LEFT JOIN towers ON src.t = towers.t"
        elif tower_ids is None:
            tower_sql, join = "COALESCE(TRY_CAST(src.t AS BIGINT), -1)", ""
        else:
            ids, typ = _norm_ids(tower_ids)
            con.execute(f"CREATE TEMP TABLE towers AS SELECT UNNEST(?::{typ}[]) AS t, "
                        "UNNEST(range(?)) AS ti", [ids.tolist(), len(ids)])
            tower_sql = "COALESCE(towers.ti, -1)"
            join = f"LEFT JOIN towers ON TRY_CAST(src.t AS {typ}) = towers.t"
        con.execute("CREATE TEMP TABLE users AS SELECT u, (row_number() OVER (ORDER BY u) - 1)"
                    "::BIGINT AS ui FROM (SELECT DISTINCT u FROM src WHERE u IS NOT NULL)")
        missing = con.execute("SELECT count(*) FROM src WHERE u IS NULL").fetchone()[0]
        user_ids = con.execute("SELECT u FROM users ORDER BY ui").fetchnumpy()["u"]
        res = con.execute(f"SELECT users.ui::INTEGER AS u, {tower_sql}::INTEGER AS t, "
                          f"COALESCE({tm}, 'NaN'::DOUBLE) AS tm FROM src "
                          f"JOIN users ON src.u = users.u {join}").fetchnumpy()
    finally:
        con.close()
    return Events(user=np.asarray(res["u"], dtype=np.int32),
                  tower=np.asarray(res["t"], dtype=np.int32),
                  time=np.asarray(res["tm"], dtype=np.float64),
                  user_ids=np.asarray(user_ids), tower_ids=found,
                  dropped={"missing_user": int(missing)}, engine="duckdb")
