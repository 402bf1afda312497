"""The cost of a release's population sketch at 5M trips, its size in the ledger, its error.

A release on a ledger records the keyed KMV sketch of its user ids
(:func:`dpcore.accounting.sketch.sketch`, k = 1024: Bar-Yossef et al., RANDOM 2002, §3;
Beyer et al., SIGMOD 2007, §4). This script measures, in one process:

1. time: the sketch of the reader's distinct ids (``ZonedTrips.user_ids``: 250k texts, what a
   release passes) under the hashing scheme of new ledgers (2, SipHash-2-4), of old ledgers
   (1, keyed SplitMix64) and, for comparison, keyed BLAKE2b from hashlib (one call per
   id); of 5M trip rows (250k users, 20 trips each, ids as int64 and as text) — the id
   column of the trip table, the worst case a release can pass —, against the release it
   accompanies: ``dpcore.od.flows.release_od`` (OD flows of trips, 965 zones as the Paris
   IRIS sample, m = 10, ε = 1) on the same 5M trips, reading excluded (which makes the
   ratio larger than in a real run, where the file read adds to the release's time);
   and the sketch of 5M distinct ids. Medians over ``--repeat`` runs (default 3) of the
   wall time and of the process's CPU time.
2. size: the bytes of the sketch in the ledger (its JSON, as the ledger writes it).
3. error: |estimated − true| containment of A in B (|A| = |B| = 50,000 ids; 30 seeds) at
   overlaps 0.1, 0.3, 0.5, 0.75, 0.9 and 1: median and maximum, in points.

    nice -n 10 .venv/bin/python benchmarks/population_sketch.py [--repeat 3] [--seeds 30]
"""
from __future__ import annotations

import argparse
import functools
import hashlib
import json
import operator
import os
import statistics
import sys
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from dpcore.accounting.sketch import K, SketchKey, containment, new_key, sketch  # noqa: E402
from dpcore.od.flows import release_od  # noqa: E402

TRIPS, USERS, ZONES, M = 5_000_000, 250_000, 965, 10


def _median_time(fn, repeat: int) -> tuple:
    """Medians of the wall time and of this process's CPU time (the machine is shared: the
    CPU time is what the step costs, the wall time what a user waits)."""
    wall, cpu = [], []
    for _ in range(repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        fn()
        wall.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
    return statistics.median(wall), statistics.median(cpu)


def blake2b_sketch(key: bytes, ids, k: int = K) -> list:
    """The KMV sketch under keyed BLAKE2b-64 (hashlib, one call per distinct id): the
    cryptographic alternative to SipHash measured for comparison, not used by dpcore."""
    digest = operator.methodcaller("digest")
    keyed = functools.partial(hashlib.blake2b, key=key, digest_size=8)
    raw = [str(i).encode() for i in np.asarray(ids).tolist()]     # distinct ids: no unique
    h = np.frombuffer(b"".join(map(digest, map(keyed, raw))), "<u8")
    return np.unique(h)[:k].tolist()


def timing(repeat: int) -> None:
    rng = np.random.default_rng(0)
    raw = rng.choice(10**12, USERS, replace=False)            # subscriber ids
    user = rng.permutation(np.repeat(np.arange(USERS), TRIPS // USERS))
    origin, dest = rng.integers(0, ZONES, TRIPS), rng.integers(0, ZONES, TRIPS)
    column_int = raw[user]                                     # the trip table's id column
    distinct_text = raw.astype(str)                            # ZonedTrips.user_ids
    column_text = distinct_text[user]
    distinct_5m = rng.choice(10**12, TRIPS, replace=False)
    key = new_key()
    release = _median_time(lambda: release_od(
        user, origin, dest, n_zones=ZONES, epsilon=1.0, rng=np.random.default_rng(1),
        max_trips=M), repeat)
    rows = [(f"release_od, {TRIPS:,} trips, {ZONES} zones, m = {M} (the release)", release)]
    old = SketchKey(key.secret % 2**63, 1)
    secret = key.secret_bytes()
    for name, fn in (
            (f"scheme 2: the reader's {USERS:,} distinct ids, text", lambda: sketch(key, distinct_text)),
            (f"scheme 1: the reader's {USERS:,} distinct ids, text", lambda: sketch(old, distinct_text)),
            (f"BLAKE2b: the reader's {USERS:,} distinct ids, text",
             lambda: blake2b_sketch(secret, distinct_text)),
            (f"scheme 2: id column, {TRIPS:,} rows, int64", lambda: sketch(key, column_int)),
            (f"scheme 2: id column, {TRIPS:,} rows, text", lambda: sketch(key, column_text)),
            (f"scheme 2: {TRIPS:,} distinct ids, int64", lambda: sketch(key, distinct_5m))):
        rows.append((name, _median_time(fn, repeat)))
    print(f"time, median of {repeat} ({TRIPS:,} trips of {USERS:,} users)")
    print(f"{'':62} {'wall s':>7} {'/ release':>9} {'CPU s':>7} {'/ release':>9}")
    for name, (wall, cpu) in rows:
        print(f"{name:62} {wall:7.3f} {wall / release[0]:9.1%} {cpu:7.3f} "
              f"{cpu / release[1]:9.1%}")
    s = sketch(key, column_int)
    size = len(json.dumps(s, indent=2).encode()), len(json.dumps(s).encode())
    print(f"\nsize in the ledger: {len(s)} values, {size[0]:,} bytes of JSON as the ledger "
          f"writes it (indent 2), {size[1]:,} bytes compact")


def error(seeds: int, n: int = 50_000) -> None:
    print(f"\ncontainment |A∩B|/|A| estimated from the sketches (k = {K}), |A| = |B| = {n:,}, "
          f"{seeds} seeds: |error| in points")
    print(f"{'true':>6} {'median':>7} {'max':>6}")
    for overlap in (0.1, 0.3, 0.5, 0.75, 0.9, 1.0):
        errors = []
        for seed in range(seeds):
            rng = np.random.default_rng(1000 + seed)
            ids = rng.choice(10**12, 2 * n, replace=False)
            shared = int(overlap * n)
            a, b = ids[:n], np.concatenate([ids[:shared], ids[n:2 * n - shared]])
            key = new_key()
            errors.append(abs(containment(sketch(key, a), sketch(key, b)) - overlap))
        print(f"{overlap:6.2f} {100 * statistics.median(errors):7.2f} {100 * max(errors):6.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seeds", type=int, default=30)
    args = parser.parse_args()
    timing(args.repeat)
    error(args.seeds)


if __name__ == "__main__":
    main()
