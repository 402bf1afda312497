"""mobilitydp:noisycounts end to end, in process and through qgis_process."""
import json
import os

import numpy as np
import pytest

from ..support.qgis import read_layer

ALG = "mobilitydp:noisycounts"


def _memory_layer(values, field_type="integer"):
    from qgis.core import QgsFeature, QgsGeometry, QgsPointXY, QgsVectorLayer
    layer = QgsVectorLayer(f"Point?crs=EPSG:2154&field=zone:string&field=n:{field_type}",
                           "counts", "memory")
    feats = []
    for i, v in enumerate(values):
        f = QgsFeature(layer.fields())
        f.setGeometry(QgsGeometry.fromPointXY(QgsPointXY(650000 + 100 * i, 6860000)))
        f.setAttributes([f"z{i}", v])
        feats.append(f)
    layer.dataProvider().addFeatures(feats)
    return layer


def test_provider_lists_algorithm(qgis_app):
    from qgis.core import QgsApplication
    provider = QgsApplication.processingRegistry().providerById("mobilitydp")
    assert provider is not None and provider.name() == "Mobility DP"
    alg = QgsApplication.processingRegistry().algorithmById(ALG)
    assert alg is not None
    help_text = alg.helpString()
    for word in ("Count field", "Mechanism", "Epsilon", "Seed", "ledger", "Unit of privacy"):
        assert word.lower() in help_text.lower()
    for p in alg.parameterDefinitions():
        assert p.description(), p.name()


def test_noisy_counts_in_process(run_alg, tmp_path, sample_iris_path):
    out = str(tmp_path / "noisy.gpkg")
    report = str(tmp_path / "report.html")
    res = run_alg(ALG, {"INPUT": sample_iris_path, "COUNT_FIELD": "population",
                        "EPSILON": 0.5, "SEED": 7, "OUTPUT": out, "REPORT": report})
    layer, rows = read_layer(res["OUTPUT"])
    assert len(rows) == 965
    assert layer.fields().names() == ["fid", "noisy_count"]        # never the true count
    truth, _ = read_layer(sample_iris_path)
    true = np.array([f["population"] for f in truth.getFeatures()], dtype=float)
    noisy = np.array([r["noisy_count"] for r in rows], dtype=float)
    assert np.all(noisy == np.round(noisy))
    # Discrete Laplace with ε = 0.5, Δ = 1: std = √(2α)/(1−α) ≈ 2.78.
    alpha = np.exp(-0.5)
    assert abs(np.std(noisy - true) - np.sqrt(2 * alpha) / (1 - alpha)) < 0.4
    assert np.any(noisy != true)
    assert layer.crs().authid() in ("OGC:CRS84", "EPSG:4326")
    text = open(report, encoding="utf-8").read()
    assert "not for publication" in text and "discrete Laplace" in text
    assert "ε = 0.5" in text


def test_seed_reproducible_and_gaussian(run_alg, tmp_path):
    layer = _memory_layer(list(range(50)))
    common = {"INPUT": layer, "COUNT_FIELD": "n", "EPSILON": 1.0, "SEED": 3,
              "MECHANISM": "gaussian_analytic", "DELTA": 1e-5, "ROUND": False, "CELLS_PER_INDIVIDUAL": 4}
    a = run_alg(ALG, dict(common, OUTPUT="memory:"))["OUTPUT"]
    b = run_alg(ALG, dict(common, OUTPUT="memory:"))["OUTPUT"]
    va = [f["noisy_count"] for f in a.getFeatures()]
    vb = [f["noisy_count"] for f in b.getFeatures()]
    assert va == vb
    # the discrete Gaussian: integer noise on integer counts, even without rounding
    assert all(v == round(v) for v in va) and va != list(range(50))


def test_an_empty_seed_in_any_form_is_secure_randomness(run_alg, tmp_path):
    """None, "", [] and NULL all mean "no seed": fresh randomness, not marked reproducible
    (QGIS reads NULL and [] as 0, which a check of None and "" alone took for seed 0). An empty
    budget in any form is no budget (the ledger's stands, not a budget of 0). Control: the seed 0
    itself is a seeded run."""
    from qgis.core import NULL

    def run(seed, budget=100.0):
        report = str(tmp_path / "r.html")
        out = run_alg(ALG, {"INPUT": _memory_layer(list(range(40))), "COUNT_FIELD": "n", "EPSILON": 1.0,
                            "SEED": seed, "LEDGER": str(tmp_path / "ledger.json"), "DATASET_ID": "zones",
                            "BUDGET_EPSILON": budget, "OUTPUT": "memory:", "REPORT": report})["OUTPUT"]
        with open(report, encoding="utf-8") as fh:
            return [f["noisy_count"] for f in out.getFeatures()], "not for publication" in fh.read()

    (first, marked), (second, _) = run(0), run(0)
    assert marked and first == second
    for empty in (None, "", [], NULL):          # the dataset's budget is in the ledger now
        (first, marked), (second, _) = run(empty, budget=empty), run(empty, budget=empty)
        assert not marked and first != second, repr(empty)
    with open(tmp_path / "ledger.json", encoding="utf-8") as fh:
        assert len(json.load(fh)["datasets"]["zones"]["entries"]) == 10


def test_copied_fields_are_opt_in_and_listed(run_alg, tmp_path):
    report = str(tmp_path / "r.html")
    res = run_alg(ALG, {"INPUT": _memory_layer([3, 4, 5]), "COUNT_FIELD": "n", "EPSILON": 1.0,
                        "SEED": 1, "KEEP_FIELDS": ["zone"], "OUTPUT": "memory:",
                        "REPORT": report})
    out = res["OUTPUT"]
    assert out.fields().names() == ["zone", "noisy_count"]
    assert [f["zone"] for f in out.getFeatures()] == ["z0", "z1", "z2"]
    text = open(report, encoding="utf-8").read()
    assert "fields copied to the output</td><td>zone<" in text


def test_ledger_refuses_over_budget(run_alg, tmp_path):
    from qgis.core import QgsProcessingException
    layer = _memory_layer([5, 6, 7])
    ledger = str(tmp_path / "ledger.json")
    base = {"INPUT": layer, "COUNT_FIELD": "n", "EPSILON": 0.6, "LEDGER": ledger,
            "DATASET_ID": "zones", "BUDGET_EPSILON": 1.0, "OUTPUT": "memory:"}
    run_alg(ALG, base)
    data = json.load(open(ledger))
    assert data["datasets"]["zones"]["entries"][0]["epsilon"] == pytest.approx(0.6)
    out = str(tmp_path / "second.gpkg")
    with pytest.raises(QgsProcessingException, match="budget exceeded"):
        run_alg(ALG, dict(base, OUTPUT=out))
    assert not os.path.exists(out)
    assert len(json.load(open(ledger))["datasets"]["zones"]["entries"]) == 1


@pytest.mark.parametrize("override, message", [
    ({"EPSILON": 0}, "epsilon must be a positive"),
    ({"EPSILON": -1}, "epsilon must be a positive"),
    ({"MECHANISM": "gaussian_analytic", "DELTA": 1.5}, "delta must be in"),
    ({"KEEP_FIELDS": ["zone", "n"]}, "count field 'n' cannot be copied"),
    ({"KEEP_FIELDS": ["zone"], "OUTPUT_FIELD": "zone"}, "already named 'zone'"),
    ({"COUNT_FIELD": "nope"}, "not in the input layer|nope"),
])
def test_bad_parameters_leave_no_output(run_alg, tmp_path, override, message):
    from qgis.core import QgsProcessingException
    layer = _memory_layer([1, 2, 3])
    out, report = str(tmp_path / "bad.gpkg"), str(tmp_path / "bad.html")
    params = {"INPUT": layer, "COUNT_FIELD": "n", "EPSILON": 1.0, "OUTPUT": out, "REPORT": report}
    params.update(override)
    with pytest.raises(QgsProcessingException, match=message):
        run_alg(ALG, params)
    assert not os.path.exists(out) and not os.path.exists(report)


@pytest.mark.parametrize("values, ftype, message", [
    ([1.5, 2.0], "double", "fractional"),
    ([], "integer", "empty"),
    ([1, None], "integer", "missing"),
])
def test_bad_counts_leave_no_output(run_alg, tmp_path, values, ftype, message):
    from qgis.core import QgsProcessingException
    out = str(tmp_path / "bad.gpkg")
    with pytest.raises(QgsProcessingException, match=message):
        run_alg(ALG, {"INPUT": _memory_layer(values, ftype), "COUNT_FIELD": "n",
                      "EPSILON": 1.0, "OUTPUT": out})
    assert not os.path.exists(out)


def test_text_field_refused(run_alg, tmp_path):
    from qgis.core import QgsProcessingException
    out = str(tmp_path / "bad.gpkg")
    with pytest.raises(QgsProcessingException):
        run_alg(ALG, {"INPUT": _memory_layer([1, 2]), "COUNT_FIELD": "zone",
                      "EPSILON": 1.0, "OUTPUT": out})
    assert not os.path.exists(out)


def test_qgis_process_run_and_help(qgis_process, tmp_path, sample_iris_path):
    import subprocess

    from ..support.qgis import QGIS_PROCESS
    listing = subprocess.run([QGIS_PROCESS, "list"], capture_output=True, text=True)
    assert "mobilitydp:noisycounts" in listing.stdout
    helptext = subprocess.run([QGIS_PROCESS, "help", ALG], capture_output=True, text=True).stdout
    assert "COUNT_FIELD" in helptext and "Unit of privacy" in helptext
    out, report = str(tmp_path / "qp.gpkg"), str(tmp_path / "qp.html")
    code, data, text = qgis_process(ALG, {"INPUT": sample_iris_path, "COUNT_FIELD": "population",
                                          "EPSILON": 1, "SEED": 1, "OUTPUT": out,
                                          "REPORT": report})
    assert code == 0, text
    assert data["results"]["OUTPUT"] == out
    _, rows = read_layer(out)
    assert len(rows) == 965 and all(r["noisy_count"] is not None for r in rows)
    assert os.path.getsize(report) > 1000


def test_qgis_process_bad_epsilon(qgis_process, tmp_path, sample_iris_path):
    out = str(tmp_path / "qp_bad.gpkg")
    code, _, text = qgis_process(ALG, {"INPUT": sample_iris_path, "COUNT_FIELD": "population",
                                       "EPSILON": -2, "OUTPUT": out})
    assert code != 0
    assert "epsilon must be a positive" in text
    assert not os.path.exists(out)
