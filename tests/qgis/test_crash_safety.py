"""Issue 30: a release killed with SIGKILL at any moment leaves no file at its output paths
and a valid, conservative ledger.

A real ``qgis_process`` run of ``perturbpoints`` (100,000 points, a ledger, a GeoPackage and
an HTML report) is killed 30 times, 10 in each phase: while reading (before the ledger
changes), after the reservation (the ledger holds the reserved entry) and while writing (a
new file appeared in the output directory). After every kill:

* the ledger is valid JSON, and every reservation made stays charged (fail closed: a
  killed release is never refunded, since its noise may have been drawn);
* no file is at an output path unless the release completed: a GeoPackage or report found
  at its path opens and is whole (all 100,000 points), and its cost is in the ledger.
"""
import json
import os
import random
import signal
import subprocess
import time

import pytest

from ..support.qgis import QGIS_PROCESS

N_POINTS = 100_000
PHASES = ("reading", "reserved", "writing")
KILLS_PER_PHASE = 10


@pytest.fixture(scope="module")
def big_points(qgis_app, tmp_path_factory):
    import numpy as np
    from qgis.core import QgsFeature, QgsGeometry, QgsPointXY, QgsVectorLayer

    from ..support.od_layers import save
    rng = np.random.default_rng(30)
    xy = rng.normal([650000.0, 6860000.0], 2000.0, (N_POINTS, 2))
    layer = QgsVectorLayer("Point?crs=EPSG:2154&field=v:integer", "pts", "memory")
    feats = []
    for i, (x, y) in enumerate(xy):
        f = QgsFeature(layer.fields())
        f.setGeometry(QgsGeometry.fromPointXY(QgsPointXY(x, y)))
        f.setAttributes([i])
        feats.append(f)
    layer.dataProvider().addFeatures(feats)
    return save(layer, tmp_path_factory.mktemp("big") / "points.gpkg")


def _args(src, out_dir, ledger):
    return [QGIS_PROCESS, "--json", "run", "mobilitydp:perturbpoints", "--",
            f"INPUT={src}", "EPSILON=0.01", f"OUTPUT={out_dir}/perturbed.gpkg",
            f"REPORT={out_dir}/report.html", f"LEDGER={ledger}", "DATASET_ID=points",
            "BUDGET_EPSILON=1000"]


def _entries(ledger):
    """The ledger's entries; fails the test if the file is not valid JSON."""
    if not os.path.exists(ledger):
        return []
    with open(ledger, encoding="utf-8") as fh:
        data = json.load(fh)
    return data["datasets"].get("points", {}).get("entries", [])


def _whole(path):
    from qgis.core import QgsVectorLayer
    layer = QgsVectorLayer(path, "out", "ogr")
    return layer.isValid() and layer.featureCount() == N_POINTS


def _kill_in(phase, proc, out_dir, ledger, rng, before):
    """Wait for ``phase`` to start, then SIGKILL ``proc`` after a random short delay."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        reserved = os.path.exists(ledger) and os.path.getmtime(ledger) != before
        writing = bool(os.listdir(out_dir))
        if phase == "reading" or (phase == "reserved" and reserved) or \
                (phase == "writing" and writing):
            break
        time.sleep(0.002)
    time.sleep(rng.uniform(0.0, {"reading": 1.5, "reserved": 0.3, "writing": 0.4}[phase]))
    if proc.poll() is None:
        proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=60)
    return proc.returncode


def test_sigkill_leaves_no_output_and_a_conservative_ledger(qgis_process_enabled, big_points,
                                                            tmp_path):
    rng = random.Random(30)
    ledger = str(tmp_path / "ledger.json")
    problems, killed, completed = [], {p: 0 for p in PHASES}, 0
    for k in range(2 * KILLS_PER_PHASE * len(PHASES)):
        if sum(killed.values()) >= KILLS_PER_PHASE * len(PHASES):
            break
        phase = PHASES[k % len(PHASES)]
        out_dir = tmp_path / f"run{k}"
        out_dir.mkdir()
        before = os.path.getmtime(ledger) if os.path.exists(ledger) else None
        n_before = len(_entries(ledger))
        proc = subprocess.Popen(_args(big_points, out_dir, ledger), stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, env=os.environ.copy())
        code = _kill_in(phase, proc, str(out_dir), ledger, rng, before)
        try:
            entries = _entries(ledger)
        except (json.JSONDecodeError, KeyError) as exc:
            problems.append(f"run {k} ({phase}): ledger invalid: {exc}")
            continue
        if code == 0:
            completed += 1
        else:
            killed[phase] += 1
        gpkg, report = out_dir / "perturbed.gpkg", out_dir / "report.html"
        if gpkg.exists() and not _whole(str(gpkg)):
            problems.append(f"run {k} ({phase}): partial GeoPackage at the output path")
        if report.exists() and "</html>" not in report.read_text(encoding="utf-8",
                                                                 errors="replace"):
            problems.append(f"run {k} ({phase}): partial report at the output path")
        if (gpkg.exists() or report.exists() or code == 0) and len(entries) <= n_before:
            problems.append(f"run {k} ({phase}): an output exists but nothing was charged")
        if len(entries) < n_before:
            problems.append(f"run {k} ({phase}): the ledger lost entries")
        strays = [n for n in os.listdir(out_dir) if n not in ("perturbed.gpkg", "perturbed.qml", "report.html")]
        if code == 0 and strays:
            problems.append(f"run {k} ({phase}): a completed run left {strays}")
    assert sum(killed.values()) >= 30 and min(killed.values()) >= 8, (killed, completed)
    assert not problems, "\n".join(problems)
