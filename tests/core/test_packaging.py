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
    assert "mobility_dp/dpcore/accounting/contract.py" in names
    assert "mobility_dp/provider/provider.py" in names
    assert "mobility_dp/dependencies.py" in names  # plugin.py imports it first
    assert "mobility_dp/models/towers_to_cover.model3" in names  # the provider registers them
    assert not [n for n in names if n.startswith(("mobility_dp/tests", "mobility_dp/benchmarks",
                                                  "mobility_dp/scripts", "mobility_dp/.venv"))]


def _plugin_package():
    """scripts/plugin_package.py as a module (scripts/ is not a package)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location(
        "plugin_package", os.path.join(ROOT, "scripts", "plugin_package.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_zip_passes_the_repository_upload_rules(tmp_path):
    target = tmp_path / "mobility_dp.zip"
    out = subprocess.run([os.path.join(ROOT, "scripts", "package"), str(target)], cwd=ROOT,
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    pp = _plugin_package()
    assert pp.check_zip(str(target)) == []
    metadata = pp.read_metadata(zipfile.ZipFile(target).read("mobility_dp/metadata.txt")
                                .decode("utf-8"))["general"]
    newest = pp.changelog_entries()[0]
    assert metadata["version"] == newest[0] and newest[0] in metadata["changelog"]
    assert metadata["supportsQt6"] == "True" and metadata["qgisMaximumVersion"].startswith("4.")
    assert "homepage" not in metadata   # no homepage exists: none is claimed


def test_upload_rules_catch_each_defect(tmp_path):
    """Negative controls: a zip breaking one rule at a time is refused, naming the rule."""
    pp = _plugin_package()
    good = {"mobility_dp/__init__.py": "", "mobility_dp/LICENSE": "GPL",
            "mobility_dp/icon.svg": "<svg/>",
            "mobility_dp/metadata.txt": "[general]\nname=x\ndescription=d\nversion=1.0.0\n"
            "qgisMinimumVersion=3.22\nauthor=a\nemail=e@x.org\nabout=a\n"
            "tracker=https://x.org/t\nrepository=https://x.org/r\nicon=icon.svg\nchangelog=c\n"}

    def problems(**change):
        files = {**good, **change}
        path = tmp_path / f"z{len(list(tmp_path.iterdir()))}.zip"
        with zipfile.ZipFile(path, "w") as zf:
            for name, text in files.items():
                if text is not None:
                    zf.writestr(name, text)
        return " | ".join(pp.check_zip(str(path)))

    assert problems() == ""
    assert ".pyc" in problems(**{"mobility_dp/a.pyc": "x"})
    assert "__pycache__" in problems(**{"mobility_dp/__pycache__/a.py": "x"})
    assert "LICENSE missing" in problems(**{"mobility_dp/LICENSE": None})
    assert "one top folder" in problems(**{"other/x.py": ""})
    meta = good["mobility_dp/metadata.txt"]
    assert "no tracker" in problems(**{"mobility_dp/metadata.txt": meta.replace(
        "tracker=https://x.org/t\n", "")})
    assert "major.minor.patch" in problems(**{"mobility_dp/metadata.txt": meta.replace(
        "version=1.0.0", "version=1.0-beta")})
    assert "not a valid URL" in problems(**{"mobility_dp/metadata.txt": meta.replace(
        "https://x.org/r", "repo")})
    assert "icon" in problems(**{"mobility_dp/icon.svg": None})


def test_release_build_refuses_placeholders_and_undated_versions(tmp_path):
    target = str(tmp_path / "release.zip")
    env = {k: v for k, v in os.environ.items() if not k.startswith("MOBILITYDP_")}
    out = subprocess.run([os.path.join(ROOT, "scripts", "package"), "--release", target],
                         cwd=ROOT, capture_output=True, text=True, env=env)
    assert out.returncode != 0 and "placeholder" in out.stderr and not os.path.exists(target)
    env.update(MOBILITYDP_REPOSITORY="https://code.example.org/mobility-dp",
               MOBILITYDP_TRACKER="https://code.example.org/mobility-dp/issues")
    out = subprocess.run([os.path.join(ROOT, "scripts", "package"), "--release", target],
                         cwd=ROOT, capture_output=True, text=True, env=env)
    top = _plugin_package().changelog_entries()[0]
    if top[1] == "unreleased":
        assert out.returncode != 0 and "release date" in out.stderr
    else:
        assert out.returncode == 0, out.stderr
