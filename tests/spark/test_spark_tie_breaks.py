"""The Spark trips job breaks main-pair ties by the keyed hash of the user id: one user more,
whose id sorts before every other, changes the people per main pair by one person in one cell
for a fixed key (the same seed)."""
import numpy as np

from mobility_dp.dpcore.ingest import spark_trips

from .test_spark_trips import KW, _table, trips_csv  # noqa: F401  (fixture)


def test_one_user_more_moves_one_main_pair(spark, trips_csv, tmp_path):  # noqa: F811
    path, _ = trips_csv
    with open(path, encoding="utf-8") as fh:
        fh.readline()  # the header
        first = fh.readline()
    neighbour = tmp_path / "neighbour.csv"
    with open(path, encoding="utf-8") as fh:
        rows = fh.read()
    neighbour.write_text(rows + "0first," + first.split(",", 1)[1])   # "0first" sorts first
    tables = []
    for k, source in enumerate((path, str(neighbour))):
        record = spark_trips.bound_trips(spark, source, str(tmp_path / f"out{k}"), seed=11, **KW)
        tables.append(_table(record["zone_ids"], tmp_path / f"out{k}" / "people_per_main_pair.csv"))
    assert tables[0].sum() > 50
    diff = tables[1] - tables[0]
    assert np.abs(diff).sum() == 1 and diff.sum() == 1
