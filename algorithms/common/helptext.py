"""Help texts as data: one file per algorithm id in ``algorithms/help/`` (no QGIS needed).

``algorithms/help/<id>.html`` holds two sections of HTML blocks (paragraphs, headings, lists),
one block per paragraph, blocks separated by blank lines, and an optional section of parameter
descriptions, one ``NAME: what it does`` a line::

    <!-- short -->
    <p>What it does.</p>
    <p><b>Unit of privacy</b>: what it costs, per whom.</p>
    <!-- long -->
    <p>Methods, parameters, outputs …</p>
    <!-- include trips -->
    <!-- parameters -->
    OUTPUT: the layer it writes.

*short* is the dialog's help pane (``shortHelpString``); *long* follows it on the help page
(``helpString``, the Help button); *parameters* describe, on that page, the parameters that have
no tooltip, beside the descriptions every algorithm shares (``shared/parameters.txt``).
``<!-- include name -->`` inserts the blocks of ``algorithms/help/shared/<name>.html`` (help
shared by several algorithms, written once). A
block is the unit of translation: the base class passes each through ``tr`` and
``scripts/i18n.py`` puts each in the catalogue, so a block edited here is a new string there.
"""
from __future__ import annotations

import os
import re

#: The folder of the help files.
HELP_DIR = os.path.join(os.path.dirname(os.path.dirname(__file__)), "help")
#: The sections of a help file, in order.
SECTIONS = ("short", "long")
#: The parameter descriptions every algorithm shares (an algorithm's own come first).
COMMON_PARAMETERS = os.path.join(HELP_DIR, "shared", "parameters.txt")
#: The shared help every release's page ends with (``shared/privacy.html``).
PRIVACY = "privacy"

_MARK = re.compile(r"^\s*<!--\s*(short|long|parameters|include\s+([\w-]+))\s*-->\s*$")
_ENTRY = re.compile(r"^([A-Z][A-Z0-9_]*): (\S.*)$")


def blocks(text: str) -> list:
    """The blocks of ``text``: separated by blank lines, or starting with a block-level tag;
    newlines inside a block become spaces (QGIS shows every newline of help as a line break)."""
    out = []
    for block in re.split(r"\n\s*\n", text.strip()):
        parts = re.split(r"(?=<(?:p|h\d|ul|ol|table|div|pre|dl)\b)", block.strip(), flags=re.I)
        out += [" ".join(part.split()) for part in parts if part.split()]
    return out


def shared(name: str) -> list:
    """The blocks of the plugin's shared help ``name`` (``algorithms/help/shared/``)."""
    with open(os.path.join(HELP_DIR, "shared", f"{name}.html"), encoding="utf-8") as fh:
        return blocks(fh.read())


def parameters(lines) -> dict:
    """{NAME: description} of ``NAME: description`` lines (blank lines skipped)."""
    out = {}
    for line in lines:
        if line.strip():
            entry = _ENTRY.match(line.strip())
            if entry is None:
                raise ValueError(f"not a 'NAME: description' line: {line.strip()[:60]!r}")
            out[entry.group(1)] = entry.group(2)
    return out


def common_parameters() -> dict:
    """The parameter descriptions every algorithm shares (``shared/parameters.txt``)."""
    with open(COMMON_PARAMETERS, encoding="utf-8") as fh:
        return parameters(fh.read().splitlines())


def read(algorithm_id: str, directory: str = HELP_DIR) -> dict:
    """{"short": [blocks], "long": [blocks], "parameters": {NAME: description}} of
    ``algorithm_id``, includes expanded.

    Raises ``FileNotFoundError`` when the algorithm has no help file, ``ValueError`` when the
    file does not start with its short section or a parameter line is malformed.
    """
    with open(os.path.join(directory, f"{algorithm_id}.html"), encoding="utf-8") as fh:
        lines = fh.read().splitlines()
    sections, current, text = {}, None, []

    def close():
        if current == "parameters":
            sections[current] = parameters(text)
        elif current is not None:
            sections.setdefault(current, []).extend(blocks("\n".join(text)))

    for line in lines:
        mark = _MARK.match(line)
        if mark is None:
            if current is None and line.strip():
                raise ValueError(f"{algorithm_id}.html: text before <!-- short -->")
            text.append(line)
            continue
        close()
        text = []
        if mark.group(2):
            if current not in SECTIONS:
                raise ValueError(f"{algorithm_id}.html: include outside the short or long section")
            sections[current].extend(shared(mark.group(2)))
        else:
            current = mark.group(1)
            sections.setdefault(current, [])
    close()
    if "short" not in sections:
        raise ValueError(f"{algorithm_id}.html has no <!-- short --> section")
    return {**{name: sections.get(name, []) for name in SECTIONS},
            "parameters": sections.get("parameters", {})}


def all_blocks(directory: str = HELP_DIR) -> list:
    """Every block of every help file and shared help (what the translation catalogue holds)."""
    out = []
    for name in sorted(os.listdir(directory)):
        if name.endswith(".html"):
            sections = read(name[:-len(".html")], directory)
            out += [b for section in SECTIONS for b in sections[section]]
            out += list(sections["parameters"].values())
    for name in sorted(os.listdir(os.path.join(HELP_DIR, "shared"))):
        if name.endswith(".html"):
            out += shared(name[:-len(".html")])
    return out + list(common_parameters().values())


def plain(html: str) -> str:
    """``html`` as the reader sees it: tags removed, entities of the help (&amp; &lt; &gt;)
    decoded, spaces collapsed."""
    text = re.sub(r"<[^>]+>", " ", html)
    for entity, char in (("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&"), ("&nbsp;", " ")):
        text = text.replace(entity, char)
    return " ".join(text.split())
