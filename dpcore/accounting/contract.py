"""The release contract: the only path from data to a published value.

Every release is a pair of functions::

    plan_<name>(**public_params) -> PrivacyCost        # no data read; every refusal that
                                                       # depends on parameters only is here
    release_<name>(data, *, rng, progress=None, **public_params) -> Release

and runs under one :class:`ReleaseContract`, in this order:

1. **plan** — the planned :class:`~dpcore.accounting.costs.PrivacyCost` (with its unit of
   privacy); every refusal that needs no data;
2. **read** the data (refusals that need the data, still before any noise);
3. **reserve** the plan in the ledger (:meth:`ReleaseContract.reserve`; refused before any
   noise when over budget);
4. **release** — the mechanisms the release calls add up their costs in ``Release.cost``;
5. **check** — :func:`check_spent` (one check for every stage) compares spent with planned
   (:meth:`ReleaseContract.check_spent`);
6. **write** every output to a temporary place beside its destination
   (:func:`~dpcore.accounting.staging.staged_path`) and move it into place
   (:meth:`ReleaseContract.place`);
7. **commit** the spent cost (:meth:`ReleaseContract.finish`).

The failure rule (:meth:`ReleaseContract.fail`): a failure or a cancel before the release's
first random draw cancels the reservation and says nothing was published; from the first draw
on, any failure or cancel commits the charge, marked failed or cancelled, with the outputs it
wrote (the noise may have left, or a run repeated until its noise suits would average it
away); a process that dies keeps its reservation, counted as spent (it cannot know, so it fails
closed). :mod:`dpcore.random.draws` tells whether a draw happened.

Record-level outputs (perturbed points, synthetic trips) are written in the order of
:func:`shuffled_order`, so the row number carries nothing from the input's order.
"""
from __future__ import annotations

import math
import os
from typing import Any, Optional

import numpy as np

from .costs import Budget, PrivacyCost
from .ledger import Ledger
from .staging import place

#: Relative tolerance of :func:`check_spent` (float sums of the same parts in another order).
_SPENT_TOLERANCE = 1e-12
#: What a seeded run says in its reports, statistics and ledger entry.
SEEDED_NOTE = "reproducible: not for publication"


class Release:
    """What a dpcore release returns: four separate things.

    * ``values``: the noisy values (publishable);
    * ``cost``: the :class:`PrivacyCost` of the mechanisms that ran;
    * ``public``: facts that depend only on public parameters and on the
      noisy values (noise scales, parameters), safe for the publishable
      report;
    * ``internal``: anything computed from the raw data (true counts, the
      data's extent, utility against ground truth): internal report only.
    """

    __slots__ = ("values", "cost", "public", "internal")

    def __init__(self, values: Any, cost: PrivacyCost, public: Optional[dict] = None,
                 internal: Optional[dict] = None):
        self.values = values
        self.cost = cost
        self.public = dict(public or {})
        self.internal = dict(internal or {})

    def __repr__(self) -> str:
        return (f"Release(cost={self.cost.describe()}, public={sorted(self.public)}, "
                f"internal={sorted(self.internal)})")


def check_spent(planned: PrivacyCost, spent: PrivacyCost) -> PrivacyCost:
    """Refuse a release whose mechanisms spent other than planned (a bug, never data).

    Same total ε and δ (up to float rounding), same unit and same unit of
    privacy. Spending less would be as wrong as spending more: the ledger
    entry would then depend on the data. Returns ``spent``.
    """
    same = (math.isclose(spent.epsilon, planned.epsilon, rel_tol=_SPENT_TOLERANCE)
            and math.isclose(spent.delta, planned.delta, rel_tol=_SPENT_TOLERANCE,
                             abs_tol=1e-300)
            and spent.unit == planned.unit
            and spent.unit_of_privacy == planned.unit_of_privacy)
    if not same:
        raise RuntimeError(f"the release spent {spent.describe()} but planned "
                           f"{planned.describe()}: nothing was published (a defect: please "
                           "report it)")
    return spent


def shuffled_order(n: int, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random order of ``n`` output rows (row order carries nothing)."""
    return rng.permutation(int(n))


class ReleaseContract:
    """One release's ledger charge and the state the failure rule needs.

    ``ledger`` is the ledger file (None: no ledger, the contract still checks
    the spent cost and tracks publication); ``dataset_id`` its key; ``budget``
    the dataset's total budget on first use; ``seeded`` marks a seeded run's
    ledger entry "reproducible: not for publication". ``ids`` (the release's user ids, or
    a callable returning them, called only when a ledger is used) or ``sketch`` (the sketch
    of them a Spark job computed with the ledger's key), ``population``, ``policy`` and
    ``period`` go to :meth:`dpcore.accounting.ledger.Ledger.reserve`.
    """

    def __init__(self, planned: PrivacyCost, *, ledger: Optional[str] = None,
                 dataset_id: Optional[str] = None, budget: Optional[Budget] = None,
                 label: str = "", seeded: bool = False, ids=None, sketch=None,
                 population: Optional[str] = None, policy=None, period=None):
        self.planned = planned
        self.path = os.path.abspath(ledger) if ledger else None
        self.dataset_id = dataset_id if ledger else None
        self.budget, self.label, self.seeded = budget, label, seeded
        self.people = dict(ids=ids, sketch=sketch, population=population or None,
                           policy=policy, period=period)
        self.reservation = None
        self.cost: Optional[PrivacyCost] = None   # the checked spent cost
        self.published = False                    # an output is in place
        self.placed: list = []                    # destinations of the outputs in place
        self.written: list = []                   # outputs written without staging
        self.state = "planned"

    # -- the steps ---------------------------------------------------------------------
    def reserve(self) -> "ReleaseContract":
        """Reserve the planned cost (refused before any noise is drawn)."""
        if self.path:
            label = self.label + (f" ({SEEDED_NOTE})" if self.seeded else "")
            people = dict(self.people)
            if callable(people["ids"]):
                people["ids"] = people["ids"]()
            self.reservation = Ledger(self.path).reserve(self.dataset_id, self.planned,
                                                         budget=self.budget, label=label,
                                                         **people)
        self.state = "reserved"
        return self

    def check_spent(self, release) -> Any:
        """Check the spent cost of ``release`` (a Release or a PrivacyCost) against the plan."""
        cost = release.cost if isinstance(release, Release) else release
        self.cost = check_spent(self.planned, cost)
        self.state = "released"
        return release

    def place(self, staged: str, destination: str) -> None:
        """Move a staged output into place: from now on the release counts as published."""
        if self.cost is None:
            raise RuntimeError("an output was placed before the release's cost was checked")
        self.published = True
        place(staged, destination)
        self.placed.append(destination)

    def wrote(self, destination: str) -> None:
        """Record an output written at its destination without staging (a table inside an
        existing store, a memory layer): the ledger entry lists it like a placed one."""
        self.written.append(destination)

    def outputs(self) -> list:
        """Every output the release wrote: placed files, then outputs written directly."""
        return self.placed + self.written

    def finish(self) -> None:
        """Commit the spent cost: every output is in place."""
        if self.cost is None:
            raise RuntimeError("the release finished without a checked cost")
        if self.reservation is not None:
            self.reservation.commit(self.cost, outputs=self.outputs())
        self.state = "committed"

    def fail(self, *, drawn: bool, cancelled: bool = False) -> str:
        """Apply the failure rule; returns what the failure message must add.

        Before the first random draw of the release (``drawn`` false, nothing in place) the
        reservation is cancelled: nothing was published. From the first draw on the release
        is spent, whatever stopped it (an error, a cancel, a destination that cannot be
        written): the checked cost, or the planned one when the run stopped before its check
        (the plan is what the release spends), is committed and marked as a failed or
        cancelled release with the outputs it wrote.
        """
        if drawn or self.published:
            cost = self.cost or self.planned
            if self.reservation is not None and not self.reservation.done:
                self.reservation.commit(cost, outputs=self.outputs(),
                                        outcome="cancelled" if cancelled else "failed")
            self.state = "committed"
            where = (f" and charged to dataset '{self.dataset_id}' in the ledger {self.path}"
                     if self.reservation is not None else " (no ledger was given)")
            wrote = (f" Outputs written: {', '.join(map(str, self.outputs()))}."
                     if self.outputs() else " No output was written.")
            return (f"Noise had been drawn when the run stopped: {cost.describe()} was "
                    f"spent{where}.{wrote}")
        if self.reservation is not None:
            self.reservation.cancel()
        self.state = "cancelled"
        if self.reservation is not None:
            return ("Nothing was published and nothing was charged to the privacy ledger "
                    "(no noise had been drawn; its reservation was cancelled).")
        return ("Nothing was published and nothing was charged to the privacy ledger."
                if self.path else "Nothing was published (no ledger was given).")
