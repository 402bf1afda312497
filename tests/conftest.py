"""One test entry point: ``pytest`` from the repository root runs every tier.

The repository root is the QGIS plugin package ``mobility_dp`` (QGIS loads it under that
name), so every test imports the code under test by that one name:
``from mobility_dp.dpcore.random.rng import make_rng``, ``from mobility_dp.algorithms...``,
never ``from dpcore...`` (a second name would make a second copy of every class, e.g. two
``Release`` types in one process). This file registers the checkout as ``mobility_dp``
whatever the clone's folder is called (the import path is left alone), marks the tiers, and fails
a run in which ``dpcore`` was imported under a second name.

Tiers: ``tests/core`` (dpcore alone, any Python with numpy/scipy/shapely/networkx),
``tests/qgis`` (marker ``qgis``: a real QGIS), ``tests/gui`` (marker ``gui``: the QGIS
desktop under Xvfb), ``tests/spark`` (marker ``spark``: pyspark and Java). A tier whose software is not importable is
not collected, and the
run's header says so; ``pytest -m "not qgis and not spark"`` runs the pure core.
Shared helpers live in ``tests/support`` (see CONTRIBUTING.md).
"""
import importlib.util
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PLUGIN = "mobility_dp"
# tier folder -> (markers, modules it needs); a file entry refines its folder's
TIERS = {
    os.path.join("tests", "qgis"): (("qgis",), ("qgis",)),
    os.path.join("tests", "spark"): (("spark",), ("pyspark",)),
    os.path.join("tests", "gui"): (("gui",), ("qgis",)),
    os.path.join("tests", "spark", "test_spark_qgis.py"): (("spark", "qgis"), ("pyspark", "qgis")),
}


def _hypothesis_profiles():
    """Property tests (hypothesis) draw the same examples on every run by default (profile
    ``ci``: a CI verdict never depends on chance); ``HYPOTHESIS_PROFILE=explore`` draws new
    ones each run, to hunt for counterexamples. Neither writes a ``.hypothesis`` database."""
    try:
        from hypothesis import settings
    except ImportError:            # a stack without hypothesis runs no property test
        return
    settings.register_profile("ci", derandomize=True, database=None, deadline=None)
    settings.register_profile("explore", database=None, deadline=None)
    settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
    _constants_from_the_checkout_only()


def _constants_from_the_checkout_only():
    """Hypothesis also draws the literals of "local" code, which it takes to be any module
    outside the stdlib and the venv's site-packages: in .venv (--system-site-packages) that is
    all of Debian's dist-packages and QGIS's Python too, ~2,000 modules whose source it parses
    in each pytest run (7 CPU s in the QGIS tier when its cache, .hypothesis/, is cold, as in a
    fresh clone) and whose literals then depend on the Debian release. Only this checkout's
    modules are local here, on every stack, so the drawn examples depend on the checkout."""
    try:
        from hypothesis.internal.conjecture import providers
    except ImportError:            # another hypothesis layout: it decides what is local
        return
    is_local = getattr(providers, "is_local_module_file", None)
    if is_local is None:
        return
    inside = os.path.realpath(ROOT) + os.sep
    providers.is_local_module_file = lambda path: (os.path.realpath(path).startswith(inside)
                                                   and is_local(path))


_hypothesis_profiles()


def _register_plugin_package():
    """Make ``import mobility_dp`` give this checkout, without editing the import path."""
    module = sys.modules.get(PLUGIN)
    if module is not None:
        where = [os.path.realpath(p) for p in getattr(module, "__path__", [])]
        if os.path.realpath(ROOT) not in where:
            raise RuntimeError(f"{PLUGIN} is already imported from {where}, not from {ROOT}")
        return module
    spec = importlib.util.spec_from_file_location(
        PLUGIN, os.path.join(ROOT, "__init__.py"), submodule_search_locations=[ROOT])
    module = importlib.util.module_from_spec(spec)
    sys.modules[PLUGIN] = module
    spec.loader.exec_module(module)
    return module


_register_plugin_package()


def _tier(path):
    """(markers, needed modules) of a path under the repository, or None for the core tier."""
    rel = os.path.relpath(str(path), ROOT)
    best = None
    for prefix, tier in TIERS.items():
        if rel == prefix or rel.startswith(prefix + os.sep):
            if best is None or len(prefix) > len(best[0]):
                best = (prefix, tier)
    return best[1] if best else None


def _missing(modules):
    return [m for m in modules if importlib.util.find_spec(m) is None]


def pytest_ignore_collect(collection_path, config):
    tier = _tier(collection_path)
    if tier is not None and _missing(tier[1]):
        return True
    return None


def pytest_report_header(config):
    lines = []
    for prefix, (_markers, needs) in TIERS.items():
        if prefix.endswith(".py"):
            continue
        missing = _missing(needs)
        if missing:
            lines.append(f"tier {prefix} not collected: {', '.join(missing)} not importable "
                         f"in {sys.executable}")
    return lines


def pytest_collection_modifyitems(config, items):
    for item in items:
        tier = _tier(item.path)
        for marker in (tier[0] if tier else ()):
            item.add_marker(getattr(pytest.mark, marker))


@pytest.fixture(autouse=True, scope="session")
def _dpcore_has_one_name():
    """Fail the run (at its last teardown) when dpcore was imported under two names."""
    yield
    from .support import dpcore_names
    names = dpcore_names()
    assert names in ([], [f"{PLUGIN}.dpcore"]), (
        f"dpcore imported as {names}: tests import it as {PLUGIN}.dpcore only "
        "(see CONTRIBUTING.md, 'Writing a test')")
