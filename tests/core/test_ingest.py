"""Contribution bounding (Acs & Castelluccia §5.1, §5.4.1) and event reading."""
import datetime as dt
import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from scipy import stats

from dpcore.ingest import bounding
from dpcore.ingest import (bound_contributions, parse_times, read_events_file,
                           to_epoch_seconds, visit_summary)
from dpcore.privacy import make_rng

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
    freq = sum(_subset_freq(bounding._select_subsets, 500, 5, 2, seed)[0] for seed in range(40))
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


def _write_csv(path, rows):
    path.write_text("uid,cell,ts\n" + "\n".join(",".join(map(str, r)) for r in rows) + "\n")


def _rows():
    rng = make_rng(8)
    rows = []
    for i in range(400):
        u = f"u{rng.integers(0, 30)}" if i != 17 else ""
        cell = ["A", "B", "C", "Z"][rng.integers(0, 4)]
        t = dt.datetime(2007, 9, 10, tzinfo=dt.timezone.utc) + dt.timedelta(
            seconds=int(rng.integers(0, 30 * H)))
        rows.append((u, cell, t.strftime("%Y-%m-%dT%H:%M:%SZ") if i != 5 else "bad"))
    return rows


@pytest.mark.parametrize("engine", [False, True])
def test_read_csv_both_engines_agree(tmp_path, engine):
    path = tmp_path / "ev.csv"
    _write_csv(path, _rows())
    ev = read_events_file(path, user_field="uid", tower_field="cell", time_field="ts",
                          tower_ids=["A", "B", "C"], use_duckdb=engine)
    assert ev.engine == ("duckdb" if engine else "python")
    assert ev.dropped == {"missing_user": 1} and ev.user.size == 399
    assert ev.user_ids.size == len(np.unique(ev.user_ids)) <= 30
    ref = [r for r in _rows() if r[0]]
    order = np.lexsort((ev.time, ev.tower, ev.user))
    want = sorted((sorted({r[0] for r in ref}).index(r[0]), "ABC".find(r[1]),
                   to_epoch_seconds(r[2]) if r[2] != "bad" else math.inf) for r in ref)
    got = list(zip(ev.user[order].tolist(), ev.tower[order].tolist(),
                   np.nan_to_num(ev.time[order], nan=math.inf).tolist()))
    assert sorted(got) == want
    b = bound_contributions(ev.user, ev.tower, ev.time, n_towers=3, ell=4, rng=make_rng(0),
                            start="2007-09-10T00:00:00", n_slots=24)
    assert b.dropped["invalid_time"] == 1 and b.dropped["unknown_tower"] > 0
    assert b.dropped["outside_period"] > 0
    auto = read_events_file(path, user_field="uid", tower_field="cell", time_field="ts",
                            tower_ids="auto", use_duckdb=engine)
    assert list(auto.tower_ids) == ["A", "B", "C", "Z"] and auto.tower.min() == 0


def test_read_parquet_and_integer_ids(tmp_path):
    import duckdb  # optional for the plugin, installed in both test venvs by scripts/setup
    path = tmp_path / "ev.parquet"
    con = duckdb.connect()
    con.execute(f"COPY (SELECT i % 7 AS u, 100 + i % 3 AS t, 1189382400 + i * 60 AS tm "
                f"FROM range(500) r(i)) TO '{path}' (FORMAT PARQUET)")
    ev = read_events_file(path, user_field="u", tower_field="t", time_field="tm",
                          tower_ids=[100, 101])
    assert ev.user_ids.tolist() == list(range(7)) and set(ev.tower.tolist()) == {-1, 0, 1}
    assert ev.time.min() == 1189382400
    with pytest.raises(ValueError, match="not found"):
        read_events_file(path, user_field="nope", tower_field="t", time_field="tm")
    with pytest.raises(ValueError, match="DuckDB"):
        read_events_file(path, user_field="u", tower_field="t", time_field="tm",
                         use_duckdb=False)


def test_read_missing_field_python(tmp_path):
    path = tmp_path / "ev.csv"
    _write_csv(path, [("a", "A", 0)])
    with pytest.raises(ValueError, match="not found"):
        read_events_file(path, user_field="user", tower_field="cell", time_field="ts",
                         use_duckdb=False)
    with pytest.raises(ValueError, match="does not exist"):
        read_events_file(tmp_path / "no.csv", user_field="u", tower_field="c", time_field="t")
