"""Golden outputs: every algorithm and every shipped model, run with fixed seeds on the small
world of the fuzzing harness, gives the outputs recorded in ``golden/outputs.json``.

This is the safety net of refactorings (moving modules, changing how a release is assembled):
a refactoring must leave every digest unchanged. A change that is meant to change outputs (a
fix, a better default) regenerates the affected entries with ``GOLDEN_UPDATE=1`` in a commit of
its own that says which outputs changed and why. Digests depend on the numeric stack (numpy's
and QGIS's versions), so they are kept per stack; on a stack without a record every algorithm
and model must still write the same outputs (names) as on a recorded one.
Models without a seed parameter draw secure noise: only their outputs' layer names, fields and
CRS are compared.
"""
import json
import os

from ..support.golden import output_digest
from .fuzz_world import BASELINES
from .fuzz_world import run_algorithm as _run
from .test_fuzz import provider_algorithms, with_outputs

GOLDEN = os.path.join(os.path.dirname(__file__), "golden", "outputs.json")
SEED = 11


def _stack() -> str:
    import numpy
    from qgis.core import Qgis
    return f"qgis-{Qgis.QGIS_VERSION_INT // 100}_numpy-{'.'.join(numpy.__version__.split('.')[:2])}"


def _models(w):
    """Parameters of every shipped model on the world's layers (display name → parameters)."""
    window = {"start": "2026-05-25T00:00:00", "end": "2026-05-26T00:00:00"}
    trajectories, venues = str(w.dir / "trajectories.gpkg"), str(w.dir / "venues.gpkg")
    _run("mobilitydp:generatemobility", {
        "TOWERS": w.city["towers"], "TOWER_ID_FIELD": "tid", "CENSUS": w.census,
        "POPULATION_FIELD": "population", "USERS": 50, "DAYS": 1, "VEHICLES": 30,
        "START": "2024-03-04T00:00:00", "SEED": 2, "CDR": "TEMPORARY_OUTPUT",
        "TRAJECTORIES": trajectories, "CHECKINS": venues})   # venues: the cells' public points
    return {
        "Towers to minimum cover": {
            "towers": w.city["towers"], "tower_id": "tid", "study_area": w.city["census"],
            "census": w.city["census"], "census_id": "iris"},
        "Generate sanitize and compare density": {
            "towers": w.city["towers"], "tower_id": "tid", "census": w.census,
            "census_id": "iris", "population": "population", "users": 300, "days": 1,
            "slots": 24, "epsilon": 1.0, "start": "2024-03-04T00:00:00", "seed": 5},
        "Perturb check-ins and estimate distribution": {
            "checkins": w.checkins, "epsilon": 0.01, "cell_size": 500, "seed": 3,
            "grid_extent": "2.25,2.42,48.81,48.91 [EPSG:4326]"},
        "Trajectories to flow measures": {
            "trajectories": trajectories, "vehicle": "vehicle_id", "trajectory": "trip_id",
            "time": "time", "cell_points": venues, "epsilon": 1.0, "seed": 4},
        "Trips to OD flow map": {
            "trips": w.flow_points, "user_field": "vehicle", "trip_field": "trip",
            "time_field": "time", "zones": w.flow_cells, "zone_field": "cell_id",
            "max_trips": 2, "epsilon": 2.0},
        "Trips to synthetic trips and comparison": {
            "trips": w.trips, "user_field": "user_id", "start_field": "start",
            "end_field": "end", "zones": w.zones, "zone_field": "zone", "max_trips": 2,
            "epsilon": 1.0, "report_epsilon": 1.0, "seed": 4, **window},
    }


def _schema(path):
    from osgeo import ogr
    source = ogr.Open(path)
    out = {}
    for i in range(source.GetLayerCount()):
        layer = source.GetLayer(i)
        if layer.GetName() in ("layer_styles", "qgis_projects"):
            continue
        defn = layer.GetLayerDefn()
        out[layer.GetName()] = [defn.GetFieldDefn(k).GetName() for k in range(defn.GetFieldCount())]
    return out


def _digests(alg, params, out_dir):
    results = _run(alg.id(), params)
    seeded = any(d.name().lower() == "seed" for d in alg.parameterDefinitions())
    digests = {}
    for d in alg.destinationParameterDefinitions():
        path = results.get(d.name())
        if not isinstance(path, str) or not os.path.exists(path):
            continue
        if seeded:
            digests[d.name()] = output_digest(path, out_dir)
        elif path.endswith(".gpkg"):
            digests[d.name()] = _schema(path)
    return digests


def _all_digests(world, tmp_path):
    from qgis.core import QgsApplication, QgsProcessingModelAlgorithm
    found = {}
    for alg in provider_algorithms():
        out = tmp_path / alg.name()
        out.mkdir()
        params = with_outputs(alg, dict(BASELINES[alg.name()](world), SEED=SEED), str(out),
                              str(tmp_path / f"{alg.name()}.json"))
        found[alg.id()] = _digests(alg, params, str(out))
    provider = QgsApplication.processingRegistry().providerById("mobilitydp")
    models = {a.displayName(): a for a in provider.algorithms()
              if isinstance(a, QgsProcessingModelAlgorithm)}
    for name, params in _models(world).items():
        model = models[name]
        out = tmp_path / name.replace(" ", "_")
        out.mkdir()
        for d in model.destinationParameterDefinitions():
            ext = ".gpkg" if d.type() in ("sink", "vectorDestination") else ".html"
            params[d.name()] = str(out / (d.name().replace(":", "_") + ext))
        found[model.id()] = _digests(model, params, str(out))
    return found


def test_golden_outputs(world, tmp_path):
    """Every output of every algorithm and model equals its recorded digest."""
    stack = _stack()
    recorded = {}
    if os.path.exists(GOLDEN):
        with open(GOLDEN, encoding="utf-8") as fh:
            recorded = json.load(fh)
    found = _all_digests(world, tmp_path)
    if os.environ.get("GOLDEN_UPDATE"):
        recorded[stack] = found
        with open(GOLDEN, "w", encoding="utf-8") as fh:
            json.dump(recorded, fh, indent=1, sort_keys=True)
            fh.write("\n")
        return
    if stack not in recorded:    # digests depend on the numeric stack: compare what exists
        expected = recorded[sorted(recorded)[0]]
        names = ({a: sorted(v) for a, v in found.items()},
                 {a: sorted(v) for a, v in expected.items()})
        assert names[0] == names[1], "outputs added or removed"
        return
    expected = recorded[stack]
    assert sorted(found) == sorted(expected), "algorithms or models added or removed"
    changed = [f"{alg} {name}" for alg in expected for name in
               set(expected[alg]) | set(found[alg]) if expected[alg].get(name) != found[alg].get(name)]
    assert not changed, "outputs changed: " + ", ".join(sorted(changed))


def test_golden_digest_sees_a_changed_value(world, tmp_path):
    """Negative control: one value of an output changed in its eighth digit changes the
    digest."""
    from osgeo import ogr
    out = tmp_path / "control"
    out.mkdir()
    alg = next(a for a in provider_algorithms() if a.name() == "noisycounts")
    params = with_outputs(alg, dict(BASELINES["noisycounts"](world), SEED=SEED), str(out),
                          str(tmp_path / "ledger.json"))
    path = _run(alg.id(), params)["OUTPUT"]
    before = output_digest(path, str(out))
    source = ogr.Open(path, 1)
    layer = source.GetLayer(0)
    defn = layer.GetLayerDefn()
    index = next(k for k in range(defn.GetFieldCount())
                 if defn.GetFieldDefn(k).GetType() in (ogr.OFTReal, ogr.OFTInteger, ogr.OFTInteger64))
    feature = layer.GetNextFeature()
    value = feature.GetField(index) or 0
    step = 1 if defn.GetFieldDefn(index).GetType() != ogr.OFTReal else 1e-7 * (abs(value) + 1)
    feature.SetField(index, value + step)
    assert layer.SetFeature(feature) == 0
    source = None
    assert output_digest(path, str(out)) != before
