"""QGIS tier: the plugin loaded in a real QGIS, run by processing.run and qgis_process.

The checkout is symlinked as ``mobility_dp`` under a temporary plugin
directory; QGIS uses a temporary profile (QGIS_CUSTOM_CONFIG_PATH), so the
developer's own QGIS settings are never touched.
"""
import json
import os
import subprocess
import sys
import tempfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
QGIS_PROCESS = "/usr/bin/qgis_process.bin"
PROCESSING_PLUGINS = "/usr/share/qgis/python/plugins"

_PLUGIN_DIR = tempfile.mkdtemp(prefix="mobilitydp-plugins-")
_CONFIG_DIR = tempfile.mkdtemp(prefix="mobilitydp-profile-")
os.symlink(ROOT, os.path.join(_PLUGIN_DIR, "mobility_dp"))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["QGIS_PLUGINPATH"] = _PLUGIN_DIR
os.environ["QGIS_CUSTOM_CONFIG_PATH"] = _CONFIG_DIR
for path in (_PLUGIN_DIR, PROCESSING_PLUGINS):
    if path not in sys.path:
        sys.path.insert(0, path)


@pytest.fixture(scope="session")
def qgis_app():
    """A headless QgsApplication with Processing and the Mobility DP provider."""
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
def qgis_process_enabled():
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


def read_layer(path, layer_name=None):
    """Features of a GeoPackage (or any OGR) output as a list of attribute dicts + geometry."""
    from qgis.core import QgsVectorLayer
    uri = path if layer_name is None else f"{path}|layername={layer_name}"
    layer = QgsVectorLayer(uri, "out", "ogr")
    assert layer.isValid(), f"cannot open {uri}"
    names = layer.fields().names()
    return layer, [dict(zip(names, f.attributes()), _geometry=f.geometry())
                   for f in layer.getFeatures()]


@pytest.fixture
def sample_iris_path():
    return os.path.join(ROOT, "sample_data", "paris_iris.geojson")
