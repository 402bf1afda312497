"""Contribution bounding (Acs & Castelluccia §5.1, §5.4.1) and event reading."""
import datetime as dt
import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from mobility_dp.dpcore.ingest import (
    EventEncoder,
    bound_compact,
    bound_contributions,
    parse_times,
    read_events_file,
    to_epoch_seconds,
    visit_summary,
)
from mobility_dp.dpcore.ingest.packed_events import select_subsets
from mobility_dp.dpcore.random.rng import make_rng

H = 3600


def test_small_example_exact():
    # user 5: slot 0 at towers 0,1,0 (one visit, tower 0 w.p. 2/3); user 7: two events, slot 1
    user = np.array([5, 5, 5, 7, 7, 9])
    tower = np.array([0, 1, 0, 2, 2, 1])
    time = np.array([10, 20, 30, H + 1, H + 100, 2 * H])
    b = bound_contributions(user, tower, time, n_towers=3, ell=5, rng=make_rng(0), n_slots=3)
    assert b.true_counts.tolist() == [[1, 0, 0], [1, 0, 1], [0, 1, 0]]
    assert b.counts[:, 1].tolist() == [0, 0, 1] and b.counts[:, 2].tolist() == [0, 1, 0]
    assert b.counts[:, 0].sum() == 1
    assert (b.total_visits, b.slot_visits, b.kept_visits, b.n_users) == (4, 3, 3, 3)
    assert b.visits_per_user.tolist() == [1, 1, 1]
    assert b.one_visit_hist.sum() == 3
    assert b.dropped == {"invalid_time": 0, "unknown_tower": 0, "outside_period": 0}
    assert b.events_per_slot.tolist() == [3, 2, 1] and b.users_per_slot.tolist() == [1, 1, 1]


def test_visit_summary():
    user = np.repeat(np.arange(10), np.arange(1, 11))  # user k has k + 1 events
    slot = np.concatenate([np.arange(k + 1) for k in range(10)])
    b = bound_contributions(user, slot % 3, slot * H, n_towers=3, ell=4, rng=make_rng(0),
                            n_slots=24)
    s = visit_summary(b, ells=(4, 10))
    assert s["visits_hist"].tolist() == [0] + [1] * 10
    assert s["quantiles"]["max"] == 10 and s["quantiles"]["mean"] == 5.5
    assert s["ell_rows"][0] == (4, 0.6, (1 + 2 + 3 + 4 * 7) / 55) and s["ell_rows"][1][1] == 0
    assert s["active_users"][:10].tolist() == list(range(10, 0, -1))
    assert s["events"].sum() == 55 and s["visits"].sum() == 55
    empty = bound_contributions([1], [0], [-5], n_towers=3, ell=4, rng=make_rng(0))
    with pytest.raises(ValueError, match="no valid event"):
        visit_summary(empty)


def _random_events(rng, n_users=40, n_events=3000, n_towers=7, n_slots=24):
    user = rng.integers(0, n_users, n_events) * 13 + 1000  # sparse ids
    tower = rng.integers(0, n_towers, n_events)
    time = rng.integers(0, n_slots * H, n_events)
    return user, tower, time


@pytest.mark.parametrize("ell", [1, 3, 10, None])
def test_bounds_hold_per_user(ell):
    rng = make_rng(11)
    user, tower, time = _random_events(rng)
    b = bound_contributions(user, tower, time, n_towers=7, ell=ell, rng=make_rng(1), n_slots=24)
    cap = b.visits_per_user if ell is None else np.minimum(b.visits_per_user, ell)
    assert b.kept_visits == cap.sum()
    assert np.all(b.counts <= b.true_counts)  # kept visits are real visits
    assert b.one_visit_hist.sum() == b.n_users == 40
    # each user separately: ≤ ℓ visits in total and ≤ 1 per slot
    for u in np.unique(user)[:10]:
        m = user == u
        bu = bound_contributions(user[m], tower[m], time[m], n_towers=7, ell=ell,
                                 rng=make_rng(2), n_slots=24)
        assert bu.counts.sum(axis=0).max() <= 1
        assert bu.kept_visits == (bu.slot_visits if ell is None else min(bu.slot_visits, ell))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 4), st.integers(-H, 10 * H)),
                min_size=1, max_size=60),
       st.integers(1, 6), st.integers(0, 2 ** 32 - 1))
def test_bounds_property(events, ell, seed):
    user, tower, time = (np.array(c) for c in zip(*events))
    b = bound_contributions(user, tower, time, n_towers=5, ell=ell, rng=make_rng(seed),
                            n_slots=8)
    assert b.n_events == len(events) == sum(b.dropped.values()) + int(
        ((time >= 0) & (time < 8 * H)).sum())
    assert np.all(b.counts <= b.true_counts)
    assert b.kept_visits == np.minimum(b.visits_per_user, ell).sum()
    for u in set(user.tolist()):
        m = user == u
        bu = bound_contributions(user[m], tower[m], time[m], n_towers=5, ell=ell,
                                 rng=make_rng(seed), n_slots=8)
        assert bu.kept_visits <= ell and bu.counts.sum(axis=0).max(initial=0) <= 1


def test_unbounded_one_event_per_hour_equals_truth():
    rng = make_rng(3)
    n_users, n_slots = 300, 48
    u, s = np.nonzero(rng.random((n_users, n_slots)) < 0.3)
    tower = rng.integers(0, 20, u.size)
    time = 1_000_000 + s * H + rng.integers(0, H, u.size)
    for ell in (None, math.inf, n_slots):
        b = bound_contributions(u, tower, time, n_towers=20, ell=ell, rng=make_rng(4),
                                start=1_000_000, n_slots=n_slots)
        assert np.array_equal(b.counts, b.true_counts)
        assert b.total_visits == b.slot_visits == b.kept_visits == u.size
    b = bound_contributions(u, tower, time, n_towers=20, ell=5, rng=make_rng(4),
                            start=1_000_000, n_slots=n_slots)
    assert not np.array_equal(b.counts, b.true_counts)


def test_slot_choice_proportional_to_events():
    # in its only slot a user has two events at tower 0 and one at tower 1 → P(0) = 2/3
    hits = n = 0
    for seed in range(200):
        user = np.repeat(np.arange(50), 3)
        tower = np.tile([0, 1, 0], 50)
        b = bound_contributions(user, tower, np.tile([5, 6, 7], 50), n_towers=2, ell=1,
                                rng=make_rng(seed), n_slots=1)
        hits += b.counts[0, 0]
        n += 50
    assert stats.binomtest(int(hits), n, 2 / 3).pvalue > 1e-3
    assert stats.binomtest(int(hits), n, 1 / 2).pvalue < 1e-6  # the test has power


def _subset_freq(select, n_groups, c, ell, seed):
    keep = select(np.full(n_groups, c), np.arange(n_groups) * c, ell, make_rng(seed))
    subsets = [tuple(np.flatnonzero(r)) for r in keep.reshape(n_groups, c)]
    combos = list(itertools.combinations(range(c), ell))
    return np.array([subsets.count(x) for x in combos]), len(combos)


def _rotation_sampler(counts, starts, ell, rng):
    """Broken on purpose: ℓ consecutive items after a random rotation. Every item has the
    right marginal ℓ/c, but only c of the C(c, ℓ) subsets can occur."""
    keep = np.zeros(int(counts.sum()), dtype=bool)
    r = rng.integers(0, counts)
    for k in range(ell):
        keep[starts + (r + k) % counts] = True
    return keep


def test_subset_sampling_uniform_chi_square():
    freq = sum(_subset_freq(select_subsets, 500, 5, 2, seed)[0] for seed in range(40))
    assert stats.chisquare(freq).pvalue > 1e-3
    bad = sum(_subset_freq(_rotation_sampler, 500, 5, 2, seed)[0] for seed in range(40))
    assert stats.chisquare(bad).pvalue < 1e-6


def test_public_sampling_uniform_over_seeds():
    # one user, slots 0..4 each at its own tower; ℓ = 2 → each of 10 subsets w.p. 1/10,
    # and the improved-scaling visit uniform over the 5 towers
    subsets, one = {}, np.zeros(5, dtype=int)
    for seed in range(1500):
        b = bound_contributions(np.zeros(5, int), np.arange(5), np.arange(5) * H + 7,
                                n_towers=5, ell=2, rng=make_rng(seed), n_slots=5)
        key = tuple(np.flatnonzero(b.counts.sum(axis=1)))
        subsets[key] = subsets.get(key, 0) + 1
        one += b.one_visit_hist
    assert len(subsets) == 10 and stats.chisquare(list(subsets.values())).pvalue > 1e-3
    assert stats.chisquare(one).pvalue > 1e-3


def test_dropped_accounting():
    user = np.arange(8)
    tower = np.array([0, 1, -1, 9, 1, 2, 0, -1])
    time = np.array([0.0, np.nan, 5.0, 5.0, -1.0, 7 * H, 6 * H + 5, np.nan])
    b = bound_contributions(user, tower, time, n_towers=3, ell=2, rng=make_rng(0), n_slots=7)
    assert b.dropped == {"invalid_time": 2, "unknown_tower": 2, "outside_period": 2}
    assert b.n_events == 8 and b.kept_visits == 2 and b.n_users == 2


def test_deterministic_and_order_independent():
    user, tower, time = _random_events(make_rng(5))
    a = bound_contributions(user, tower, time, n_towers=7, ell=3, rng=make_rng(9), n_slots=24)
    p = make_rng(1).permutation(user.size)
    b = bound_contributions(user[p], tower[p], time[p], n_towers=7, ell=3, rng=make_rng(9),
                            n_slots=24)
    c = bound_contributions(user, tower, time, n_towers=7, ell=3, rng=make_rng(10), n_slots=24)
    assert np.array_equal(a.counts, b.counts) and np.array_equal(a.one_visit_hist,
                                                                 b.one_visit_hist)
    assert not np.array_equal(a.counts, c.counts)


def test_start_and_slot_length():
    start = "2007-09-10T00:00:00Z"
    t0 = to_epoch_seconds(start)
    time = t0 + np.array([0, 899, 900, 2699, 2700, -1])
    b = bound_contributions(np.arange(6), np.zeros(6, int), time, n_towers=1, ell=None,
                            rng=make_rng(0), start=start, slot_seconds=900, n_slots=3)
    assert b.true_counts.tolist() == [[2, 1, 1]] and b.dropped["outside_period"] == 2


@pytest.mark.parametrize("kwargs, msg", [
    ({"ell": 0}, "ell"), ({"ell": 2.5}, "ell"), ({"n_towers": 0}, "n_towers"),
    ({"slot_seconds": 0}, "slot"), ({"start": "not a time"}, "cannot read")])
def test_bad_parameters(kwargs, msg):
    args = dict(n_towers=2, ell=1, rng=make_rng(0))
    args.update(kwargs)
    with pytest.raises(ValueError, match=msg):
        bound_contributions([1], [0], [0], **args)


def test_bad_arrays():
    with pytest.raises(ValueError, match="same length"):
        bound_contributions([1, 2], [0], [0, 1], n_towers=2, ell=1, rng=make_rng(0))
    with pytest.raises(ValueError, match="integer tower"):
        bound_contributions([1], [0.5], [0], n_towers=2, ell=1, rng=make_rng(0))


def test_parse_times():
    ref = dt.datetime(2007, 9, 10, 12, tzinfo=dt.timezone.utc).timestamp()
    got = parse_times(np.array(["2007-09-10T12:00:00Z", "2007-09-10 14:00:00+02:00",
                                "2007-09-10T12:00", str(int(ref)), "garbage", None, ""],
                               dtype=object))
    assert got[:4].tolist() == [ref] * 4 and np.isnan(got[4:]).all()
    assert parse_times(np.array(["2007-09-10T12:00:00"]))[0] == ref
    assert parse_times(np.array(["2007-09-10T12:00"], dtype="datetime64[s]"))[0] == ref
    assert parse_times([ref, 1.5])[1] == 1.5


START = dt.datetime(2007, 9, 10, tzinfo=dt.timezone.utc).timestamp()


def _messy_csv(path, n=6000, seed=8):
    """Events with ~1 % malformed rows of each kind; returns the well-formed rows."""
    rng = make_rng(seed)
    good, lines = [], ["uid,cell,ts"]
    for _i in range(n):
        u, c = f"{rng.integers(0, 80)}", ["A", "B", "C", "Z"][rng.integers(0, 4)]
        t = int(START + rng.integers(-2 * H, 26 * H))
        kind = rng.random()
        if kind < 0.01:
            lines.append("garbage line without commas")
        elif kind < 0.02:
            lines.append(f"{u},{c}")                              # short row
        elif kind < 0.03:
            lines.append(f",{c},{t}")                             # no user
        elif kind < 0.04:
            lines.append(f"{u},{c},2007-13-45T99:00:00")          # impossible date
        else:
            iso = dt.datetime.fromtimestamp(t, dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S")
            lines.append(f"{u},{c},{iso if kind < 0.5 else t}")
            good.append((int(u), c, t))
    path.write_text("\n".join(lines) + "\n")
    return good


def _read(path, engine, tower_ids=("A", "B", "C"), **kw):
    return read_events_file(path, user_field="uid", tower_field="cell", time_field="ts",
                            tower_ids=list(tower_ids) if tower_ids != "auto" else "auto",
                            start=START, slot_seconds=H, n_slots=24, engine=engine, **kw)


def _same_bounded(a, b):
    for name in ("counts", "one_visit_hist", "true_counts", "visits_per_user",
                 "events_per_slot", "users_per_slot"):
        assert np.array_equal(getattr(a, name), getattr(b, name)), name
    assert (a.n_users, a.total_visits, a.slot_visits) == (b.n_users, b.total_visits,
                                                          b.slot_visits)


@pytest.mark.parametrize("towers", [("A", "B", "C"), "auto"])
def test_engines_agree_on_malformed_csv(tmp_path, towers):
    """Same seed → same bounded counts whichever engine read the file (1–4 % bad rows)."""
    path = tmp_path / "ev.csv"
    good = _messy_csv(path)
    py, db = _read(path, "python", towers), _read(path, "duckdb", towers)
    assert (py.engine, db.engine) == ("python", "duckdb")
    assert py.dropped == db.dropped and py.n_rows == db.n_rows == 6000
    assert py.dropped["missing_user"] > 30 and py.dropped["invalid_time"] > 60
    assert py.dropped["before_period"] > 200 and py.dropped["after_period"] > 200
    inside = [r for r in good if START <= r[2] < START + 24 * H]
    known = [r for r in inside if towers == "auto" or r[1] != "Z"]
    assert py.n_valid == db.n_valid == len(known)
    assert py.user_ids.tolist() == db.user_ids.tolist() == sorted({r[0] for r in known})
    assert list(py.tower_ids) == list(db.tower_ids)
    n_towers = len(py.tower_ids)
    for seed in (0, 1):
        _same_bounded(bound_compact(py, n_towers=n_towers, ell=3, rng=make_rng(seed)),
                      bound_compact(db, n_towers=n_towers, ell=3, rng=make_rng(seed)))
    a = bound_compact(py, n_towers=n_towers, ell=3, rng=make_rng(0))
    b = bound_compact(py, n_towers=n_towers, ell=3, rng=make_rng(1))
    assert not np.array_equal(a.counts, b.counts)  # the seed matters (power of the test above)
    assert a.dropped == py.dropped and a.n_events == 6000


def test_encoding_independent_of_batches_and_order():
    rng = make_rng(3)
    n = 3000
    user = np.char.encode(rng.integers(0, 50, n).astype(str), "utf-8")
    tower = np.char.encode(rng.choice(["7", "8", "9", "x"], n).astype(str), "utf-8")
    time = START + rng.integers(0, 24 * H, n)

    def encode(order, size):
        enc = EventEncoder(tower_ids=[7, 8, 9], start=START, slot_seconds=H, n_slots=24)
        for a in range(0, n, size):
            idx = order[a:a + size]
            enc.add(user[idx], tower[idx], time[idx])
        return enc.finish()

    ref = encode(np.arange(n), n)
    for order, size in ((rng.permutation(n), 7), (np.arange(n)[::-1], 1000)):
        ev = encode(order, size)
        assert ev.user_ids.tolist() == ref.user_ids.tolist() and ev.dropped == ref.dropped
        _same_bounded(bound_compact(ev, n_towers=3, ell=4, rng=make_rng(5)),
                      bound_compact(ref, n_towers=3, ell=4, rng=make_rng(5)))
    # one run equals bound_contributions on the same codes and generator
    direct = bound_contributions(ref.user, ref.tower, START + ref.slot.astype(float) * H,
                                 n_towers=3, ell=4, rng=make_rng(5), start=START, n_slots=24)
    _same_bounded(bound_compact(ref, n_towers=3, ell=4, rng=make_rng(5)), direct)


def test_integer_and_text_ids():
    enc = EventEncoder(tower_ids="auto", start=0, slot_seconds=H, n_slots=2)
    enc.add(np.array([b"10", b"9", b"007"]), np.array([b"2", b"10", b"2"]), np.zeros(3))
    ev = enc.finish()
    assert ev.user_ids.tolist() == [7, 9, 10] and ev.user.tolist() == [2, 1, 0]
    assert ev.tower_ids.tolist() == [2, 10] and ev.tower.tolist() == [0, 1, 0]
    enc = EventEncoder(tower_ids="auto", start=0, slot_seconds=H, n_slots=2)
    enc.add(np.array([10, 9]), np.array([2, 3]), np.zeros(2))
    enc.add(np.array([b"b", b"\xc3\xa9"]), np.array([b"2", b"3"]), np.zeros(2))  # "é"
    ev = enc.finish()
    assert ev.user_ids.tolist() == ["10", "9", "b", "é"] and ev.user.tolist() == [0, 1, 2, 3]
    masked = np.ma.masked_array([5, 6], [True, False])
    enc = EventEncoder(tower_ids=[1], start=0, slot_seconds=H, n_slots=2)
    enc.add(masked, np.array([1.0, 1.0]), np.array(["1970-01-01T00:30:00", "x"], dtype="S"))
    ev = enc.finish()
    assert ev.dropped == {"missing_user": 1, "invalid_time": 1, "unknown_tower": 0,
                          "before_period": 0, "after_period": 0}


def test_vectorised_times_match_parse_times():
    from mobility_dp.dpcore.ingest.times import times_from_column
    texts = ["2007-09-10T12:00:00", "2007-09-10 12:00:01", "2007-09-10T12:00:02.250",
             "2007-09-10T12:00:03Z", "2007-09-10T12:00:04.5Z", "2007-09-10T14:00:05+02:00",
             str(int(START)), "1189382400.5", "2007-02-30T00:00:00", "2007-13-01T00:00:00",
             "garbage", "", "2007-09-10T12:00:00 trailing"]
    got = times_from_column(np.char.encode(np.array(texts), "utf-8"))
    want = parse_times(np.array(texts, dtype=object))
    assert np.array_equal(got, want, equal_nan=True)
    assert np.isfinite(got[:8]).all() and np.isnan(got[8:]).all()
    leap = ["2008-02-29 00:00:00", "2000-02-29T23:59:59", "1900-02-29T00:00:00",
            "2007-02-29T00:00:00", "2007-04-31T00:00:00", "2007-09-10T24:00:00"]
    got = times_from_column(np.char.encode(np.array(leap), "utf-8"))
    assert np.isfinite(got[:2]).all() and np.isnan(got[2:]).all()
    rng = make_rng(12)
    seconds = rng.integers(-2_208_988_800, 4_102_444_800, 3000)  # 1900–2100
    texts = [dt.datetime.fromtimestamp(int(v), dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S")
             for v in seconds]
    assert np.array_equal(times_from_column(np.char.encode(np.array(texts), "utf-8")),
                          seconds.astype(float))


def test_gdal_text_dates_read_as_iso():
    """ogr2ogr writes a DateTime into CSV as YYYY/MM/DD hh:mm:ss (+00 with a zone): read as the
    ISO date (they were NaN: every trip of such a file was untimed). Other orders stay refused."""
    from mobility_dp.dpcore.ingest.times import times_from_column
    gdal = ["2007/09/10 12:00:00", "2007/09/10 12:00:01.5", "2007/09/10 14:00:02+02",
            "2007/09/10 12:00:03+00", "2007/09/10"]
    iso = ["2007-09-10 12:00:00", "2007-09-10 12:00:01.5", "2007-09-10T12:00:02Z",
           "2007-09-10 12:00:03", "2007-09-10"]
    want = parse_times(np.array(iso, dtype=object))
    assert np.isfinite(want).all()
    assert np.array_equal(parse_times(np.array(gdal, dtype=object)), want)
    assert np.array_equal(times_from_column(np.char.encode(np.array(gdal), "utf-8")), want)
    wrong = ["10/09/2007 12:00:00", "2007/09-10 12:00:00", "2007/13/10 12:00:00"]
    assert np.isnan(times_from_column(np.char.encode(np.array(wrong), "utf-8"))).all()
    assert np.isnan(parse_times(np.array(wrong, dtype=object))).all()


def test_partitioned_bounding_keeps_users_whole():
    rng = make_rng(6)
    n = 20_000
    user = rng.integers(0, 400, n)
    enc = EventEncoder(tower_ids=list(range(5)), start=0, slot_seconds=H, n_slots=48)
    enc.add(user, rng.integers(0, 5, n), rng.integers(0, 48 * H, n))
    ev = enc.finish()
    one = bound_compact(ev, n_towers=5, ell=6, rng=make_rng(1))
    parts = bound_compact(ev, n_towers=5, ell=6, rng=make_rng(1), partition_events=3000)
    again = bound_compact(ev, n_towers=5, ell=6, rng=make_rng(1), partition_events=3000)
    _same_bounded(parts, again)
    assert not np.array_equal(parts.counts, one.counts)  # other draws, same semantics:
    assert np.array_equal(parts.true_counts, one.true_counts)
    assert np.array_equal(parts.visits_per_user, one.visits_per_user)
    assert parts.kept_visits == one.kept_visits == np.minimum(one.visits_per_user, 6).sum()
    assert parts.one_visit_hist.sum() == parts.n_users == 400
    assert (parts.counts <= parts.true_counts).all()


def test_spill_to_temporary_files_and_cleanup(tmp_path):
    rng = make_rng(2)
    cols = [rng.integers(0, 300, 5000), rng.integers(0, 4, 5000), rng.integers(0, 24 * H, 5000)]

    def encode(memory_events, fail=False):
        with EventEncoder(tower_ids=list(range(4)), start=0, slot_seconds=H, n_slots=24,
                          memory_events=memory_events, spool_dir=str(tmp_path)) as enc:
            for a in range(0, 5000, 700):
                enc.add(*(c[a:a + 700] for c in cols))
                if fail and a > 2000:
                    raise RuntimeError("cancelled")
            return enc.finish()

    mem, spilled = encode(10**9), encode(1000)
    assert isinstance(spilled.user, np.memmap) and len(list(tmp_path.iterdir())) == 1
    _same_bounded(bound_compact(mem, n_towers=4, ell=5, rng=make_rng(0)),
                  bound_compact(spilled, n_towers=4, ell=5, rng=make_rng(0)))
    spilled.close()
    assert not list(tmp_path.iterdir())
    with pytest.raises(RuntimeError):
        encode(1000, fail=True)
    assert not list(tmp_path.iterdir())  # nothing left behind on failure


def test_read_parquet_and_errors(tmp_path):
    import duckdb  # optional for the plugin, installed in both test venvs by scripts/setup
    path = tmp_path / "ev.parquet"
    con = duckdb.connect()
    con.execute(f"COPY (SELECT i % 7 AS u, 100 + i % 3 AS t, {int(START)} + i * 60 AS tm "
                f"FROM range(500) r(i)) TO '{path}' (FORMAT PARQUET)")
    ev = read_events_file(path, user_field="u", tower_field="t", time_field="tm",
                          tower_ids=[100, 101], start=START, slot_seconds=H, n_slots=24)
    assert ev.engine == "duckdb" and ev.user_ids.tolist() == list(range(7))
    assert set(ev.tower.tolist()) == {0, 1} and ev.dropped["unknown_tower"] == 166
    with pytest.raises(ValueError, match="not found"):
        read_events_file(path, user_field="nope", tower_field="t", time_field="tm",
                         tower_ids="auto", start=0, slot_seconds=H, n_slots=1)
    with pytest.raises(ValueError, match="CSV only"):
        read_events_file(path, user_field="u", tower_field="t", time_field="tm",
                         tower_ids="auto", start=0, slot_seconds=H, n_slots=1, engine="python")
    csv_path = tmp_path / "ev.csv"
    csv_path.write_text("a,b,c\n1,2,3\n")
    with pytest.raises(ValueError, match="not found"):
        _read(csv_path, "python")
    with pytest.raises(ValueError, match="does not exist"):
        _read(tmp_path / "no.csv", None)
