"""End to end: scripts/spark-bound (spark-submit, local[2]) → sanitizedensity in QGIS."""
import csv
import os
import subprocess
import sys

import numpy as np
import pytest

from ..support.qgis import ROOT, read_layer
from .paris_squares import write_census_and_towers

SANITIZE = "mobilitydp:sanitizedensity"
T0 = 1189382400  # 2007-09-10T00:00:00Z
START = "2007-09-10T00:00:00"


@pytest.fixture(scope="module")
def city(tmp_path_factory):
    """2 × 2 census squares (CRS84), 3 towers, 300 users over 24 hours; the CLI's table."""
    tmp = tmp_path_factory.mktemp("city")
    write_census_and_towers(tmp)
    rng = np.random.default_rng(0)
    with open(tmp / "events.csv", "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["user_id", "tower_id", "time"])
        for u in range(300):
            for _ in range(rng.integers(1, 15)):
                w.writerow([u, 101 + rng.integers(3), T0 + int(rng.integers(24 * 3600))])
        w.writerow(["", 101, T0])  # one malformed row
    (tmp / "towers.txt").write_text("101\n102\n103\n")
    out = tmp / "bounded"
    run = subprocess.run(
        [os.path.join(ROOT, "scripts", "spark-bound"), str(tmp / "events.csv"), str(out),
         "--user-field", "user_id", "--tower-field", "tower_id", "--time-field", "time",
         "--start", START, "--slot-minutes", "60", "--slots", "24", "--ell", "5",
         "--seed", "3", "--towers", str(tmp / "towers.txt"), "--master", "local[2]",
         "--ledger", str(tmp / "ledger.json")],
        capture_output=True, text=True, timeout=900,
        env=dict(os.environ, PYSPARK_PYTHON=sys.executable))
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-3000:]
    assert "300 users" in run.stdout
    return {"dir": tmp, "bounded": str(out), "events": str(tmp / "events.csv"),
            "ledger": str(tmp / "ledger.json"),
            "census": str(tmp / "census.geojson"), "towers": str(tmp / "towers.geojson")}


def _params(city, **kw):
    p = {"TOWERS": city["towers"], "TOWER_ID_FIELD": "tid", "CENSUS": city["census"],
         "CENSUS_ID_FIELD": "iris", "START": START, "N_SLOTS": 24, "ELL": 5, "EPSILON": 1.0,
         "DELTA": 1e-4, "SEED": 2, "OUTPUT": "memory:",
         "METHOD": "efpa_g"}   # a bounded-counts table holds one visit per user and slot
    p.update(kw)
    return p


def test_qgis_process_releases_from_the_spark_table(city, qgis_process):
    out, report = str(city["dir"] / "density.gpkg"), str(city["dir"] / "report.html")
    internal = str(city["dir"] / "internal.html")
    code, data, text = qgis_process(SANITIZE, _params(city, BOUNDED_COUNTS=city["bounded"],
                                                      OUTPUT=out, REPORT=report,
                                                      INTERNAL_REPORT=internal))
    assert code == 0, text
    layer, rows = read_layer(out)
    assert len(rows) == 4 * 24 and all(r["count"] >= 0 for r in rows)
    with open(report, encoding="utf-8") as fh:
        publishable = fh.read()
    assert "ran on Apache Spark" in publishable and "ℓ = 5, 24 slots × 60 min" in publishable
    assert "seeded" in publishable and "rows not used" not in publishable
    with open(internal, encoding="utf-8") as fh:
        assert "<td>rows not used: missing user</td><td>1</td>" in fh.read()


def test_spark_submit_sketches_the_people_with_the_ledgers_key(city):
    """spark-submit runs the job as a script: the executors' sketch of the 300 users (integer
    ids, read as text) is the driver's sketch of the same ids."""
    from mobility_dp.dpcore.accounting.ledger import Ledger
    from mobility_dp.dpcore.accounting.sketch import carried, sketch
    from mobility_dp.dpcore.ingest.table import read_bounded_table
    key = Ledger(city["ledger"]).sketch_key()
    record = read_bounded_table(city["bounded"])[1]
    assert record["people_sketch"] == carried(key, sketch(key, np.arange(300)))
    assert len(record["people_sketch"]["values"]) == 300


def test_spark_table_and_events_give_the_same_truth(city, run_alg):
    from_table = run_alg(SANITIZE, _params(city, BOUNDED_COUNTS=city["bounded"],
                                           TRUTH="memory:"))
    from_events = run_alg(SANITIZE, _params(city, INPUT=city["events"], USER_FIELD="user_id",
                                            TOWER_FIELD="tower_id", TIME_FIELD="time",
                                            TRUTH="memory:"))

    def cells(layer):
        return sorted((f["cell_id"], f["slot"], round(f["count"], 9))
                      for f in layer.getFeatures())
    assert cells(from_table["TRUTH"]) == cells(from_events["TRUTH"])


@pytest.mark.parametrize("override, message", [
    ({"ELL": 6}, "ell = 5 in the table, 6 here"),
    ({"N_SLOTS": 168}, "n_slots = 24 in the table, 168 here"),
    ({"INPUT": "events"}, "exactly one"),
])
def test_mismatched_table_refused(city, run_alg, override, message):
    from qgis.core import QgsProcessingException
    if override.get("INPUT") == "events":
        override = {"INPUT": city["events"], "USER_FIELD": "user_id",
                    "TOWER_FIELD": "tower_id", "TIME_FIELD": "time"}
    out = str(city["dir"] / "refused.gpkg")
    with pytest.raises(QgsProcessingException, match=message):
        run_alg(SANITIZE, _params(city, BOUNDED_COUNTS=city["bounded"], OUTPUT=out,
                                  **override))
    assert not os.path.exists(out)
