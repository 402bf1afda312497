"""The one events input (algorithms/common/events.py) shared by sanitizedensity and cdrsummary."""
import os
import re

import numpy as np
import pytest

from mobility_dp.dpcore.ingest import bound_compact, read_events_file
from mobility_dp.dpcore.random.rng import make_rng

from ..support.qgis import read_layer
from .test_data import _table
from .test_density import START, _params, city  # noqa: F401  (fixture reused)

SUM = "mobilitydp:cdrsummary"
SANITIZE = "mobilitydp:sanitizedensity"
H = 3600


def _messy_copy(city, share=0.01):
    """The city's events plus ~1 % malformed rows of four kinds; returns (path, kinds)."""
    with open(city["events"]) as fh:
        lines = fh.read().splitlines()
    rng = np.random.default_rng(4)
    bad = {"missing_user": 0, "invalid_time": 0}
    out = [lines[0]]
    for line in lines[1:]:
        out.append(line)
        r = rng.random()
        if r < share / 4:
            out.append("this line is garbage")
            bad["invalid_time"] += 1
        elif r < share / 2:
            out.append(",101," + str(int(START) + 60))
            bad["missing_user"] += 1
        elif r < 3 * share / 4:
            out.append("u1,101,2007-09-10T25:61:00")
            bad["invalid_time"] += 1
        elif r < share:
            out.append("u2,101")
            bad["invalid_time"] += 1
    path = city["dir"] / "messy.csv"
    path.write_text("\n".join(out) + "\n")
    return str(path), bad


def test_engines_give_the_same_codes_and_bounded_counts(city):
    """GDAL (QGIS's own Python), DuckDB and pure Python: same seed → same bounded counts."""
    path, bad = _messy_copy(city)
    kw = dict(user_field="user_id", tower_field="tower_id", time_field="time",
              tower_ids=[101, 102, 103, 104, 105], start=START, slot_seconds=H, n_slots=24)
    runs = {e: read_events_file(path, engine=e, **kw) for e in ("gdal", "duckdb", "python")}
    ref = runs["gdal"]
    assert ref.engine == "gdal" and ref.dropped["missing_user"] == bad["missing_user"]
    assert ref.dropped["invalid_time"] == bad["invalid_time"] > 0
    bounded = {e: bound_compact(ev, n_towers=5, ell=4, rng=make_rng(7)) for e, ev in runs.items()}
    for e, ev in runs.items():
        assert ev.dropped == ref.dropped and ev.user_ids.tolist() == ref.user_ids.tolist(), e
        for name in ("counts", "one_visit_hist", "true_counts", "visits_per_user"):
            assert np.array_equal(getattr(bounded[e], name), getattr(bounded["gdal"], name))


def _memory_copy(path):
    from qgis.core import QgsFeatureRequest, QgsVectorLayer
    layer = QgsVectorLayer(path, "events", "ogr")
    assert layer.isValid()
    return layer.materialize(QgsFeatureRequest())


def test_file_layer_and_memory_layer_release_the_same(run_alg, city):
    """The direct file reader and the QGIS feature API give the same release (same seed)."""
    path, _ = _messy_copy(city)
    uri = f"file://{path}?type=csv&delimiter=,&detectTypes=yes&geomType=none"
    from qgis.core import QgsVectorLayer
    text_layer = QgsVectorLayer(uri, "events", "delimitedtext")
    assert text_layer.isValid()
    outputs = [run_alg(SANITIZE, _params(city, INPUT=src,
                                         INTERNAL_REPORT=str(city["dir"] / f"r{k}.html")))
               for k, src in enumerate((path, text_layer, _memory_copy(path)))]
    values = [sorted((f["cell_id"], f["slot"], f["count"]) for f in o["OUTPUT"].getFeatures())
              for o in outputs]
    assert values[0] == values[1] == values[2]
    engines = []
    for o in outputs:
        with open(o["INTERNAL_REPORT"], encoding="utf-8") as fh:
            engines.append(re.search(r"<td>read by</td><td>(\w+)</td>", fh.read()).group(1))
    # the file and the delimited-text layer are read from the file directly (DuckDB when
    # importable, as in the test venv; GDAL in QGIS's own Python), the memory layer by QGIS
    assert engines[0] == engines[1] in ("gdal", "duckdb") and engines[2] == "qgis"


def test_malformed_rows_counted_in_the_internal_report(run_alg, city):
    path, bad = _messy_copy(city, share=0.01)
    report, internal_report = str(city["dir"] / "report.html"), str(city["dir"] / "int.html")
    run_alg(SANITIZE, _params(city, INPUT=path, REPORT=report, INTERNAL_REPORT=internal_report))
    with open(report, encoding="utf-8") as fh:
        assert "rows not used" not in fh.read()  # raw-data facts stay out of the publishable one
    with open(internal_report, encoding="utf-8") as fh:
        internal = fh.read()
    for reason, n in bad.items():
        found = re.search(rf"rows not used: {reason.replace('_', ' ')}</td><td>(\d+)<", internal)
        assert found and int(found.group(1)) == n, reason


def test_cancel_while_reading_leaves_no_output(qgis_app, city, tmp_path):
    import processing
    from qgis.core import QgsProcessingContext, QgsProcessingException, QgsProcessingFeedback
    feedback = QgsProcessingFeedback()
    feedback.cancel()
    out, report = str(tmp_path / "hist.gpkg"), str(tmp_path / "sum.html")
    with pytest.raises(QgsProcessingException, match="Cancelled"):
        processing.run(SUM, {"INPUT": city["events"], "USER_FIELD": "user_id",
                             "TOWER_FIELD": "tower_id", "TIME_FIELD": "time",
                             "START": "2007-09-10T00:00:00", "OUTPUT": out, "REPORT": report},
                       context=QgsProcessingContext(), feedback=feedback)
    assert not os.path.exists(out) and not os.path.exists(report)


@pytest.mark.parametrize("fields, user_field, message", [
    (("row", "tower", "time"), None, "identifies one user"),
    (("row", "tower", "time"), "row", "has its own user"),
    (("msisdn", "tower", "time"), None, None),  # found by its name
])
def test_user_field_never_defaults_to_a_feature_id(run_alg, tmp_path, fields, user_field,
                                                   message):
    from qgis.core import QgsProcessingException
    rows = [(str(i) if fields[0] == "row" else str(i % 3), "7", f"2007-09-10T0{i % 5}:00:00")
            for i in range(12)]
    params = {"INPUT": _table(rows, [f"{f}:string" for f in fields]), "TOWER_FIELD": "tower",
              "TIME_FIELD": "time",
              "START": "2007-09-10T00:00:00", "N_SLOTS": 24,
              "OUTPUT": str(tmp_path / "hist.gpkg")}
    if user_field:
        params["USER_FIELD"] = user_field
    if message is None:
        res = run_alg(SUM, params)
        _, hist = read_layer(res["OUTPUT"])
        assert sum(r["users"] for r in hist) == 3
        return
    with pytest.raises(QgsProcessingException, match=message):
        run_alg(SUM, params)
    assert not os.path.exists(params["OUTPUT"])


def test_start_is_required(run_alg, city, tmp_path):
    from qgis.core import QgsProcessingException
    with pytest.raises(QgsProcessingException, match="START|Start"):
        run_alg(SUM, {"INPUT": city["events"], "USER_FIELD": "user_id",
                      "TOWER_FIELD": "tower_id", "TIME_FIELD": "time",
                      "OUTPUT": str(tmp_path / "h.gpkg")})
