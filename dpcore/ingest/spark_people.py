"""The people of a Spark job's input, sketched on the executors for the privacy ledger.

The ledger recognises a release's people by a keyed *k minimum values* sketch of their ids
(:mod:`dpcore.accounting.sketch`; Bar-Yossef et al., RANDOM 2002, §3). Such sketches merge:
the sketch of a union is the k smallest values of the union of the sketches. So each
partition hashes its user ids with the ledger's key and scheme —
:func:`dpcore.accounting.sketch.word_values` of the ids' UTF-8 text read from the Arrow
buffers, the hash the one-machine readers compute for the same ids — and keeps its k
smallest distinct values; the driver merges these (at most k per partition). No id leaves
the executors.

The job's output carries the sketch with its scheme and a fingerprint of the key, never the key
(:func:`dpcore.accounting.sketch.carried`). With the ledger's key anyone can test whether an
id is among the people: the output is as sensitive as the ledger.
"""
from __future__ import annotations

import functools

import numpy as np

from ..accounting.sketch import K, SketchKey, carried, merge, word_values

#: Rows of :func:`sketch_task`: the partition and one of its k smallest hashes (as a long).
SCHEMA = "p int, h long"
_LOW = np.uint64(0xFFFFFFFF)


def ledger_key(path: str) -> SketchKey:
    """The sketch key (and scheme) of the ledger file at ``path`` (created there when it has
    none)."""
    from ..accounting.ledger import Ledger
    return Ledger(path).sketch_key()


def smallest_hashes(users, key: SketchKey, k: int = K) -> np.ndarray:
    """The ``k`` smallest distinct keyed hashes (sorted uint64) of the ids of an Arrow text
    array, nulls and empty ids left out: the values :func:`dpcore.accounting.sketch.sketch`
    keeps for the same ids."""
    import pyarrow.compute as pc

    from .arrow_text import text_words
    users = pc.unique(users)                    # a user's rows hashed once
    if not len(users):
        return np.zeros(0, dtype=np.uint64)
    words, length, null = text_words(users)
    keep = ~null & (length > 0)
    h = word_values(key, words[keep], length[keep])
    if h.size > 4 * k:                          # as dpcore.accounting.sketch.sketch
        h = np.partition(h, 4 * k)[:4 * k + 1]
    return np.unique(h)[:k]


def sketch_task(batches, key: SketchKey, k: int = K):
    """Executor task (``mapInArrow``): one text column of a partition in, its k smallest
    distinct keyed hashes out, as :data:`SCHEMA` rows (one batch at a time in memory)."""
    import pyarrow as pa
    from pyspark import TaskContext
    best = np.zeros(0, dtype=np.uint64)
    for batch in batches:
        if batch.num_rows:
            best = np.unique(np.concatenate([best, smallest_hashes(batch.column(0), key, k)]))[:k]
    part = np.full(best.size, TaskContext.get().partitionId(), dtype=np.int32)
    yield pa.RecordBatch.from_arrays([pa.array(part), pa.array(best.view(np.int64))],
                                     names=["p", "h"])


def people_sketch(users, key: SketchKey, k: int = K) -> dict:
    """The carried sketch of the ids in ``users`` (a one-column DataFrame of text): each
    partition's :func:`sketch_task` on the executors, merged on the driver."""
    from .spark_trips import ship_dpcore
    ship_dpcore(users.sparkSession)
    rows = users.mapInArrow(lambda it: sketch_task(it, key, k), SCHEMA).toArrow()
    part = rows.column("p").to_numpy()
    hashes = rows.column("h").to_numpy().view(np.uint64)
    sketches = [hashes[part == p].tolist() for p in np.unique(part)]
    return carried(key, functools.reduce(lambda a, b: merge(a, b, k), sketches, []), k)


def hash_halves(h: np.ndarray) -> tuple:
    """uint64 hashes as two int32 columns (high, low): rows of the trips job's tables task."""
    return ((h >> np.uint64(32)).astype(np.uint32).view(np.int32),
            (h & _LOW).astype(np.uint32).view(np.int32))


def from_halves(high, low, key: SketchKey, k: int = K) -> dict:
    """The carried sketch of the hashes of :func:`hash_halves` rows gathered from every
    partition (each partition's k smallest): the k smallest of their union."""
    h = ((np.asarray(high, dtype=np.int64).astype(np.uint64) & _LOW) << np.uint64(32)
         | (np.asarray(low, dtype=np.int64).astype(np.uint64) & _LOW))
    return carried(key, merge(np.unique(h).tolist(), [], k), k)
