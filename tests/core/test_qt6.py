"""QGIS 4 (Qt6) readiness, checked statically: QGIS's own migration script changes nothing, no
attribute of a Qt class is missing in PyQt6, no Qt5-only API; flake8-qgis's stable rules pass.

No QGIS 4 build runs here: this covers the Qt side and the rules flake8-qgis knows, not QGIS 4's
own Python API (see the README's "Supported QGIS versions").
"""
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOOLS = os.path.join(ROOT, ".venv-tools", "bin")
CHECK = os.path.join(ROOT, "scripts", "check_qt6.py")
PLUGIN_CODE = ["algorithms", "provider", "dpcore", "plugin.py", "dependencies.py", "__init__.py"]


def _check(root):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run([os.path.join(TOOLS, "python"), CHECK, str(root)], capture_output=True,
                          text=True, env=env, timeout=600)


def test_tree_is_qt6_ready():
    run = _check(ROOT)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "migration script (pyqt5to6) would change: 0" in run.stdout


def test_check_catches_qt5_only_code(tmp_path):
    """Negative control: each check fires on code that would fail on Qt6."""
    (tmp_path / "algorithms").mkdir()
    (tmp_path / "algorithms" / "bad.py").write_text(
        "from qgis.PyQt.QtCore import QDateTime, Qt, QVariant\n"
        "a = QDateTime.fromSecsSinceEpoch(0, Qt.UTC)\n"          # the migration script scopes it
        "b = a.toString(Qt.ISODate)\n"                            # only introspection sees it
        "c = QVariant.Double\n"                                   # a Qt5-only field type
        "d = dialog.exec_()\n", encoding="utf-8")
    run = _check(tmp_path)
    assert run.returncode == 1
    assert "Qt.UTC)  ->" in run.stdout and "Qt.TimeSpec.UTC)" in run.stdout
    assert "Qt.ISODate does not exist in PyQt6" in run.stdout
    assert "QVariant field types are gone" in run.stdout and "exec_() is gone" in run.stdout


def test_flake8_qgis_stable_rules():
    """flake8-qgis's stable rules (QGS1xx imports, QGS3xx/4xx API); its QGS2xx rules are marked
    experimental and flag every addParameter() call, so they are not run. Two accepted cases:
    plugin.py takes ``iface`` (QGIS's classFactory contract), field_types.py names the Qt5 types
    on purpose (QGIS 3.22 needs them)."""
    run = subprocess.run([os.path.join(TOOLS, "flake8"), "--select=QGS1,QGS3,QGS4",
                          "--per-file-ignores=plugin.py:QGS105 "
                          "algorithms/common/field_types.py:QGS402", *PLUGIN_CODE],
                         cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
