"""Trips streamed into ZonedTrips (issue 28): zone index, encoder, WKB columns, keyed bounding."""
import json
import os
import struct

import numpy as np
import pytest
from scipy import stats
from shapely.geometry import LineString, Point, Polygon, box, shape

from mobility_dp.dpcore.flows.cells import locate_points
from mobility_dp.dpcore.ingest import trip_files
from mobility_dp.dpcore.ingest.trip_encoder import TripEncoder
from mobility_dp.dpcore.ingest.zones import ZoneIndex
from mobility_dp.dpcore.od.people import main_pairs
from mobility_dp.dpcore.od.trip_arrays import Trips, ZonedTrips, in_window, trips_from_fixes
from mobility_dp.dpcore.od.trip_bounds import bottom_m, trip_keys
from mobility_dp.dpcore.random.id_hashes import item_keys, user_hashes
from mobility_dp.dpcore.random.rng import make_rng
from mobility_dp.dpcore.random.sampling import sample_per_user

from ..support.reference import bounded_tables, user_codes

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.fixture(scope="module")
def iris():
    with open(os.path.join(ROOT, "sample_data", "paris_iris.geojson")) as fh:
        return [shape(f["geometry"]) for f in json.load(fh)["features"]]


@pytest.fixture(scope="module")
def iris_index(iris):
    return ZoneIndex(iris)


def _vertices(polys):
    out = []
    for p in polys:
        for part in getattr(p, "geoms", [p]):
            out.append(np.asarray(part.exterior.coords))
    return np.vstack(out)


def _probe_points(polys, n, seed):
    b = np.array([p.bounds for p in polys])
    rng = make_rng(seed)
    x = rng.uniform(b[:, 0].min() - 0.01, b[:, 2].max() + 0.01, n)
    y = rng.uniform(b[:, 1].min() - 0.01, b[:, 3].max() + 0.01, n)
    v = _vertices(polys[:150])
    mid = (v[1:] + v[:-1]) / 2
    return np.r_[x, v[:, 0], mid[:, 0]], np.r_[y, v[:, 1], mid[:, 1]]


def test_zone_index_equals_locate_points_on_the_paris_iris(iris, iris_index):
    x, y = _probe_points(iris, 12_000, 1)
    got, want = iris_index.locate(x, y), locate_points(iris, x, y)
    np.testing.assert_array_equal(got, want)
    assert (want >= 0).mean() > 0.3 and (want < 0).any()


def test_zone_index_without_its_exact_checks_is_wrong(iris):
    """Negative control: answering boundary cells from their centre misplaces points."""
    x, y = _probe_points(iris, 12_000, 2)
    index = ZoneIndex(iris)
    index.boundary[:] = False
    assert (index.locate(x, y) != locate_points(iris, x, y)).sum() > 20


def test_zone_index_overlaps_holes_and_outside():
    big = box(0, 0, 10, 10)
    ring = Polygon([(0, 0), (10, 0), (10, 10), (0, 10)], [[(4, 4), (6, 4), (6, 6), (4, 6)]])
    small = box(4.5, 4.5, 5.5, 5.5)
    zones = [ring, small, big]  # big overlaps everything; the ring has a hole holding small
    rng = make_rng(3)
    x, y = rng.uniform(-1, 11, 5000), rng.uniform(-1, 11, 5000)
    x = np.r_[x, 4, 5, 4.5, 10, -1e-9, np.nan]
    y = np.r_[y, 5, 5, 5, 10, 5, 1]
    np.testing.assert_array_equal(ZoneIndex(zones).locate(x, y), locate_points(zones, x, y))


def _old_zoned(users, ox, oy, dx, dy, t0, t1, polys, window):
    """The feature-by-feature reader before issue 28: codes, window, zones."""
    codes, _ = user_codes(list(users))
    trips = Trips(codes, np.column_stack([ox, oy]), np.column_stack([dx, dy]), t0, t1,
                  np.hypot(dx - ox, dy - oy))
    trips = trips.subset(np.flatnonzero(in_window(trips, *window)))
    o = locate_points(polys, trips.origin[:, 0], trips.origin[:, 1])
    d = locate_points(polys, trips.dest[:, 0], trips.dest[:, 1])
    keep = np.flatnonzero((o >= 0) & (d >= 0))
    return ZonedTrips(trips.subset(keep), o[keep], d[keep], len(polys))


@pytest.mark.parametrize("integer_users", [True, False])
def test_encoder_gives_the_old_readers_trips_and_sample(iris, iris_index, integer_users):
    rng = make_rng(4)
    n = 8000
    raw = rng.integers(0, 1500, n)
    users = raw if integer_users else np.asarray([f"id{v}" for v in raw], dtype=object)
    b = np.array([p.bounds for p in iris])
    pts = [rng.uniform(b[:, k % 2].min(), b[:, 2 + k % 2].max(), n) for k in range(4)]
    t0 = rng.uniform(0, 100, n)
    t0[::50] = np.nan
    t1 = t0 + 1
    window = (10.0, 90.0)
    enc = TripEncoder(iris_index, window=window)
    for a in range(0, n, 3000):  # batches
        s = slice(a, a + 3000)
        enc.add_trips(users[s], *(p[s] for p in pts), t0[s], t1[s])
    zoned, facts = enc.finish()
    old = _old_zoned(users, *pts, t0, t1, iris, window)
    np.testing.assert_array_equal(zoned.user, old.user)
    np.testing.assert_array_equal(zoned.origin_zone, old.origin_zone)
    np.testing.assert_array_equal(zoned.dest_zone, old.dest_zone)
    np.testing.assert_allclose(zoned.trips.length, old.trips.length)
    np.testing.assert_array_equal(zoned.trips.start, old.trips.start)
    assert facts["read"] == n and facts["users_read"] == np.unique(raw).size
    assert facts["in_window"] - facts["outside"] == zoned.n
    for seed in (1, 2):  # the same seed keeps the same trips
        np.testing.assert_array_equal(sample_per_user(zoned.user, 3, make_rng(seed)),
                                      sample_per_user(old.user, 3, make_rng(seed)))


def test_encoder_fixes_equal_trips_from_fixes(iris, iris_index):
    rng = make_rng(5)
    n = 5000
    user = rng.integers(0, 50, n)
    trip = np.asarray([f"t{v}" for v in rng.integers(0, 12, n)], dtype=object)
    t = rng.uniform(0, 1000, n)
    b = iris[0].bounds
    x, y = rng.uniform(b[0], b[2], n), rng.uniform(b[1], b[3], n)
    enc = TripEncoder(iris_index)
    enc.add_fixes(user[:2000], trip[:2000], t[:2000], x[:2000], y[:2000])
    enc.add_fixes(user[2000:], trip[2000:], t[2000:], x[2000:], y[2000:])
    zoned, _ = enc.finish()
    codes, _ = user_codes(list(user))
    old = trips_from_fixes(codes, [f"{u}\x1f{tr}" for u, tr in zip(codes, trip)], t, x, y)
    keep = np.flatnonzero((locate_points(iris, old.origin[:, 0], old.origin[:, 1]) >= 0) &
                          (locate_points(iris, old.dest[:, 0], old.dest[:, 1]) >= 0))
    np.testing.assert_array_equal(zoned.user, old.user[keep])
    np.testing.assert_allclose(zoned.trips.length, old.length[keep])
    np.testing.assert_array_equal(zoned.trips.end, old.end[keep])


def test_encoder_refuses_missing_users_and_coordinates():
    zones = ZoneIndex([box(2, 48, 3, 49)])
    enc = TripEncoder(zones)
    enc.add_trips(np.array([b"a", b""]), [2.3, 2.3], [48.85, 48.85], [2.3, 2.3],
                  [48.85, 48.85], None, None)
    with pytest.raises(ValueError, match="1 of 2 records have no user id"):
        enc.finish()
    enc = TripEncoder(zones)
    enc.add_trips(np.array([1, 2]), [2.3, np.nan], [48.85, 48.85], [2.3, 2.3],
                  [48.85, 48.85], None, None)
    with pytest.raises(ValueError, match="1 rows of the trips table"):
        enc.finish()


def _wkb_xym(coords, geom_type):
    """Little-endian ISO WKB of a point (1) or line string (2) with M (type + 2000)."""
    head = struct.pack("<BI", 1, 2000 + geom_type)
    if geom_type == 2:
        head += struct.pack("<I", len(coords))
    return head + b"".join(struct.pack("<3d", *c) for c in coords)


def test_wkb_columns_are_parsed_vectorised():
    lines = [LineString([(0, 0), (3, 4), (3, 10)]), LineString([(1, 1), (2, 2)])]
    col = np.asarray([g.wkb for g in lines] + [None], dtype=object)
    coords, first, n_v, m_at, ok = trip_files.wkb_lines(col)
    np.testing.assert_array_equal(ok, [0, 1])
    np.testing.assert_array_equal(n_v, [3, 2])
    np.testing.assert_allclose(trip_files.line_lengths(coords[:, 0], coords[:, 1], first, n_v),
                               [11.0, np.sqrt(2)])
    assert (m_at == -1).all()
    m_line = _wkb_xym([(0, 0, 100.0), (1, 0, 160.0)], 2)
    coords, first, n_v, m_at, _ = trip_files.wkb_lines(np.asarray([m_line], dtype=object))
    assert coords[first[0], m_at[0]] == 100.0 and coords[first[0] + 1, m_at[0]] == 160.0
    pts = np.asarray([Point(1, 2).wkb, Point(3, 4).wkb])   # fixed width: numpy bytes
    x, y, null = trip_files.wkb_points(pts.astype("V21"))
    np.testing.assert_array_equal(x, [1, 3])
    np.testing.assert_array_equal(y, [2, 4])
    with pytest.raises(ValueError, match="simple points or lines"):
        trip_files.wkb_lines(np.asarray([Point(0, 0).wkb], dtype=object))


def test_densify_adds_floor_len_over_step_nodes_per_segment():
    x, y = np.array([0.0, 0.025, 0.025]), np.array([0.0, 0.0, 0.005])
    nx, ny, first, n = trip_files.densify(x, y, np.array([0]), np.array([3]), 0.01)
    # 0.025 / 0.01 → 2 extra nodes; 0.005 / 0.01 → none
    np.testing.assert_allclose(nx, [0, 0.025 / 3, 0.05 / 3, 0.025, 0.025])
    np.testing.assert_allclose(ny, [0, 0, 0, 0, 0.005])
    assert n.tolist() == [5] and first.tolist() == [0]


def test_main_pairs_most_frequent_pair_ties_by_the_keyed_hash():
    trips = Trips([0, 0, 0, 1, 1, 2], np.zeros((6, 2)), np.zeros((6, 2)), np.zeros(6),
                  np.zeros(6), np.zeros(6))
    z = ZonedTrips(trips, [1, 1, 0, 2, 0, 1], [1, 1, 2, 0, 2, 1], 3, np.array(["a", "b", "c"]))
    u, pair, n_trips = main_pairs(z, directed=True, key=5)
    assert u.tolist() == [0, 1, 2] and n_trips.tolist() == [2, 1, 1]
    assert pair[0] == 1 * 3 + 1 and pair[2] == 1 * 3 + 1      # most frequent wins
    # user 1's tie (2→0 vs 0→2) goes to the smaller keyed hash of (its id, pair)
    h = user_hashes(5, ["b"])
    tie = item_keys(np.repeat(h, 2), [6, 2])
    assert pair[1] == [6, 2][int(np.argmin(tie))]
    # the ids, not the codes, are hashed: another id can pick the other pair
    picks = {int(main_pairs(ZonedTrips(trips, z.origin_zone, z.dest_zone, 3,
                                       np.array(["a", f"b{k}", "c"])), directed=True,
                            key=5)[1][1]) for k in range(20)}
    assert picks == {2, 6}


def _subset_counts(keys_of, n_users=3000, n_trips=4, m=2):
    user = np.repeat(np.arange(n_users), n_trips)
    keep = bottom_m(user, keys_of(user), m).reshape(n_users, n_trips)
    code = keep @ (1 << np.arange(n_trips))
    return np.unique(code, return_counts=True)[1]


def test_keyed_bounding_keeps_a_uniform_m_subset():
    trip = np.tile(np.arange(4.0), 3000)
    counts = _subset_counts(lambda u: trip_keys(99, u, trip))
    assert counts.size == 6 and stats.chisquare(counts).pvalue > 1e-3
    # negative control: unkeyed "hash" of the trip's position keeps the same subset
    biased = _subset_counts(lambda u: trip.astype(np.uint64))
    assert biased.size < 6 or stats.chisquare(biased).pvalue < 1e-3


def test_bounded_tables_total_is_min_n_m_per_user():
    rng = make_rng(6)
    user = rng.integers(0, 300, 4000)
    o, d = rng.integers(0, 5, 4000), rng.integers(0, 5, 4000)
    nan = np.full(4000, np.nan)
    z = ZonedTrips(Trips(user, np.zeros((4000, 2)), np.zeros((4000, 2)), nan, nan, nan), o, d, 5)
    t = bounded_tables(z, trip_keys(1, user, o.astype(float), rng.random(4000)), key=1, m=4)
    assert t.trips.sum() == np.minimum(np.bincount(user), 4).sum() == t.capped_trips(4)
    assert t.people_directed.sum() == t.people_undirected.sum() == t.n_users == \
        np.unique(user).size
    assert np.all(np.tril(t.people_undirected, -1) == 0)
    assert t.all_trips.sum() == t.n == 4000
