"""Help as data: every algorithm's help is a file keyed by its id (``algorithms/help/<id>.html``),
read by the base class and by the translation script; no help text left in algorithm modules;
the dialog's help pane short enough for the pane."""
import ast
import os
import re

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

#: Characters (tags removed) of the dialog's help pane. Measured under Xvfb at the dialog's
#: default size (QGIS 3.22): the pane's viewport is 254 x 416 px; 593 characters took 336 px,
#: 767 took 440 px and scrolled. 650 keeps the pane's text on one screen, with room for a
#: French text ~10 % longer; the GUI tier checks that no pane scrolls (tests/gui/test_dialogs.py).
PANE_CHARACTERS = 650


def _algorithms():
    from mobility_dp.provider.provider import ALGORITHMS
    out = []
    for cls in ALGORITHMS:
        alg = cls()
        alg.initAlgorithm({})
        out.append(alg)
    return out


def test_every_algorithm_reads_its_help_file(qgis_app):
    from mobility_dp.algorithms.common import helptext
    files = {n[:-len(".html")] for n in os.listdir(helptext.HELP_DIR) if n.endswith(".html")}
    algorithms = _algorithms()
    assert {a.name() for a in algorithms} == files      # one file per id, no stray file
    for alg in algorithms:
        text = helptext.read(alg.name())
        assert text["short"] and text["long"], alg.name()
        assert alg.shortHelpString().startswith(
            "".join(b if b.startswith("<") else f"<p>{b}</p>" for b in text["short"]))
        assert "\n" not in alg.helpString(), alg.name()


def test_the_pane_says_what_it_costs_and_links_the_full_help(qgis_app):
    from mobility_dp.algorithms.common.helptext import plain
    for alg in _algorithms():
        pane = alg.shortHelpString()
        assert len(plain(pane)) <= PANE_CHARACTERS, (alg.name(), len(plain(pane)))
        assert re.search(r"unit of privacy|privacy|private|spends? no|no privacy",
                         plain(pane), re.I), alg.name()
        link = re.search(r'<a href="([^"]+)">', pane)
        assert link and link.group(1) == alg.helpUrl(), alg.name()
        with open(link.group(1)[len("file://"):], encoding="utf-8") as fh:
            page = fh.read()
        assert alg.helpString() in page


def _label_key(label: str) -> str:
    """A label without its parenthesis, colon or details: "Cell size (m)" -> "cell size"."""
    return re.split(r" \(| \[|:|\|", label)[0].strip().lower()


def _undescribed(alg) -> list:
    from mobility_dp.algorithms.common import helppages
    from mobility_dp.algorithms.common.helptext import plain
    what = helppages.described(alg)
    bold = {plain(b).lower() for b in re.findall(r"<b>(.*?)</b>", alg.helpString())}
    return [p.name() for p in alg.parameterDefinitions()
            if not what[p.name()] and not any(
                len(b) > 3 and (_label_key(p.description()).startswith(b) or
                                b.startswith(_label_key(p.description()))) for b in bold)]


def test_every_parameter_is_described(qgis_app):
    """Every parameter says what it does: its tooltip, a description in the help file (its own
    or the shared one), or a paragraph of the full help naming it in bold (its label, e.g.
    <b>Cell size</b> for "Cell size (m)")."""
    undescribed = {alg.name(): _undescribed(alg) for alg in _algorithms()}
    assert not any(undescribed.values()), undescribed


def test_the_description_check_finds_an_undescribed_parameter(qgis_app):
    """Negative control: a parameter without tooltip, entry or bold mention is found."""
    from qgis.core import QgsProcessingParameterNumber
    alg = _algorithms()[0]
    alg.addParameter(QgsProcessingParameterNumber("ZZ_UNKNOWN", "Wobble factor"))
    assert _undescribed(alg) == ["ZZ_UNKNOWN"]


def test_every_parameter_is_on_the_help_page(qgis_app):
    """Each parameter has a row: name, label, what it does, type, default."""
    import html

    from mobility_dp.algorithms.common import helppages
    for alg in _algorithms():
        what = helppages.described(alg)
        with open(alg.helpUrl()[len("file://"):], encoding="utf-8") as fh:
            page = fh.read()
        for p in alg.parameterDefinitions():
            row = f"<tr><td><code>{p.name()}</code></td><td>{html.escape(p.description())}" \
                  f"</td><td>{html.escape(what[p.name()])}</td>"
            assert row in page, (alg.name(), p.name())


def test_no_help_text_left_in_algorithm_modules():
    """No HELP / *_HELP assignment in the algorithm modules, and no sentence of the help files
    in their code (help lives in the data files only)."""
    from mobility_dp.algorithms.common import helptext
    sentences = {" ".join(helptext.plain(b)[:70].split()) for b in helptext.all_blocks()
                 if len(helptext.plain(b)) >= 70}
    found = []
    for base, _dirs, files in os.walk(os.path.join(ROOT, "algorithms")):
        for name in (f for f in files if f.endswith(".py")):
            path = os.path.join(base, name)
            with open(path, encoding="utf-8") as fh:
                source = fh.read()
            for node in ast.walk(ast.parse(source)):
                if isinstance(node, ast.Assign) and any(
                        getattr(t, "id", "").endswith("HELP") for t in node.targets):
                    found.append(f"{path}:{node.lineno} {node.targets[0].id}")
            code = " ".join(re.sub(r'"\s*\n\s*"|<[^>]+>', "", source).split())
            found += [f"{path}: {s!r}" for s in sentences if s in code]
    assert len(sentences) > 150 and not found, found


def test_the_reader_refuses_a_malformed_file(tmp_path):
    from mobility_dp.algorithms.common import helptext
    (tmp_path / "bad.html").write_text("<p>No section.</p>\n", encoding="utf-8")
    (tmp_path / "good.html").write_text(
        "<!-- short -->\n<p>One\nline.</p>\n<!-- long -->\n<!-- include privacy -->\n",
        encoding="utf-8")
    with pytest.raises(ValueError, match="before"):
        helptext.read("bad", str(tmp_path))
    with pytest.raises(FileNotFoundError):
        helptext.read("missing", str(tmp_path))
    good = helptext.read("good", str(tmp_path))
    assert good["short"] == ["<p>One line.</p>"]
    assert good["long"] == helptext.shared("privacy") and len(good["long"]) > 3
    assert good["parameters"] == {}
    (tmp_path / "params.html").write_text(
        "<!-- short -->\n<p>x</p>\n<!-- parameters -->\nOUTPUT: The layer.\n\nlower: no\n",
        encoding="utf-8")
    with pytest.raises(ValueError, match="NAME: description"):
        helptext.read("params", str(tmp_path))


def test_the_catalogue_holds_every_help_block():
    """scripts/i18n.py reads the help files (without QGIS) and the French catalogue holds every
    block, translated."""
    import importlib.util

    from mobility_dp.algorithms.common import helptext
    spec = importlib.util.spec_from_file_location("i18n_script",
                                                  os.path.join(ROOT, "scripts", "i18n.py"))
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    blocks = script._help_blocks()
    assert blocks == helptext.all_blocks() and len(blocks) > 200
    known = script.read_ts(script.ts_path("fr"))
    assert not [b[:80] for b in blocks if not known.get(b)]


def test_the_method_rule_help_states_the_code_thresholds():
    """The shared help of the OD method rule quotes dpcore's thresholds, not stale numbers."""
    from mobility_dp.algorithms.common import helptext
    from mobility_dp.dpcore.od.strategy import DENSE_LOAD, NOISELESS
    text = " ".join(helptext.shared("od_method_rule"))
    assert f"ε ≥ {NOISELESS:g}" in text and f"≥ {DENSE_LOAD:g}" in text
