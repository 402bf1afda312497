"""publishhistograms and trajectoryrecovery on hand-made data, in process and through qgis_process."""
import os
import sqlite3

import pytest

from ..support.lambert_layers import lambert93_to, square_cells
from ..support.qgis import read_layer

PUBLISH, ATTACK = "mobilitydp:publishhistograms", "mobilitydp:trajectoryrecovery"
X0, Y0, SIZE = 650000.0, 6860000.0, 500.0   # five 500 m cells on a line, Lambert-93
# two users crossing: A walks 0→4, B walks 4→0 (one hourly point each from 10:00 UTC)
WALKS = {"A": [0, 1, 2, 3, 4], "B": [4, 3, 2, 1, 0]}
EXPECTED = {(c, s): sum(w[s] == c for w in WALKS.values()) for c in range(5) for s in range(5)}


def cells(crs="EPSG:2154"):
    return square_cells(5, x0=X0, y0=Y0, size=SIZE, field="cell", prefix="c", crs=crs)


def observations(crs="EPSG:4326", walks=WALKS, days=("2026-05-25",), with_geometry=True):
    from qgis.core import QgsFeature, QgsGeometry, QgsPointXY, QgsVectorLayer
    kind = f"Point?crs={crs}&" if with_geometry else "None?"
    layer = QgsVectorLayer(f"{kind}field=user_id:string&field=time:string&field=cell:string"
                           "&field=row:integer",
                           "obs", "memory")
    tf = lambert93_to(crs)
    feats = []
    for day in days:
        for user, walk in walks.items():
            for s, c in enumerate(walk):
                f = QgsFeature(layer.fields())
                if with_geometry:
                    p = tf.transform(QgsPointXY(X0 + (c + 0.3) * SIZE, Y0 + 0.6 * SIZE))
                    f.setGeometry(QgsGeometry.fromPointXY(p))
                f.setAttributes([user, f"{day}T{10 + s:02d}:30:00", f"c{c}", len(feats)])
                feats.append(f)
    layer.dataProvider().addFeatures(feats)
    return layer


def _params(tmp_path, obs=None, cells_layer=None, **kw):
    p = {"INPUT": obs or observations(), "USER_FIELD": "user_id", "TIME_FIELD": "time",
         "CELLS": cells_layer or cells(), "CELL_ID_FIELD": "cell", "START": "2026-05-25T10:00:00",
         "N_SLOTS": 5, "METHOD": "direct", "EPSILON": 100, "SEED": 2,
         "OUTPUT": str(tmp_path / "counts.gpkg"), "REPORT": str(tmp_path / "report.html")}
    p.update(kw)
    return p


def _counts(path):
    _, rows = read_layer(path)
    return {(int(r["cell_id"][1:]), r["slot"]): r["count"] for r in rows}, rows


@pytest.mark.parametrize("cells_crs,obs_crs", [("EPSG:2154", "EPSG:4326"),
                                               ("EPSG:4326", "EPSG:3857"),
                                               ("EPSG:3857", "EPSG:2154")])
def test_direct_at_huge_epsilon_gives_the_true_counts_in_any_crs(run_alg, tmp_path, cells_crs,
                                                                  obs_crs):
    res = run_alg(PUBLISH, _params(tmp_path, observations(obs_crs), cells(cells_crs)))
    counts, rows = _counts(res["OUTPUT"])
    assert counts == EXPECTED
    assert {r["fresh"] for r in rows} == {1} and res["DIVISION"] == ""
    assert res["EPSILON_SPENT"] == pytest.approx(100)
    # the style travels with the GeoPackage, as the sidecar QGIS reads (no second table)
    from mobility_dp.algorithms.common.default_style import has_own_style, sidecar_path
    path = res["OUTPUT"].split("|")[0]
    assert has_own_style(res["OUTPUT"]) and os.path.exists(sidecar_path(path))
    with sqlite3.connect(path) as db:
        assert not db.execute("select 1 from sqlite_master where name = 'layer_styles'").fetchall()
    html = open(res["REPORT"], encoding="utf-8").read()
    assert "one user" in html and "MAE" not in html


def test_cell_id_field_without_geometry_and_internal_report(run_alg, tmp_path):
    res = run_alg(PUBLISH, _params(tmp_path, observations(with_geometry=False), CELL_FIELD="cell",
                                   USER_FIELD="", INTERNAL_REPORT=str(tmp_path / "int.html")))
    assert _counts(res["OUTPUT"])[0] == EXPECTED
    internal = open(res["INTERNAL_REPORT"], encoding="utf-8").read()
    assert "MAE" in internal and "outside every cell" in internal


def test_hybrid_and_threshold_costs(run_alg, tmp_path):
    res = run_alg(PUBLISH, _params(tmp_path, METHOD="static_hybrid", EPSILON=1.0))
    assert res["EPSILON_SPENT"] == pytest.approx(1.0) and res["DIVISION"].startswith("slots ")
    _, rows = _counts(res["OUTPUT"])
    assert {r["part"] for r in rows} <= {"day", "night"} and min(r["count"] for r in rows) >= 0
    (tmp_path / "t").mkdir()
    res = run_alg(PUBLISH, _params(tmp_path / "t", METHOD="threshold", EPSILON=1.0, CUTOFF=2,
                                   PAPER_NOISE=True))
    # K = c − 1 = 1 segment at 2ε₁/c = 0.5, plus ε₂ = 0.5: more than the ε asked for
    assert res["EPSILON_SPENT"] == pytest.approx(1.0)
    (tmp_path / "u").mkdir()
    res = run_alg(PUBLISH, _params(tmp_path / "u", METHOD="threshold", EPSILON=1.0, CUTOFF=3,
                                   PAPER_NOISE=True))
    assert res["EPSILON_SPENT"] == pytest.approx(2 * 0.5 * 2 / 3 + 0.5)


def test_dynamic_hybrid_reads_the_past_days(run_alg, tmp_path):
    obs = observations(days=("2026-05-23", "2026-05-24", "2026-05-25"))
    res = run_alg(PUBLISH, _params(tmp_path, obs, METHOD="dynamic_hybrid", HISTORY_DAYS=2,
                                   EPSILON=10))
    counts, rows = _counts(res["OUTPUT"])
    assert len(counts) == 25 and min(counts.values()) >= 0
    assert res["EPSILON_SPENT"] == pytest.approx(10)
    html = open(res["REPORT"], encoding="utf-8").read()
    assert "past days" in html and res["DIVISION"]


@pytest.mark.parametrize("change,message", [
    ({"EPSILON": 0}, "epsilon"),
    ({"START": "2026-06-01T00:00:00"}, "none of the 10 observations"),
    ({"START": ""}, "start"),
    ({"TIME_FIELD": ""}, "time.?field"),
    ({"METHOD": "dynamic_hybrid", "HISTORY_DAYS": 2, "EPSILON": 1}, "2 of them have none"),
])
def test_bad_inputs_leave_no_output(run_alg, tmp_path, change, message):
    from qgis.core import QgsProcessingException
    with pytest.raises(QgsProcessingException, match=f"(?i){message}"):
        run_alg(PUBLISH, _params(tmp_path, **change))
    assert not os.path.exists(tmp_path / "counts.gpkg")
    assert not os.path.exists(tmp_path / "report.html")


def test_a_field_with_one_user_per_observation_is_refused(run_alg, tmp_path):
    from qgis.core import QgsProcessingException
    with pytest.raises(QgsProcessingException, match="own user"):
        run_alg(PUBLISH, _params(tmp_path, USER_FIELD="row"))
    assert not os.path.exists(tmp_path / "counts.gpkg")


def _attack(tmp_path, counts, **kw):
    p = {"COUNTS": counts, "CELLS": cells(), "CELL_ID_FIELD": "cell",
         "TRUE_TRAJECTORIES": observations(), "USER_FIELD": "user_id", "TIME_FIELD": "time",
         "OUTPUT": str(tmp_path / "recovered.gpkg"), "ACCURACY": str(tmp_path / "acc.gpkg"),
         "REPORT": str(tmp_path / "attack.html")}
    p.update(kw)
    return p


def test_attack_recovers_two_crossing_users_from_true_counts(run_alg, tmp_path):
    counts = run_alg(PUBLISH, _params(tmp_path))["OUTPUT"]
    res = run_alg(ATTACK, _attack(tmp_path, counts))
    assert res["RECOVERY_ACCURACY"] == 1.0 and res["UNIQUENESS"] == 0.0
    _, lines = read_layer(res["OUTPUT"])
    assert len(lines) == 2 and all(len(r["_geometry"].asPolyline()) == 5 for r in lines)
    _, acc = read_layer(res["ACCURACY"])
    assert sorted(r["user"] for r in acc) == ["A", "B"] and {r["accuracy"] for r in acc} == {1.0}
    (tmp_path / "s").mkdir()
    res = run_alg(ATTACK, _attack(tmp_path / "s", counts, DAY_MODEL="stay", TRUE_TRAJECTORIES=None))
    assert res["RECOVERY_ACCURACY"] is None


def test_attack_on_noisy_counts_and_bad_inputs(run_alg, tmp_path):
    from qgis.core import QgsProcessingException
    counts = run_alg(PUBLISH, _params(tmp_path, EPSILON=0.5, POSTPROCESS=False))["OUTPUT"]
    res = run_alg(ATTACK, _attack(tmp_path, counts, SEED=1))
    assert 0.0 <= res["RECOVERY_ACCURACY"] <= 1.0
    assert "<td>made consistent first (Alg. 3)</td><td>yes</td>" in open(
        res["REPORT"], encoding="utf-8").read()
    (tmp_path / "b").mkdir()
    with pytest.raises(QgsProcessingException, match="no field 'nope'"):
        run_alg(ATTACK, _attack(tmp_path / "b", counts, COUNT_FIELD="nope"))
    with pytest.raises(QgsProcessingException, match="not in the cells layer"):
        run_alg(ATTACK, _attack(tmp_path / "b", counts, CELL_ID_FIELD=""))
    assert not os.listdir(tmp_path / "b")


def test_both_through_qgis_process(qgis_process, tmp_path):
    from ..support.od_layers import save
    obs = save(observations(), tmp_path / "obs.gpkg")
    cell_path = save(cells("EPSG:4326"), tmp_path / "cells.gpkg")
    out = str(tmp_path / "counts.gpkg")
    code, data, text = qgis_process(PUBLISH, {
        "INPUT": obs, "USER_FIELD": "user_id", "TIME_FIELD": "time", "CELLS": cell_path,
        "CELL_ID_FIELD": "cell", "START": "2026-05-25T10:00:00", "N_SLOTS": 5,
        "METHOD": "direct", "EPSILON": 100, "SEED": 1, "OUTPUT": out})
    assert code == 0, text
    assert data["results"]["EPSILON_SPENT"] == pytest.approx(100)
    code, data, text = qgis_process(ATTACK, {
        "COUNTS": out, "CELLS": cell_path, "CELL_ID_FIELD": "cell", "TRUE_TRAJECTORIES": obs,
        "USER_FIELD": "user_id", "TIME_FIELD": "time",
        "OUTPUT": str(tmp_path / "rec.gpkg")})
    assert code == 0, text
    assert data["results"]["RECOVERY_ACCURACY"] == 1.0
    from mobility_dp.algorithms.common.default_style import has_own_style
    assert has_own_style(str(tmp_path / "rec.gpkg"))  # the recovered lines carry a style
    bad = str(tmp_path / "bad.gpkg")
    code, _, text = qgis_process(PUBLISH, {
        "INPUT": obs, "USER_FIELD": "user_id", "TIME_FIELD": "time", "CELLS": cell_path,
        "START": "2026-05-25T10:00:00", "METHOD": "threshold", "EPSILON": -1, "OUTPUT": bad})
    assert code != 0 and not os.path.exists(bad)


def test_attack_reads_a_float_density_layer_like_sanitizedensity(run_alg, tmp_path):
    """Stage 3a's long output (Double counts, possibly negative) is made consistent first."""
    from qgis.core import QgsFeature, QgsVectorLayer
    from qgis.PyQt.QtCore import QDateTime, Qt
    layer = QgsVectorLayer("None?field=cell_id:string&field=slot:integer&field=slot_start:datetime"
                           "&field=slot_end:datetime&field=count:double", "density", "memory")
    feats = []
    for (c, s), n in EXPECTED.items():
        f = QgsFeature(layer.fields())
        start = QDateTime.fromSecsSinceEpoch(1779703200 + 3600 * s, Qt.TimeSpec.UTC)  # 2026-05-25T10:00Z
        f.setAttributes([f"c{c}", s, start, start.addSecs(3600), n + (0.2 if n else -0.3)])
        feats.append(f)
    layer.dataProvider().addFeatures(feats)
    res = run_alg(ATTACK, _attack(tmp_path, layer, SEED=3))
    assert res["RECOVERY_ACCURACY"] == 1.0
    assert "<td>made consistent first (Alg. 3)</td><td>yes</td>" in open(
        res["REPORT"], encoding="utf-8").read()
