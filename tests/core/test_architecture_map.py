"""docs/ARCHITECTURE.md's package map names only paths that exist (issue 26), so it cannot rot."""
import os
import re

from ..support import ROOT

GUIDE = os.path.join(ROOT, "docs", "ARCHITECTURE.md")


def map_section(text):
    """The text of the '## Package map' section."""
    start = text.index("\n## Package map")
    end = text.find("\n## ", start + 1)
    return text[start:end if end >= 0 else len(text)]


def named_paths(section):
    """Every `code` span of the section that is a path: it holds a '/' or ends in '.py'."""
    spans = re.findall(r"`([^`\s]+)`", section)
    return sorted({s for s in spans
                   if re.fullmatch(r"[\w.\-/]+", s) and ("/" in s or s.endswith(".py"))})


def missing(paths):
    return [p for p in paths if not os.path.exists(os.path.join(ROOT, p.rstrip("/")))
            or (p.endswith("/") and not os.path.isdir(os.path.join(ROOT, p)))]


def test_every_module_of_the_map_exists():
    with open(GUIDE, encoding="utf-8") as fh:
        paths = named_paths(map_section(fh.read()))
    assert len(paths) > 40                       # the map is there and is read
    assert {"dpcore/accounting/contract.py", "algorithms/common/", "tests/support/"} <= set(paths)
    assert missing(paths) == []


def test_every_package_of_the_code_is_on_the_map():
    """The other way round: each stage package of algorithms/ and dpcore/ is named."""
    with open(GUIDE, encoding="utf-8") as fh:
        paths = set(named_paths(map_section(fh.read())))
    for top in ("algorithms", "dpcore"):
        for name in sorted(os.listdir(os.path.join(ROOT, top))):
            if os.path.isfile(os.path.join(ROOT, top, name, "__init__.py")):
                assert f"{top}/{name}/" in paths, f"{top}/{name}/ is not on the map"


def test_the_check_finds_a_renamed_module():
    """Control: a map naming a module that is gone, or a file named as a folder, fails."""
    section = ("## Package map\n| `dpcore/accounting/contract.py` | x |\n"
               "| `dpcore/no_such_module.py` | y |\n| `dpcore/accounting/ledger.py/` | z |\n"
               "| `EPSILON` | not a path |\n")
    assert named_paths(section) == ["dpcore/accounting/contract.py", "dpcore/accounting/ledger.py/",
                                    "dpcore/no_such_module.py"]
    assert missing(named_paths(section)) == ["dpcore/accounting/ledger.py/",
                                             "dpcore/no_such_module.py"]
