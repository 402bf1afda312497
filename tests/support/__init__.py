"""Helpers shared by the test tiers; import them relatively from a test module::

    from ..support import ROOT
    from ..support.dp_audit import chi_square_fit, likelihood_ratio_audit
    from ..support.qgis import read_layer          # QGIS tier only

Modules: ``dp_audit`` (statistical audits with Clopper–Pearson bounds), ``dp_sniper``
(DP-Sniper's threshold-attack search), ``paris`` (the Paris IRIS sample in Lambert-93,
shapely), ``qgis`` (QGIS tier fixtures and ``read_layer``), ``lambert_layers`` and
``od_layers`` (small QGIS layers), ``geography`` (the Paris sample and a grid city as
dpcore geographies, for tests and benchmarks), ``synthesis_audit`` (the membership audit
of synthetic trips), ``urandom`` (a seeded ``os.urandom`` for
statistical tests of the secure generator), ``reference`` (reference formulas and in-core
twins the tests compare production code against), ``ledgers`` (a ledger with two
populations, for the budget panel's tests and screenshot).
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PLUGIN = "mobility_dp"


def dpcore_names(modules=None):
    """The names under which dpcore is imported (``sys.modules`` by default), e.g.
    ``["mobility_dp.dpcore"]``; two names mean two copies of every dpcore class."""
    names = set()
    for name in (sys.modules if modules is None else modules):
        parts = name.split(".")
        if "dpcore" in parts:
            names.add(".".join(parts[:parts.index("dpcore") + 1]))
    return sorted(names)
