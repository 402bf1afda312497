"""The plugin's translations: extract every user-visible string, keep the .ts catalogues, compile.

Run with QGIS's Python (``.venv/bin/python``; it loads the algorithms to read their labels):

  scripts/i18n.py update    refresh i18n/mobility_dp_<lang>.ts from the code (translations kept;
                            strings the code no longer has are marked obsolete)
  scripts/i18n.py compile   i18n/*.ts -> i18n/*.qm with Qt's lrelease (Debian: qttools5-dev-tools)
  scripts/i18n.py check     exit 1 if a catalogue lacks a string of the code or its translation,
                            or a tr() call gets text no catalogue can hold (an f-string, a
                            concatenation, x.tr of another context); prints coverage

Why not pylupdate5: the plugin's strings reach ``tr`` as class attributes (names, groups,
help), through parameter factories and as help blocks split at run time, which a scanner of
``tr("…")`` calls does not see. This script takes them where QGIS shows them: every
algorithm's name, group, parameter and output descriptions and option labels, every block of
the help files (``algorithms/help/``, read without QGIS by ``algorithms/common/helptext.py``),
plus every string the plugin's code hands to ``tr`` (a literal, a local name assigned literals,
a conditional of literals), the fixed headings of :mod:`dpcore.reporting.report` (its
``translate("…")`` calls), the report row labels (:mod:`dpcore.reporting.labels`) and the
report section headings (``(heading, html)`` pairs, see
:func:`_report_headings`).
All live in one context, ``MobilityDP`` (the one :func:`algorithms.common.i18n.tr` uses).
"""
from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
I18N = os.path.join(ROOT, "i18n")
CONTEXT = "MobilityDP"
LANGUAGES = {"fr": "fr_FR"}
CODE_DIRS = ("algorithms", "provider", "gui")


def _code_paths() -> list:
    paths = [os.path.join(ROOT, "plugin.py")]
    for folder in CODE_DIRS:
        for base, _dirs, files in os.walk(os.path.join(ROOT, folder)):
            paths += [os.path.join(base, name) for name in sorted(files) if name.endswith(".py")]
    return paths


def _tr_calls(tree):
    """(call, enclosing function or module) of every ``tr(…)`` / ``_tr(…)`` / ``x.tr(…)``."""
    def walk(node, scope):
        for child in ast.iter_child_nodes(node):
            inner = child if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else scope
            if isinstance(child, ast.Call) and child.args and (
                    (isinstance(child.func, ast.Name) and child.func.id in ("tr", "_tr")) or
                    (isinstance(child.func, ast.Attribute) and child.func.attr == "tr")):
                yield child, scope
            yield from walk(child, inner)
    yield from walk(tree, tree)


def _constants(node) -> list:
    """The literal strings an expression can be: a literal, the literal branches of
    ``a if c else b``; None when it holds none (a name, a call, an f-string)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        found = (_constants(node.body) or []) + (_constants(node.orelse) or [])
        return found or None
    return None


def _assigned_strings(scope, name: str):
    """The literal strings a local name is assigned in ``scope`` (None if none)."""
    found = []
    for node in ast.walk(scope):
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == name for t in node.targets):
            found += _constants(node.value) or []
    return found or None


def _scan_tr_calls(paths=None):
    """(strings, problems): every string ``tr`` receives that the code states (literals, a
    local name assigned literals, either branch of a conditional), and every ``tr`` call whose
    text no catalogue can hold: an f-string or concatenation (fill a template with
    ``.format`` instead), or a method ``x.tr`` of another translation context."""
    strings, problems = [], []
    for path in paths or _code_paths():
        with open(path, encoding="utf-8") as fh:
            tree = ast.parse(fh.read())
        where = os.path.relpath(path, ROOT)
        for call, scope in _tr_calls(tree):
            arg = call.args[0]
            line = f"{where}:{call.lineno}"
            if isinstance(call.func, ast.Attribute):
                problems.append(f"{line}: {ast.unparse(call.func)}() translates in another "
                                "context than MobilityDP: use tr()")
                continue
            values = _constants(arg)
            if values is None and isinstance(arg, ast.Name):
                values = _assigned_strings(scope, arg.id)
            if values is not None:
                for value in values:   # "Label|details" (params.dialog_ready): two strings
                    strings += value.split("|", 1)
            elif isinstance(arg, (ast.JoinedStr, ast.BinOp)):
                problems.append(f"{line}: tr() of a built string ({ast.unparse(arg)[:60]}…) "
                                "is never in the catalogue: tr(\"… {name} …\").format(name=…)")
    return strings, problems


def _dpcore_messages() -> list:
    """The templates of dpcore's translatable messages (``Message("…", …)``), the words
    they insert (``word("tower")``), see :mod:`dpcore.reporting.messages`, and the templates
    of its plain English refusals and warnings (:mod:`algorithms.common.core_messages`)."""
    found = []
    for base, _dirs, files in os.walk(os.path.join(ROOT, "dpcore")):
        for name in sorted(f for f in files if f.endswith(".py")):
            with open(os.path.join(base, name), encoding="utf-8") as fh:
                tree = ast.parse(fh.read())
            for node in ast.walk(tree):
                if (isinstance(node, ast.Call) and getattr(node.func, "id", "") in (
                        "Message", "word") and node.args and
                        isinstance(node.args[0], ast.Constant) and
                        isinstance(node.args[0].value, str)):
                    found.append(node.args[0].value)
    return found + list(_load("core_messages").templates(ROOT)[0])


def _literal_tr_strings() -> list:
    """Every string the plugin's code hands to ``tr`` / ``_tr`` as written (see
    :func:`_scan_tr_calls`)."""
    return _scan_tr_calls()[0]


def _report_headings() -> list:
    """Report headings the glue translates: ``translate("…")`` in dpcore/reporting/report.py
    (names of its string constants included), and the literal first items of ``(heading, html)`` pairs
    in ``sections=`` / ``internal_sections=`` arguments, in lists assigned to or appended to a
    name ending in ``sections`` (or ``internal``/``extra``), in what ``*sections`` functions
    return, and the string values of a module-level dict whose items head pairs
    (``(TITLES[name], html)``, the dict defined in the module or imported from a sibling)."""
    found = []

    def pairs(node):
        if _is_pair(node):
            found.append(node.elts[0].value)
        elif (isinstance(node, ast.Tuple) and len(node.elts) == 2
                and isinstance(node.elts[0], ast.Subscript)
                and isinstance(node.elts[0].value, ast.Name)):
            found.extend(_dict_values(path, tree, node.elts[0].value.id))
        elif isinstance(node, (ast.List, ast.Tuple)):
            for elt in node.elts:
                pairs(elt)
        elif isinstance(node, ast.BinOp):
            pairs(node.left)
            pairs(node.right)
        elif isinstance(node, ast.IfExp):
            pairs(node.body)
            pairs(node.orelse)

    def named(target) -> bool:
        name = getattr(target, "id", getattr(target, "attr", ""))
        return name.endswith("sections") or name in ("internal", "extra")

    for folder in ("algorithms", "dpcore"):
        for base, _dirs, files in os.walk(os.path.join(ROOT, folder)):
            for name in sorted(f for f in files if f.endswith(".py")):
                path = os.path.join(base, name)
                with open(path, encoding="utf-8") as fh:
                    tree = ast.parse(fh.read())
                constants = {t.id: n.value.value for n in tree.body if isinstance(n, ast.Assign)
                             and isinstance(n.value, ast.Constant) for t in n.targets
                             if isinstance(t, ast.Name)}
                for node in ast.walk(tree):
                    if isinstance(node, ast.keyword) and node.arg in ("sections",
                                                                      "internal_sections"):
                        pairs(node.value)
                    elif isinstance(node, ast.Assign) and any(map(named, node.targets)):
                        pairs(node.value)
                    elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                            and node.func.attr in ("append", "extend")
                            and named(node.func.value) and node.args):
                        pairs(node.args[0])
                    elif isinstance(node, ast.FunctionDef) and node.name.endswith("sections"):
                        for sub in ast.walk(node):   # what it returns or appends
                            if isinstance(sub, ast.Return) and sub.value is not None:
                                pairs(sub.value)
                            elif isinstance(sub, ast.Call) and sub.args and getattr(
                                    sub.func, "attr", "") in ("append", "extend"):
                                pairs(sub.args[0])
                    elif (path.endswith(os.path.join("dpcore", "reporting", "report.py"))
                            and isinstance(node, ast.Call)
                            and getattr(node.func, "id", "") == "translate" and node.args):
                        arg = node.args[0]
                        if isinstance(arg, ast.Constant):
                            found.append(arg.value)
                        elif isinstance(arg, ast.Name) and arg.id in constants:
                            found.append(constants[arg.id])
    return [s for s in found if isinstance(s, str)]


def _report_labels() -> list:
    """The labels of report rows (``FACT_LABELS`` of dpcore/reporting/labels.py), which the
    report writer translates."""
    path = os.path.join(ROOT, "dpcore", "reporting", "labels.py")
    with open(path, encoding="utf-8") as fh:
        return _dict_values(path, ast.parse(fh.read()), "FACT_LABELS")


def _dict_values(path: str, tree, name: str) -> list:
    """String values of the module-level dict ``name`` of ``tree`` or of the sibling module it
    is imported from (``from .x import name``)."""
    for node in tree.body:
        if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict)
                and any(getattr(t, "id", "") == name for t in node.targets)):
            return [v.value for v in node.value.values
                    if isinstance(v, ast.Constant) and isinstance(v.value, str)]
        if (isinstance(node, ast.ImportFrom) and node.level == 1 and node.module
                and any(a.name == name and a.asname is None for a in node.names)):
            sibling = os.path.join(os.path.dirname(path), *node.module.split(".")) + ".py"
            with open(sibling, encoding="utf-8") as fh:
                return _dict_values(sibling, ast.parse(fh.read()), name)
    return []


def _is_pair(node) -> bool:
    return (isinstance(node, ast.Tuple) and len(node.elts) == 2
        and isinstance(node.elts[0], ast.Constant) and isinstance(node.elts[0].value, str))


def _load(name: str):
    """``algorithms/common/<name>.py`` (a module that needs no QGIS) loaded by its path."""
    import importlib.util
    spec = importlib.util.spec_from_file_location(
        name, os.path.join(ROOT, "algorithms", "common", name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _help_blocks() -> list:
    """Every block of the help files ``algorithms/help/`` (as ``helptext.read`` splits them)."""
    return _load("helptext").all_blocks()


def _plugin_strings() -> list:
    """Names, groups, parameter/output labels and option labels, in QGIS."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from qgis.core import QgsApplication, QgsProcessingParameterEnum
    app = QgsApplication([], False)
    app.initQgis()
    link_dir = tempfile.mkdtemp(prefix="mobilitydp-i18n-")
    try:
        os.symlink(ROOT, os.path.join(link_dir, "mobility_dp"))
        sys.path.insert(0, link_dir)   # a script importing the checkout under the plugin's name
        from mobility_dp.algorithms.common.base import TAGS
        from mobility_dp.algorithms.common.params import CHOICES_KEY, ZERO_KEY, option_details, option_label
        from mobility_dp.provider.provider import ALGORITHMS
        strings = list(TAGS) + _help_blocks()
        for cls in ALGORITHMS:
            alg = cls()
            alg.initAlgorithm({})
            strings += [cls.DISPLAY_NAME, cls.GROUP, *cls.TAGS]
            for p in alg.parameterDefinitions():
                strings += [p.description(), p.help(),  # the label and its tooltip
                            p.metadata().get(ZERO_KEY) or ""]  # what 0 means in the dialog
                if isinstance(p, QgsProcessingParameterEnum) and p.usesStaticStrings():
                    # the values never change (scripts, models); their labels are translated:
                    # the description, and the label and details the dialog shows
                    strings += [t for d in (p.metadata().get(CHOICES_KEY) or {}).values()
                                for t in (d, option_label(d), option_details(d))]
                elif isinstance(p, QgsProcessingParameterEnum):
                    strings += list(p.options())
            strings += [o.description() for o in alg.outputDefinitions()]
        return strings
    finally:
        shutil.rmtree(link_dir, ignore_errors=True)
        app.exitQgis()


def source_strings() -> list:
    """The catalogue's source strings, unique, in a stable order."""
    seen, out = set(), []
    for s in (_plugin_strings() + _literal_tr_strings() + _report_headings() +
            _report_labels() + _dpcore_messages()):
        if s and s.strip() and s not in seen:
            seen.add(s)
            out.append(s)
    return out


def ts_path(lang: str) -> str:
    return os.path.join(I18N, f"mobility_dp_{lang}.ts")


def read_ts(path: str) -> dict:
    """source -> translation ('' when unfinished) of a catalogue (obsolete entries included)."""
    if not os.path.exists(path):
        return {}
    out = {}
    for message in ET.parse(path).getroot().iter("message"):
        translation = message.find("translation")
        out[message.findtext("source")] = ("" if translation is None or
            translation.get("type") == "unfinished" else (translation.text or ""))
    return out


def write_ts(path: str, lang: str, sources: list, known: dict) -> None:
    ts = ET.Element("TS", version="2.1", language=LANGUAGES[lang], sourcelanguage="en")
    context = ET.SubElement(ts, "context")
    ET.SubElement(context, "name").text = CONTEXT
    current = set(sources)   # obsolete entries are kept only when they carry a translation
    entries = ([(s, False) for s in sources] +
        [(s, True) for s in known if s not in current and known[s]])
    for source, obsolete in entries:
        message = ET.SubElement(context, "message")
        ET.SubElement(message, "source").text = source
        translation = ET.SubElement(message, "translation")
        text = known.get(source, "")
        if obsolete:
            translation.set("type", "obsolete")
        elif not text:
            translation.set("type", "unfinished")
        translation.text = text
    ET.indent(ts)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n')
        fh.write(ET.tostring(ts, encoding="unicode") + "\n")


def compile_all(out_dir: str = I18N) -> list:
    lrelease = shutil.which("lrelease") or shutil.which("lrelease-qt5")
    if lrelease is None:
        raise SystemExit("lrelease not found: install Debian's qttools5-dev-tools (scripts/setup)")
    made = []
    os.makedirs(out_dir, exist_ok=True)
    for lang in LANGUAGES:
        qm = os.path.join(out_dir, f"mobility_dp_{lang}.qm")
        run = subprocess.run([lrelease, "-silent", ts_path(lang), "-qm", qm],
                             capture_output=True, text=True)
        if run.returncode != 0:
            raise SystemExit(run.stdout + run.stderr)
        made.append(qm)
    return made


def main(argv) -> int:
    command = argv[1] if len(argv) > 1 else ""
    if command == "compile":
        for qm in compile_all(argv[2] if len(argv) > 2 else I18N):
            print(qm)
        return 0
    if command not in ("update", "check"):
        print(__doc__, file=sys.stderr)
        return 2
    sources = source_strings()
    status = 0
    problems = _scan_tr_calls()[1]
    for problem in problems:
        print(f"untranslatable: {problem}")
    if problems and command == "check":
        status = 1
    for lang in LANGUAGES:
        known = read_ts(ts_path(lang))
        missing = [s for s in sources if s not in known]
        done = sum(1 for s in sources if known.get(s))
        print(f"{lang}: {done} of {len(sources)} strings translated, {len(missing)} not in the catalogue")
        if command == "update":
            write_ts(ts_path(lang), lang, sources, known)
        else:
            untranslated = [s for s in sources if s in known and not known[s]]
            status = 1 if missing or untranslated else status
            for s in missing[:20]:
                print(f"  missing: {s[:100]!r}")
            for s in untranslated[:20]:
                print(f"  untranslated: {s[:100]!r}")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))
