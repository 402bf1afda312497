"""Qt6 (QGIS 4) readiness of the plugin's Python code, checked statically on a Qt5 machine.

Run with the tools venv made by scripts/setup (PyQt6, tokenize-rt, qgis-pyqt5to6):
``.venv-tools/bin/python scripts/check_qt6.py [ROOT]``. Three checks, each printing what it found:

1. QGIS's own migration script (``pyqt5to6`` from the ``qgis-pyqt5to6`` package) run on a
   temporary copy of the tree must change nothing.
2. Every ``Name.attr`` where ``Name`` is a class imported from ``qgis.PyQt``/``PyQt5`` must exist
   on the PyQt6 class of the same name (catches unscoped enums, e.g. the ISO date format, that the
   script's partial mode misses, and API removed in Qt6).
3. No Qt5-only API by name (``exec_``, ``QRegExp``, ``QDesktopWidget``, ``QVariant.<type>``
   field types, direct ``PyQt5`` imports).

What this cannot check: QGIS 4's own Python API (no QGIS 4 build runs here), and attributes
reached through instances rather than class names.
"""
from __future__ import annotations

import ast
import importlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tokenize

PLUGIN_DIRS = ("algorithms", "provider", "dpcore")
PLUGIN_FILES = ("__init__.py", "plugin.py", "dependencies.py")
FORBIDDEN = [(re.compile(p), why) for p, why in (
    (r"\.exec_\(", "exec_() is gone in Qt6: use exec()"),
    (r"\bQRegExp\b", "QRegExp is gone in Qt6: use QRegularExpression"),
    (r"\bQDesktopWidget\b", "QDesktopWidget is gone in Qt6: use QScreen"),
    (r"\bQVariant\.(Bool|Int|UInt|LongLong|ULongLong|Double|String|Date|Time|DateTime)\b",
     "QVariant field types are gone in PyQt6: use algorithms.common.field_types.FieldType"),
    (r"^\s*(from|import) PyQt5\b", "import Qt through qgis.PyQt, not PyQt5"),
)]


def python_files(root: str, with_tests: bool = True):
    """The plugin's own Python files (and its tests), relative to ``root``."""
    out = [f for f in PLUGIN_FILES if os.path.exists(os.path.join(root, f))]
    for folder in PLUGIN_DIRS + (("tests",) if with_tests else ()):
        for base, dirs, files in os.walk(os.path.join(root, folder)):
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            out += [os.path.relpath(os.path.join(base, f), root) for f in files if f.endswith(".py")]
    return sorted(out)


def migration_script_changes(root: str, files) -> list:
    """Files the official migration script would change (run on a temporary copy)."""
    script = shutil.which("pyqt5to6", path=os.path.dirname(sys.executable))
    if script is None:
        raise SystemExit("pyqt5to6 (PyPI package qgis-pyqt5to6) is not installed: run scripts/setup")
    with tempfile.TemporaryDirectory() as tmp:
        for f in files:
            os.makedirs(os.path.dirname(os.path.join(tmp, f)) or tmp, exist_ok=True)
            shutil.copy2(os.path.join(root, f), os.path.join(tmp, f))
        run = subprocess.run([script, tmp], capture_output=True, text=True,
                             env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
        if "Traceback" in run.stderr:   # its exit code is 1 when it changed a file
            raise SystemExit(f"pyqt5to6 failed:\n{run.stdout}\n{run.stderr}")
        changed = []
        for f in files:
            with open(os.path.join(root, f), encoding="utf-8") as a, (
                    open(os.path.join(tmp, f), encoding="utf-8")) as b:
                old, new = a.read().splitlines(), b.read().splitlines()
            changed += [f"{f}:{i + 1}: {x.strip()}  ->  {y.strip()}"
                        for i, (x, y) in enumerate(zip(old, new)) if x != y]
        return changed


def _qt_names(tree: ast.AST) -> dict:
    """Names imported from qgis.PyQt.<module> or PyQt5.<module>: name -> PyQt6 module name."""
    names = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            parts = node.module.split(".")
            if parts[:2] == ["qgis", "PyQt"] and len(parts) == 3 or parts[0] == "PyQt5" and len(parts) == 2:
                for alias in node.names:
                    names[alias.asname or alias.name] = (parts[-1], alias.name)
    return names


def missing_in_pyqt6(root: str, files) -> list:
    """``Class.attr`` uses whose attribute the PyQt6 class does not have."""
    found = []
    for f in files:
        if f.endswith("field_types.py"):
            continue   # the compatibility helper names the Qt5 types on purpose
        with open(os.path.join(root, f), encoding="utf-8") as fh:
            tree = ast.parse(fh.read(), f)
        names = _qt_names(tree)
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id in names):
                module, cls_name = names[node.value.id]
                try:
                    cls = getattr(importlib.import_module(f"PyQt6.{module}"), cls_name)
                except (ImportError, AttributeError):
                    found.append(f"{f}:{node.lineno}: {module}.{cls_name} does not exist in PyQt6")
                    continue
                if not hasattr(cls, node.attr):
                    found.append(f"{f}:{node.lineno}: {cls_name}.{node.attr} does not exist in "
                                 "PyQt6 (scope the enum, e.g. Qt.TimeSpec.UTC)")
    return found


def _code_lines(path: str) -> dict:
    """Line number -> the line's code with strings and comments removed."""
    lines: dict = {}
    with open(path, "rb") as fh:
        for tok in tokenize.tokenize(fh.readline):
            if tok.type in (tokenize.STRING, tokenize.COMMENT, tokenize.ENCODING):
                continue
            for number in range(tok.start[0], tok.end[0] + 1):
                lines.setdefault(number, [])
            lines[tok.start[0]].append(tok.string)
    return {n: " ".join(parts).replace(" . ", ".").replace(" (", "(") for n, parts in lines.items()}


def forbidden_api(root: str, files) -> list:
    found = []
    for f in files:
        if f.endswith("field_types.py"):
            continue   # the compatibility helper names the Qt5 types on purpose
        for number, code in sorted(_code_lines(os.path.join(root, f)).items()):
            found += [f"{f}:{number}: {why}" for pattern, why in FORBIDDEN if pattern.search(code)]
    return found


def main(argv) -> int:
    root = os.path.abspath(argv[1] if len(argv) > 1 else os.path.join(os.path.dirname(__file__), ".."))
    files = python_files(root)
    report = [("migration script (pyqt5to6) would change", migration_script_changes(root, files)),
              ("attributes missing in PyQt6", missing_in_pyqt6(root, files)),
              ("Qt5-only API", forbidden_api(root, files))]
    for title, items in report:
        print(f"{title}: {len(items)}")
        for item in items:
            print(f"  {item}")
    return 1 if any(items for _, items in report) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
