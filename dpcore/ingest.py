"""CDR ingest and user-level contribution bounding (Acs & Castelluccia 2014, §5.1, §5.4.1).

Definitions used throughout (the paper's §4.1):

* an *event* is one raw record (user, tower, time);
* a *visit* is a distinct (user, tower, slot): "an individual can visit any
  tower cell only once in an hour". The paper's ground truth
  :math:`X^T_t` — the number of distinct users seen at tower ``T`` in slot
  ``t`` — counts visits, so a user seen at two towers in one hour counts at
  both;
* *pre-sampling* (§5.1) keeps, per user, at most one visit per slot (chosen
  uniformly among that slot's events, so a tower is chosen with probability
  proportional to its number of events), then at most ℓ of those slot visits
  chosen uniformly at random over the whole period. Every user then adds at
  most ℓ to all counts (L1 sensitivity ℓ) and at most 1 per slot (L2
  sensitivity √ℓ, §5.3).

The bounding is sort based and vectorised: each valid event is packed into a
``uint64`` (user | slot | tower), one in-place sort groups events by user and
slot, one uniform pick per group chooses the slot's visit, and a vectorised
selection sampling (Knuth's Algorithm S, run over the position inside each
user's visit list) draws the uniform ℓ-subsets exactly.

Times are epoch seconds (UTC). ISO 8601 strings with an offset are converted
to UTC; naive strings are read as UTC, so a naive ``start`` and naive event
times agree on wall-clock slot boundaries.
"""
from __future__ import annotations

import datetime as _dt
import math
import os
from dataclasses import dataclass, field
from typing import Callable, Optional, Sequence

import numpy as np

from .privacy import Progress, report_progress

#: A file larger than this without DuckDB gets a "this will be slow" message.
SLOW_FILE_BYTES = 200 * 1024 * 1024

DROP_REASONS = ("invalid_time", "unknown_tower", "outside_period")


@dataclass
class BoundedCounts:
    """The result of :func:`bound_contributions`.

    Released (after noise) by the density stage:

    ``counts``
        ``(n_towers, n_slots)`` int64, the pre-sampled tower counts
        :math:`\\hat X^T_t` (§5.1): per user ≤ 1 visit per slot and ≤ ℓ in total.
    ``one_visit_hist``
        ``(n_towers,)`` int64, the histogram :math:`\\tilde H` of the improved
        scaling (§5.4.1): one visit per user, chosen uniformly among the
        visits it kept in ``counts`` (equivalently: uniformly among its
        one-per-slot visits). Sums to ``n_users``; one user changes one bin.
    ``total_visits``
        The paper's K = Σ_{T,t} X^T_t (137,255,052 in its data): the number of
        visits (distinct user, tower, slot) before pre-sampling, i.e.
        ``true_counts.sum()``. A user can add up to ``n_towers · n_slots``
        to it; the paper noised it with Δ = 732, the maximum of its own data,
        which is data dependent.
    ``slot_visits``
        Σ over users of their one-per-slot visits (before the ℓ bound). A
        user adds at most ``n_slots`` to it: a data-independent sensitivity,
        the DP-safe choice for the improved scaling's total.

    Evaluation and data-owner only, NEVER to be released:

    ``true_counts``
        ``(n_towers, n_slots)`` int64, the ground truth X^T_t: distinct users
        per tower and slot, no sampling and no ℓ bound (events deduplicated
        per user, tower and slot; raw event multiplicity is not counted).
    ``visits_per_user``
        ``(n_users,)`` int64, each user's number of one-per-slot visits
        before the ℓ bound (to help the data owner choose ℓ).
    ``events_per_slot``, ``users_per_slot``
        ``(n_slots,)`` int64, valid raw events and distinct users per slot.

    Facts: ``n_users`` (users with at least one valid event in the period),
    ``n_events`` (events given), ``dropped`` (events not used, by reason:
    ``invalid_time``, ``unknown_tower``, ``outside_period``; an event is
    counted once, under the first reason in that order), ``ell`` (``None``
    for no bound), ``start``, ``slot_seconds``, ``n_slots``.
    """

    counts: np.ndarray
    one_visit_hist: np.ndarray
    total_visits: int
    slot_visits: int
    true_counts: np.ndarray
    visits_per_user: np.ndarray
    events_per_slot: np.ndarray
    users_per_slot: np.ndarray
    n_users: int
    n_events: int
    dropped: dict
    ell: Optional[int]
    start: float
    slot_seconds: float
    n_slots: int

    @property
    def kept_visits(self) -> int:
        """Number of visits in the pre-sampled counts."""
        return int(self.counts.sum())


# --------------------------------------------------------------------------
# Time parsing
# --------------------------------------------------------------------------

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


# --------------------------------------------------------------------------
# Contribution bounding
# --------------------------------------------------------------------------

def _dense_ids(user: np.ndarray):
    """Map ids to 0..n-1 (order of the sorted ids); O(n) for compact non-negative ints."""
    if user.size == 0:
        return user.astype(np.int64), 0
    if user.dtype.kind in "iu":
        lo, hi = int(user.min()), int(user.max())
        if lo >= 0 and hi < 4 * user.size + (1 << 20):
            present = np.bincount(user, minlength=hi + 1) > 0
            remap = np.cumsum(present) - 1
            return remap[user], int(present.sum())
    uniq, inv = np.unique(user, return_inverse=True)
    return inv.reshape(-1), int(uniq.size)


def _bits(n: int) -> int:
    return max(1, int(n - 1).bit_length())


def _slots(time: np.ndarray, start: float, slot_seconds: float):
    """Slot index of each event (int64) and the mask of finite times."""
    if time.dtype.kind in "iu" and float(start).is_integer() and float(slot_seconds).is_integer():
        return (time.astype(np.int64) - int(start)) // int(slot_seconds), None
    t = time.astype(np.float64, copy=False)
    finite = np.isfinite(t)
    slot = np.full(t.shape, -1, dtype=np.int64)
    slot[finite] = np.floor((t[finite] - float(start)) / float(slot_seconds)).astype(np.int64)
    return slot, finite


def _select_subsets(counts: np.ndarray, starts: np.ndarray, ell: int,
                    rng: np.random.Generator) -> np.ndarray:
    """Keep-mask choosing, per group, min(count, ℓ) items uniformly (Knuth's Algorithm S).

    Groups are contiguous runs ``[starts[g], starts[g] + counts[g])``. Item
    ``j`` of a group with ``need`` still to take among ``rem`` left is taken
    with probability need/rem, drawn exactly as ``integers(0, rem) < need``;
    every ℓ-subset is then equally likely. The loop runs over positions, each
    step vectorised over the groups still needing items.
    """
    keep = np.repeat(counts <= ell, counts)
    heavy = np.flatnonzero(counts > ell)
    g_start, g_count = starts[heavy], counts[heavy]
    need = np.full(heavy.size, ell, dtype=np.int64)
    j = 0
    while g_start.size:
        take = rng.integers(0, g_count - j) < need
        keep[g_start[take] + j] = True
        need -= take
        j += 1
        alive = need > 0
        g_start, g_count, need = g_start[alive], g_count[alive], need[alive]
    return keep


def bound_contributions(user, tower, time, *, n_towers: int, ell: Optional[int],
                        rng: np.random.Generator, start=0, slot_seconds: float = 3600,
                        n_slots: int = 168, progress: Progress = None) -> BoundedCounts:
    """Pre-sample CDR events as in Acs & Castelluccia §5.1 and build the §5.4.1 histogram.

    ``user``: ids (any integers or strings; one id = one person, the unit of
    privacy); ``tower``: tower index in ``[0, n_towers)`` (anything else is
    dropped as ``unknown_tower``, e.g. -1 for an unmapped id); ``time``:
    epoch seconds (NaN = unreadable, dropped as ``invalid_time``). Slot
    ``s`` covers ``[start + s·slot_seconds, start + (s+1)·slot_seconds)``;
    events outside the ``n_slots`` slots are dropped as ``outside_period``.
    ``ell``: the pre-sampling size ℓ ≥ 1, or ``None`` for no bound (then
    ``counts`` holds every one-per-slot visit). All randomness comes from
    ``rng``: a seeded generator gives the same result on the same input,
    whatever the order of the events. See :class:`BoundedCounts` for the outputs.
    """
    user, tower, time = np.asarray(user), np.asarray(tower), np.asarray(time)
    if not (user.ndim == tower.ndim == time.ndim == 1 and user.size == tower.size == time.size):
        raise ValueError("user, tower and time must be 1-D arrays of the same length")
    if tower.size and tower.dtype.kind not in "iu":
        raise ValueError(f"tower must hold integer tower indices, got dtype {tower.dtype}")
    n_towers, n_slots = int(n_towers), int(n_slots)
    if n_towers < 1 or n_slots < 1:
        raise ValueError("n_towers and n_slots must be at least 1")
    if ell is not None and (math.isinf(ell)):
        ell = None
    if ell is not None:
        if int(ell) != ell or ell < 1:
            raise ValueError(f"ell (visits kept per user) must be an integer ≥ 1, got {ell}")
        ell = int(ell)
    slot_seconds = float(slot_seconds)
    if not (slot_seconds > 0 and math.isfinite(slot_seconds)):
        raise ValueError(f"slot length must be a positive number of seconds, got {slot_seconds}")
    start = to_epoch_seconds(start)
    n_events = int(user.size)

    # 1. validity, in the documented order of reasons
    slot, finite = _slots(time, start, slot_seconds)
    dropped = dict.fromkeys(DROP_REASONS, 0)
    ok = np.ones(n_events, dtype=bool) if finite is None else finite
    dropped["invalid_time"] = int(n_events - ok.sum())
    good_tower = (tower >= 0) & (tower < n_towers) if tower.size else ok
    dropped["unknown_tower"] = int((ok & ~good_tower).sum())
    ok &= good_tower
    del good_tower
    in_period = (slot >= 0) & (slot < n_slots)
    dropped["outside_period"] = int((ok & ~in_period).sum())
    ok &= in_period
    del in_period
    report_progress(progress, 0.1)

    # 2. pack (user | slot | tower) into uint64 and sort
    events_per_slot = np.bincount(slot[ok], minlength=n_slots).astype(np.int64)
    uidx, n_users_all = _dense_ids(user[ok])
    tb, sb = _bits(n_towers), _bits(n_slots)
    if _bits(max(n_users_all, 1)) + sb + tb > 64:
        raise ValueError("too many users × slots × towers to pack in 64 bits")
    packed = uidx.astype(np.uint64)
    del uidx
    packed <<= np.uint64(sb)
    packed |= slot[ok].astype(np.uint64)
    del slot
    packed <<= np.uint64(tb)
    packed |= tower[ok].astype(np.uint64)
    del ok
    packed.sort()
    report_progress(progress, 0.5)

    shape = (n_towers, n_slots)
    t_mask, s_mask = np.uint64((1 << tb) - 1), np.uint64((1 << sb) - 1)

    def cells(p):  # flat tower × slot index of packed values
        return ((p & t_mask).astype(np.int64) * n_slots
                + ((p >> np.uint64(tb)) & s_mask).astype(np.int64))

    # 3. ground truth: distinct (user, slot, tower)
    n_valid = packed.size
    if n_valid:
        new_visit = np.empty(n_valid, dtype=bool)
        new_visit[0] = True
        np.not_equal(packed[1:], packed[:-1], out=new_visit[1:])
        true_counts = np.bincount(cells(packed[new_visit]), minlength=n_towers * n_slots)
        del new_visit
    else:
        true_counts = np.zeros(n_towers * n_slots, dtype=np.int64)
    true_counts = true_counts.astype(np.int64).reshape(shape)
    report_progress(progress, 0.65)

    # 4. one visit per (user, slot): a uniform event of the group
    us = packed >> np.uint64(tb)
    if n_valid:
        new_slot = np.empty(n_valid, dtype=bool)
        new_slot[0] = True
        np.not_equal(us[1:], us[:-1], out=new_slot[1:])
        g_start = np.flatnonzero(new_slot)
        del new_slot
    else:
        g_start = np.zeros(0, dtype=np.int64)
    del us
    g_size = np.diff(np.append(g_start, n_valid))
    visits = packed[g_start + rng.integers(0, np.maximum(g_size, 1))] if n_valid else packed
    del packed, g_start, g_size
    v_user = (visits >> np.uint64(tb + sb)).astype(np.int64)
    per_user = np.bincount(v_user, minlength=n_users_all).astype(np.int64)
    users_per_slot = np.bincount(((visits >> np.uint64(tb)) & s_mask).astype(np.int64),
                                 minlength=n_slots).astype(np.int64)
    report_progress(progress, 0.75)

    # 5. at most ℓ visits per user, uniformly over the period
    u_start = np.cumsum(per_user) - per_user
    if ell is None:
        kept = visits
        kept_per_user = per_user
    else:
        kept = visits[_select_subsets(per_user, u_start, ell, rng)]
        kept_per_user = np.minimum(per_user, ell)
    report_progress(progress, 0.9)

    # 6. improved scaling histogram: one uniform kept visit per user
    k_start = np.cumsum(kept_per_user) - kept_per_user
    one = kept[k_start + rng.integers(0, np.maximum(kept_per_user, 1))] if kept.size else kept
    one_visit_hist = np.bincount((one & t_mask).astype(np.int64),
                                 minlength=n_towers).astype(np.int64)
    counts = np.bincount(cells(kept), minlength=n_towers * n_slots).astype(np.int64).reshape(shape)
    report_progress(progress, 1.0)
    return BoundedCounts(
        counts=counts, one_visit_hist=one_visit_hist,
        total_visits=int(true_counts.sum()), slot_visits=int(visits.size),
        true_counts=true_counts, visits_per_user=per_user,
        events_per_slot=events_per_slot, users_per_slot=users_per_slot, n_users=n_users_all,
        n_events=n_events, dropped=dropped, ell=ell, start=start,
        slot_seconds=slot_seconds, n_slots=n_slots)


def visit_summary(bounded: BoundedCounts, ells: Sequence[int] = (5, 10, 20, 30, 50, 100, 168)
                  ) -> dict:
    """Per-user and per-slot visit statistics to help the data owner choose ℓ.

    NOT private: computed from the raw data, for the data owner only. Uses
    the one-per-slot visits of ``bounded`` (the input of the ℓ bound).
    Returns ``visits_hist`` (users having k visits, k = 0..max), ``quantiles``
    (mean, median, p90, p99, max visits per user), ``ell_rows`` (ℓ, share of
    users above ℓ, share of one-per-slot visits kept) and the per-slot arrays
    ``events``, ``active_users`` (users with an event in the slot) and
    ``visits`` (distinct user-tower pairs).
    """
    v = bounded.visits_per_user
    if v.size == 0:
        raise ValueError("no valid event in the period: nothing to summarise")
    total = max(int(v.sum()), 1)
    rows = [(int(e), float((v > e).mean()), float(np.minimum(v, e).sum() / total))
            for e in ells]
    return {
        "visits_hist": np.bincount(v).astype(np.int64),
        "quantiles": {"mean": float(v.mean()), "median": float(np.median(v)),
                      "p90": float(np.quantile(v, 0.9)), "p99": float(np.quantile(v, 0.99)),
                      "max": int(v.max())},
        "ell_rows": rows,
        "events": bounded.events_per_slot,
        "active_users": bounded.users_per_slot,
        "visits": bounded.true_counts.sum(axis=0),
    }


# --------------------------------------------------------------------------
# Reading large event files
# --------------------------------------------------------------------------

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
