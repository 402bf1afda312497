"""The plugin zip holds the plugin and nothing else; metadata is what QGIS needs."""
import configparser
import os
import subprocess
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_metadata_readable_by_qgis_parser():
    parser = configparser.ConfigParser()  # QGIS uses interpolation: '%' would break it
    parser.read(os.path.join(ROOT, "metadata.txt"), encoding="utf-8")
    general = parser["general"]
    assert general["name"] == "Mobility DP"
    assert general["qgisMinimumVersion"] == "3.22"
    assert general["hasProcessingProvider"] == "yes"
    for word in ("Voronoi", "cover", "density", "geo-indistinguishable", "flow",
                 "Acs", "Chen", "Alvim", "Pratesi"):
        assert word.lower() in general["about"].lower()


def test_package_contents(tmp_path):
    # its own zip: the two core stacks run this test at the same time (make test)
    target = tmp_path / "mobility_dp.zip"
    out = subprocess.run([os.path.join(ROOT, "scripts", "package"), str(target)], cwd=ROOT,
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    names = zipfile.ZipFile(target).namelist()
    assert "mobility_dp/metadata.txt" in names and "mobility_dp/__init__.py" in names
    assert "mobility_dp/dpcore/privacy.py" in names
    assert "mobility_dp/provider/provider.py" in names
    assert "mobility_dp/dependencies.py" in names  # plugin.py imports it first
    assert "mobility_dp/models/towers_to_cover.model3" in names  # the provider registers them
    assert not [n for n in names if n.startswith(("mobility_dp/tests", "mobility_dp/benchmarks",
                                                  "mobility_dp/scripts", "mobility_dp/.venv"))]
