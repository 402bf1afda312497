"""No shipped model publishes anything built from a private input that did not pass a release,
and every release of a private input in a model charges the model's ledger.

A model's *private inputs* are the inputs wired to a release's data slot (INPUT, BOUNDED_*).
Privacy taint flows along the model's wires: a step that is not a release passes it from any
input to every output; a release cleans its data slot (its public outputs are differentially
private) but passes taint from any other slot (zones, cells, weights are public parameters of
its guarantee) and its raw outputs (true values, internal statistics and reports) are tainted.
A tainted model output is refused unless it says "(internal)". The old *Trajectories to flow
measures* model, which tessellated the private trajectories, is the negative control."""
import glob
import os

import pytest

from ..support.qgis import ROOT

DATA_SLOTS = {"INPUT", "BOUNDED_TRIPS", "BOUNDED_COUNTS"}
RAW_OUTPUTS = {"INTERNAL_REPORT", "INTERNAL_STATISTICS", "TRUE_FLOWS", "TRUTH", "DISPLACEMENT"}
SHIPPED = sorted(glob.glob(os.path.join(ROOT, "models", "*.model3")))
BEFORE = os.path.join(os.path.dirname(__file__), "models", "trajectories_flows_before.model3")


def _load(path):
    from qgis.core import QgsProcessingModelAlgorithm
    model = QgsProcessingModelAlgorithm()
    assert model.fromFile(path), path
    for child_id, child in model.childAlgorithms().items():
        assert child.algorithm() is not None, (path, child_id)
    return model


def _source_kinds():
    """The kinds of a model child's parameter source: ``Qgis.ProcessingModelChildParameterSource``
    where QGIS has it (3.40 and 3.44 have only that), else the 3.22 enum of the class."""
    from qgis.core import Qgis, QgsProcessingModelChildParameterSource
    return getattr(Qgis, "ProcessingModelChildParameterSource", QgsProcessingModelChildParameterSource)


def _is_release(child) -> bool:
    return child.algorithm().parameterDefinition("LEDGER") is not None


def _outputs(child):
    alg = child.algorithm()
    return [d.name() for d in alg.destinationParameterDefinitions()] + \
        [o.name() for o in alg.outputDefinitions()]


def audit(model) -> list:
    """The privacy problems of ``model``: tainted outputs not marked internal, private data
    in a release's public slot, releases of private data without the model's ledger."""
    Source = _source_kinds()
    children = model.childAlgorithms()
    private = {s.parameterName() for c in children.values() if _is_release(c)
               for slot in DATA_SLOTS for s in c.parameterSources().get(slot, [])
               if s.source() == Source.ModelParameter}
    tainted, problems = set(), []

    def taint(source) -> bool:
        if source.source() == Source.ModelParameter:
            return source.parameterName() in private
        if source.source() == Source.ChildOutput:
            return (source.outputChildId(), source.outputName()) in tainted
        return False
    for child_id in _dependency_order(model):
        child = children[child_id]
        sources = child.parameterSources()
        dirty = {slot for slot, srcs in sources.items() if any(taint(s) for s in srcs)}
        if _is_release(child):
            for slot in sorted(dirty - DATA_SLOTS):
                problems.append(f"{child_id}: private data reaches the public input {slot}")
            raw = set(_outputs(child)) if dirty - DATA_SLOTS else RAW_OUTPUTS
            tainted |= {(child_id, name) for name in raw}
            problems += _ledger_problems(model, child_id, child, sources, private)
        elif dirty:
            tainted |= {(child_id, name) for name in _outputs(child)}
        for name, output in child.modelOutputs().items():
            if (child_id, output.childOutputName()) in tainted and \
                    "(internal)" not in output.description():
                problems.append(f"{child_id}:{name} ({output.description()}) publishes data "
                                "built from a private input that did not pass a release")
    return problems


def _ledger_problems(model, child_id, child, sources, private) -> list:
    """A release of a private model input takes LEDGER and DATASET_ID from the model's inputs
    and outputs the ε it spent."""
    Source = _source_kinds()
    data = [s for slot in DATA_SLOTS for s in sources.get(slot, [])]
    if not any(s.source() == Source.ModelParameter and s.parameterName() in private
               for s in data):
        return []
    problems = [f"{child_id}: {name} is not an input of the model" for name in
                ("LEDGER", "DATASET_ID")
                if not any(s.source() == Source.ModelParameter for s in sources.get(name, []))]
    if not any(o.childOutputName() == "EPSILON_SPENT" for o in child.modelOutputs().values()):
        problems.append(f"{child_id}: EPSILON_SPENT is not an output of the model")
    return problems


def _dependency_order(model) -> list:
    Source = _source_kinds()
    children = model.childAlgorithms()
    order, done = [], set()
    while len(order) < len(children):
        for child_id, child in sorted(children.items()):
            needs = {s.outputChildId() for srcs in child.parameterSources().values()
                     for s in srcs if s.source() == Source.ChildOutput}
            if child_id not in done and needs <= done:
                order.append(child_id)
                done.add(child_id)
    return order


def test_raw_output_names_exist(qgis_app):
    """The raw outputs the audit knows are outputs of the releasing algorithms (no stale name)."""
    from qgis.core import QgsApplication
    provider = QgsApplication.processingRegistry().providerById("mobilitydp")
    names = {d.name() for a in provider.algorithms() if a.parameterDefinition("LEDGER")
             for d in a.destinationParameterDefinitions()}
    assert RAW_OUTPUTS <= names


@pytest.mark.parametrize("path", SHIPPED, ids=os.path.basename)
def test_shipped_models_publish_only_released_data_and_charge_a_ledger(qgis_app, path):
    assert len(SHIPPED) == 6
    assert audit(_load(path)) == []


def test_the_old_flows_model_fails_the_audit(qgis_app):
    """Negative control: the flows model before this check fed the private trajectories to the
    data-driven tessellation and published its cells, and took no ledger."""
    problems = audit(_load(BEFORE))
    assert any("tessellate:cells" in p for p in problems)
    assert any("public input CELLS" in p for p in problems)
    assert any("LEDGER is not an input" in p for p in problems)
