"""A reproducible stand-in for ``os.urandom``: the secure generator's tests without chance.

Every unseeded release draws from ``os.urandom`` (``dpcore.random.secure_random``), so a
statistical test of the secure samplers would otherwise fail at its α on a random run
(one in a thousand per fit, and the core tier runs dozens on two stacks). Feeding the
samplers a seeded byte stream keeps what such a test checks, the transformation from
random bits to a distribution, and makes it pass or fail the same way on every run.
"""
import os

import numpy as np


class FakeUrandom:
    """Serves bytes from a seeded numpy stream and counts the calls and bytes served."""

    def __init__(self, seed):
        self._source = np.random.default_rng(seed)
        self.calls = 0
        self.bytes = 0

    def __call__(self, n):
        self.calls += 1
        self.bytes += n
        return self._source.bytes(n)


def seed_urandom(monkeypatch, seed):
    """Replace ``os.urandom`` for the rest of the test by a ``FakeUrandom(seed)``."""
    fake = FakeUrandom(seed)
    monkeypatch.setattr(os, "urandom", fake)
    return fake
