"""The size limits of the production code hold (``scripts/code_metrics.py`` prints them):
no module over 300 lines, no function over 60 lines, no line over 120 characters, at most
6 modules at dpcore's root, every releasing algorithm's module at most 120 lines."""
import importlib.util
import os

from ..support import ROOT

_SPEC = importlib.util.spec_from_file_location(
    "code_metrics", os.path.join(ROOT, "scripts", "code_metrics.py"))
metrics = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(metrics)

RELEASING_LINES = 120
DPCORE_ROOT_MODULES = 6


def test_no_module_function_or_line_over_its_limit():
    over = metrics.over_limits(metrics.read_all(metrics.production_files()))
    assert over == {"modules": [], "functions": [], "lines": []}, over


def test_dpcore_root_and_releasing_modules_stay_small():
    files = metrics.production_files()
    root = [p for p in files if p.startswith("dpcore/") and p.count("/") == 1]
    assert len(root) <= DPCORE_ROOT_MODULES, root
    text = metrics.read_all(files)
    for name in metrics.RELEASING:
        (path,) = [p for p in files if p.startswith("algorithms/") and p.endswith(f"/{name}.py")]
        assert len(text[path].splitlines()) <= RELEASING_LINES, path


def test_the_check_finds_a_long_function_a_long_module_and_a_wide_line():
    body = "\n".join(f"    x{i} = {i}" for i in range(metrics.FUNCTION_LINES))
    long_function = f"def f():\n{body}\n"
    wide = "y = '" + "a" * metrics.LINE_CHARS + "'\n"
    long_module = "z = 0\n" * (metrics.MODULE_LINES + 1)
    over = metrics.over_limits({"a.py": long_function, "b.py": wide, "c.py": long_module})
    assert over["functions"] == [(metrics.FUNCTION_LINES + 1, "a.py:f")]
    assert over["lines"] == [(len(wide) - 1, "b.py:1")]
    assert over["modules"] == [(metrics.MODULE_LINES + 1, "c.py")]
