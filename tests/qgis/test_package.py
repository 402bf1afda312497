"""The plugin zip, installed as QGIS's plugin manager would, loads and lists every algorithm and
the shipped models through qgis_process (catches files missing from the package)."""
import os
import subprocess
import tempfile
import zipfile

from ..support.qgis import QGIS_PROCESS, ROOT


def test_installed_zip_loads_with_its_models(qgis_app, tmp_path):
    target = tmp_path / "mobility_dp.zip"
    out = subprocess.run([os.path.join(ROOT, "scripts", "package"), str(target)], cwd=ROOT,
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    plugins = tmp_path / "plugins"
    zipfile.ZipFile(target).extractall(plugins)
    env = {**os.environ, "QGIS_PLUGINPATH": str(plugins),
           "QGIS_CUSTOM_CONFIG_PATH": tempfile.mkdtemp(dir=tmp_path)}
    enable = subprocess.run([QGIS_PROCESS, "plugins", "enable", "mobility_dp"], env=env,
                            capture_output=True, text=True, timeout=300)
    assert enable.returncode == 0, enable.stdout + enable.stderr
    listed = subprocess.run([QGIS_PROCESS, "list"], env=env, capture_output=True, text=True,
                            timeout=300)
    assert "Traceback" not in listed.stderr, listed.stderr
    for algorithm_id in ("mobilitydp:noisycounts", "mobilitydp:sanitizedensity",
                         "mobilitydp:Towers to minimum cover",
                         "mobilitydp:Trajectories to flow measures"):
        assert algorithm_id in listed.stdout, algorithm_id
