"""A planned release: the first step of the release contract as one object.

A stage's ``plan_<name>(**public)`` checks every public parameter (every refusal that needs no
data), computes the cost from the mechanisms its release will call and returns a :class:`Plan`:

* ``cost``: the planned :class:`~dpcore.accounting.costs.PrivacyCost` (unit and unit of
  privacy included), reserved in the ledger before any noise is drawn;
* ``unit_of_privacy``: what the release protects, a :class:`.units.PrivacyUnit`;
* ``params``: the bound public parameters, as the stage's release function takes them;
* ``prepare(data, rng, progress=None)``: before the reservation, the refusals that need the data and what
  publishes nothing (a per-user pick that bounds contributions); returns what ``release``
  takes (by default ``data`` itself);
* ``release(data, rng, progress=None)``: the release on the data read after the plan; its
  ``Release.cost`` is what the mechanisms spent, which the contract checks against ``cost``;
* ``streams``: how many independent generators ``release`` takes (1: one generator; more: a
  list of them, e.g. a per-user sampling apart from the noise).

Choices between methods belong in the plan (the glue calls one plan and its one release), and
so does post-processing: the data go down into dpcore once and come back once.
"""
from __future__ import annotations

from typing import Callable, Optional

import numpy as np

from .contract import Release
from .costs import PrivacyCost
from .units import PrivacyUnit


class Plan:
    """A release planned from public parameters only (see the module docstring).

    ``run(data, *, rng, progress, **params)`` is the stage's release function; a stage whose
    release needs more than its keyword parameters subclasses and overrides :meth:`release`.
    """

    streams = 1

    def __init__(self, cost: PrivacyCost, run: Callable[..., Release], **params):
        self.cost = cost
        self.params = params
        self._run = run

    @property
    def unit_of_privacy(self) -> PrivacyUnit:
        return self.cost.unit_of_privacy

    def prepare(self, data, rng, progress: Optional[Callable] = None):
        """What :meth:`release` takes, from the data read; refusals (``ValueError``) of data
        the release cannot take. Runs before the reservation: draws here publish nothing
        (:mod:`dpcore.random.draws`)."""
        return data

    def release(self, data, rng: np.random.Generator, progress: Optional[Callable] = None
                ) -> Release:
        """The release of ``data`` with the plan's parameters (spends :attr:`cost`)."""
        return self._run(data, rng=rng, progress=progress, **self.params)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(cost={self.cost.describe()}, params={sorted(self.params)})"
