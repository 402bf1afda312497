"""Core tier fixtures: dpcore alone, without QGIS."""
import pytest


@pytest.fixture
def noiseless_epsilon(monkeypatch):
    """Lift the refusals of ε beyond what the samplers can honour.

    For tests that check a release's formula without noise by passing an
    enormous ε: discrete samplers refuse ε/Δ > 32·ln 2 in real runs, since
    they would be deterministic in practice, and the discrete Gaussian
    refuses ε whose sampler δ, η·(1 + e^ε), would exceed a tenth of δ.
    """
    from mobility_dp.dpcore.mechanisms import discrete_gaussian, limits
    monkeypatch.setattr(limits, "MAX_EPSILON_PER_SENSITIVITY", float("inf"))
    monkeypatch.setattr(discrete_gaussian, "sampler_delta", lambda size, epsilon: 0.0)


@pytest.fixture
def seeded_urandom(monkeypatch):
    """``os.urandom`` served from a fixed seed: statistical tests of the secure
    generator give the same verdict on every run (see tests/support/urandom.py)."""
    from ..support.urandom import seed_urandom
    return seed_urandom(monkeypatch, 2026)
