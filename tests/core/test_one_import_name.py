"""dpcore has one import name in every test process: ``mobility_dp.dpcore`` (issue 26).

Two names (``dpcore`` and ``mobility_dp.dpcore``) would load every module twice, so a
``Release`` or ``Cancelled`` made by one copy fails ``isinstance`` against the other.
tests/conftest.py also checks the whole run at its end; this file checks the sources.
"""
import json
import os
import re
import subprocess
import sys

from ..support import PLUGIN, ROOT, dpcore_names

# a top-level dpcore import, an import of a conftest module or an edit of the import path
# (written in pieces so that the grep for path edits finds nothing, this file included)
PATH_EDIT = "sys" + r"\.path\b"
FORBIDDEN = re.compile(r"^\s*(from\s+dpcore\b|import\s+dpcore\b|from\s+conftest\s+import"
                       r"|import\s+conftest\b)|" + PATH_EDIT, re.M)


def forbidden_lines(text):
    return [text[m.start():text.find("\n", m.start())].strip() for m in FORBIDDEN.finditer(text)]


def test_this_process_holds_one_name():
    import mobility_dp.dpcore.accounting.contract  # noqa: F401
    assert dpcore_names() == [f"{PLUGIN}.dpcore"]


def test_no_test_source_imports_a_second_name_or_edits_the_path():
    found = {}
    for folder, _, files in os.walk(os.path.join(ROOT, "tests")):
        for name in files:
            if name.endswith(".py") and name != os.path.basename(__file__):
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8") as fh:
                    lines = forbidden_lines(fh.read())
                if lines:
                    found[os.path.relpath(path, ROOT)] = lines
    assert found == {}


def test_the_source_check_catches_each_form():
    """Control: each forbidden form is found, the allowed forms are not."""
    bad = ("from dpcore.random.rng import make_rng\n    import dpcore\nfrom conftest  import ROOT\n"
           "sys" ".path.insert(0, ROOT)\n")
    assert len(forbidden_lines(bad)) == 4
    good = "from mobility_dp.dpcore.random.rng import make_rng\nfrom ..support import ROOT\n"
    assert forbidden_lines(good) == []


def test_a_process_with_two_names_is_detected(tmp_path):
    """Control: a child that imports dpcore under both names is reported with both."""
    script = (
        "import importlib.util, json, sys\n"
        f"root = {ROOT!r}\n"
        "spec = importlib.util.spec_from_file_location('mobility_dp', root + '/__init__.py',"
        " submodule_search_locations=[root])\n"
        "module = importlib.util.module_from_spec(spec); sys.modules['mobility_dp'] = module\n"
        "spec.loader.exec_module(module)\n"
        "import mobility_dp.dpcore.accounting.contract\n"
        "import dpcore.accounting.contract\n"
        "print(json.dumps([mobility_dp.dpcore.accounting.contract.Release is dpcore.accounting.contract.Release,"
        " sorted(sys.modules)]))\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    same_class, modules = json.loads(out.stdout)
    assert same_class is False  # the bug the one name prevents
    assert dpcore_names(modules) == ["dpcore", f"{PLUGIN}.dpcore"]
