"""dpcore's (and the glue's) plain English refusals and warnings as templates the glue
translates (``algorithms/common/core_messages.py``): every raise site yields one, an English
message made from a template is recognised as a template with the same fixed text (ambiguity
measured), every template has a French translation that keeps its placeholders, and text no
template makes stays unmatched."""
import ast
import importlib.util
import os
import re
import string
import xml.etree.ElementTree as ET

import pytest

from ..support import ROOT


def _module():
    spec = importlib.util.spec_from_file_location(
        "core_messages", os.path.join(ROOT, "algorithms", "common", "core_messages.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


cm = _module()
#: Calls whose text is translated already: dpcore's ``Message``, the glue's ``tr``, QGIS's own
#: errors and the glue's failure rule (``tr`` pieces around a message shown translated).
TRANSLATED = {"Message", "tr", "invalidSourceError", "invalidSinkError", "failure_message"}
KEPT, GENERIC = cm.templates(ROOT)


def _fixed(template):
    return [literal for literal, *_ in string.Formatter().parse(template)]


def _filled(template, style):
    """A message the template makes: numbers, or words with spaces, for its placeholders."""
    values = {}
    for k, (_literal, field, _spec, _conv) in enumerate(string.Formatter().parse(template)):
        if field is not None:
            values.setdefault(field, str(17 + k) if style == "number" else f"zone {k} Nord")
    return template.format(**values)


def _french():
    root = ET.parse(os.path.join(ROOT, "i18n", "mobility_dp_fr.ts")).getroot()
    return {m.findtext("source"): m.findtext("translation") for m in root.iter("message")
            if m.find("translation").get("type") is None}


def test_templates_cover_dpcore_refusals_and_warnings():
    """Hundreds of templates, a handful left out as too generic (named here: a change that
    makes one generic must be seen)."""
    assert len(KEPT) >= 470, len(KEPT)
    assert len(GENERIC) <= 15 and "bins: {exc}" in GENERIC, GENERIC
    assert ("{int_np_isfinite_x_sum} count(s) are missing (NULL) or not finite" in KEPT)
    assert "the study area polygon was invalid and has been repaired" in KEPT   # a warning
    assert "the counts layer is empty" in KEPT               # the glue's own plain refusals
    assert "census id field '{census_field}'" in KEPT         # a word passed by position
    assert "id field '{id_field_or_feature_id}' of the {name} layer" in KEPT   # an alias's


def _makes_text(expr, function, functions, depth=0) -> bool:
    """Whether the extractor finds a template in ``expr``: a ``Message``, a text, an exception
    made of one, or what a module function returns (``raise _unwritable(path, exc)``)."""
    if depth > 3:
        return False
    names = cm._assigned(function) if function is not None else {}
    if cm._texts(expr, {}, names):
        return True
    if not isinstance(expr, ast.Call):
        return False
    callee = getattr(expr.func, "id", getattr(expr.func, "attr", ""))
    inner = getattr(expr.func, "value", None)
    if callee in TRANSLATED or (callee == "format" and isinstance(inner, ast.Call)
                                       and getattr(inner.func, "id", "") == "tr"):
        return True                        # in the catalogue already
    if callee in functions:
        helper = functions[callee]
        return any(_makes_text(r.value, helper, functions, depth + 1) for r in ast.walk(helper)
                   if isinstance(r, ast.Return) and r.value is not None)
    return bool(expr.args) and _makes_text(expr.args[0], function, functions, depth + 1)


def test_every_raise_site_gives_a_template():
    """No refusal of dpcore or the glue is left out: each ``raise X(…)`` with a message is a
    ``Message`` or ``tr`` text, a text the extractor turns into a template, or a module
    function's such text."""
    unmatched, sites = [], 0
    for base, _dirs, files in (w for folder in cm.FOLDERS
                               for w in os.walk(os.path.join(ROOT, folder))):
        for name in sorted(f for f in files if f.endswith(".py")):
            path = os.path.join(base, name)
            with open(path, encoding="utf-8") as fh:
                tree = ast.parse(fh.read())
            functions = {f.name: f for f in tree.body if isinstance(f, ast.FunctionDef)}
            enclosing = {n: f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)
                         for n in ast.walk(f)}
            for node in ast.walk(tree):
                if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and (
                        node.exc.args):
                    sites += 1
                    if not _makes_text(node.exc, enclosing.get(node), functions):
                        unmatched.append(f"{os.path.relpath(path, ROOT)}:{node.lineno}")
    assert sites >= 380 and unmatched == [], unmatched
    bare = ast.parse("ValueError(text)").body[0].value     # control: a message from a parameter
    assert not _makes_text(bare, None, {})


@pytest.mark.parametrize("style", ["number", "word"])
def test_a_message_is_recognised_as_its_template(style):
    """Each template's message is matched by a template with the same fixed text (the most
    specific of those that match); how many messages more than one template matches is
    measured and bounded."""
    matcher = cm.Matcher(KEPT)
    ambiguous = 0
    for template in KEPT:
        found = list(matcher.candidates(_filled(template, style)))
        assert found, template
        assert _fixed(matcher.match(_filled(template, style))[0]) == _fixed(template), template
        ambiguous += len(found) > 1
    assert ambiguous <= 50, ambiguous      # 41 of 517 on both fillings when written


def test_values_come_back_as_given():
    matcher = cm.Matcher(KEPT)
    template, values = matcher.match(
        "the share of ε for the trip scale must be in (0, 1), got 1.5")
    assert template == "the share of ε for the trip scale must be in (0, 1), got {share}"
    assert values == {"share": "1.5"}


def test_text_no_template_makes_stays_unmatched():
    """Negative control: glue text, a message with its fixed text altered, and free text."""
    matcher = cm.Matcher(KEPT)
    for text in ("the share of ε for the trip scale must lie in (0, 1), got 1.5",
                 "Nothing was published and nothing was charged.", "hello world", ""):
        assert matcher.match(text) is None, text


def test_every_template_has_a_french_translation_keeping_its_placeholders():
    """Templates with the same fixed text (which one matches is then a toss-up) translate
    alike, so the ambiguity never changes what a French user reads."""
    french = _french()
    missing = [t for t in KEPT if not french.get(t)]
    assert missing == [], missing[:5]
    for template in KEPT:
        assert (sorted(re.findall(r"\{[^}]*\}", template)) ==
                sorted(re.findall(r"\{[^}]*\}", french[template]))), template
    by_fixed = {}
    for template in KEPT:
        names = [f for _l, f, *_ in string.Formatter().parse(template) if f is not None]
        plain = french[template]
        for k, name in enumerate(names):
            plain = plain.replace("{" + name + "}", "{%d}" % k)
        by_fixed.setdefault(tuple(_fixed(template)), set()).add(plain)
    assert all(len(v) == 1 for v in by_fixed.values()), [
        v for v in by_fixed.values() if len(v) > 1]
