"""Core tests import dpcore from the repository root, without QGIS."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

import pytest  # noqa: E402


@pytest.fixture
def noiseless_epsilon(monkeypatch):
    """Lift the refusal of ε beyond representable probabilities (dpcore.mechanisms).

    For tests that check a release's formula without noise by passing an
    enormous ε: discrete samplers refuse ε/Δ > 32·ln 2 in real runs, since
    they would be deterministic in practice.
    """
    from dpcore import mechanisms
    monkeypatch.setattr(mechanisms, "MAX_EPSILON_PER_SENSITIVITY", float("inf"))
