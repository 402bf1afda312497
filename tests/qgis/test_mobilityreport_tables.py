"""mobilitydp:mobilityreport on bounded trips (BOUNDED_TRIPS, issue 28): every statistic of the
report with its default weight, from the tables of scripts/spark-bound trips (here their
one-machine twin, written by the same writer), refused before any charge when the bins or m
differ."""
import json
import os

import numpy as np
import pytest

from ..support.od_layers import X0, Y0, zones
from ..support.qgis import read_layer

REPORT_ALG = "mobilitydp:mobilityreport"
M = 3


def _json(path):
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def _bounded(root):
    """Tables of 200 users' trips between the three 1 km zones of od_layers (Lambert-93),
    made and written as the Spark job makes and writes them."""
    from mobility_dp.dpcore.ingest.trip_table import write_trip_tables
    from mobility_dp.dpcore.od.statistics import Bins
    from mobility_dp.dpcore.od.trip_arrays import Trips, ZonedTrips
    from mobility_dp.dpcore.od.trip_bounds import trip_keys
    from mobility_dp.dpcore.random.rng import make_rng

    from ..support.reference import bounded_tables
    rng = make_rng(28)
    user = np.repeat(np.arange(200), rng.integers(1, 8, 200))
    o, d = rng.integers(0, 3, user.size), rng.integers(0, 3, user.size)
    centre = np.column_stack([X0 + 500 + 1000 * np.arange(3), np.full(3, Y0 + 500)])
    origin = centre[o] + rng.uniform(-400, 400, (user.size, 2))
    dest = centre[d] + rng.uniform(-400, 400, (user.size, 2))
    start = 1_779_700_000 + rng.uniform(0, 7 * 86400, user.size)
    trips = Trips(user, origin, dest, start, start + rng.uniform(300, 5400, user.size),
                  np.hypot(*(dest - origin).T))
    zoned = ZonedTrips(trips, o, d, 3, np.array([f"p{u}" for u in range(200)]))
    tables = bounded_tables(zoned, trip_keys(5, zoned.user_ids[user], start), key=5, m=M,
                            bins=Bins())
    write_trip_tables(str(root), tables, ["z0", "z1", "z2"],
                      {"dataset_id": "bounded-trips-test", "frame_crs": "EPSG:2154",
                       "window": [None, None]})
    return tables


def _params(root, tmp_path, **kw):
    p = {"BOUNDED_TRIPS": str(root), "ZONES": zones(), "ZONE_ID_FIELD": "zone",
         "MAX_TRIPS": M, "EPSILON": 1.0, "SEED": 1, "OD_METHOD": "trips",
         "STATISTICS": str(tmp_path / "stats.json"),
         "INTERNAL_STATISTICS": str(tmp_path / "raw.json"),
         "VISITS": str(tmp_path / "visits.gpkg"), "REPORT": str(tmp_path / "report.html"),
         "LEDGER": str(tmp_path / "ledger.json"), "BUDGET_EPSILON": 5.0}
    p.update(kw)
    return p


def test_mobilityreport_releases_every_statistic_from_bounded_trips(run_alg, tmp_path):
    from mobility_dp.dpcore.od import statistics as st
    from mobility_dp.dpcore.od.table_statistics import from_tables
    tables = _bounded(tmp_path / "bounded")
    res = run_alg(REPORT_ALG, _params(tmp_path / "bounded", tmp_path))
    doc, raw = _json(res["STATISTICS"]), _json(res["INTERNAL_STATISTICS"])
    defaults = set(st.STATISTICS) - {st.TRIPS_PER_DAY}     # trips per day: weight 0 by default
    assert set(doc["statistics"]) == defaults == set(raw["statistics"])
    bins = st.Bins()
    for name in defaults:       # the truth is the tables' (= compute on the kept trips)
        truth = from_tables(name, tables, M, bins)
        assert np.asarray(raw["statistics"][name]["counts"]).sum() > 0, name
        np.testing.assert_array_equal(raw["statistics"][name]["counts"], truth.counts, name)
        assert doc["statistics"][name]["sensitivity"] == st.sensitivity(name, M), name
    parts = {p["note"].split(";")[0]: p for p in doc["cost"]["parts"]}
    for name in defaults:
        assert parts[st.TITLES[name]]["sensitivity"] == st.sensitivity(name, M), name
    assert res["EPSILON_SPENT"] == pytest.approx(1.0)
    entries = _json(tmp_path / "ledger.json")["datasets"]["bounded-trips-test"]["entries"]
    assert len(entries) == 1 and entries[0]["epsilon"] == pytest.approx(1.0)
    _, rows = read_layer(res["VISITS"])
    assert sorted(r["zone"] for r in rows) == ["z0", "z1", "z2"]
    with open(res["REPORT"], encoding="utf-8") as fh:
        html = fh.read()
    assert "Radius of gyration" in html and "EPSG:2154 (trip length and gyration" in html


@pytest.mark.parametrize("override, message", [
    ({"LENGTH_BINS": "0,5,10"}, "Trip length.*other bins"),
    ({"TIME_WINDOWS": "0,12,24"}, "Visits per zone.*other bins"),
    ({"MAX_TRIPS": 4}, "m = 3 in the table, 4 here"),
])
def test_mobilityreport_refuses_tables_of_other_bins_before_the_charge(run_alg, tmp_path,
                                                                       override, message):
    from qgis.core import QgsProcessingException
    _bounded(tmp_path / "bounded")
    (tmp_path / "out").mkdir()
    with pytest.raises(QgsProcessingException, match=message):
        run_alg(REPORT_ALG, _params(tmp_path / "bounded", tmp_path / "out", **override))
    assert not os.listdir(tmp_path / "out")              # no output, no ledger entry
