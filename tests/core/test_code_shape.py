"""The shape of the production code that ruff does not check: no backslash line continuation
(a reader following calls stops at them), and no dead definition (a function, class or method
that nothing outside the tests refers to)."""
import ast
import io
import os
import tokenize

from ..support import ROOT

PACKAGES = ("algorithms", "dpcore", "gui", "provider")
# Python scripts without a .py suffix
SCRIPTS = ("scripts/make-models",)
# Callers that are not production code but run from the repository (make bench): a function
# only they call is not dead (it may belong in a benchmark's own module, which is a move).
CALLERS = ("benchmarks",)

# Entry points called by name from outside the Python code, one reason each.
ENTRY_POINTS = {
    "classFactory": "QGIS loads the plugin by calling the package's classFactory(iface)",
    "initGui": "QGIS calls the plugin object's initGui() once the interface is ready",
    # not an entry point: the ledger's public query of a population's spending, beside
    # Ledger.spent; only the populations' tests call it so far
    "population_spent": "the ledger's public reading API",
}


def production_files(tops=PACKAGES + ("scripts",)) -> list:
    """Every production .py file (the packages, the plugin's root modules and, by default, the
    scripts), relative to the repository root."""
    paths = [name for name in os.listdir(ROOT) if name.endswith(".py")]
    for top in tops:
        for folder, dirs, files in os.walk(os.path.join(ROOT, top)):
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            paths += [os.path.relpath(os.path.join(folder, f), ROOT) for f in files if f.endswith(".py")]
    return sorted(paths)


def read(path) -> str:
    with open(os.path.join(ROOT, path), encoding="utf-8") as fh:
        return fh.read()


# ------------------------------------------------------------------ backslash continuations
def backslash_continuations(source) -> list:
    """The line numbers ending with a backslash that continues the line (one outside a string
    or comment: a line of a triple-quoted string may end with a backslash)."""
    lines = source.splitlines()
    inside = set()  # lines whose end lies inside a token (a multi-line string)
    comments = set()
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        inside.update(range(tok.start[0], tok.end[0]))
        if tok.type == tokenize.COMMENT:
            comments.add(tok.start[0])
    return [k for k, line in enumerate(lines, 1)
            if line.endswith("\\") and k not in inside and k not in comments]


def test_no_backslash_continuation_in_production_code():
    found = {p: backslash_continuations(read(p)) for p in production_files() + list(SCRIPTS)}
    assert len(found) > 150                         # the code is there and is read
    assert {p: lines for p, lines in found.items() if lines} == {}


def test_the_check_finds_a_backslash_continuation():
    """Control: a continued line is found; a backslash in a string or a comment is not."""
    source = ('x = 1 + \\\n    2\ns = """a \\\nb"""\n# a comment \\\ny = (1 +\n     2)\n')
    assert backslash_continuations(source) == [1]


# ------------------------------------------------------------------ dead definitions
def _definitions(tree):
    """(name, kind, line, external base?) of the module's functions and classes and of the methods
    of its classes."""
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node.name, "function", node.lineno, None
        elif isinstance(node, ast.ClassDef):
            yield node.name, "class", node.lineno, None
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    yield item.name, "method", item.lineno, node


def _references(tree) -> set:
    """The names a module uses: names read, attributes, and the identifiers of strings (getattr,
    a widget wrapper's dotted class path). Imports and ``__all__`` lists are not uses."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Attribute):
            names.add(node.attr)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and not _in_all(tree, node):
            names.update(part for part in node.value.split(".") if part.isidentifier())
    return names


def _in_all(tree, constant) -> bool:
    for node in tree.body:
        if (isinstance(node, (ast.Assign, ast.AugAssign)) and any(
                isinstance(t, ast.Name) and t.id == "__all__"
                for t in (node.targets if isinstance(node, ast.Assign) else [node.target]))
                and constant in ast.walk(node.value)):
            return True
    return False


def _overrides(cls, local_classes, seen=()) -> bool:
    """Whether ``cls`` derives, directly or through classes of the code (``local_classes``: name
    -> class), from a class defined outside it (Qt, QGIS), whose methods that code calls by name."""
    for base in cls.bases:
        name = base.attr if isinstance(base, ast.Attribute) else getattr(base, "id", "")
        if name in ("object", "") or name in seen:
            continue
        if name not in local_classes or _overrides(local_classes[name], local_classes, seen + (name,)):
            return True
    return False


def dead_definitions(sources, callers=None, entry_points=ENTRY_POINTS) -> list:
    """``path:line name`` of every definition in ``sources`` ({path: text}) that no source and
    no caller (``callers``, {path: text}: code whose own definitions are not listed) refers to by
    name. A method of a class deriving from an outside class counts as used
    when it is a dunder or a Qt/QGIS-style name without an underscore (``processAlgorithm``,
    ``name``, ``icon``): the base class calls it."""
    trees = {path: ast.parse(text) for path, text in sources.items()}
    used = set().union(*(_references(t) for t in trees.values()),
                       *(_references(ast.parse(text)) for text in (callers or {}).values()))
    local_classes = {n.name: n for t in trees.values() for n in ast.walk(t) if isinstance(n, ast.ClassDef)}
    dead = []
    for path, tree in trees.items():
        for name, kind, line, cls in _definitions(tree):
            if name in used or name in entry_points:
                continue
            if kind == "method" and (name.startswith("__") and name.endswith("__")):
                continue
            if kind == "method" and "_" not in name and _overrides(cls, local_classes):
                continue
            dead.append(f"{path}:{line} {name}")
    return dead


def test_every_definition_has_a_caller_outside_the_tests():
    sources = {p: read(p) for p in production_files() + list(SCRIPTS)}
    callers = {p: read(p) for p in production_files(CALLERS) if p.startswith(CALLERS)}
    assert len(sources) > 150 and len(callers) > 10
    assert dead_definitions(sources, callers) == []


def test_the_check_finds_an_uncalled_function():
    """Control: an uncalled function and an uncalled method are dead; a called one, a QGIS
    override, a dunder, a getattr target and an entry point are not."""
    sources = {
        "a.py": ("from qgis.core import QgsProcessingAlgorithm\n"
                 "def used():\n    return 1\n"
                 "def unused():\n    return used()\n"
                 "def by_name():\n    return 2\n"
                 "def classFactory(iface):\n    return Alg()\n"
                 "__all__ = ['unused']\n"
                 "class Alg(QgsProcessingAlgorithm):\n"
                 "    def processAlgorithm(self, parameters, context, feedback):\n        return {}\n"
                 "    def __repr__(self):\n        return 'Alg'\n"
                 "    def _helper(self):\n        return 3\n"),
        "b.py": "from a import used\nprint(getattr(__import__('a'), 'by_name')())\n",
    }
    assert dead_definitions(sources) == ["a.py:4 unused", "a.py:16 _helper"]
