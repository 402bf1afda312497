"""The bounded trip tables (issue 28): the OD releases from them equal the releases from the
trips, and the reader of the Spark job's directory maps its zones to the release's."""
import hashlib
import json

import numpy as np
import pytest

from mobility_dp.dpcore.contract import check_spent
from mobility_dp.dpcore.ingest.spark_trips import FORMAT
from mobility_dp.dpcore.ingest.trip_bounds import bounded_tables, partial_tables, trip_keys
from mobility_dp.dpcore.ingest.trip_table import check_trip_tables, read_trip_tables
from mobility_dp.dpcore.keyed import draw_key, user_hashes
from mobility_dp.dpcore.od.flows import plan_od, release_od, release_od_tables
from mobility_dp.dpcore.od.people_flows import release_people_od
from mobility_dp.dpcore.od.trip_tables import TripTables
from mobility_dp.dpcore.od.trips import Trips, ZonedTrips
from mobility_dp.dpcore.rng import make_rng
from mobility_dp.dpcore.sampling import sampling_stream


def _zoned(n_users=300, n_zones=6, seed=4):
    rng = make_rng(seed)
    user = np.repeat(np.arange(n_users), rng.integers(1, 9, n_users))
    o, d = rng.integers(0, n_zones, user.size), rng.integers(0, n_zones, user.size)
    nan = np.full(user.size, np.nan)
    trips = Trips(user, np.zeros((user.size, 2)), np.zeros((user.size, 2)), nan, nan, nan)
    return ZonedTrips(trips, o, d, n_zones, np.array([f"p{u}" for u in range(n_users)]))


def test_partial_tables_over_disjoint_users_sum_to_the_tables():
    """The Spark job's partitions by user: each part's sparse rows, summed, are the tables."""
    z = _zoned(n_users=400, n_zones=5)
    keys = trip_keys(1, z.user_ids[z.user], z.origin_zone.astype(float))
    whole = bounded_tables(z, keys, key=9, m=3)
    n = z.n_zones
    got = np.zeros((5, n * n + 20), dtype=np.int64)
    part = make_rng(1).integers(0, 7, 400)[z.user]       # 7 parts, each user in one
    for p in range(7):
        sel = part == p
        ids, codes = np.unique(z.user_ids[z.user[sel]], return_inverse=True)
        t, o, d, c = partial_tables(codes, z.origin_zone[sel], z.dest_zone[sel], keys[sel],
                                    user_hashes(9, ids), n=n, m=3)
        np.add.at(got, (t, np.where(t == 4, o, o * n + d)), c)
    for k, table in enumerate((whole.trips, whole.people_directed, whole.people_undirected,
                               whole.all_trips)):
        np.testing.assert_array_equal(got[k, :n * n].reshape(n, n), table)
    hist = whole.trips_per_user
    np.testing.assert_array_equal(got[4, :hist.size], hist)
    assert got[4, hist.size:].sum() == 0 and whole.trips.sum() < whole.all_trips.sum()


@pytest.mark.parametrize("publish,directed", [("trips", False), ("people", True)])
def test_people_release_from_the_tables_equals_the_release_from_the_trips(publish, directed):
    z = _zoned()
    keys = trip_keys(1, z.user_ids[z.user], z.origin_zone.astype(float))
    kw = dict(epsilon=1.0, directed=directed, publish=publish)
    direct = release_people_od(z, rng=make_rng(3), **kw)
    # the release draws its tie key from the sampling stream; the tables made with that key
    tables = bounded_tables(z, keys, key=draw_key(sampling_stream(make_rng(3))), m=3)
    from_tables = release_people_od(tables, rng=make_rng(3), **kw)
    np.testing.assert_array_equal(direct.values, from_tables.values)
    np.testing.assert_array_equal(direct.internal["truth_people"],
                                  from_tables.internal["truth_people"])
    assert direct.cost.to_dict() == from_tables.cost.to_dict()
    assert from_tables.internal["trips"] == z.n and from_tables.internal["users"] == 300


def test_trips_release_from_the_tables_follows_the_same_contract():
    z = _zoned()
    kw = dict(epsilon=1.0, delta=0.0, noise="discrete_laplace", max_trips=3, total_share=0.1,
              total_cap=6)
    direct = release_od(z.user, z.origin_zone, z.dest_zone, n_zones=z.n_zones, rng=make_rng(5),
                        **kw)
    keys = trip_keys(2, z.user_ids[z.user], np.arange(z.n, dtype=float))
    tables = bounded_tables(z, keys, key=2, m=3)
    tables.trips = direct.internal["truth_sampled"]  # the same sample: the same release
    from_tables = release_od_tables(tables, rng=make_rng(5), **kw)
    np.testing.assert_array_equal(direct.values, from_tables.values)
    assert direct.public == from_tables.public
    check_spent(plan_od(**kw), from_tables.cost)
    for k in ("trips", "trips_kept", "users", "trips_up_to_cap"):
        assert direct.internal[k] == from_tables.internal[k], k
    with pytest.raises(ValueError, match="≤ 3 trips per user"):
        release_od_tables(tables, rng=make_rng(5), **dict(kw, max_trips=4))


def _write(root, ids, tables, m=3, window=(None, None)):
    root.mkdir()
    names = {"trips": "trips_per_pair.csv", "people_directed": "people_per_main_pair.csv",
             "people_undirected": "people_per_main_unordered_pair.csv",
             "all_trips": "all_trips_per_pair.csv"}
    for field, name in names.items():
        t = getattr(tables, field)
        rows = [f"{json.dumps(ids[o])},{json.dumps(ids[d])},{o},{d},{t[o, d]}"
                for o, d in zip(*np.nonzero(t))]
        (root / name).write_text("origin_id,dest_id,origin,dest,n\n" + "\n".join(rows) + "\n")
    hist = tables.trips_per_user
    (root / "trips_per_user.csv").write_text(
        "trips,users\n" + "".join(f"{k},{c}\n" for k, c in enumerate(hist) if c))
    (root / "bounded-trips.json").write_text(json.dumps({
        "format": FORMAT, "zone_ids": ids, "max_trips": m, "window": list(window),
        "zones_sha256": hashlib.sha256("\n".join(ids).encode()).hexdigest()}))


def test_the_reader_maps_the_tables_zones_to_the_release_order(tmp_path):
    z = _zoned(n_zones=4)
    tables = bounded_tables(z, trip_keys(1, z.user_ids[z.user], z.dest_zone.astype(float)),
                            key=1, m=3)
    ids = ["a", "b", "c", "d"]
    _write(tmp_path / "out", ids, tables)
    here = ["c", "a", "d", "b"]              # the release's zone order
    read, record = read_trip_tables(tmp_path / "out", here)
    perm = [ids.index(x) for x in here]
    for name in ("trips", "people_directed", "all_trips"):
        np.testing.assert_array_equal(getattr(read, name),
                                      getattr(tables, name)[np.ix_(perm, perm)], name)
    und = read.people_undirected                 # folded onto the upper triangle again
    assert np.all(np.tril(und, -1) == 0) and und.sum() == tables.people_undirected.sum()
    full = tables.people_undirected + np.triu(tables.people_undirected, 1).T
    np.testing.assert_array_equal(und + np.triu(und, 1).T, full[np.ix_(perm, perm)])
    np.testing.assert_array_equal(read.trips_per_user, tables.trips_per_user)
    assert isinstance(read, TripTables) and record["max_trips"] == 3


def test_the_reader_refuses_other_zones_and_other_parameters(tmp_path):
    z = _zoned(n_zones=3)
    tables = bounded_tables(z, trip_keys(1, z.user_ids[z.user]), key=1, m=3)
    _write(tmp_path / "out", ["a", "b", "c"], tables, window=(100.0, 200.0))
    with pytest.raises(ValueError, match="other zones"):
        read_trip_tables(tmp_path / "out", ["a", "b", "x"])
    with pytest.raises(ValueError, match="no bounded-trips.json"):
        read_trip_tables(tmp_path, ["a", "b", "c"])
    _, record = read_trip_tables(tmp_path / "out", ["a", "b", "c"])
    check_trip_tables(record, max_trips=3, window=(100.0, None))   # same, or left open
    with pytest.raises(ValueError, match="m = 3 in the table, 5 here"):
        check_trip_tables(record, max_trips=5)
    with pytest.raises(ValueError, match="window start"):
        check_trip_tables(record, window=(50.0, None))
    bad = json.loads((tmp_path / "out" / "bounded-trips.json").read_text())
    bad["zone_ids"] = ["a", "b", "d"]
    (tmp_path / "out" / "bounded-trips.json").write_text(json.dumps(bad))
    with pytest.raises(ValueError, match="SHA-256"):
        read_trip_tables(tmp_path / "out", ["a", "b", "d"])


def test_the_report_releases_od_and_trips_per_user_from_the_tables():
    from mobility_dp.dpcore.od import statistics as st
    from mobility_dp.dpcore.od.report import plan_report, release_report
    z = _zoned()
    tables = bounded_tables(z, trip_keys(1, z.user_ids[z.user], np.arange(z.n, dtype=float)),
                            key=1, m=3)
    bins = st.Bins(trips_per_user_max=5)
    kept = np.arange(z.n)
    direct = st.compute(st.TRIPS_PER_USER, z.trips, kept, z.origin_zone, z.dest_zone, 6, 3, bins)
    assert st.from_tables(st.TRIPS_PER_USER, tables, 3, bins).counts.tolist() == \
        direct.counts.tolist()
    np.testing.assert_array_equal(st.from_tables(st.OD, tables, 3, bins).counts, tables.trips)
    weights = {st.OD: 1.0, st.TRIPS_PER_USER: 1.0}
    for method in ("trips", "people_shrunk"):
        kw = dict(epsilon=1.0, weights=weights, max_trips=3, od_method=method,
                  visits_method="plain", n_zones=6)
        rel = release_report(tables, None, None, rng=make_rng(2), bins=bins, **kw)
        check_spent(plan_report(**kw), rel.cost)
        assert set(rel.values) == set(weights) and rel.internal["users"] == 300
        np.testing.assert_array_equal(rel.internal["truth"][st.OD]["counts"],
                                      tables.trips if method == "trips" else tables.all_trips)
    with pytest.raises(ValueError, match="needs the trips"):
        release_report(tables, None, None, rng=make_rng(2), epsilon=1.0, max_trips=3,
                       weights={st.VISITS: 1.0}, n_zones=6)
