"""One dataset id per source: the Spark events job and the Spark trips job record, for a
``file://`` URL, a relative path or a symlink, the id the direct readers charge
(:func:`dpcore.accounting.dataset_ids.dataset_id` of the real path), so every route draws on one budget."""
import os

import pytest

from mobility_dp.dpcore.accounting.dataset_ids import dataset_id
from mobility_dp.dpcore.ingest import spark as events_job
from mobility_dp.dpcore.ingest import spark_trips

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ZONES = os.path.join(ROOT, "sample_data", "paris_iris.geojson")
T0 = 1_700_000_000


@pytest.fixture(scope="module")
def source(tmp_path_factory):
    """One CSV both jobs read (events: user, cell, ts; trips: user, ox, oy, dx, dy), and a
    symlink to it in another folder."""
    tmp = tmp_path_factory.mktemp("routes")
    (tmp / "data").mkdir()
    path = tmp / "data" / "mobility.csv"
    rows = [f"u{u},A,{T0 + 3600 * k},2.3{u},48.85,2.35,48.8{k}" for u in range(6)
            for k in range(3)]
    path.write_text("user,cell,ts,ox,oy,dx,dy\n" + "\n".join(rows) + "\n")
    (tmp / "links").mkdir()
    (tmp / "links" / "copy.csv").symlink_to(path)
    return tmp, path


def _trips(spark, trips, out):
    return spark_trips.bound_trips(spark, trips, str(out), zones=ZONES, zone_id_field="iris_id",
                                   user_field="user", origin=("ox", "oy"), dest=("dx", "dy"),
                                   max_trips=2, seed=1, frame_crs="EPSG:2154")


def _events(spark, events, out):
    return events_job.bound_events(spark, events, str(out), user_field="user",
                                   tower_field="cell", time_field="ts",
                                   start="2023-11-14T22:00:00", slot_minutes=60, n_slots=6,
                                   ell=2, seed=1)


def test_every_route_and_path_form_records_the_direct_id(spark, source, tmp_path):
    tmp, path = source
    direct = dataset_id(str(path))
    assert direct == os.path.realpath(path)
    # relative to the working folder of the driver (the JVM's: the process's at its start)
    forms = {"uri": path.as_uri(), "relative": os.path.relpath(path),
             "symlink": str(tmp / "links" / "copy.csv"),
             "symlink uri": (tmp / "links" / "copy.csv").as_uri()}
    runs = [("trips", _trips, form) for form in ("uri", "relative", "symlink")] + \
        [("events", _events, form) for form in ("uri", "symlink uri")]
    for job, run, form in runs:
        record = run(spark, forms[form], tmp_path / f"{job}-{form.replace(' ', '-')}")
        assert record["dataset_id"] == direct, (job, form)
