"""The people of a release, whatever route read them: the Spark events and trips jobs sketch
the user ids on the executors with the ledger's key (dpcore.ingest.spark_people), their
bounded tables carry the sketch, and a release of the tables records the same population as
the direct path for the same people; nothing in the tables or the ledger is an id or an
unkeyed hash of one."""
import hashlib
import json
import os
import shutil
import subprocess
import sys

import numpy as np
import pytest

from mobility_dp.dpcore.accounting.contract import ReleaseContract
from mobility_dp.dpcore.accounting.costs import Budget
from mobility_dp.dpcore.accounting.dataset_ids import dataset_id
from mobility_dp.dpcore.accounting.ledger import Ledger
from mobility_dp.dpcore.accounting.sketch import K, SketchKey, carried, sketch
from mobility_dp.dpcore.ingest import spark as events_job
from mobility_dp.dpcore.ingest import spark_trips
from mobility_dp.dpcore.ingest.spark_people import people_sketch
from mobility_dp.dpcore.random.id_hashes import user_hashes
from mobility_dp.dpcore.random.rng import make_rng

from ..support import ROOT
from .paris_squares import write_census_and_towers

ZONES = os.path.join(ROOT, "sample_data", "paris_iris.geojson")
T0 = 1189382400  # 2007-09-10T00:00:00Z
START = "2007-09-10T00:00:00"
M = 2
BUDGET = dict(BUDGET_EPSILON=10.0, BUDGET_DELTA=1e-3)


def _write_trips(path, people, rng):
    """1–3 trips a person inside 2 × 2 census squares of Paris; each trip's start is also an
    event at one of 3 towers (the events job reads the same file)."""
    rows = []
    for p in people:
        for _ in range(int(rng.integers(1, 4))):
            a, b = rng.uniform([2.301, 48.851], [2.319, 48.869], (2, 2))
            t = T0 + int(rng.integers(0, 24 * 3600))
            rows.append((p, *np.round(a, 6), *np.round(b, 6), t, t + 1200,
                         101 + int(rng.integers(3))))
    path.write_text("user,ox,oy,dx,dy,start,end,tower\n" +
                    "\n".join(",".join(map(str, r)) for r in rows) + "\n")
    return str(path)


@pytest.fixture(scope="module")
def city(tmp_path_factory):
    """1,500 people (more than the sketch's K values), their trips written three times (one
    file per route: three datasets), a file of other people, the census and the towers."""
    tmp = tmp_path_factory.mktemp("populations")
    rng = make_rng(39)
    people = [f"p{n}" for n in rng.choice(9 * 10**9, 1500, replace=False) + 10**9]
    trips = _write_trips(tmp / "trips.csv", people, rng)
    for copy in ("direct.csv", "events.csv"):
        shutil.copy(trips, tmp / copy)
    others = [f"q{n}" for n in rng.choice(9 * 10**9, 1500, replace=False) + 10**9]
    write_census_and_towers(tmp)
    return {"dir": tmp, "people": people, "trips": trips, "direct": str(tmp / "direct.csv"),
            "events": str(tmp / "events.csv"),
            "others": _write_trips(tmp / "others.csv", others, rng), "other_ids": others,
            "census": str(tmp / "census.geojson"), "towers": str(tmp / "towers.geojson")}


def _bound_trips(spark, path, out, ledger):
    return spark_trips.bound_trips(spark, path, str(out), zones=ZONES, zone_id_field="iris_id",
                                   user_field="user", origin=("ox", "oy"), dest=("dx", "dy"),
                                   max_trips=M, seed=1, ledger=ledger)


def _direct_release(path, ledger):
    """The direct path: the one-machine reader, the OD release, the contract with the ids
    the reader kept."""
    from osgeo import ogr
    from shapely import wkb

    from mobility_dp.dpcore.ingest.trip_encoder import TripEncoder
    from mobility_dp.dpcore.ingest.trip_files import read_trips_file
    from mobility_dp.dpcore.ingest.zones import ZoneIndex
    from mobility_dp.dpcore.od.flows import DISCRETE_LAPLACE, od_cost, release_od
    ds = ogr.Open(ZONES)
    polys = [wkb.loads(bytes(f.GetGeometryRef().ExportToWkb())) for f in ds.GetLayer(0)]
    enc = TripEncoder(ZoneIndex(polys))
    read_trips_file(path, enc, layout="table", user_field="user",
                    fields=dict(origin_x="ox", origin_y="oy", dest_x="dx", dest_y="dy"))
    zoned, _ = enc.finish()
    kw = dict(epsilon=1.0, max_trips=M, noise=DISCRETE_LAPLACE)
    contract = ReleaseContract(od_cost(delta=0.0, **kw), ledger=ledger,
                               dataset_id=dataset_id(path), budget=Budget(10.0, 1e-3),
                               ids=lambda: zoned.user_ids).reserve()
    contract.check_spent(release_od(zoned.user, zoned.origin_zone, zoned.dest_zone,
                                    n_zones=zoned.n_zones, rng=make_rng(1), **kw))
    contract.finish()
    return zoned


def _run(algorithm, parameters):
    import processing
    from qgis.core import QgsProcessingContext, QgsProcessingFeedback
    return processing.run(algorithm, parameters, context=QgsProcessingContext(),
                          feedback=QgsProcessingFeedback())


@pytest.fixture(scope="module")
def routes(spark, city, qgis_app):
    """One ledger: the direct release first, then the Spark trips job's tables released by
    odflows, then the Spark events job's table released by sanitizedensity; last, the trips
    job on the file of other people, released the same way."""
    tmp = city["dir"]
    ledger = str(tmp / "ledger.json")
    zoned = _direct_release(city["direct"], ledger)
    trips = _bound_trips(spark, city["trips"], tmp / "bounded-trips", ledger)
    od = {"ZONES": ZONES, "ZONE_ID_FIELD": "iris_id", "MAX_TRIPS": M, "EPSILON": 1.0,
          "SEED": 1, "METHOD": "trips", "OD_TABLE": "memory:", "FLOWS": "memory:",
          "LEDGER": ledger, **BUDGET}
    _run("mobilitydp:odflows", dict(od, BOUNDED_TRIPS=str(tmp / "bounded-trips")))
    events = events_job.bound_events(spark, city["events"], str(tmp / "bounded-counts"),
                                     user_field="user", tower_field="tower",
                                     time_field="start", start=START, slot_minutes=60,
                                     n_slots=24, ell=5, seed=3, ledger=ledger)
    _run("mobilitydp:sanitizedensity", _density(city, tmp / "bounded-counts", ledger))
    others = _bound_trips(spark, city["others"], tmp / "bounded-others", ledger)
    _run("mobilitydp:odflows", dict(od, BOUNDED_TRIPS=str(tmp / "bounded-others")))
    return {"ledger": ledger, "zoned": zoned, "trips": trips, "events": events,
            "others": others, "outputs": [tmp / "bounded-trips", tmp / "bounded-counts",
                                          tmp / "bounded-others"]}


def _density(city, table, ledger, **kw):
    return {"TOWERS": city["towers"], "TOWER_ID_FIELD": "tid", "CENSUS": city["census"],
            "CENSUS_ID_FIELD": "iris", "START": START, "N_SLOTS": 24, "ELL": 5,
            "EPSILON": 1.0, "DELTA": 1e-4, "SEED": 2, "OUTPUT": "memory:", "METHOD": "efpa_g",
            "BOUNDED_COUNTS": str(table), "LEDGER": ledger, **BUDGET, **kw}


def test_every_route_records_one_population_with_the_same_sketch(city, routes):
    ledger = Ledger(routes["ledger"])
    key = ledger.sketch_key()
    direct = carried(key, sketch(key, routes["zoned"].user_ids))
    assert len(direct["values"]) == K and len(city["people"]) > K
    assert sorted(u.decode() for u in routes["zoned"].user_ids) == sorted(city["people"])
    for job in ("trips", "events"):   # the executors' sketch = the driver's, value for value
        assert routes[job]["people_sketch"] == direct, job
    ids = [dataset_id(city[route]) for route in ("direct", "trips", "events")]
    assert len(set(ids)) == 3 and set(ids) <= set(ledger.datasets())
    population = ledger.population(ids[0])
    assert population == ids[0]
    assert [ledger.population(d) for d in ids] == [population] * 3
    with open(routes["ledger"], encoding="utf-8") as fh:
        data = json.load(fh)
    assert [f"{v:016x}" for v in data["populations"][population]["sketch"]] == \
        direct["values"]
    assert ledger.population_spent(population)[0] == pytest.approx(3.0)


def test_disjoint_people_get_their_own_population(city, routes):
    """Negative control: the same trips by other people, through the same route."""
    ledger = Ledger(routes["ledger"])
    others = dataset_id(city["others"])
    assert ledger.population(others) == others != ledger.population(dataset_id(city["trips"]))
    assert not set(routes["others"]["people_sketch"]["values"]) & \
        set(routes["trips"]["people_sketch"]["values"])
    assert ledger.population_spent(others)[0] == pytest.approx(1.0)


def test_a_sketch_made_with_another_ledgers_key_is_refused(city, routes, run_alg, tmp_path):
    from qgis.core import QgsProcessingException
    other = str(tmp_path / "other-ledger.json")
    out = str(tmp_path / "density.gpkg")
    with pytest.raises(QgsProcessingException, match="another key"):
        run_alg("mobilitydp:sanitizedensity",
                _density(city, routes["outputs"][1], other, OUTPUT=out))
    assert not os.path.exists(out) and Ledger(other).datasets() == []


def test_partitions_sketch_apart_and_the_driver_merges(spark, city):
    """Four partitions, each keeping its K smallest: the merge is the sketch of all, under
    either hashing scheme (executors and driver hash alike)."""
    frame = spark.createDataFrame([(p,) for p in city["people"] * 2], "u string")
    for key in (SketchKey(12345, 2), SketchKey(12345, 1)):
        got = people_sketch(frame.repartition(4), key)
        assert got == carried(key, sketch(key, np.asarray(city["people"])))
        other = key._replace(secret=12346)
        assert got != carried(other, sketch(other, np.asarray(city["people"])))  # the key counts


def test_each_job_sketches_the_people_its_direct_reader_keeps(spark, tmp_path):
    """Users the readers treat differently: the events reader keeps the users of valid events
    (not one whose only event is before the period or at an unknown tower); the trip reader
    keeps every user read (also one whose trips all lie outside the zones)."""
    from osgeo import ogr
    from shapely import wkb

    from mobility_dp.dpcore.ingest import read_events_file
    from mobility_dp.dpcore.ingest.trip_encoder import TripEncoder
    from mobility_dp.dpcore.ingest.trip_files import read_trips_file
    from mobility_dp.dpcore.ingest.zones import ZoneIndex
    key = Ledger(tmp_path / "ledger.json").sketch_key()
    inside = "2.31,48.86,2.312,48.861"
    rows = [f"{u},{inside},{T0 + 3600 * k},{T0 + 3600 * k + 60},101" for u in range(40)
            for k in range(2)]
    rows += [f"early,{inside},{T0 - 60},{T0},101", f"stranger,{inside},{T0 + 60},{T0 + 90},999",
             f"outside,0.1,0.1,0.2,0.2,{T0 + 60},{T0 + 90},102"]
    path = tmp_path / "mixed.csv"
    path.write_text("user,ox,oy,dx,dy,start,end,tower\n" + "\n".join(rows) + "\n")
    events = events_job.bound_events(spark, str(path), str(tmp_path / "ev"), user_field="user",
                                     tower_field="tower", time_field="start", start=START,
                                     slot_minutes=60, n_slots=24, ell=2, seed=1,
                                     towers=["101", "102"], ledger=str(tmp_path / "ledger.json"))
    ev = read_events_file(str(path), user_field="user", tower_field="tower",
                          time_field="start", tower_ids=["101", "102"], start=T0,
                          slot_seconds=3600, n_slots=24, engine="python")
    assert len(ev.user_ids) == 41                                  # 0–39 and "outside"
    assert events["people_sketch"] == carried(key, sketch(key, ev.user_ids))
    trips = _bound_trips(spark, str(path), tmp_path / "tr", str(tmp_path / "ledger.json"))
    ds = ogr.Open(ZONES)
    enc = TripEncoder(ZoneIndex([wkb.loads(bytes(f.GetGeometryRef().ExportToWkb()))
                                 for f in ds.GetLayer(0)]))
    read_trips_file(str(path), enc, layout="table", user_field="user",
                    fields=dict(origin_x="ox", origin_y="oy", dest_x="dx", dest_y="dy"))
    zoned, _ = enc.finish()
    assert len(zoned.user_ids) == 43                                # every user read
    assert trips["people_sketch"] == carried(key, sketch(key, zoned.user_ids))
    assert trips["people_sketch"] != events["people_sketch"]       # the readers differ


def test_tables_and_ledger_hold_no_id_no_unkeyed_hash_and_the_tables_no_key(city, routes):
    """Every byte of the three output directories and of the ledger, searched for the ids,
    their SHA-256 / MD5 and their unkeyed 64-bit hashes (decimal and hex), and the tables for
    the ledger's key; negative control: the same search finds unkeyed hashes in a file."""
    people = city["people"] + city["other_ids"]
    probes = set()
    for p, h in zip(people, user_hashes(0, np.asarray(people)).tolist()):
        probes |= {p, hashlib.sha256(p.encode()).hexdigest(), hashlib.md5(p.encode()).hexdigest(),
                   str(h), f"{h:x}"}
    probes = [p.encode() for p in probes]

    def leaks(blob):
        return [p for p in probes if p in blob]

    key = Ledger(routes["ledger"]).sketch_key()
    tables = b""
    for root in routes["outputs"]:
        for folder, _, files in os.walk(root):
            for name in files:
                with open(os.path.join(folder, name), "rb") as fh:
                    tables += fh.read()
    with open(routes["ledger"], "rb") as fh:
        ledger = fh.read()
    assert b"people_sketch" in tables and len(tables) > 10**4
    assert leaks(tables) == [] and leaks(ledger) == []
    assert str(key.secret).encode() in ledger and str(key.secret).encode() not in tables
    assert f"{key.secret:x}".encode() not in tables
    zero = SketchKey(0, 1)
    unkeyed = json.dumps(carried(zero, sorted(user_hashes(0, np.asarray(people)).tolist())[:K]))
    assert len(leaks(unkeyed.encode())) >= K                    # the search would see them


@pytest.mark.parametrize("mode", [[], ["trips"]])
def test_help_says_the_output_is_as_sensitive_as_the_ledger(mode):
    run = subprocess.run([os.path.join(ROOT, "scripts", "spark-bound"), *mode, "--help"],
                         capture_output=True, text=True, timeout=120,
                         env=dict(os.environ, PYSPARK_PYTHON=sys.executable))
    assert run.returncode == 0, run.stderr
    text = " ".join(run.stdout.split())
    assert "--ledger" in text and "as sensitive as the ledger" in text
    assert "issue" not in text.lower()
