"""The executor side of the Spark trips job (:mod:`.spark_trips`): Arrow batches in and out.

Two tasks, each dpcore's numpy code on one batch or partition, with no Python
object per row (ids and times are read from the Arrow buffers):

* :func:`locate` — every trip row: its user, origin and destination zones (in the
  zones' CRS, :class:`.zones.ZoneIndex`), keyed hash (:func:`dpcore.od.trip_bounds.trip_keys`),
  why it is dropped (0: kept), start and end (epoch seconds) and its ends in the
  metric frame (the frame the one-machine path computes trip length and gyration in);
* :func:`tables` — one partition of the located rows holding all the rows of its
  users (repartitioned by user): the count of its rows by why they were dropped, the k
  smallest keyed hashes of its users for the ledger (:mod:`.spark_people`), and
  its valid trips' part of every table, as the sparse rows of
  :func:`dpcore.od.trip_bounds.partial_tables` (bounded to the keyed bottom-m, with the
  report statistics of :mod:`dpcore.od.table_statistics`). One pass over the
  located rows: nothing is cached between two Spark jobs.
"""
from __future__ import annotations

from ..od.trip_bounds import UNTIMED_ROW

_INDEX = {}

#: The schema of :func:`locate`'s rows (Spark DDL).
LOCATED = ("u string, o int, d int, k long, why int, t0 double, t1 double, ox double, "
           "oy double, dx double, dy double")
#: The schema of :func:`tables`' rows.
ROWS = "t int, o int, d int, c long"
#: :func:`tables`' rows counting the rows by why they were dropped (origin: the reason, 0 =
#: kept), beside :func:`dpcore.od.trip_bounds.partial_tables`' rows.
DROPPED_ROW = UNTIMED_ROW + 1
#: :func:`tables`' rows of the partition's people sketch (origin, dest: the high and low
#: halves of a keyed hash, :func:`.spark_people.hash_halves`), when a ledger key is given.
PEOPLE_ROW = DROPPED_ROW + 1


def _transform(source: str, target: str):
    import pyproj
    return pyproj.Transformer.from_crs(source, target, always_xy=True).transform


def locate(batches, payload):
    """Arrow batches of (user, ox, oy, dx, dy, start, end) text/doubles in, :data:`LOCATED`
    batches out."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.compute as pc

    from ..od.trip_bounds import trip_keys
    from ..random.id_hashes import word_hashes
    from .arrow_text import text_bytes, text_words
    from .times import times_from_column
    from .zones import ZoneIndex
    name = payload["index_id"]
    if name not in _INDEX:
        from shapely import wkb
        _INDEX[name] = ZoneIndex([wkb.loads(b) for b in payload["zones"]])
    index = _INDEX[name]
    source = payload["crs"] or payload["zones_crs"]
    to_zones = _transform(source, payload["zones_crs"]) if payload["crs"] else None
    to_frame = _transform(source, payload["frame"]) if payload["frame"] else None
    lo, hi = payload["window"]
    for batch in batches:
        size, cols = batch.num_rows, batch.columns
        if not size:
            continue
        words, length, no_user = text_words(cols[0])
        xy = [np.asarray(pc.fill_null(c, np.nan).to_numpy(zero_copy_only=False), dtype=float)
              for c in cols[1:5]]
        t = [times_from_column(text_bytes(c)) if payload["times"][k]
             else np.full(size, np.nan) for k, c in enumerate(cols[5:7])]
        why = np.zeros(size, dtype=np.int32)
        finite = np.logical_and.reduce([np.isfinite(v) for v in xy])
        in_w = np.ones(size, dtype=bool)
        if lo is not None:
            in_w &= (t[0] >= lo) & (t[1] >= lo)
        if hi is not None:
            in_w &= (t[0] <= hi) & (t[1] <= hi)
        fx = list(xy)
        if to_zones is not None:
            fx[0], fx[1] = to_zones(xy[0], xy[1])
            fx[2], fx[3] = to_zones(xy[2], xy[3])
        o = index.locate(np.asarray(fx[0]), np.asarray(fx[1]))
        d = index.locate(np.asarray(fx[2]), np.asarray(fx[3]))
        why[(o < 0) | (d < 0)] = 4
        why[~in_w] = 3
        why[~finite] = 2
        why[no_user | (length == 0)] = 1
        if to_frame is not None:
            fx = [*to_frame(xy[0], xy[1]), *to_frame(xy[2], xy[3])]
        h = word_hashes(payload["key"], words, length)
        keys = trip_keys(payload["key"], None, *xy, *t, hashes=h).view(np.int64)
        yield pa.RecordBatch.from_arrays(
            [cols[0], pa.array(o, pa.int32()), pa.array(d, pa.int32()), pa.array(keys),
             pa.array(why), *(pa.array(np.asarray(v, dtype=float)) for v in (*t, *fx))],
            names=["u", "o", "d", "k", "why", "t0", "t1", "ox", "oy", "dx", "dy"])


def tables(batches, payload):
    """One partition of the valid :data:`LOCATED` rows, each user's trips all in it: its part
    of every table (:func:`dpcore.od.trip_bounds.partial_tables`), as :data:`ROWS` batches."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.compute as pc

    from ..od.table_statistics import bins_from_record
    from ..od.trip_arrays import Trips
    from ..od.trip_bounds import partial_tables
    from ..random.id_hashes import word_hashes
    from .arrow_text import text_words
    batches = [b for b in batches if b.num_rows]
    if not batches:
        return
    t = pa.Table.from_batches(batches)
    why, count = np.unique(t.column("why").to_numpy(), return_counts=True)
    yield _rows((np.full(why.size, DROPPED_ROW), why, np.zeros(why.size), count))
    if payload["people_key"] is not None:   # every user with an id, as the one-machine reader
        from .spark_people import hash_halves, smallest_hashes
        named = t.filter(pc.not_equal(t.column("why"), 1)).column("u").combine_chunks()
        high, low = hash_halves(smallest_hashes(named, payload["people_key"]))
        yield _rows((np.full(high.size, PEOPLE_ROW), high, low, np.ones(high.size)))
    t = t.filter(pc.equal(t.column("why"), 0))
    if not t.num_rows:
        return
    users = pc.dictionary_encode(t.column("u").combine_chunks())
    code = np.asarray(users.indices)
    h = word_hashes(payload["key"], *text_words(users.dictionary)[:2])
    col = {c: t.column(c).to_numpy()
           for c in ("o", "d", "k", "t0", "t1", "ox", "oy", "dx", "dy")}
    origin = np.column_stack([col["ox"], col["oy"]])
    dest = np.column_stack([col["dx"], col["dy"]])
    length = np.hypot(dest[:, 0] - origin[:, 0], dest[:, 1] - origin[:, 1])  # TripEncoder's
    trips = Trips(code, origin, dest, col["t0"], col["t1"], length)
    rows = partial_tables(code, col["o"], col["d"], col["k"], h, n=payload["n_zones"],
                          m=payload["m"], trips=trips, bins=bins_from_record(payload["bins"]),
                          no_frame=payload["no_frame"])
    yield _rows(rows)


def _rows(rows):
    """A :data:`ROWS` batch of the columns (table, origin, dest, count)."""
    import numpy as np
    import pyarrow as pa
    return pa.RecordBatch.from_arrays([pa.array(np.asarray(r, dtype=np.int64 if k == 3 else
                                                           np.int32))
                                       for k, r in enumerate(rows)], names=["t", "o", "d", "c"])
