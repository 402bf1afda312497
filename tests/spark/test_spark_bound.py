"""dpcore.ingest.spark: the per-user bounding of Acs & Castelluccia §5.1 as a Spark job."""
import datetime as dt
import shutil

import numpy as np
import pytest
from scipy import stats

from mobility_dp.dpcore.ingest import bound_compact, read_events_file
from mobility_dp.dpcore.ingest import spark as spark_job
from mobility_dp.dpcore.ingest.table import check_bounded_table, map_towers, read_bounded_table
from mobility_dp.dpcore.random.rng import make_rng

START = "2007-09-10T00:00:00"
T0 = dt.datetime(2007, 9, 10, tzinfo=dt.timezone.utc).timestamp()
H = 3600


def _write(path, rows):
    path.write_text("user,cell,ts\n" + "\n".join(",".join(map(str, r)) for r in rows) + "\n")
    return str(path)


def _run(spark, events, out, **kw):
    args = dict(user_field="user", tower_field="cell", time_field="ts", start=START,
                slot_minutes=60, n_slots=24, ell=4, seed=11)
    args.update(kw)
    spark_job.bound_events(spark, events, str(out), **args)
    return read_bounded_table(str(out))


@pytest.fixture(scope="module")
def small(spark, tmp_path_factory):
    """60 users, each within ℓ = 4 visits and one event per slot, plus 6 malformed rows."""
    tmp = tmp_path_factory.mktemp("small")
    rng = make_rng(1)
    rows = []
    for u in range(60):
        for s in rng.choice(24, size=rng.integers(1, 5), replace=False):
            iso = dt.datetime.fromtimestamp(T0 + s * H + 17, dt.timezone.utc).isoformat()
            rows.append((f"u{u}", ["A", "B", "C"][rng.integers(3)],
                         iso[:19] if u % 2 else int(T0 + s * H + 17)))
    rows += [("", "A", int(T0)), ("u1", "A", "not a time"), ("u2", "Q", int(T0) + 5),
             ("u3", "A", int(T0) - 5), ("u4", "B", int(T0) + 24 * H), ("garbage",)]
    events = _write(tmp / "ev.csv", rows)
    bounded, record = _run(spark, events, tmp / "out", towers=["A", "B", "C"])
    return events, tmp / "out", bounded, record


def test_equal_to_numpy_where_nothing_is_sampled(small):
    """Every user within ℓ visits, one event per slot: both engines keep everything."""
    events, _, bounded, record = small
    ev = read_events_file(events, user_field="user", tower_field="cell", time_field="ts",
                          tower_ids=["A", "B", "C"], start=START, slot_seconds=H, n_slots=24,
                          engine="python")
    ref = bound_compact(ev, n_towers=3, ell=4, rng=make_rng(0))
    assert record["dropped"] == ref.dropped == {"missing_user": 1, "invalid_time": 2,
                                                "unknown_tower": 1, "before_period": 1,
                                                "after_period": 1}
    for name in ("counts", "true_counts", "events_per_slot", "users_per_slot"):
        assert np.array_equal(getattr(bounded, name), getattr(ref, name)), name
    assert np.array_equal(bounded.counts, bounded.true_counts)  # nothing sampled
    assert np.array_equal(np.sort(bounded.visits_per_user), np.sort(ref.visits_per_user))
    assert (bounded.n_users, bounded.total_visits, bounded.slot_visits, bounded.n_events) == \
        (ref.n_users, ref.total_visits, ref.slot_visits, ref.n_events)
    # the one-visit histogram: one of each user's visits (random), so per tower at most
    # the users seen there, and one per user in all
    assert bounded.one_visit_hist.sum() == ref.n_users
    assert (bounded.one_visit_hist <= bounded.true_counts.sum(axis=1)).all()
    assert record["tower_ids"] == ["A", "B", "C"] and record["seed"] == 11
    assert record["towers_given"]


def _kept_slots(spark, key=5):
    """3,000 users × 8 visits (slots 0–7, one event each), ℓ = 3: kept visits per slot."""
    from pyspark.sql import functions as F
    rows = [(u, 0, s) for u in range(3000) for s in range(8)]
    valid = spark.createDataFrame(rows, "u long, tower int, slot int")
    ranked = spark_job.sample_visits(valid, key).filter(F.col("rank") <= 3)
    kept = dict(ranked.groupBy("slot").count().collect())
    assert sum(kept.values()) == 3000 * 3
    return [kept.get(s, 0) for s in range(8)]


def test_sampling_is_uniform_with_a_biased_negative_control(spark, monkeypatch):
    assert stats.chisquare(_kept_slots(spark)).pvalue > 1e-3
    from pyspark.sql import functions as F
    # broken variant: later slots get larger keys, so early visits are kept more often
    monkeypatch.setattr(spark_job, "visit_order_key",
                        lambda key: F.col("slot") + F.rand(key) * 6)
    assert stats.chisquare(_kept_slots(spark)).pvalue < 1e-6


def test_table_checks(spark, small, tmp_path):
    events, out, bounded, record = small
    assert "seeded" in record["randomness"]
    check_bounded_table(record, ell=4, start=T0, slot_seconds=H, n_slots=24)
    with pytest.raises(ValueError, match="ell = 4 in the table, 5 here"):
        check_bounded_table(record, ell=5, start=T0, slot_seconds=H, n_slots=24)
    with pytest.raises(ValueError, match="n_slots = 24 in the table, 168 here"):
        check_bounded_table(record, ell=4, start=T0, slot_seconds=H, n_slots=168)
    mapped, warning = map_towers(bounded, record["tower_ids"],
                                 {"C": 0, "A": 2, "B": 1, "D": 3}, 4)
    assert np.array_equal(mapped.counts[[2, 1, 0]], bounded.counts) and warning is None
    assert not mapped.counts[3].any()
    share_c = bounded.counts[2].sum() / bounded.counts.sum()
    assert 0 < share_c < 0.5
    mapped, warning = map_towers(bounded, record["tower_ids"], {"A": 0, "B": 1}, 2)
    assert np.array_equal(mapped.counts, bounded.counts[:2])  # C's visits dropped, warned
    assert f"{100 * share_c:.2f} %" in warning
    with pytest.raises(ValueError, match="2 of the 3 towers of the bounded-counts table"):
        map_towers(bounded, record["tower_ids"], {"A": 0}, 1)
    with pytest.raises(ValueError, match="exists"):
        _run(spark, events, out)
    broken = tmp_path / "broken"
    shutil.copytree(out, broken)
    (broken / "parameters_json" / "_SUCCESS").unlink()  # an interrupted job
    with pytest.raises(ValueError, match="incomplete"):
        read_bounded_table(str(broken))
