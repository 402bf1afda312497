"""One release order everywhere: the base class's docstring states it, and every document that
states an order (the architecture guide, CONTRIBUTING, the README's code map, the glue's and the
contract's docstrings) states the same one."""
import ast
import os
import re

import pytest

from ..support import ROOT

STEPS = ("parameters", "plan", "read", "reserve", "release", "check", "write", "commit", "report")
DOCUMENTS = ("docs/ARCHITECTURE.md", "CONTRIBUTING.md", "README.md",
             "algorithms/common/__init__.py", "dpcore/accounting/contract.py")


def base_order() -> list:
    """The order stated by the base class's module docstring ("…reads like …: a, b, c.")."""
    with open(os.path.join(ROOT, "algorithms", "common", "base.py"), encoding="utf-8") as fh:
        doc = ast.get_docstring(ast.parse(fh.read()))
    sentence = re.search(r"reads like [^:]+:\s*([a-z ,\n]+)\.", doc).group(1)
    return [w.strip() for w in sentence.replace("\n", " ").split(",")]


def stated_orders(text) -> list:
    """Every order a text states: arrow chains (``a → b → c``: the links that start with a
    step, and the step that ends the first link), comma lists starting with ``parameters,
    plan``, and numbered bold lists (``1. **plan**``)."""
    orders = []
    words = "|".join(STEPS)
    starts, ends = rf"^[\s\d.*`]*({words})\b", rf"\b({words})[\s*`]*$"
    for paragraph in re.split(r"\n\s*\n", text):
        if "→" in paragraph:
            links = paragraph.split("→")
            chain = [m.group(1) for m in [re.search(ends, links[0]) or re.search(starts, links[0])]
                     + [re.search(starts, link) for link in links[1:]] if m]
            if {"plan", "reserve"} <= set(chain):
                orders.append(chain)
        numbered = re.findall(rf"^\s*\d+\. \*\*({words})\*\*", paragraph, re.M)
        if len(numbered) > 2:
            orders.append(numbered)
    orders += [[w.strip() for w in m.split(",")]
               for m in re.findall(r"parameters, plan, [a-z ,\n]+", text)]
    return orders


def disagreements(order, reference) -> list:
    """The steps of ``order`` that come before a step they follow in ``reference``."""
    rank = {step: k for k, step in enumerate(reference)}
    known = [w for w in order if w in rank]
    return [f"{a} before {b}" for a, b in zip(known, known[1:]) if rank[a] > rank[b]]


def test_the_base_class_states_the_order():
    assert base_order()[:5] == ["parameters", "plan", "read", "reserve", "release"]


@pytest.mark.parametrize("document", DOCUMENTS)
def test_every_document_states_the_base_class_order(document):
    with open(os.path.join(ROOT, document), encoding="utf-8") as fh:
        orders = stated_orders(fh.read())
    assert orders, f"{document} no longer states the release order"
    reference = [s for s in STEPS if s in base_order() or s in ("check", "commit")]
    for order in orders:
        assert disagreements(order, reference) == [], (document, order)


def test_a_document_with_another_order_is_caught():
    """Control: the order one guide used to state (plan → reserve → read) fails."""
    (order,) = stated_orders("1. **plan** → 2. **reserve** the plan → 3. **read, release**")
    assert disagreements(order, STEPS) == ["reserve before read"]
