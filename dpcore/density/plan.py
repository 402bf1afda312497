"""The plan of a density release (Acs & Castelluccia, KDD 2014; the visits method beside it).

:func:`plan_sanitize_density` chooses between the two releases of the stage and plans its cost:
the paper's pipeline (:func:`.pipeline.density_cost`: EFPA_G, EFPA, LPA on the one-per-slot
counts pre-sampled to ℓ visits per user, §5.1) or the distinct visits per tower and slot
(:func:`.visit_release.visits_cost`). Its ``prepare`` bounds the events read (the pre-sampling,
on a stream of its own so the noise does not depend on it: :func:`dpcore.random.sampling.
sampling_stream`) and assembles the release inputs and the truth on the public geography,
before the reservation; its ``release`` runs the chosen release.
"""
from __future__ import annotations

import numpy as np

from ..accounting.plan import Plan
from ..ingest.bounding import BoundedCounts
from ..ingest.bounding_facts import reading_rows
from ..ingest.partitioned_bounding import bound_compact
from ..ingest.visits import visits_from_events
from ..random.sampling import sampling_stream
from .assembly import assemble_density
from .pipeline import density_cost, release_density
from .visit_release import assemble_visits, facts_rows, release_visits, visits_cost

VISITS = "visits"


def plan_sanitize_density(*, method: str, epsilon: float, delta: float = 0.0, ell: int,
                          n_towers: int, start: float, slot_seconds: float, n_slots: int,
                          improvements: bool = True, calibration: str = "analytic"
                          ) -> "SanitizeDensityPlan":
    """The plan of ``method`` (``visits`` or one of :data:`.pipeline.METHODS`) over ``n_slots``
    slots of ``slot_seconds`` from ``start`` on ``n_towers`` public tower cells."""
    if method == VISITS:
        cost = visits_cost(epsilon=epsilon, delta=delta, ell=ell, n_towers=n_towers,
                           n_slots=n_slots, slot_seconds=slot_seconds, start=start)
        params = dict(epsilon=epsilon, delta=delta, ell=ell)
    else:
        cost = density_cost(method, epsilon=epsilon, delta=delta, improvements=improvements)
        params = dict(method=method, epsilon=epsilon, delta=delta)
        if method in ("efpa_g", "efpa"):
            params["improvements"] = improvements
        if method == "efpa_g":
            params["calibration"] = calibration
    return SanitizeDensityPlan(cost, params, method=method, ell=ell, start=start,
                               slot_seconds=slot_seconds, n_slots=n_slots)


class SanitizeDensityPlan(Plan):
    """A planned density release. The data read are ``(geo, events, facts)``: the public
    :class:`.assembly.DensityGeography`, the events (:class:`dpcore.ingest.event_encoder.
    CompactEvents` whose tower codes index the geography's tower ids in order; closed here) or
    counts a Spark job already bounded (:class:`dpcore.ingest.bounding.BoundedCounts`), and
    the reader's facts (``source``, ``engine``, ``dataset_id``)."""

    def __init__(self, cost, params: dict, *, method: str, ell: int, start: float,
                 slot_seconds: float, n_slots: int):
        super().__init__(cost, release_visits if method == VISITS else release_density,
                         **params)
        self.method, self.ell = method, ell
        self.start, self.slot_seconds, self.n_slots = start, slot_seconds, n_slots

    @property
    def by_visits(self) -> bool:
        return self.method == VISITS

    def prepare(self, data, rng, progress=None) -> tuple:
        """``(assembly, facts)``: the release inputs and the truth (NOT private); ``facts``
        gains the rows of the reading and bounding (internal)."""
        geo, events, facts = data
        sampling = sampling_stream(rng)   # same seed, same noise for neighbouring data
        n_towers = len(geo.tower_cells)
        if isinstance(events, BoundedCounts):   # bounded by a Spark job: rows already made
            return assemble_density(geo, events), facts
        # the events' tower codes index the geography's tower ids in its order
        lookup = np.asarray(list(geo.tower_index.values()), dtype=np.int64)
        try:
            if self.by_visits:
                counted = visits_from_events(events, lookup, n_towers=n_towers, ell=1,
                                             rng=sampling, progress=progress)
            else:
                events.tower[:] = lookup.astype(np.int32)[events.tower]
                counted = bound_compact(events, n_towers=n_towers, ell=self.ell, rng=sampling,
                                        progress=progress)
        finally:
            events.close()
        if self.by_visits:
            rows = [("events source", facts["source"]), ("read by", facts["engine"])]
            return (assemble_visits(geo, counted, slot_seconds=self.slot_seconds,
                                    start=self.start),
                    dict(facts, report_rows=rows + facts_rows(counted)))
        return assemble_density(geo, counted), dict(facts,
                                                    report_rows=reading_rows(counted, facts))

    def release(self, data, rng, progress=None):
        assembly, facts = data
        rel = super().release(assembly.inputs, rng, progress)
        rel.internal.update(true_density=assembly.truth, reading=facts)
        return rel

