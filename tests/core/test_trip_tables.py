"""The bounded trip tables (issue 28): the OD releases from them equal the releases from the
trips, and the reader of the Spark job's directory maps its zones to the release's."""
import json

import numpy as np
import pytest

from mobility_dp.dpcore.accounting.contract import check_spent
from mobility_dp.dpcore.ingest.trip_table import FORMAT_2, check_trip_tables, read_trip_tables, write_trip_tables
from mobility_dp.dpcore.od import statistics as st
from mobility_dp.dpcore.od.flows import od_cost, release_od, release_od_tables
from mobility_dp.dpcore.od.people_flows import release_people_od
from mobility_dp.dpcore.od.table_statistics import TABLE_STATISTICS, bins_record, from_tables
from mobility_dp.dpcore.od.trip_arrays import Trips, ZonedTrips
from mobility_dp.dpcore.od.trip_bounds import bottom_m, partial_tables, tables_from_rows, trip_keys
from mobility_dp.dpcore.od.trip_tables import TripTables
from mobility_dp.dpcore.random.id_hashes import draw_key, user_hashes
from mobility_dp.dpcore.random.rng import make_rng
from mobility_dp.dpcore.random.sampling import sampling_stream

from ..support.reference import bounded_tables


def _zoned(n_users=300, n_zones=6, seed=4):
    rng = make_rng(seed)
    user = np.repeat(np.arange(n_users), rng.integers(1, 9, n_users))
    o, d = rng.integers(0, n_zones, user.size), rng.integers(0, n_zones, user.size)
    nan = np.full(user.size, np.nan)
    trips = Trips(user, np.zeros((user.size, 2)), np.zeros((user.size, 2)), nan, nan, nan)
    return ZonedTrips(trips, o, d, n_zones, np.array([f"p{u}" for u in range(n_users)]))


def _timed(n_users=300, n_zones=6, seed=4):
    """Trips with ends in metres and times over 10 days (every report statistic)."""
    rng = make_rng(seed)
    user = np.repeat(np.arange(n_users), rng.integers(1, 9, n_users))
    o, d = rng.integers(0, n_zones, user.size), rng.integers(0, n_zones, user.size)
    centre = rng.uniform(0, 20_000, (n_zones, 2))
    origin = centre[o] + rng.normal(0, 500, (user.size, 2))
    dest = centre[d] + rng.normal(0, 500, (user.size, 2))
    start = T0 + rng.uniform(0, 10 * 86400, user.size)
    end = start + rng.uniform(300, 7200, user.size)
    trips = Trips(user, origin, dest, start, end, np.hypot(*(dest - origin).T))
    return ZonedTrips(trips, o, d, n_zones, np.array([f"p{u}" for u in range(n_users)]))


T0 = 1_700_000_000
WINDOW = (T0, T0 + 10 * 86400)


def _keys(z, key=1):
    return trip_keys(key, z.user_ids[z.user], z.trips.origin[:, 0], z.trips.start)


def test_partial_tables_over_disjoint_users_sum_to_the_tables():
    """The Spark job's partitions by user: each part's sparse rows, summed, are the tables,
    the report statistics included."""
    z = _timed(n_users=400, n_zones=5)
    keys = _keys(z)
    bins = st.Bins(window=WINDOW)
    whole = bounded_tables(z, keys, key=9, m=3, bins=bins)
    rows = []
    part = make_rng(1).integers(0, 7, 400)[z.user]       # 7 parts, each user in one
    for p in range(7):
        sel = part == p
        ids, codes = np.unique(z.user_ids[z.user[sel]], return_inverse=True)
        rows.append(partial_tables(codes, z.origin_zone[sel], z.dest_zone[sel], keys[sel],
                                   user_hashes(9, ids), n=z.n_zones, m=3,
                                   trips=z.trips.subset(sel), bins=bins))
    summed = tables_from_rows(*(np.concatenate(r) for r in zip(*rows)), n=z.n_zones, m=3,
                              bins=bins)
    for name in ("trips", "people_directed", "people_undirected", "all_trips",
                 "trips_per_user"):
        np.testing.assert_array_equal(getattr(summed, name), getattr(whole, name), name)
    assert whole.trips.sum() < whole.all_trips.sum()
    assert set(summed.report) == set(TABLE_STATISTICS) == set(whole.report)
    for name, counts in whole.report.items():
        np.testing.assert_array_equal(summed.report[name], counts, name)


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
    arrays = ("lower", "upper")
    assert {k: v for k, v in direct.public.items() if k not in arrays} == \
        {k: v for k, v in from_tables.public.items() if k not in arrays}
    for k in arrays:
        np.testing.assert_array_equal(direct.public[k], from_tables.public[k])
    check_spent(od_cost(**kw), from_tables.cost)
    for k in ("trips", "trips_kept", "users", "trips_up_to_cap"):
        assert direct.internal[k] == from_tables.internal[k], k
    with pytest.raises(ValueError, match="≤ 3 trips per user"):
        release_od_tables(tables, rng=make_rng(5), **dict(kw, max_trips=4))


def _write(root, ids, tables, window=(None, None)):
    write_trip_tables(str(root), tables, ids, {"window": list(window)})


def test_the_reader_maps_the_tables_zones_to_the_release_order(tmp_path):
    z = _timed(n_zones=4)
    tables = bounded_tables(z, trip_keys(1, z.user_ids[z.user], z.dest_zone.astype(float)),
                            key=1, m=3)
    ids = ["a", "b", "c", "d"]
    _write(tmp_path / "out", ids, tables)
    here = ["c", "a", "d", "b"]              # the release's zone order
    read, record = read_trip_tables(tmp_path / "out", here)
    perm = [ids.index(x) for x in here]
    assert read.report.keys() == tables.report.keys() and len(read.report) > 4
    for name, counts in tables.report.items():      # visits: rows in the release's order
        np.testing.assert_array_equal(read.report[name], counts[perm] if name == "visits"
                                      else counts, name)
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


def test_the_report_statistics_from_the_tables_equal_compute_on_the_kept_trips():
    """Every statistic's truth from the tables = :func:`statistics.compute` on the trips kept
    by the keyed bottom-m (the Spark job's kept set), and the release from the tables
    charges what it planned with the trip path's sensitivities."""
    from mobility_dp.dpcore.od.report import release_report, report_cost
    z = _timed()
    keys = _keys(z)
    bins = st.Bins(window=WINDOW, trips_per_user_max=5)
    tables = bounded_tables(z, keys, key=1, m=3, bins=bins)
    kept = np.flatnonzero(bottom_m(z.user, keys, 3))
    assert 0 < kept.size < z.n
    for name in st.STATISTICS:
        got = from_tables(name, tables, 3, bins)
        want = st.compute(name, z.trips, kept, z.origin_zone, z.dest_zone, 6, 3, bins)
        np.testing.assert_array_equal(got.counts, want.counts, name)
        assert got.counts.sum() > 0, name
        assert (got.sensitivity, got.labels) == (want.sensitivity, want.labels), name
        np.testing.assert_array_equal(got.edges, want.edges, name)
    weights = {k: 1.0 for k in st.STATISTICS}
    for method in ("trips", "people_shrunk"):
        kw = dict(epsilon=1.0, weights=weights, max_trips=3, od_method=method,
                  visits_method="plain", n_zones=6)
        rel = release_report(tables, None, None, rng=make_rng(2), bins=bins, **kw)
        check_spent(report_cost(**kw), rel.cost)
        assert set(rel.values) == set(st.STATISTICS) and rel.internal["users"] == 300
        for name in st.STATISTICS:
            if not (name == st.OD and method != "trips"):
                np.testing.assert_array_equal(rel.internal["truth"][name]["counts"],
                                              from_tables(name, tables, 3, bins).counts)


def test_the_tables_refuse_other_bins_another_m_and_what_they_lack():
    """Negative controls: tables made with other bins hold other counts and are refused for
    the release's bins; another m is refused; statistics the tables lack are refused, with
    the reason, before any noise is drawn."""
    from mobility_dp.dpcore.od.report import release_report
    z = _timed()
    keys = _keys(z)
    bins = st.Bins(window=WINDOW)
    tables = bounded_tables(z, keys, key=1, m=3, bins=bins)
    other = st.Bins(window=WINDOW, trip_length_km=(0, 2, 5, 10), time_windows=(0, 12, 24))
    made_other = bounded_tables(z, keys, key=1, m=3, bins=other)
    assert made_other.report[st.TRIP_LENGTH].size == 3 != tables.report[st.TRIP_LENGTH].size
    for name in (st.TRIP_LENGTH, st.VISITS):
        with pytest.raises(ValueError, match="other bins"):
            from_tables(name, made_other, 3, bins)
    np.testing.assert_array_equal(from_tables(st.TRAVEL_TIME, made_other, 3, bins).counts,
                                  tables.report[st.TRAVEL_TIME])   # its bins did not change
    with pytest.raises(ValueError, match="other bins"):
        from_tables(st.TRIPS_PER_DAY, tables, 3, st.Bins(window=(T0 - 86400, WINDOW[1])))
    with pytest.raises(ValueError, match="≤ 3 trips per user, the release m = 4"):
        from_tables(st.TRAVEL_TIME, tables, 4, bins)
    no_frame = bounded_tables(z, keys, key=1, m=3, bins=st.Bins(), no_frame="no metric CRS")
    assert set(no_frame.report_missing) == {st.TRIP_LENGTH, st.RADIUS_OF_GYRATION,
                                            st.TRIPS_PER_DAY}
    with pytest.raises(ValueError, match="no metric CRS"):
        from_tables(st.RADIUS_OF_GYRATION, no_frame, 3, bins)
    z.trips.start[np.flatnonzero(bottom_m(z.user, keys, 3))[0]] = np.nan   # one kept, untimed
    untimed = bounded_tables(z, keys, key=1, m=3, bins=bins)
    assert set(untimed.report_missing) == set(st.NEEDS_TIMES) and \
        st.TRIP_LENGTH in untimed.report
    spent = []
    with pytest.raises(ValueError, match="have no start or end time"):
        release_report(untimed, None, None, rng=_Counting(spent), epsilon=1.0, max_trips=3,
                       weights={st.OD: 1.0, st.TRAVEL_TIME: 1.0}, n_zones=6, bins=bins)
    assert not spent


class _Counting:
    """A generator that records every draw (none may happen before a refusal)."""

    def __init__(self, spent):
        self._rng, self._spent = make_rng(0), spent

    def __getattr__(self, name):
        self._spent.append(name)
        return getattr(self._rng, name)


def test_tables_of_format_2_are_read_without_the_report_statistics(tmp_path):
    z = _timed(n_zones=3)
    tables = bounded_tables(z, _keys(z), key=1, m=3, bins=st.Bins())
    _write(tmp_path / "out", ["a", "b", "c"], tables)
    path = tmp_path / "out" / "bounded-trips.json"
    record = json.loads(path.read_text())
    path.write_text(json.dumps(dict(record, format=FORMAT_2)))
    read, _ = read_trip_tables(tmp_path / "out", ["a", "b", "c"])
    assert read.report == {} and set(read.report_missing) == set(TABLE_STATISTICS)
    np.testing.assert_array_equal(read.trips, tables.trips)
    with pytest.raises(ValueError, match="format /2"):
        from_tables(st.VISITS, read, 3, st.Bins())


def test_the_job_takes_the_report_bins_as_options():
    from mobility_dp.dpcore.ingest.spark_trips import _bins, _parser
    base = ["t.csv", "out", "--zones", "z.geojson", "--user-field", "u", "--origin", "a,b",
            "--dest", "c,d", "--max-trips", "3"]
    assert bins_record(_bins(_parser().parse_args(base))) == bins_record(st.Bins())
    got = _bins(_parser().parse_args(base + ["--length-bins", "0,2.5,10", "--entropy-bins", "4",
                                             "--time-windows", "0,12,24"]))
    assert got.trip_length_km.tolist() == [0, 2.5, 10] and got.entropy_bins == 4
    assert got.time_windows.tolist() == [0, 12, 24]
    assert got.gap_hours.tolist() == st.Bins().gap_hours.tolist()
    with pytest.raises(ValueError, match="gap_hours"):
        _bins(_parser().parse_args(base + ["--gap-bins", "3,1"]))
