"""dpcore's refusals and warnings in the user's language, without dpcore knowing of translation.

dpcore raises and warns in plain English (``ValueError(f"… {n} …")``). :func:`templates` reads
dpcore's source (no import, no QGIS) and turns every message it builds for a person into a
template with named placeholders: the text of an exception it constructs (``…Error(…)``,
``BudgetExceeded(…)``, a local name assigned such text included) and of a warning (text appended
to, assigned to or returned as a ``warning``/``notes``/``coverage`` value) and the words
passed to fill one (``where="the study area"``). ``scripts/i18n.py``
puts the templates in the catalogue; :class:`Matcher` recognises an English message as one of
them and gives the values it captured, so the glue (``i18n.shown``) shows the translated
template filled with those values. A message no template matches stays as written. The glue's
own refusals and log lines written as plain English (``raise ValueError(f"…")``,
``feedback.pushWarning(f"…")``) are read the same way (:data:`FOLDERS`); new glue text should
still go through ``tr``.

Templates whose fixed text has fewer than :data:`MIN_LETTERS` letters (``"{root}: {detail}"``)
are left out: they would match almost anything. Where two templates match one message the one
with the most fixed text wins (:meth:`Matcher.match`); ``tests/core/test_core_messages.py``
measures how often that happens.
"""
from __future__ import annotations

import ast
import os
import re
import string
from functools import lru_cache

MIN_LETTERS = 5
#: Longer text is no message of dpcore's (a log line of data, a report): never matched.
MAX_LENGTH = 4000
_EXCEPTION = re.compile(r"(Error|Exception|Exceeded|Missing|Unwritable|Ambiguous|Identity)$")
_WARNING = re.compile(r"warning|notes|coverage|leaks")
_FIELD = re.compile(r"\W+")
_LOG = ("pushWarning", "pushInfo", "reportError")
_WORDS = ("where", "what", "noun")
#: Where the templates are read: dpcore, and the glue's own refusals and log lines written
#: as plain English (they pass through ``i18n.shown`` too).
FOLDERS = ("dpcore", "algorithms")


def _name(expr, used: dict) -> str:
    """The placeholder of a formatted expression: its name (``n``, ``self.path`` -> ``path``),
    else its text made an identifier; the same expression keeps its name within a template."""
    text = ast.unparse(expr)
    if text in used:
        return used[text]
    if isinstance(expr, ast.Name):
        base = expr.id
    elif isinstance(expr, ast.Attribute):
        base = expr.attr
    else:
        base = _FIELD.sub("_", text).strip("_")[:24] or "value"
    base = base if base[0].isalpha() else "v_" + base
    name, k = base, 2
    while name in used.values():
        name, k = f"{base}{k}", k + 1
    used[text] = name
    return name


def _escape(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


def _format_template(text: str, used: dict) -> str:
    """``"… {} … {0:.2f} … {n}".format(…)`` as a template of named fields."""
    out = []
    for k, (literal, field, _spec, _conv) in enumerate(string.Formatter().parse(text)):
        out.append(_escape(literal))
        if field is not None:
            name = field if field.isidentifier() else f"value{k + 1}"
            used.setdefault(field or str(k), name)
            out.append("{" + name + "}")
    return "".join(out)


def _texts(expr, used: dict, names: dict) -> list:
    """The templates an expression can produce ([] when it holds no fixed text)."""
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        return [_escape(expr.value)]
    if isinstance(expr, ast.JoinedStr):
        parts = []
        for value in expr.values:
            if isinstance(value, ast.Constant):
                parts.append(_escape(value.value))
            else:
                parts.append("{" + _name(value.value, used) + "}")
        return ["".join(parts)]
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Add):
        left = _texts(expr.left, used, names) or ["{" + _name(expr.left, used) + "}"]
        right = _texts(expr.right, used, names) or ["{" + _name(expr.right, used) + "}"]
        return [a + b for a in left for b in right]
    if (isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute)
            and expr.func.attr == "format" and isinstance(expr.func.value, ast.Constant)
            and isinstance(expr.func.value.value, str)):
        return [_format_template(expr.func.value.value, used)]
    if isinstance(expr, ast.IfExp):
        return _texts(expr.body, used, names) + _texts(expr.orelse, used, names)
    if isinstance(expr, (ast.List, ast.Tuple)):
        return [t for e in expr.elts for t in _texts(e, used, names)]
    if isinstance(expr, ast.Name) and expr.id in names:
        return [t for e in names[expr.id] for t in _texts(e, used, {})]
    return []


def _assigned(function) -> dict:
    """name -> the expressions a function assigns it (``msg = f"…"; raise ValueError(msg)``)."""
    found = {}
    for node in ast.walk(function):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    found.setdefault(target.id, []).append(node.value)
    return found


def word_positions(tree) -> dict:
    """function name -> {position: parameter} of the parameters of its functions that take a
    word a message inserts (``check_unique_ids(ids, what)``: {1: "what"})."""
    found = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            names = [a.arg for a in node.args.posonlyargs + node.args.args]
            words = {k: n for k, n in enumerate(names) if n in _WORDS}
            if words:
                found[node.name] = words
    return found


def _message_exprs(tree, positions: dict):
    """(expression, enclosing function) of every text dpcore builds for a person (what a
    module function returns included, when an exception is made of its result; the words
    passed to a parameter of :func:`word_positions`)."""
    functions = {f.name: f for f in tree.body if isinstance(f, ast.FunctionDef)}

    def walk(node, function):
        for child in ast.iter_child_nodes(node):
            scope = child if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else function
            if isinstance(child, ast.Call) and child.args:
                callee = getattr(child.func, "id", getattr(child.func, "attr", ""))
                target = ast.unparse(child.func.value) if isinstance(child.func, ast.Attribute) else ""
                for k, arg in enumerate(child.args):
                    if k in positions.get(callee, {}):
                        yield arg, scope     # a word passed by position: (ids, f"… '{f}'")
                if _EXCEPTION.search(callee) or callee in _LOG or (
                        callee in ("append", "extend") and _WARNING.search(target)):
                    yield child.args[0], scope
                    helper = functions.get(getattr(child.args[0], "func", None) and
                                           getattr(child.args[0].func, "id", ""))
                    if _EXCEPTION.search(callee) and helper is not None:
                        yield from ((r.value, helper) for r in ast.walk(helper)
                                    if isinstance(r, ast.Return) and r.value is not None)
            elif isinstance(child, ast.Assign) and any(
                    _WARNING.search(ast.unparse(t)) or ast.unparse(t) in _WORDS
                    for t in child.targets):
                yield child.value, scope
            elif (isinstance(child, ast.Return) and child.value is not None and scope is not None
                    and _WARNING.search(scope.name)):
                yield child.value, scope
            elif isinstance(child, ast.keyword) and child.arg in _WORDS:
                yield child.value, scope     # a word a message inserts: where="the grid"
            elif isinstance(child, ast.Dict):
                for key, value in zip(child.keys, child.values):
                    if isinstance(key, ast.Constant) and _WARNING.search(str(key.value)):
                        yield value, scope
            yield from walk(child, scope)
    yield from walk(tree, None)


def letters(template: str) -> int:
    """How many letters a template fixes (outside its placeholders)."""
    return sum(c.isalpha() for literal, *_ in string.Formatter().parse(template) for c in literal)


def module_templates(tree, positions: dict) -> list:
    """The templates of one module, in order of appearance (duplicates kept); ``positions``
    from :func:`word_positions` of every module read."""
    aliases = {a.asname: positions[a.name] for node in tree.body if isinstance(node, ast.ImportFrom)
               for a in node.names if a.asname and a.name in positions}
    found = []
    for expr, function in _message_exprs(tree, {**positions, **aliases}):
        names = _assigned(function) if function is not None else {}
        found += _texts(expr, {}, names)
    return found


@lru_cache(maxsize=4)
def templates(root: str) -> tuple:
    """(kept, generic): dpcore's message templates under ``root`` (the plugin's folder), unique,
    in a stable order; ``generic`` those left out for fixing too few letters."""
    trees = []
    for base, _dirs, files in sorted(w for folder in FOLDERS
                                     for w in os.walk(os.path.join(root, folder))):
        for name in sorted(f for f in files if f.endswith(".py")):
            with open(os.path.join(base, name), encoding="utf-8") as fh:
                trees.append(ast.parse(fh.read()))
    positions = {k: v for tree in trees for k, v in word_positions(tree).items()}
    seen, kept, generic = set(), [], []
    for template in (t for tree in trees for t in module_templates(tree, positions)):
        if template.strip() and "://" not in template and template not in seen:  # no URI
            seen.add(template)
            (kept if letters(template) >= MIN_LETTERS else generic).append(template)
    return tuple(kept), tuple(generic)


def pattern(template: str) -> re.Pattern:
    """The regular expression of the messages a template makes (a placeholder: any text, empty
    included: a plural ending)."""
    out, named = [], set()
    for literal, field, _spec, _conv in string.Formatter().parse(template):
        out.append(re.escape(literal))
        if field is not None:
            out.append(f"(?P={field})" if field in named else f"(?P<{field}>.*?)")
            named.add(field)
    return re.compile(r"\A" + "".join(out) + r"\Z", re.DOTALL)


class Matcher:
    """Recognises English messages as templates (see the module docstring)."""

    def __init__(self, template_list):
        self.entries = sorted(((letters(t), t, pattern(t), _literals(t)) for t in template_list),
                              key=lambda e: -e[0])

    def candidates(self, message: str):
        """(template, values) of every template that makes ``message``, most fixed text
        first; a template is tried only when its fixed pieces all occur in ``message``
        (a cheap test first: the expression of a template with several placeholders can take
        long to fail on a long line)."""
        if len(message) > MAX_LENGTH:
            return
        for _n, template, compiled, literals in self.entries:
            if all(piece in message for piece in literals):
                found = compiled.match(message)
                if found:
                    yield template, found.groupdict()

    def match(self, message: str):
        """(template, values) of the template with the most fixed text that makes
        ``message``, or None."""
        return next(self.candidates(message), None)


def _literals(template: str) -> list:
    return [literal for literal, *_ in string.Formatter().parse(template) if literal]


@lru_cache(maxsize=4)
def matcher(root: str) -> Matcher:
    """The matcher of dpcore's templates under ``root`` (read once per session)."""
    return Matcher(templates(root)[0])
