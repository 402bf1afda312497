"""QGIS tier fixtures: the plugin loaded in a real QGIS, run by processing.run and qgis_process.

The checkout is symlinked as ``mobility_dp`` in a plugin folder under pytest's temporary
directory (for ``qgis_process`` and child Pythons, through QGIS_PLUGINPATH / PYTHONPATH);
QGIS uses a temporary profile (QGIS_CUSTOM_CONFIG_PATH), so the developer's own QGIS settings
are never touched. Both folders are made with ``tmp_path_factory``, so pytest removes them
(pytest.ini keeps temporary folders of failed runs only). The in-process plugin is the
``mobility_dp`` that tests/conftest.py registers; ``processing`` comes from QGIS's plugins
folder, which scripts/setup puts on .venv's path.

tests/qgis/conftest.py and tests/spark/conftest.py import the fixtures from here.
"""
import importlib.util
import json
import os
import subprocess

import pytest

from . import ROOT

QGIS_PROCESS = "/usr/bin/qgis_process.bin"


@pytest.fixture(scope="session")
def qgis_plugin_dir(tmp_path_factory):
    """A plugin folder holding ``mobility_dp`` → the checkout, and a temporary QGIS profile,
    both set in the environment (for QgsApplication, qgis_process and child Pythons)."""
    plugins = tmp_path_factory.mktemp("plugins")
    profile = tmp_path_factory.mktemp("profile")
    os.symlink(ROOT, plugins / "mobility_dp")
    saved = {k: os.environ.get(k) for k in ("QGIS_PLUGINPATH", "QGIS_CUSTOM_CONFIG_PATH")}
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ["QGIS_PLUGINPATH"] = str(plugins)
    os.environ["QGIS_CUSTOM_CONFIG_PATH"] = str(profile)
    yield str(plugins)
    for key, value in saved.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


def child_env(plugin_dir, **extra):
    """Environment for a child Python that imports QGIS and ``mobility_dp``."""
    path = os.pathsep.join(p for p in (plugin_dir, os.environ.get("PYTHONPATH")) if p)
    return {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": path, **extra}


@pytest.fixture(scope="session")
def qgis_app(qgis_plugin_dir):
    """A headless QgsApplication with Processing and the Mobility DP provider."""
    if importlib.util.find_spec("processing") is None:
        pytest.fail("QGIS's Processing plugin is not importable: run scripts/setup (it puts "
                    "/usr/share/qgis/python/plugins on .venv's path)")
    from qgis.core import QgsApplication
    app = QgsApplication([], False)
    app.initQgis()
    from processing.core.Processing import Processing
    Processing.initialize()
    import mobility_dp
    plugin = mobility_dp.classFactory(None)
    plugin.initProcessing()
    yield app
    plugin.unload()


@pytest.fixture
def run_alg(qgis_app):
    """processing.run with a fresh context; returns the result dict."""
    import processing
    from qgis.core import QgsProcessingContext, QgsProcessingFeedback

    def run(algorithm_id, parameters):
        context = QgsProcessingContext()
        return processing.run(algorithm_id, parameters, context=context,
                              feedback=QgsProcessingFeedback())
    return run


@pytest.fixture(scope="session")
def qgis_process_enabled(qgis_plugin_dir):
    """qgis_process with the plugin enabled in the temporary profile."""
    out = subprocess.run([QGIS_PROCESS, "plugins", "enable", "mobility_dp"],
                         capture_output=True, text=True, env=os.environ.copy(), timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    return True


@pytest.fixture
def qgis_process(qgis_process_enabled):
    """Run ``qgis_process.bin --json run ALG -- KEY=VALUE ...``.

    Returns (returncode, parsed JSON or None, stdout+stderr text).
    """
    def run(algorithm_id, parameters, timeout=600):
        args = [QGIS_PROCESS, "--json", "run", algorithm_id, "--"]
        args += [f"{k}={v}" for k, v in parameters.items()]
        out = subprocess.run(args, capture_output=True, text=True, env=os.environ.copy(),
                             timeout=timeout)
        try:
            data = json.loads(out.stdout)
        except json.JSONDecodeError:
            data = None
        return out.returncode, data, out.stdout + out.stderr
    return run


@pytest.fixture
def sample_iris_path():
    return os.path.join(ROOT, "sample_data", "paris_iris.geojson")


def read_layer(path, layer_name=None):
    """Features of a GeoPackage (or any OGR) output as a list of attribute dicts + geometry."""
    from qgis.core import QgsVectorLayer
    uri = path if layer_name is None else f"{path}|layername={layer_name}"
    layer = QgsVectorLayer(uri, "out", "ogr")
    assert layer.isValid(), f"cannot open {uri}"
    names = layer.fields().names()
    return layer, [dict(zip(names, f.attributes()), _geometry=f.geometry())
                   for f in layer.getFeatures()]
