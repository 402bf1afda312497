"""Writers for generated data: CSV (DuckDB when importable, else numpy) and ``.npz``.

The QGIS layer writes GeoPackages and layers; these are for scripts,
benchmarks and files the event readers of :mod:`dpcore.ingest` accept.
"""
from __future__ import annotations

import os

import numpy as np


def _columns(columns: dict) -> dict:
    cols = {str(k): np.asarray(v) for k, v in columns.items()}
    sizes = {v.shape for v in cols.values()}
    if not cols or len(sizes) != 1 or len(next(iter(sizes))) != 1:
        raise ValueError("columns must be 1-D arrays of one common length")
    return cols


def write_table(path, columns: dict) -> None:
    """Write named 1-D columns to ``.csv`` or ``.parquet`` (Parquet needs DuckDB)."""
    path = os.fspath(path)
    cols = _columns(columns)
    parquet = path.lower().endswith((".parquet", ".pq"))
    try:
        import duckdb
    except ImportError:
        if parquet:
            raise ValueError("writing Parquet needs the optional DuckDB package") from None
        duckdb = None
    if duckdb is not None:
        con = duckdb.connect()
        try:
            con.register("cols", cols)
            fmt = "(FORMAT PARQUET)" if parquet else "(HEADER, DELIMITER ',')"
            con.execute(f"COPY (SELECT * FROM cols) TO '{path.replace(chr(39), chr(39) * 2)}' "
                        f"{fmt}")
        finally:
            con.close()
        return
    fmts = ["%d" if v.dtype.kind in "iub" else "%.10g" if v.dtype.kind == "f" else "%s"
            for v in cols.values()]
    table = np.empty(len(next(iter(cols.values()))),
                     dtype=[(k, v.dtype if v.dtype.kind != "U" else object)
                            for k, v in cols.items()])
    for k, v in cols.items():
        table[k] = v
    np.savetxt(path, table, fmt=fmts, delimiter=",", header=",".join(cols), comments="")


def write_npz(path, columns: dict) -> None:
    """Write named arrays to a compressed ``.npz``."""
    np.savez_compressed(os.fspath(path), **{str(k): np.asarray(v) for k, v in columns.items()})
