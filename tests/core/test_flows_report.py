"""Flow report content: readable rounded public rows, raw facts only internal, bare figures."""
import os
import subprocess
import sys

import numpy as np
import scipy.sparse as sp

from mobility_dp.dpcore.flows.coordinator import release_flows
from mobility_dp.dpcore.flows.summary import fmt, internal_rows, public_rows, utility_rows
from mobility_dp.dpcore.flows.vectors import FlowVectors, MoveIndex
from mobility_dp.dpcore.random.rng import make_rng

INDEX = MoveIndex(np.array([0, 0, 1, 1, 2, 2]), np.array([1, 2, 0, 2, 0, 1]), 3)
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def vectors(rows):
    counts = sp.csr_matrix(np.asarray(rows, dtype=np.int64))
    counts.sort_indices()
    return FlowVectors(INDEX, counts, counts.copy(), np.arange(counts.shape[0]))


def test_numbers_are_rounded_and_keys_readable():
    assert fmt(-20.79139072847682) == "-20.8" and fmt(3.0) == "3" and fmt(12345) == "12,345"
    assert fmt(True) == "yes" and fmt(float("inf")) == "∞" and fmt(0.000123456) == "0.000123"
    fv = vectors([[3, 0, 1, 0, 2, 0], [0, 1, 0, 0, 0, 5]])
    rel = release_flows(fv, epsilon=0.1, rng=make_rng(2), method="central", max_moves=4)
    rows = dict(public_rows(rel.public))
    assert rows["method"].startswith("Central") and rows["moves kept per vehicle (m)"] == "4"
    assert "repetitions counted" in rows["bounding"]
    assert rows["L1 sensitivity of the global vector (Δ)"] == "4"
    assert not any("_" in name for name in rows)
    assert not any(len(v) > 6 and v.replace(".", "").replace("-", "").isdigit()
                   for v in rows.values())        # no raw Python floats
    assert "vehicles" not in rows
    internal = dict(internal_rows({"points": 120, "moves": 12}, rel.internal))
    assert internal["vehicles"] == "2" and internal["GPS points"] == "120"
    assert internal["share of the moves the bounding kept"].endswith("%")


def test_utility_compares_the_release_and_the_other_dp_modes():
    fv = vectors([[3, 0, 1, 0, 2, 0], [0, 1, 0, 0, 0, 5], [1, 1, 1, 0, 0, 0]])
    params = dict(epsilon=5.0, max_moves=3)
    rel = release_flows(fv, rng=make_rng(1), **params)
    rows = utility_rows(fv, rel, params, make_rng(2))
    assert [r[:2] for r in rows] == [("this release", "flow per link"),
                                     ("this release", "flow per zone"),
                                     ("central, ≤ 3 moves per vehicle", "flow per link"),
                                     ("central, ≤ 3 moves per vehicle", "flow per zone")]
    leaky = release_flows(fv, rng=make_rng(1), epsilon=1.0, method="bounded")
    assert len(utility_rows(fv, leaky, dict(epsilon=1.0, method="bounded"), make_rng(2))) == 2


def test_internal_sections_hold_the_raw_facts_and_the_plots():
    from mobility_dp.dpcore.flows.summary import internal_sections
    from mobility_dp.dpcore.reporting.plots import available
    fv = vectors([[3, 0, 1, 0, 2, 0], [0, 1, 0, 0, 0, 5], [1, 1, 1, 0, 0, 0]])
    rel = release_flows(fv, rng=make_rng(1), epsilon=1.0, method="central", max_moves=3)
    sections = dict(internal_sections({"points": 40}, fv, rel, dict(epsilon=1.0), make_rng(2)))
    assert "<td>vehicles</td><td>3</td>" in sections["Generalisation of the trajectories"]
    assert ("data:image/png" in sections["Utility against the true flows"]) == available()


def test_comparison_figure_is_a_png_drawn_without_pyplot():
    """A PNG on a bare Figure (no pyplot imported), or None where matplotlib is missing."""
    code = ("import sys, numpy as np; from dpcore.flows.figures import comparison_png; "
            "from dpcore.reporting.plots import available; "
            "a = {'flow per link': np.arange(9.0)}; b = {'flow per link': np.arange(9.0) + 1}; "
            "png = comparison_png(a, b); "
            "assert (png[:4] == b'\\x89PNG') if available() else png is None, png; "
            "assert 'matplotlib.pyplot' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)
