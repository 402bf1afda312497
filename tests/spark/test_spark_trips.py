"""dpcore.ingest.spark_trips: trips bounded per user on Spark equal the one-machine path's."""
import json
import os

import numpy as np
import pytest
from shapely import wkb

from mobility_dp.dpcore.ingest import spark_trips
from mobility_dp.dpcore.ingest.trip_bounds import bounded_tables
from mobility_dp.dpcore.ingest.trip_files import read_trips_file
from mobility_dp.dpcore.ingest.trips import TripEncoder
from mobility_dp.dpcore.ingest.zones import ZoneIndex
from mobility_dp.dpcore.dataset_ids import dataset_id
from mobility_dp.dpcore.rng import make_rng

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
    the window, ISO and epoch times, text and integer user ids."""
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
    path = tmp_path_factory.mktemp("trips") / "trips.csv"
    path.write_text("user,ox,oy,dx,dy,start,end\n" +
                    "\n".join(",".join(map(str, r)) for r in rows) + "\n")
    return str(path), len(rows)


def _direct(path, window):
    from osgeo import ogr
    ds = ogr.Open(ZONES)  # kept alive while its layer is read
    polys = [wkb.loads(bytes(f.GetGeometryRef().ExportToWkb())) for f in ds.GetLayer(0)]
    enc = TripEncoder(ZoneIndex(polys), window=window, key=11)
    read_trips_file(path, enc, layout="table", user_field="user",
                    fields=dict(origin_x="ox", origin_y="oy", dest_x="dx", dest_y="dy",
                                start="start", end="end"))
    zoned, facts = enc.finish()
    return bounded_tables(zoned.user, zoned.origin_zone, zoned.dest_zone, enc.keys, m=M,
                          n_zones=zoned.n_zones), facts


WINDOW = (T0 + 86400, T0 + 9 * 86400)
KW = dict(zones=ZONES, zone_id_field="iris_id", user_field="user", origin=("ox", "oy"),
          dest=("dx", "dy"), start_field="start", end_field="end", max_trips=M)


@pytest.fixture(scope="module")
def seeded(spark, trips_csv, tmp_path_factory):
    out = tmp_path_factory.mktemp("spark") / "out"
    record = spark_trips.bound_trips(spark, trips_csv[0], str(out), seed=11,
                                     window=("2023-11-15T22:13:20", str(WINDOW[1])), **KW)
    return record, out


def test_bounded_tables_equal_the_direct_path(seeded, trips_csv):
    path, n_rows = trips_csv
    record, out = seeded
    ref, facts = _direct(path, WINDOW)
    ids = record["zone_ids"]
    trips = _table(ids, out / "trips_per_pair.csv")
    people = _table(ids, out / "people_per_main_pair.csv")
    assert ref["bounded_trips"] > 0 and ref["users"] > 10
    np.testing.assert_array_equal(trips, ref["trips"])
    np.testing.assert_array_equal(people, ref["people"])
    assert record["bounded_trips"] == ref["bounded_trips"] < facts["in_window"] - \
        facts["outside"]                               # bounding dropped trips of busy users
    assert record["n_rows"] == n_rows
    assert record["dropped"]["outside_window"] == n_rows - facts["in_window"] > 0
    assert record["dropped"]["outside_zones"] == facts["outside"] > 0
    assert record["dataset_id"] == dataset_id(path)
    assert record["randomness"].startswith("seeded")


def test_another_key_bounds_other_trips_with_the_same_total(spark, seeded, trips_csv, tmp_path):
    """Negative control: the tables depend on the key (the sample), the total does not."""
    a, out_a = seeded
    b = spark_trips.bound_trips(spark, trips_csv[0], str(tmp_path / "b"), seed=12,
                                window=(WINDOW[0], WINDOW[1]), **KW)
    assert a["bounded_trips"] == b["bounded_trips"]
    ta = _table(a["zone_ids"], out_a / "trips_per_pair.csv")
    tb = _table(b["zone_ids"], tmp_path / "b" / "trips_per_pair.csv")
    assert not np.array_equal(ta, tb)
