"""The random generators of a release: secure by default, seeded for tests and demos.

A seeded run is reproducible and not for publication: its reports, statistics and
ledger entry say so (see :func:`dpcore.accounting.contract.seeded_note`).
"""
from __future__ import annotations

from typing import Optional

import numpy as np

from .secure_random import SecureGenerator


def make_rng(seed: Optional[int] = None) -> np.random.Generator:
    """The random generator of a release.

    ``seed=None`` (every published release) gives a
    :class:`~dpcore.random.secure_random.SecureGenerator`: every random bit comes
    from the OS CSPRNG (``os.urandom``), as in Google's and OpenDP's DP
    libraries. A seed gives numpy's fast PCG64 generator, reproducible
    and not cryptographically secure: for tests and demos only, and
    reports mark such runs "reproducible: not for publication".
    """
    if seed is None:
        return SecureGenerator()
    if isinstance(seed, bool) or int(seed) != seed or int(seed) < 0:
        raise ValueError(f"seed must be a non-negative integer, got {seed!r}")
    return np.random.default_rng(int(seed))


def make_rngs(seed: Optional[int], n: int) -> list:
    """``n`` independent generators for one release (e.g. sampling and noise apart).

    Without a seed, ``n`` secure generators; with one, the children of
    ``SeedSequence(seed)`` (reproducible, not for publication).
    """
    if seed is None:
        return [SecureGenerator() for _ in range(int(n))]
    make_rng(seed)                                       # the same checks of the seed
    return [np.random.default_rng(s) for s in np.random.SeedSequence(int(seed)).spawn(int(n))]


def child_rng(parent: np.random.Generator, seed) -> np.random.Generator:
    """A generator for a sub-task of a release run with ``parent``.

    A secure parent gets a fresh secure child (never a fast PRNG seeded from
    secure bits); a seeded parent gets ``default_rng(seed)``, ``seed`` drawn
    from the parent, so seeded runs stay reproducible.
    """
    if isinstance(parent, SecureGenerator):
        return SecureGenerator()
    return np.random.default_rng(seed)

