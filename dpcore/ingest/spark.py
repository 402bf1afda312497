"""Per-user contribution bounding as an Apache Spark job (Acs & Castelluccia 2014, §5.1, §5.4.1).

Where the events do not fit one machine, the heavy part — reading and the
per-user bounding — runs on Spark, and only the small tower × slot table
comes back to QGIS for the DP release (``sanitizedensity`` with
BOUNDED_COUNTS). Same semantics as :func:`.bounding.bound_contributions`:

* one visit per (user, slot): the event with the smallest random key among
  the user's events of that slot (uniform over events, so a tower is chosen
  in proportion to its events); the keys are ``rand(seed)``, seeded per
  partition by Spark;
* at most ℓ visits per user: the ℓ visits with the smallest keys
  ``xxhash64(key, user, slot)`` (a uniformly random ℓ-subset; independent of
  partitioning), and the §5.4.1 one-visit histogram from the visit with the
  smallest key (uniform among the kept ones);
* rows are dropped with the reasons and rules of :mod:`.compact` (missing
  user, unreadable time, unknown tower, before / after the period).

``key`` is ``--seed`` (reproducible: for tests, not for publication) or 63
bits from the OS's secure generator (``secrets``), never recorded. The
output layout is documented in :mod:`.table`. This module imports only the
standard library and :mod:`.spark_jobs` (what both Spark jobs share) at module level (the
Spark driver needs neither numpy nor the plugin; with ``--ledger``, numpy and pyarrow), so
``spark-submit dpcore/ingest/spark.py EVENTS OUT --user-field F …`` (options: ``--help``)
runs it on a cluster. With ``--ledger`` the executors also sketch the people for the
privacy ledger (:mod:`.spark_people`).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys

if __package__:
    from . import spark_jobs as jobs
else:  # spark-submit runs this file as a script: its folder is first on the path
    import spark_jobs as jobs

FORMAT = "mobilitydp-bounded-counts/1"
COUNT_COLUMNS = ("tower_id", "tower", "slot", "visits", "users")
REASONS = ("missing_user", "invalid_time", "unknown_tower", "before_period", "after_period")
_INTEGER = r"^-?[0-9]{1,18}$"


def towers_sha256(tower_ids) -> str:
    """SHA-256 of the tower ids (as text, in table order, one per line)."""
    return hashlib.sha256("\n".join(str(t) for t in tower_ids).encode("utf-8")).hexdigest()


def canonical_towers(values) -> list:
    """Distinct tower ids as text, in the encoder's order (integers numerically, else bytes)."""
    import re
    vals = sorted(set(str(v) for v in values))
    if vals and all(re.match(_INTEGER, v) for v in vals):
        by_int = {}
        for v in vals:
            by_int.setdefault(int(v), v)
        return [by_int[k] for k in sorted(by_int)]
    return sorted(vals, key=lambda v: v.encode("utf-8"))


def visit_order_key(key: int):
    """The per-visit random key of the ℓ selection: a keyed hash of (user, slot)."""
    from pyspark.sql import functions as F
    return F.xxhash64(F.lit(key), F.col("u"), F.col("slot"))


def sample_visits(valid, key: int):
    """One visit per (user, slot), ranked per user by the ℓ-selection key (§5.1).

    ``valid``: columns ``u``, ``tower``, ``slot`` (one row per event). Returns
    one row per visit with ``rank`` (1 = smallest key; a visit is kept when
    ``rank ≤ ℓ``, and the rank-1 visit is the §5.4.1 one-visit choice) and
    ``n`` (the user's number of visits).
    """
    from pyspark.sql import Window
    from pyspark.sql import functions as F
    by_slot = Window.partitionBy("u", "slot").orderBy("r1")  # uniform over the slot's events
    visits = (valid.withColumn("r1", F.rand(key))
              .withColumn("k", F.row_number().over(by_slot))
              .filter(F.col("k") == 1).select("u", "slot", "tower"))
    by_user = Window.partitionBy("u").orderBy("r2")
    return (visits.withColumn("r2", visit_order_key(key))
            .withColumn("rank", F.row_number().over(by_user))
            .withColumn("n", F.count(F.lit(1)).over(Window.partitionBy("u"))))


def bound_events(spark, events: str, out: str, *, user_field: str, tower_field: str,
                 time_field: str, start: str, slot_minutes: float, n_slots: int, ell: int,
                 seed=None, towers=None, fmt=None, master: str = "", ledger=None) -> dict:
    """Run the bounding on ``events`` and write the table to ``out``; returns the record.

    ``towers``: tower ids to keep (others are dropped as unknown before the
    bounding), or None for every tower seen. ``out`` must not exist. ``ledger``: the
    privacy ledger whose key sketches the people (the users of the valid events) into the
    record (:mod:`.spark_people`).
    """
    from pyspark.sql import functions as F
    from pyspark.storagelevel import StorageLevel

    if int(ell) < 1 or int(n_slots) < 1 or not float(slot_minutes) > 0:
        raise ValueError("ell, slots and slot minutes must be positive")
    start_s = jobs.epoch_seconds(start)
    slot_s = float(slot_minutes) * 60.0
    n_slots, ell = int(n_slots), int(ell)
    key = jobs.job_key(seed)
    jobs.check_new_output(out)
    df = jobs.read_input(spark, events, fmt, (user_field, tower_field, time_field))
    tagged = _tagged_events(spark, df, (user_field, tower_field, time_field), start_s=start_s,
                            slot_s=slot_s, n_slots=n_slots, towers=towers)
    tagged = tagged.persist(StorageLevel.MEMORY_AND_DISK)
    counts = dict(tagged.groupBy("why").count().collect())
    if ledger:   # the users of the valid events, as the one-machine reader numbers them
        people = jobs.dpcore_module("ingest.spark_people")
        sketch = people.people_sketch(tagged.filter(F.col("why") == 5).select("u"),
                                      people.ledger_key(ledger))
    valid = tagged.filter(F.col("why") == 5).select("u", "t", "slot")
    tower_ids = (canonical_towers(towers) if towers is not None
                 else canonical_towers(r[0] for r in valid.select("t").distinct().collect()))
    index = spark.createDataFrame([(t, i) for i, t in enumerate(tower_ids)],
                                  "t string, tower int")
    valid = valid.join(F.broadcast(index), "t").select("u", "tower", "slot")
    ranked = sample_visits(valid, key).persist(StorageLevel.MEMORY_AND_DISK)
    table = _count_table(ranked, valid, index, ell).persist(StorageLevel.MEMORY_AND_DISK)
    facts = _facts(ranked, valid, table, n_towers=len(tower_ids), n_slots=n_slots)
    table.write.parquet(os.path.join(out, "counts"))
    table.write.option("header", True).csv(os.path.join(out, "counts_csv"))
    record = {
        "format": FORMAT, "engine": "spark", "spark_version": spark.version,
        "master": master or spark.sparkContext.master, "events": events,
        "dataset_id": jobs.input_dataset_id(events),
        "user_field": user_field, "tower_field": tower_field, "time_field": time_field,
        "ell": ell, "start": start_s, "start_iso": start, "slot_seconds": slot_s,
        "n_slots": n_slots, "tower_ids": list(tower_ids),
        "towers_sha256": towers_sha256(tower_ids), "towers_given": towers is not None,
        "randomness": jobs.randomness(seed), "n_rows": int(sum(counts.values())),
        "dropped": {r: int(counts.get(k, 0)) for k, r in enumerate(REASONS)}, **facts}
    if seed is not None:
        record["seed"] = int(seed)
    if ledger:
        record["people_sketch"] = sketch
    _write_record(spark, out, record)
    for frame in (tagged, ranked, table):
        frame.unpersist()
    return record


def _write_record(spark, out: str, record: dict) -> None:
    """The record beside the table: as Parquet, then as JSON, last (it marks completion)."""
    text = spark.sparkContext.parallelize([json.dumps(record)], 1)
    spark.read.json(text).write.parquet(os.path.join(out, "parameters"))
    text.saveAsTextFile(os.path.join(out, "parameters_json"))


def _tagged_events(spark, df, fields, *, start_s: float, slot_s: float, n_slots: int, towers):
    """One row per event: user ``u`` and tower ``t`` as text, ``slot`` (NULL unless valid) and
    ``why``, the index in :data:`REASONS` of the first reason it is dropped (5: valid). Without
    ``towers``, a tower is known when it is given at all."""
    from pyspark.sql import functions as F
    user_field, tower_field, time_field = fields
    raw = df.select(F.col(user_field).cast("string").alias("u"),
                    F.col(tower_field).cast("string").alias("t"),
                    ((_seconds(df, time_field) - F.lit(start_s)) / F.lit(slot_s)).alias("x"))
    if towers is not None:
        given = spark.createDataFrame([(str(t),) for t in towers], "t string")
        raw = raw.join(F.broadcast(given.withColumn("known", F.lit(True))), "t", "left")
        known = F.col("known").isNotNull()
    else:
        known = F.col("t").isNotNull() & (F.col("t") != "")
    x = F.col("x")
    why = (F.when(F.col("u").isNull() | (F.col("u") == ""), 0)
           .when(x.isNull() | F.isnan(x) | (F.abs(x) == float("inf")), 1)
           .when(~known, 2)
           .when(x < 0, 3)
           .when(x >= n_slots, 4)
           .otherwise(5))
    return raw.select("u", "t", F.when(why == 5, F.floor(x)).cast("int").alias("slot"),
                      why.alias("why"))


def _seconds(df, time_field: str):
    """The epoch seconds of the time column (NULL when unreadable): timestamps and dates, or
    values whose text is a number or an ISO 8601 time."""
    from pyspark.sql import functions as F
    if dict(df.dtypes)[time_field].startswith(("timestamp", "date")):
        return F.unix_micros(F.col(time_field).cast("timestamp")) / 1e6
    text = F.col(time_field).cast("string")
    return F.coalesce(text.cast("double"),
                      F.unix_micros(F.to_timestamp(text)).cast("double") / 1e6)


def _count_table(ranked, valid, index, ell: int):
    """The output table, one row per tower and slot seen (:data:`COUNT_COLUMNS`): ``visits``
    kept by the pre-sampling (rank ≤ ℓ) and ``users``, the ground truth (distinct users)."""
    from pyspark.sql import functions as F
    kept = (ranked.filter(F.col("rank") <= ell).groupBy("tower", "slot")
            .agg(F.count(F.lit(1)).alias("visits")))
    truth = (valid.select("u", "tower", "slot").distinct().groupBy("tower", "slot")
             .agg(F.count(F.lit(1)).alias("users")))
    return (kept.join(truth, ["tower", "slot"], "full")
            .join(F.broadcast(index.withColumnRenamed("t", "tower_id")), "tower")
            .select("tower_id", "tower", "slot", F.coalesce("visits", F.lit(0)).alias("visits"),
                    F.coalesce("users", F.lit(0)).alias("users"))
            .orderBy("tower", "slot").coalesce(1))


def _facts(ranked, valid, table, *, n_towers: int, n_slots: int) -> dict:
    """The record's small facts, collected in one job: users, visits (total and one per slot),
    the §5.4.1 one-visit histogram, events and users per slot, users by number of visits."""
    from pyspark.sql import functions as F
    first = ranked.filter(F.col("rank") == 1)
    facts = {}
    for kind, k, c in (
            first.groupBy(F.lit("one").alias("kind"), F.col("tower").cast("long").alias("k"))
            .count()
            .unionByName(first.groupBy(F.lit("hist").alias("kind"),
                                       F.col("n").cast("long").alias("k")).count())
            .unionByName(ranked.groupBy(F.lit("users").alias("kind"),
                                        F.col("slot").cast("long").alias("k")).count())
            .unionByName(valid.groupBy(F.lit("events").alias("kind"),
                                       F.col("slot").cast("long").alias("k")).count())
            .unionByName(table.agg(F.lit("truth").alias("kind"), F.lit(0).cast("long").alias("k"),
                                   F.sum("users").alias("count")))
            .collect()):
        facts.setdefault(kind, {})[k] = c or 0
    visits_hist = [0] * (max(facts.get("hist", {0: 0})) + 1)
    for n, c in facts.get("hist", {}).items():
        visits_hist[n] = c
    return {
        "n_users": int(sum(visits_hist)), "total_visits": int(facts["truth"][0]),
        "slot_visits": int(sum(facts.get("users", {}).values())),
        "one_visit_hist": [int(facts.get("one", {}).get(i, 0)) for i in range(n_towers)],
        "events_per_slot": [int(facts.get("events", {}).get(s, 0)) for s in range(n_slots)],
        "users_per_slot": [int(facts.get("users", {}).get(s, 0)) for s in range(n_slots)],
        "visits_hist": visits_hist,
    }


def _parser():
    p = argparse.ArgumentParser(
        prog="spark-bound", description="Per-user bounding of CDR events on Apache Spark "
        "(Acs & Castelluccia §5.1); writes the bounded tower × slot counts for QGIS.")
    p.add_argument("events", help="events: CSV (header), Parquet or JSON; a file or directory, "
                                  "any Hadoop path (hdfs://, s3a://, …)")
    p.add_argument("out", help="output directory (must not exist)")
    p.add_argument("--user-field", required=True)
    p.add_argument("--tower-field", required=True)
    p.add_argument("--time-field", required=True)
    p.add_argument("--start", required=True, help="start of the period, ISO 8601 (UTC)")
    p.add_argument("--slot-minutes", type=float, default=60)
    p.add_argument("--slots", type=int, default=168)
    p.add_argument("--ell", type=int, required=True, help="visits kept per user (ℓ)")
    p.add_argument("--seed", type=int, default=None,
                   help="for tests only; default: a secure random key")
    p.add_argument("--towers", default=None,
                   help="text file of the tower ids to keep, one per line (default: all seen)")
    p.add_argument("--format", choices=("csv", "parquet", "json"), default=None)
    p.add_argument("--master", default="", help="Spark master (default: spark-submit's)")
    p.add_argument("--ledger", default=None, help=jobs.LEDGER_HELP)
    return p


def main(argv=None) -> int:
    args = _parser().parse_args(argv)
    towers = None
    if args.towers:
        with open(args.towers, encoding="utf-8") as fh:
            towers = [line.strip() for line in fh if line.strip()]
    spark = jobs.session(args.master)
    try:
        record = bound_events(
            spark, args.events, args.out, user_field=args.user_field,
            tower_field=args.tower_field, time_field=args.time_field, start=args.start,
            slot_minutes=args.slot_minutes, n_slots=args.slots, ell=args.ell, seed=args.seed,
            towers=towers, fmt=args.format, master=args.master, ledger=args.ledger)
    except ValueError as exc:
        sys.stderr.write(f"spark-bound: {exc}\n")
        return 2
    finally:
        spark.stop()
    sys.stdout.write(f"spark-bound: {record['n_rows']} rows, {record['n_users']} users, "
                     f"{len(record['tower_ids'])} towers; dropped {record['dropped']}; "
                     f"wrote {args.out}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
