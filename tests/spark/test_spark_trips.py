"""dpcore.ingest.spark_trips: trips bounded per user on Spark equal the one-machine path's."""
import json
import os

import numpy as np
import pytest
from shapely import wkb

from mobility_dp.dpcore.accounting.dataset_ids import dataset_id
from mobility_dp.dpcore.ingest import spark_trips
from mobility_dp.dpcore.ingest.trip_encoder import TripEncoder
from mobility_dp.dpcore.ingest.trip_files import read_trips_file
from mobility_dp.dpcore.ingest.trip_table import read_trip_tables
from mobility_dp.dpcore.ingest.zones import ZoneIndex
from mobility_dp.dpcore.od.people import main_pairs
from mobility_dp.dpcore.od.statistics import Bins
from mobility_dp.dpcore.od.table_statistics import TABLE_STATISTICS
from mobility_dp.dpcore.random.rng import make_rng

from ..support.reference import bounded_tables

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ZONES = os.path.join(ROOT, "sample_data", "paris_iris.geojson")
T0 = 1_700_000_000
M = 3


def _table(ids, path):
    out = np.zeros((len(ids), len(ids)), dtype=np.int64)
    with open(path, encoding="utf-8") as fh:
        next(fh)
        for line in fh:
            o_id, d_id, o, d, c = line.rstrip("\n").rsplit(",", 4)[-5:]
            assert json.loads(o_id) == ids[int(o)] and json.loads(d_id) == ids[int(d)]
            out[int(o), int(d)] = int(c)
    return out


@pytest.fixture(scope="module")
def trips_csv(tmp_path_factory):
    """80 users, 1–9 trips each (many above m = 3), some ends outside Paris, some out of
    the window, ISO and epoch times, text and integer user ids; 40 users with two trips on
    two pairs (ties)."""
    rng = make_rng(28)
    rows = []
    for u in range(80):
        home, work = rng.uniform([2.26, 48.82], [2.41, 48.90], (2, 2))
        for _ in range(int(rng.integers(1, 10))):
            a, b = (home, work) if rng.random() < 0.7 else (work, rng.uniform(
                [2.2, 48.8], [2.47, 48.92]))
            t = T0 + int(rng.integers(0, 10 * 86400))
            start = t if u % 2 else np.datetime_as_string(np.datetime64(t, "s"))
            rows.append((f"u{u}" if u % 3 else str(1000 + u), *np.round(a, 6),
                         *np.round(b, 6), start, t + 1800))
    for u in range(80, 120):  # two trips on two pairs: a tie the main-pair rule decides
        for _ in range(2):
            a, b = rng.uniform([2.27, 48.83], [2.40, 48.89], (2, 2))
            t = T0 + 86400 + int(rng.integers(0, 7 * 86400))
            rows.append((f"t{u}", *np.round(a, 6), *np.round(b, 6), t, t + 1800))
    path = tmp_path_factory.mktemp("trips") / "trips.csv"
    path.write_text("user,ox,oy,dx,dy,start,end\n" +
                    "\n".join(",".join(map(str, r)) for r in rows) + "\n")
    return str(path), len(rows)


def _direct(path, window):
    """The one-machine tables: zones located in the zones' CRS (lon/lat, as the job does),
    ends in the metric frame EPSG:2154 for trip length and gyration (the job's --frame-crs)."""
    import pyproj
    from osgeo import ogr
    ds = ogr.Open(ZONES)  # kept alive while its layer is read
    polys = [wkb.loads(bytes(f.GetGeometryRef().ExportToWkb())) for f in ds.GetLayer(0)]
    enc = TripEncoder(ZoneIndex(polys), window=window, key=11)
    read_trips_file(path, enc, layout="table", user_field="user",
                    fields=dict(origin_x="ox", origin_y="oy", dest_x="dx", dest_y="dy",
                                start="start", end="end"))
    zoned, facts = enc.finish()
    to_frame = pyproj.Transformer.from_crs(ds.GetLayer(0).GetSpatialRef().ExportToWkt(),
                                           FRAME, always_xy=True).transform
    t = zoned.trips
    t.origin = np.column_stack(to_frame(t.origin[:, 0], t.origin[:, 1]))
    t.dest = np.column_stack(to_frame(t.dest[:, 0], t.dest[:, 1]))
    t.length = np.hypot(t.dest[:, 0] - t.origin[:, 0], t.dest[:, 1] - t.origin[:, 1])
    return bounded_tables(zoned, enc.keys, key=11, m=M, bins=Bins(window=window)), facts, zoned


WINDOW = (T0 + 86400, T0 + 9 * 86400)
FRAME = "EPSG:2154"
KW = dict(zones=ZONES, zone_id_field="iris_id", user_field="user", origin=("ox", "oy"),
          dest=("dx", "dy"), start_field="start", end_field="end", max_trips=M,
          frame_crs=FRAME)


@pytest.fixture(scope="module")
def seeded(spark, trips_csv, tmp_path_factory):
    out = tmp_path_factory.mktemp("spark") / "out"
    record = spark_trips.bound_trips(spark, trips_csv[0], str(out), seed=11,
                                     window=("2023-11-15T22:13:20", str(WINDOW[1])), **KW)
    return record, out


def test_bounded_tables_equal_the_direct_path(seeded, trips_csv):
    """The exact check of issue 28: every table before noise equals the direct path's (same
    keyed hash for the ≤ m trips and for the main pairs' ties), the mobility report's
    statistics included (the same kept trips, bins and metric frame)."""
    path, n_rows = trips_csv
    record, out = seeded
    ref, facts, zoned = _direct(path, WINDOW)
    ids = record["zone_ids"]
    trips = _table(ids, out / "trips_per_pair.csv")
    people = _table(ids, out / "people_per_main_pair.csv")
    assert ref.trips.sum() > 0 and ref.n_users > 10
    np.testing.assert_array_equal(trips, ref.trips)
    np.testing.assert_array_equal(people, ref.people_directed)
    spark_tables, _ = read_trip_tables(out, ids)
    for name in ("trips", "people_directed", "people_undirected", "all_trips",
                 "trips_per_user"):
        np.testing.assert_array_equal(getattr(spark_tables, name), getattr(ref, name), name)
    assert set(spark_tables.report) == set(TABLE_STATISTICS) == set(ref.report)
    for name, counts in ref.report.items():
        assert counts.sum() > 0, name
        np.testing.assert_array_equal(spark_tables.report[name], counts, name)
    assert record["report_bins"]["window"] == list(WINDOW) and record["frame_crs"] == FRAME
    # ties happened, and the keyed hash broke them both ways (not towards the lowest pair)
    tied = _ties(zoned)
    assert tied.size > 20
    low = _lowest_pairs(zoned)[tied]
    u, pair, _ = main_pairs(zoned, directed=True, key=11)
    chosen = dict(zip(u.tolist(), pair.tolist()))
    picked_low = np.asarray([chosen[t] == p for t, p in zip(tied.tolist(), low.tolist())])
    assert 0.2 < picked_low.mean() < 0.8
    assert record["bounded_trips"] == ref.trips.sum() < facts["in_window"] - \
        facts["outside"]                               # bounding dropped trips of busy users
    assert record["users"] == ref.n_users
    assert record["n_rows"] == n_rows
    assert record["dropped"]["outside_window"] == n_rows - facts["in_window"] > 0
    assert record["dropped"]["outside_zones"] == facts["outside"] > 0
    assert record["dataset_id"] == dataset_id(path)
    assert record["randomness"].startswith("seeded")


def _lowest_pairs(zoned):
    """Each user's most frequent ordered pair with ties to the lowest pair index."""
    n = zoned.n_zones
    pair = zoned.origin_zone.astype(np.int64) * n + zoned.dest_zone
    k, c = np.unique(zoned.user.astype(np.int64) * n * n + pair, return_counts=True)
    order = np.lexsort((k % (n * n), -c, k // (n * n)))
    u = (k // (n * n))[order]
    first = np.r_[True, u[1:] != u[:-1]]
    out = np.full(u.max() + 1, -1, dtype=np.int64)
    out[u[first]] = (k % (n * n))[order][first]
    return out


def _ties(zoned):
    """Users whose most frequent ordered pair is tied with another (the rule decides)."""
    n = zoned.n_zones
    key = zoned.user.astype(np.int64) * n * n + zoned.origin_zone.astype(np.int64) * n + \
        zoned.dest_zone
    k, c = np.unique(key, return_counts=True)
    u = k // (n * n)
    best = np.zeros(u.max() + 1, dtype=np.int64)
    np.maximum.at(best, u, c)
    return np.flatnonzero(np.bincount(u[c == best[u]]) > 1)


def test_another_key_bounds_other_trips_with_the_same_total(spark, seeded, trips_csv, tmp_path):
    """Negative control: the tables depend on the key (the sample), the total does not."""
    a, out_a = seeded
    b = spark_trips.bound_trips(spark, trips_csv[0], str(tmp_path / "b"), seed=12,
                                window=(WINDOW[0], WINDOW[1]), **dict(KW, frame_crs=None))
    assert a["bounded_trips"] == b["bounded_trips"]
    # zones in lon/lat and no --frame-crs: no metric frame, so no trip length nor gyration
    assert b["frame_crs"] is None and a["frame_crs"] == FRAME
    assert set(b["report_missing"]) == {"trip_length", "radius_of_gyration"}
    assert "--frame-crs" in b["report_missing"]["trip_length"]
    with pytest.raises(ValueError, match="not a projected CRS in metres"):
        spark_trips.bound_trips(spark, trips_csv[0], str(tmp_path / "c"), seed=12,
                                **dict(KW, frame_crs="EPSG:3857"))
    ta = _table(a["zone_ids"], out_a / "trips_per_pair.csv")
    tb = _table(b["zone_ids"], tmp_path / "b" / "trips_per_pair.csv")
    assert not np.array_equal(ta, tb)


# ---------------------------------------------------------------- QGIS releases the tables
ODFLOWS = "mobilitydp:odflows"


def _od(out, **kw):
    p = {"BOUNDED_TRIPS": str(out), "ZONES": ZONES, "ZONE_ID_FIELD": "iris_id", "MAX_TRIPS": M,
         "EPSILON": 1.0, "SEED": 1, "OD_TABLE": "memory:", "FLOWS": "memory:"}
    p.update(kw)
    return p


def test_odflows_releases_the_bounded_trips_as_dpcore_does(seeded, run_alg, tmp_path):
    """The QGIS release from the Spark tables = dpcore's release from the same tables, same
    seed; the ledger charges the dataset id the job recorded (the trips file's), so the
    direct path and the table path spend one budget."""
    from mobility_dp.dpcore.accounting.ledger import Ledger
    from mobility_dp.dpcore.od.flows import release_od_tables
    record, out = seeded
    ledger = str(tmp_path / "ledger.json")
    result = run_alg(ODFLOWS, _od(out, METHOD="trips", LEDGER=ledger, BUDGET_EPSILON=10,
                                  REPORT=str(tmp_path / "r.html")))
    tables, _ = read_trip_tables(out, record["zone_ids"])
    ref = release_od_tables(tables, epsilon=1.0, rng=make_rng(1), max_trips=M)
    ids = record["zone_ids"]
    got = np.zeros_like(ref.values)
    for f in result["OD_TABLE"].getFeatures():
        got[ids.index(f["origin"]), ids.index(f["dest"])] = f["flow"]
    np.testing.assert_allclose(got, ref.values)
    assert ref.values.sum() > 0
    people = run_alg(ODFLOWS, _od(out, METHOD="people_shrunk", LEDGER=ledger))
    assert people["OD_TABLE"].featureCount() > 0
    entries = Ledger(ledger).entries(record["dataset_id"])
    assert len(entries) == 2 and record["dataset_id"] == dataset_id(record["trips"])
    with open(tmp_path / "r.html", encoding="utf-8") as fh:
        html = fh.read()
    assert "ran on Apache Spark" in html and "m = 3" in html


@pytest.mark.parametrize("override, message", [
    ({"MAX_TRIPS": 4, "METHOD": "trips"}, "m = 3 in the table, 4 here"),
    ({"START": "2023-11-15T00:00:00"}, "window start"),
    ({"ZONE_ID_FIELD": ""}, "other zones"),
    ({"INPUT": "trips"}, "exactly one"),
])
def test_odflows_refuses_mismatched_bounded_trips(seeded, trips_csv, run_alg, override,
                                                  message, tmp_path):
    from qgis.core import QgsProcessingException
    if override.get("INPUT") == "trips":
        override = {"INPUT": trips_csv[0], "USER_FIELD": "user"}
    out_file = str(tmp_path / "od.gpkg")
    with pytest.raises(QgsProcessingException, match=message):
        run_alg(ODFLOWS, _od(seeded[1], OD_TABLE=out_file, **override))
    assert not os.path.exists(out_file)


def test_mobilityreport_releases_every_statistic_from_the_bounded_trips(
        seeded, run_alg, tmp_path):
    """The Spark job's tables in QGIS: every statistic with its default weight (and trips per
    day: the job's window is set), truths equal to the tables'; other bins are refused."""
    from qgis.core import QgsProcessingException

    from mobility_dp.dpcore.od import statistics as st
    record, out = seeded
    raw = str(tmp_path / "raw.json")
    params = {"BOUNDED_TRIPS": str(out), "ZONES": ZONES, "ZONE_ID_FIELD": "iris_id",
              "MAX_TRIPS": M, "EPSILON": 1.0, "SEED": 1, "OD_METHOD": "trips",
              "WEIGHT_TRIPS_PER_DAY": 1.0, "INTERNAL_STATISTICS": raw,
              "START": "2023-11-15T22:13:20Z", "END": "2023-11-23T22:13:20Z"}  # the job's
    run_alg("mobilitydp:mobilityreport", params)
    with open(raw, encoding="utf-8") as fh:
        doc = json.load(fh)
    assert set(doc["statistics"]) == set(st.STATISTICS)
    tables, _ = read_trip_tables(out, record["zone_ids"])
    for name, counts in tables.report.items():
        np.testing.assert_array_equal(doc["statistics"][name]["counts"], counts, name)
    with pytest.raises(QgsProcessingException, match="other bins"):
        run_alg("mobilitydp:mobilityreport", dict(params, GAP_BINS="0,1,24"))


def test_release_of_a_seeded_table_is_marked_seeded(seeded, run_alg, tmp_path):
    """Tables of ``spark-bound trips --seed`` were bounded by a reproducible keyed hash: a
    release of them, even without SEED, is marked "reproducible: not for publication" in its
    report, its ledger entry and every output layer's metadata."""
    from osgeo import gdal

    from mobility_dp.dpcore.accounting.contract import SEEDED_NOTE
    from mobility_dp.dpcore.accounting.ledger import Ledger
    record, out = seeded
    ledger = str(tmp_path / "ledger.json")
    result = run_alg(ODFLOWS, _od(out, SEED=None, METHOD="trips", LEDGER=ledger,
                                  BUDGET_EPSILON=10, OD_TABLE=str(tmp_path / "od.gpkg"),
                                  FLOWS=str(tmp_path / "flows.gpkg"),
                                  REPORT=str(tmp_path / "r.html")))
    for name in ("OD_TABLE", "FLOWS"):
        source = gdal.OpenEx(result[name].split("|")[0])     # kept alive while read
        assert source.GetLayer(0).GetMetadataItem("DESCRIPTION").startswith(SEEDED_NOTE), name
    with open(tmp_path / "r.html", encoding="utf-8") as fh:
        assert "Reproducible: not for publication" in fh.read()
    assert SEEDED_NOTE in Ledger(ledger).entries(record["dataset_id"])[0]["label"]
