"""docs/ARCHITECTURE.md's package map names only paths that exist (issue 26), so it cannot rot;
the releasing algorithms on the release template call few dpcore functions."""
import ast
import os
import re

import pytest

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


#: The releasing algorithm modules on the release template (``algorithms/common/release.py``):
#: each calls at most its plan, its report builder and a reader of dpcore (the base class calls
#: the plan's ``prepare`` and ``release``), so at most 4 distinct dpcore functions.
ON_THE_TEMPLATE = ("algorithms/counts/noisycounts.py", "algorithms/density/publishhistograms.py",
                   "algorithms/flows/aggregateflows.py", "algorithms/points/perturbpoints.py",
                   "algorithms/od/odflows.py", "algorithms/od/synthesizetrips.py",
                   "algorithms/od/mobilityreport.py", "algorithms/density/sanitizedensity.py")
RELEASING = ON_THE_TEMPLATE


def dpcore_functions(source: str) -> list:
    """The distinct dpcore functions and classes a module refers to: names imported from a
    dpcore module, and attributes of a dpcore module imported whole (``dpreport.table``);
    constants (``UNIT``) are not functions."""
    tree = ast.parse(source)
    names, modules = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "dpcore":
            for alias in node.names:
                path = os.path.join(ROOT, *node.module.split("."), alias.name)
                kind = modules if os.path.exists(path + ".py") or os.path.isdir(path) else names
                kind.add(alias.asname or alias.name)
    used = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in names:
            used.add(node.id)
        elif isinstance(node, ast.Attribute) and getattr(node.value, "id", None) in modules:
            used.add(f"{node.value.id}.{node.attr}")
    return sorted(u for u in used if not re.fullmatch(r"[A-Z0-9_]+", u.split(".")[-1]))


@pytest.mark.parametrize("module", ON_THE_TEMPLATE)
def test_an_algorithm_on_the_template_calls_at_most_four_dpcore_functions(module):
    with open(os.path.join(ROOT, module), encoding="utf-8") as fh:
        source = fh.read()
    assert "(ReleasingAlgorithm)" in source
    assert len(dpcore_functions(source)) <= 4, dpcore_functions(source)


def releasing_modules(root: str = ROOT) -> list:
    """The modules of the stage packages that release (subclass the template) or reserve a
    budget themselves (call ``reserve_budget``: only the template in ``common`` may)."""
    found = []
    for base, _dirs, files in os.walk(os.path.join(root, "algorithms")):
        for name in sorted(f for f in files if f.endswith(".py")):
            path = os.path.join(base, name)
            module = os.path.relpath(path, root)
            if module.startswith(os.path.join("algorithms", "common", "")):
                continue
            with open(path, encoding="utf-8") as fh:
                source = fh.read()
            if "(ReleasingAlgorithm)" in source or "reserve_budget(" in source:
                found.append(module)
    return sorted(found)


def test_every_releasing_module_is_on_the_template():
    """The list is the code's: every module that releases is listed (and refers to dpcore),
    and none reserves a budget by hand."""
    assert releasing_modules() == sorted(RELEASING)
    for module in RELEASING:
        with open(os.path.join(ROOT, module), encoding="utf-8") as fh:
            source = fh.read()
        assert dpcore_functions(source) and "reserve_budget(" not in source, module


def test_the_search_finds_a_module_that_reserves_by_hand(tmp_path):
    """Control: a stage module that reserves its budget itself is found (and the template's
    own module in ``common`` is not)."""
    for module, text in (("algorithms/od/byhand.py", "with self.reserve_budget(p, c) as charge:"),
                         ("algorithms/counts/ok.py", "class Ok(ReleasingAlgorithm):"),
                         ("algorithms/common/release.py", "self.reserve_budget(p, c)")):
        (tmp_path / module).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / module).write_text(text, encoding="utf-8")
    assert releasing_modules(str(tmp_path)) == ["algorithms/counts/ok.py",
                                                "algorithms/od/byhand.py"]


def test_the_count_sees_a_module_that_climbs_back():
    """Control: a module that post-processes a release in the glue (a reader, the plan, the
    release, a remapping, two report helpers) counts 6; constants are not counted."""
    source = ("from ...dpcore.geoind import perturb_points, perturbation_cost, remap_to_region\n"
              "from ...dpcore.reporting import report as dpreport\n"
              "from ...dpcore.geoind.summary import UNIT, guarantee_html\n"
              "from ...dpcore.ingest import parse_times\n"
              "plan = perturbation_cost(1.0, unit=UNIT)\n"
              "r = remap_to_region(perturb_points(parse_times(x), plan), area)\n"
              "html = dpreport.table(guarantee_html(r))\n")
    assert dpcore_functions(source) == ["dpreport.table", "guarantee_html", "parse_times",
                                        "perturb_points", "perturbation_cost", "remap_to_region"]
    assert len(dpcore_functions(source)) > 4
