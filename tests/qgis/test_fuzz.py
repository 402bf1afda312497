"""Issue 30: a fuzzing harness over every algorithm of the provider.

Hypothesis draws an algorithm (enumerated from the provider: a new one is fuzzed without any
change here), one of the mutations of ``fuzz_cases`` that apply to it, and the mutation's
details, and runs the case in-process through ``processing.run`` with every output under a
fresh directory and a ledger. A case passes when

* it ends in a ``QgsProcessingException`` whose message is not a traceback and names the
  problem (the field or parameter at fault, where the mutation knows it), no file is left in
  the output directory and nothing is charged to the ledger; or
* the mutation is one the algorithm may handle and the run completes with valid outputs
  (every vector output opens, every file output exists).

Every failing case is collected (not only the first), so the assertion lists every class of
failure at once: run with ``FUZZ_CASES=n`` for a longer survey.
"""
import os
import shutil
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from . import fuzz_cases
from .fuzz_world import BASELINES, generic_baseline

CASES = int(os.environ.get("FUZZ_CASES", "2000"))
ONLY = [a for a in os.environ.get("FUZZ_ONLY", "").split(",") if a]  # e.g. FUZZ_ONLY=odflows
PROVIDER = "mobilitydp"


def _run(algorithm_id, params):
    import processing
    from qgis.core import QgsProcessingContext, QgsProcessingFeedback
    return processing.run(algorithm_id, params, context=QgsProcessingContext(),
                          feedback=QgsProcessingFeedback())


def provider_algorithms():
    """Every algorithm of the provider that is not a shipped model (models chain them)."""
    from qgis.core import QgsApplication, QgsProcessingModelAlgorithm
    provider = QgsApplication.processingRegistry().providerById(PROVIDER)
    return sorted((a for a in provider.algorithms()
                   if not isinstance(a, QgsProcessingModelAlgorithm)), key=lambda a: a.id())


def with_outputs(alg, params, out_dir, ledger, optional=True):
    """``params`` with every output (or only the required ones) under ``out_dir`` and a
    ledger with a large budget."""
    params = dict(params)
    for d in alg.destinationParameterDefinitions():
        if not optional and d.flags() & d.FlagOptional:
            continue
        kind = d.type()
        ext = ".gpkg" if kind in ("sink", "vectorDestination") else \
            ".json" if "json" in d.defaultFileExtension().lower() else \
            "." + (d.defaultFileExtension() or "html")
        params[d.name()] = os.path.join(out_dir, d.name().lower() + ext)
    if alg.parameterDefinition("LEDGER") is not None:
        params.update(LEDGER=ledger, DATASET_ID="fuzz", BUDGET_EPSILON=1e6, BUDGET_DELTA=0.5)
    return params


def charged(ledger) -> list:
    """Entries in the ledger (a refused run must leave none)."""
    import json
    if not os.path.exists(ledger):
        return []
    with open(ledger, encoding="utf-8") as fh:
        data = json.load(fh)
    return [e for ds in data["datasets"].values() for e in ds["entries"]]


def outputs_valid(alg, params, results) -> str:
    """'' if every output of a completed run is usable, else what is wrong."""
    from qgis.core import QgsVectorLayer
    for d in alg.destinationParameterDefinitions():
        value = results.get(d.name())
        if not value:
            continue
        if d.type() in ("sink", "vectorDestination"):
            layer = value if isinstance(value, QgsVectorLayer) else QgsVectorLayer(value, "o",
                                                                                    "ogr")
            if not layer.isValid():
                return f"output {d.name()} does not open"
        elif not os.path.exists(value) or os.path.getsize(value) == 0:
            return f"output {d.name()} missing or empty"
    return ""


def check_case(alg, params, kind, must_name, out_dir, ledger, optional=True) -> str:
    """Run one case: '' if it passes, else the reason it fails."""
    from qgis.core import QgsProcessingException
    params = with_outputs(alg, params, out_dir, ledger, optional)
    try:
        results = _run(alg.id(), params)
    except QgsProcessingException as exc:
        message = str(exc)
        left = sorted(os.listdir(out_dir))
        if "Traceback" in message:
            lines = [line.strip() for line in message.strip().splitlines() if line.strip()]
            where = [line for line in lines if line.startswith("File ")][-1:]
            return f"traceback: {lines[-1][:160]} at {''.join(where)[-110:]}"
        if not message.strip():
            return "empty message"
        if must_name and must_name.lower() not in message.lower():
            return f"message does not name {must_name!r}: {message[:160]}"
        if left:
            return f"refused but left {left}"
        if charged(ledger):
            return "refused but the ledger was charged"
        return ""
    except BaseException as exc:  # noqa: B902 - the harness reports any other type
        return f"{type(exc).__name__} escaped: {str(exc)[:160]}"
    if must_name:
        return f"completed although {must_name!r} is wrong"
    return outputs_valid(alg, params, results)


def _case_strategy(alg, world, work):
    @st.composite
    def case(draw):
        name = alg.name()
        base = BASELINES[name](world) if name in BASELINES else generic_baseline(alg)
        base = dict(base, SEED=draw(st.integers(0, 3)))
        mutation = draw(st.sampled_from(fuzz_cases.applicable(alg, base)))
        params, kind, must_name = mutation(draw, alg, base, work)
        # optional outputs (reports, internal layers) in one case out of eight
        return params, kind, must_name, draw(st.integers(0, 7)) == 0
    return case()


@pytest.fixture
def quick_figures(monkeypatch):
    """Report figures are drawn but not rendered to PNG (0.5 s each): a 1-pixel image."""
    from matplotlib.figure import Figure
    png = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000"
                        "1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082")
    monkeypatch.setattr(Figure, "savefig", lambda self, buf, **kw: buf.write(png))
    monkeypatch.setattr(Figure, "tight_layout", lambda self, *a, **kw: None)


def test_every_algorithm_has_a_baseline(qgis_app):
    """Owners of a new algorithm add its valid run to ``fuzz_world.BASELINES``."""
    missing = [a.name() for a in provider_algorithms() if a.name() not in BASELINES]
    assert not missing, f"add a baseline to tests/qgis/fuzz_world.py for {missing}"


def test_baselines_complete(world, tmp_path):
    for alg in provider_algorithms():
        out = tmp_path / alg.name()
        out.mkdir()
        params = with_outputs(alg, BASELINES[alg.name()](world), str(out),
                              str(tmp_path / f"{alg.name()}.json"))
        assert outputs_valid(alg, params, _run(alg.id(), params)) == ""


def _fuzz_cases(alg, world, work, tmp_path, failures, seen, took):
    """The fuzzing test of one algorithm (a function of `alg`, not of a loop variable)."""
    @settings(max_examples=-(-CASES // len(provider_algorithms())), deadline=None, database=None,
              derandomize=True, suppress_health_check=list(HealthCheck))
    @given(_case_strategy(alg, world, str(work)))
    def one(case):
        params, kind, must_name, optional = case
        out = tmp_path / f"out{len(seen)}"
        out.mkdir()
        ledger = str(tmp_path / f"ledger{len(seen)}.json")
        t0 = time.monotonic()
        reason = check_case(alg, params, kind, must_name, str(out), ledger, optional)
        seen.append(alg.name())
        took[alg.name()] = took.get(alg.name(), 0.0) + time.monotonic() - t0
        if reason:
            failures.setdefault((alg.name(), reason), kind)
        shutil.rmtree(out, ignore_errors=True)
    return one


def test_fuzz_every_algorithm(world, tmp_path, quick_figures):
    algs = [a for a in provider_algorithms() if not ONLY or a.name() in ONLY]
    work = tmp_path / "inputs"
    work.mkdir()
    failures, seen, took, started = {}, [], {}, time.monotonic()
    for alg in algs:
        _fuzz_cases(alg, world, work, tmp_path, failures, seen, took)()
    elapsed = time.monotonic() - started
    per_alg = {a.name(): seen.count(a.name()) for a in algs}
    summary = "\n".join(f"{a}: {r} [{k}]" for (a, r), k in sorted(failures.items()))
    print(f"fuzz: {len(seen)} cases in {elapsed:.0f} s; seconds per algorithm:",
          {a: round(t, 1) for a, t in sorted(took.items(), key=lambda x: -x[1])})
    if not ONLY:
        assert len(seen) >= min(CASES, 2000), (len(seen), per_alg)
    assert not failures, f"{len(failures)} failing classes in {len(seen)} cases " \
                         f"({elapsed:.0f} s):\n{summary}"
