"""What the two Spark jobs share: the events job (:mod:`.spark`) and the trips job
(:mod:`.spark_trips`), both run by ``scripts/spark-bound``.

The session (UTC, ANSI casts off), the input read as a DataFrame with its fields checked, the
refusal of an output directory that exists, the job's key (``--seed``, or 63 bits from the OS's
secure generator, never recorded) and how the record states it, time values as epoch seconds,
and the ledger's dataset id of the input. Standard library only at module level: the events
job's driver needs neither numpy nor the plugin (``spark-submit dpcore/ingest/spark.py`` runs
that file, which imports this one beside it).
"""
from __future__ import annotations

import datetime as _dt
import os
import secrets
import sys

LEDGER_HELP = ("the privacy ledger (JSON file) the releases of the output will use; its key is "
               "created there if absent. The output then carries a keyed sketch of the people's "
               "ids, so that a release charges their population: the output is then as "
               "sensitive as the ledger (with the ledger's key anyone can test whether an id is "
               "among the people). Needs numpy and pyarrow on the driver and executors")


def session(master: str = "local[*]", app: str = "mobilitydp-spark-bound"):
    """A SparkSession in UTC with ANSI casts off (unreadable values become NULL, as in QGIS)."""
    from pyspark.sql import SparkSession
    builder = SparkSession.builder.appName(app).config("spark.sql.session.timeZone", "UTC")
    builder = (builder.config("spark.sql.ansi.enabled", "false")
               .config("spark.ui.showConsoleProgress", "false"))
    if master:
        builder = builder.master(master)
    return builder.getOrCreate()


def epoch_seconds(text: str) -> float:
    """Epoch seconds of a number or an ISO 8601 time (naive = UTC)."""
    text = text.strip()
    try:
        return float(text)
    except ValueError:
        d = _dt.datetime.fromisoformat(text[:-1] + "+00:00" if text.endswith("Z") else text)
        if d.tzinfo is None:
            d = d.replace(tzinfo=_dt.timezone.utc)
        return d.timestamp()


def job_key(seed) -> int:
    """The job's key: ``seed`` (reproducible: for tests, not for publication), else 63 bits
    from the OS's secure generator."""
    return int(seed) if seed is not None else secrets.randbits(63)


def randomness(seed) -> str:
    """How the record states the job's randomness."""
    return ("seeded (reproducible: not for publication)" if seed is not None
            else "secure (63-bit key from the OS generator, not recorded)")


def check_new_output(out: str) -> None:
    """Refuse a local output directory that exists."""
    if "://" not in out and os.path.exists(out):
        raise ValueError(f"{out} exists: give a new output directory")


def read_input(spark, path: str, fmt, fields):
    """The input as a DataFrame: CSV with a header (every value text), Parquet or JSON, by
    ``fmt`` or else by the name of ``path``; refuses it when one of ``fields`` is missing."""
    fmt = fmt or ("parquet" if path.rstrip("/").lower().endswith((".parquet", ".pq"))
                  else "json" if path.lower().endswith((".json", ".jsonl")) else "csv")
    if fmt == "parquet":
        df = spark.read.parquet(path)
    elif fmt == "json":
        df = spark.read.json(path)
    else:
        df = (spark.read.option("header", True).option("mode", "PERMISSIVE")
              .option("inferSchema", False).csv(path))
    missing = [f for f in fields if f not in df.columns]
    if missing:
        raise ValueError(f"field(s) {', '.join(missing)} not found in {path}; "
                         f"available: {', '.join(df.columns)}")
    return df


def dpcore_module(module: str):
    """A dpcore module, also when spark-submit runs a job's file as a script (no package)."""
    import importlib
    if __package__:
        return importlib.import_module(f"..{module}", __package__)
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))))
    return importlib.import_module(f"dpcore.{module}")


def input_dataset_id(path: str):
    """The ledger dataset id of the input read (:func:`dpcore.accounting.dataset_ids.dataset_id`,
    resolved where the bounding runs), or None when it has none (e.g. a glob)."""
    ids = dpcore_module("accounting.dataset_ids")
    try:
        return ids.dataset_id(path)
    except ids.NoStableIdentity:
        return None
