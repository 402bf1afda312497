"""Fault injection: every releasing algorithm, failed or cancelled after every step of its
release, is charged if and only if noise was drawn, and leaves no output without a charge.

Each run goes through ``processing.run`` on the fuzzing world with a seeded generator that
counts its draws (a tripwire: it raises, or cancels the run, at its k-th draw), a ledger with a
large budget and every output under a fresh folder. The steps failed: the reservation itself,
just after it, the k-th draw of the generator (first, second, middle, last), the writing of the
outputs (the styles stored after the body) and the placing of the second output. The checker
also runs under the rule that ignores draws (a failure before an output is in place cancels):
it must find violations, or the test would have no power.
"""
import json
import os

import numpy as np
import pytest

from .fuzz_world import BASELINES
from .fuzz_world import run_algorithm as _run
from .test_fuzz import provider_algorithms, with_outputs

RELEASING = ("noisycounts", "perturbpoints", "sanitizedensity", "publishhistograms",
             "aggregateflows", "odflows", "mobilityreport", "synthesizetrips")


class Injected(RuntimeError):
    """The failure the test injects."""


class Tripwire(np.random.Generator):
    """A seeded generator that counts its draws and, at the ``trip``-th, raises before
    drawing (``action='raise'``) or cancels the run after drawing (``action='cancel'``)."""

    def __init__(self, seed, trip=0, action="raise", feedback=None, counter=None):
        super().__init__(np.random.PCG64(seed))
        self.trip, self.action, self.feedback = trip, action, feedback
        self.counter = counter if counter is not None else [0]

    def __getattribute__(self, name):
        attr = super().__getattribute__(name)
        if name.startswith("_") or name in ("bit_generator", "trip", "action", "feedback",
                                            "counter", "spawn") or not callable(attr):
            return attr

        def draw(*args, **kwargs):
            counter = super(Tripwire, self).__getattribute__("counter")
            counter[0] += 1
            trip = super(Tripwire, self).__getattribute__("trip")
            action = super(Tripwire, self).__getattribute__("action")
            if counter[0] == trip and action == "raise":
                counter[0] -= 1             # this draw never happened
                raise Injected(f"injected failure at draw {trip}")
            value = attr(*args, **kwargs)
            if counter[0] == trip and action == "cancel":
                super(Tripwire, self).__getattribute__("feedback").cancel()
            return value
        return draw


def _entries(ledger):
    if not os.path.exists(ledger):
        return []
    with open(ledger, encoding="utf-8") as fh:
        data = json.load(fh)
    return [e for ds in data["datasets"].values() for e in ds["entries"]]


def _files(directory):
    return sorted(os.path.relpath(os.path.join(root, f), directory)
                  for root, _, files in os.walk(directory) for f in files)


def run_case(alg, world, tmp_path, name, monkeypatch, trip=0, action="raise", patch=None):
    """Run ``alg`` with one injected fault; returns (draws made after the reservation, ledger
    entries, files left, error message)."""
    import processing
    from qgis.core import QgsProcessingContext, QgsProcessingException, QgsProcessingFeedback

    from mobility_dp.algorithms.common import inputs
    from mobility_dp.dpcore.accounting.contract import ReleaseContract
    out = tmp_path / name
    out.mkdir()
    ledger = str(tmp_path / f"{name}.json")
    params = dict(with_outputs(alg, BASELINES[alg.name()](world), str(out), ledger), SEED=5)
    feedback = QgsProcessingFeedback()
    counter = [0]

    def tripwires(seed, n=None):
        if n is None:
            return Tripwire(seed, trip, action, feedback, counter)
        return [Tripwire(seed + k, trip, action, feedback, counter) for k in range(n)]
    reserved_at, reserve = [], ReleaseContract.reserve

    def noted_reserve(self):
        result = reserve(self)
        reserved_at.append(counter[0])
        return result
    error = None
    with monkeypatch.context() as m:
        m.setattr(inputs, "make_rng", tripwires)
        m.setattr(inputs, "make_rngs", tripwires)
        m.setattr(ReleaseContract, "reserve", noted_reserve)
        if patch:
            patch(m)
        try:
            processing.run(alg.id(), params, context=QgsProcessingContext(), feedback=feedback)
        except QgsProcessingException as exc:
            error = str(exc)
    drawn = counter[0] - reserved_at[0] if reserved_at else 0
    return drawn, _entries(ledger), _files(out), error


def violations(draws, entries, files, error) -> list:
    """What breaks the rule: charged iff drawn; no output without a charge; an honest message."""
    found = []
    if draws and len(entries) != 1:
        found.append(f"noise was drawn but {len(entries)} ledger entries")
    if not draws and entries:
        found.append("no noise was drawn but the ledger was charged")
    if files and not entries:
        found.append(f"outputs {files} left without a charge")
    if error is not None and entries and entries[0].get("outcome") not in ("failed", "cancelled"):
        found.append("a failed run's entry is not marked as failed or cancelled")
    if error is not None and draws and "spent" not in error:
        found.append(f"the message does not say what was spent: {error[:120]}")
    if error is not None and not draws and "Nothing was published" not in error:
        found.append(f"the message does not say that nothing was published: {error[:120]}")
    return found


def _cases(total):
    """(name, trip, action, patch) of every fault, for a run that draws ``total`` times."""
    from mobility_dp.algorithms.common import base
    from mobility_dp.dpcore.accounting import contract, ledger, staging

    def fail(message):
        def raiser(*args, **kwargs):
            raise Injected(message)
        return raiser

    def refuse_reserve(m):
        m.setattr(ledger.Ledger, "reserve", fail("injected at the reservation"))

    def fail_after_reserve(m):
        original = contract.ReleaseContract.reserve

        def reserve(self):
            original(self)
            raise Injected("injected just after the reservation")
        m.setattr(contract.ReleaseContract, "reserve", reserve)

    def fail_writing(m):
        m.setattr(base, "store_default_styles", fail("injected while writing"))

    def fail_second_placement(m):
        calls = [0]

        def place(staged, destination):
            calls[0] += 1
            if calls[0] == 2:
                raise Injected("injected at the second placement")
            staging.place(staged, destination)
        m.setattr(contract, "place", place)

    yield "reserve", 0, "raise", refuse_reserve
    yield "after_reserve", 0, "raise", fail_after_reserve
    for k in sorted({1, 2, max(1, total // 2), total}):
        yield f"draw{k}", k, "raise", None
    for k in sorted({1, total}):
        yield f"cancel{k}", k, "cancel", None
    yield "write", 0, "raise", fail_writing
    yield "place", 0, "raise", fail_second_placement


def _total_draws(alg, world, tmp_path, monkeypatch) -> int:
    """Every draw of a complete run, before and after the reservation (the trip positions)."""
    from mobility_dp.algorithms.common import inputs
    counter = [0]
    with monkeypatch.context() as m:
        m.setattr(inputs, "make_rng", lambda seed, n=None: Tripwire(seed, counter=counter))
        m.setattr(inputs, "make_rngs", lambda seed, n: [Tripwire(seed + k, counter=counter)
                                                        for k in range(n)])
        out = tmp_path / f"{alg.name()}_total"
        out.mkdir()
        _run(alg.id(), dict(with_outputs(alg, BASELINES[alg.name()](world), str(out),
                                         str(out / "ledger.json")), SEED=5))
    return counter[0]


def survey(world, tmp_path, monkeypatch, names=RELEASING) -> dict:
    """{"algorithm case": [violations]} over every fault of every algorithm in ``names``."""
    algs = {a.name(): a for a in provider_algorithms()}
    found = {}
    for name in names:
        counted = run_case(algs[name], world, tmp_path, f"{name}_count", monkeypatch)
        noise, entries, _, error = counted
        assert error is None and noise > 0 and len(entries) == 1, (name, error)
        total = _total_draws(algs[name], world, tmp_path, monkeypatch)
        for case, trip, action, patch in _cases(total):
            result = run_case(algs[name], world, tmp_path, f"{name}_{case}", monkeypatch, trip,
                              action, patch)
            for problem in violations(*result):
                found.setdefault(f"{name} {case}", []).append(problem)
    return found


@pytest.mark.parametrize("name", RELEASING)
def test_charged_iff_drawn_after_every_fault(world, tmp_path, monkeypatch, name):
    found = survey(world, tmp_path, monkeypatch, (name,))
    assert not found, found


def test_the_rule_that_ignores_draws_fails_the_check(world, tmp_path, monkeypatch):
    """Negative control: the former rule (cancel unless an output is in place) refunds a run
    that failed or was cancelled after its noise was drawn; the checker must see it."""
    from mobility_dp.dpcore.accounting.contract import ReleaseContract
    rule = ReleaseContract.fail
    monkeypatch.setattr(ReleaseContract, "fail", lambda self, drawn, cancelled=False: rule(
        self, drawn=False, cancelled=cancelled))
    found = survey(world, tmp_path, monkeypatch, ("noisycounts",))
    assert any("noise was drawn but 0 ledger entries" in v for vs in found.values() for v in vs)


def test_a_table_written_into_a_store_is_charged_when_a_later_output_fails(
        qgis_process, world, tmp_path):
    """Black box, through qgis_process: odflows writes its OD table into an existing
    GeoPackage (a destination that is not a plain file, so written in place), then its flow
    lines cannot be created: the run fails after its noise was drawn, so it is charged and its
    ledger entry lists the table."""
    from ..support.od_layers import save, zones
    store = save(zones("EPSG:2154"), tmp_path / "store.gpkg")
    ledger = tmp_path / "ledger.json"
    code, _, text = qgis_process("mobilitydp:odflows", {
        **{k: v for k, v in BASELINES["odflows"](world).items() if k != "ZONES"},
        "ZONES": store, "SEED": 3, "LEDGER": str(ledger), "DATASET_ID": "trips",
        "BUDGET_EPSILON": 10,
        "OD_TABLE": f"ogr:dbname='{store}' table=\"od\" (geom)",
        "FLOWS": f"ogr:dbname='{tmp_path / 'missing' / 'flows.gpkg'}' table=\"flows\" (geom)"})
    assert code != 0, text
    (entry,) = _entries(str(ledger))
    assert entry["status"] == "spent" and entry["outcome"] == "failed"
    assert any("store.gpkg" in o and "od" in o for o in entry["outputs"]), entry
    assert "was spent and charged" in text
    from osgeo import ogr
    assert ogr.Open(str(store)).GetLayerByName("od") is not None     # the table that left
