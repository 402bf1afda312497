"""QGIS tier: the fixtures live in tests/support/qgis.py (shared with the Spark tier), and the
small world of the fuzzing harness that several modules run algorithms on."""
import pytest

from ..support.qgis import qgis_app, qgis_plugin_dir, qgis_process, qgis_process_enabled, run_alg, sample_iris_path  # noqa: F401  (fixtures)


@pytest.fixture(scope="module")
def world(qgis_app, tmp_path_factory):  # noqa: F811 (qgis_app: the fixture above)
    """The fuzzing harness's small world (``fuzz_world.World``) with the outputs other
    algorithms read already made; one per test module."""
    from .fuzz_world import World, run_algorithm
    w = World(tmp_path_factory.mktemp("world"))
    w.derive(run_algorithm)
    return w
