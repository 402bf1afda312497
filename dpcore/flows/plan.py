"""The plan of a flows release from GPS trajectories (Pratesi 2012, §3.1 and §4.3).

:func:`plan_aggregate_flows` checks the public parameters, plans the cost of the global flow
vector (:func:`.coordinator.flow_guarantee`) and binds the sketch, the time interval τ and the
tessellation rule. Its ``prepare`` turns the data read (the public cells' polygons and the
GPS fixes) into moves between adjacent cells and per-vehicle frequency vectors before the
reservation (every refusal of the data is there: no move, one vehicle per fix); its
``release`` releases the global vector (:func:`.coordinator.release_flows`) and gives the
writers what they draw (cell centroids, the moves' cells, flow per zone) as public facts and
the report its raw facts and the utility against the truth (:func:`.summary.utility_rows`,
simulated for the data owner only) as internal ones.
"""
from __future__ import annotations

import numpy as np

from ..accounting.plan import Plan
from ..ingest.times import parse_times
from .cells import prepare_cells
from .coordinator import flow_guarantee, release_flows
from .generalise import generalise
from .measures import flow_per_zone
from .sketches import SketchSpec
from .summary import kept_share, utility_rows
from .vectors import MoveIndex, frequency_vectors


def plan_aggregate_flows(*, epsilon: float, delta: float = 0.0, method: str = "central",
                         sensitivity: str = "move", noise: str = "discrete",
                         sketch: str = "none", sketch_width: int = 1000, sketch_depth: int = 3,
                         sketch_seed: int = 0, aggregation: str = "estimates",
                         max_moves: int = 10, max_count: int = 1, bounding: str = "trips",
                         interval=None, allow_holes: bool = False, charged: bool = False) -> "AggregateFlowsPlan":
    """The plan of a flows release. δ is used by balanced noise only; ``interval`` is τ as
    (start, end) epoch seconds (None: every move); ``charged``: a ledger will be charged,
    which a method that is not differentially private refuses."""
    spec = None if sketch == "none" else SketchSpec(
        sketch, sketch_width, 1 if sketch == "agms" else sketch_depth, sketch_seed)
    params = dict(epsilon=epsilon, delta=delta if method == "balanced" else 0.0, method=method,
                  sensitivity=sensitivity, noise=noise, sketch=spec, aggregation=aggregation,
                  max_moves=max_moves, max_count=max_count, bounding=bounding)
    guarantee = flow_guarantee(**params)
    if not guarantee.differentially_private and charged:
        raise ValueError("this method is not differentially private (its privacy loss is "
                         "unbounded): it cannot be charged to a privacy ledger")
    return AggregateFlowsPlan(guarantee, params, interval=interval, allow_holes=allow_holes)


class AggregateFlowsPlan(Plan):
    """A planned flows release. The data read are ``(polygons, vehicle field, fixes)``: the
    cells' polygons in a metric frame, the name of the vehicle field (for the refusals) and
    ``(vehicle, trajectory, time, x, y)`` per GPS fix."""

    def __init__(self, guarantee, params: dict, *, interval, allow_holes: bool):
        super().__init__(guarantee.cost, release_flows, **params)
        self.unit, self.leaks = guarantee.unit, guarantee.leaks
        self.interval, self.allow_holes = interval, bool(allow_holes)

    def prepare(self, data, rng, progress=None) -> tuple:
        """``(cells, moves, vectors)``: the tessellation checked, the moves in τ and every
        vehicle's frequency vector (refusals of the data, before the reservation)."""
        polygons, vehicle_field, (vehicle, trajectory, times, x, y) = data
        cells = prepare_cells(polygons, self.allow_holes)
        moves = generalise(cells, vehicle, trajectory, parse_times(times), x, y,
                           interval=self.interval, vehicle_field=vehicle_field,
                           progress=progress)
        return cells, moves, frequency_vectors(moves, MoveIndex.from_cells(cells))

    def release(self, data, rng, progress=None):
        cells, moves, vectors = data
        rel = super().release(vectors, rng, progress)
        flows = np.asarray(rel.values, dtype=float)
        index, total = vectors.index, flow_per_zone(vectors.index, flows)
        rel.public.update(
            n_cells=cells.n, possible_moves=index.size, cell_holes=len(cells.hole_areas),
            cell_centroids=cells.centroids(), move_origin=index.origin, move_dest=index.dest,
            flow_out=np.bincount(index.origin, flows, minlength=cells.n),
            flow_in=np.bincount(index.dest, flows, minlength=cells.n), flow_per_zone=total,
            above_median=total > float(np.median(total)))
        kept = kept_share(rel.internal)   # central mode: a raw-data fact for the holder's log
        rel.internal.update(stats=moves.stats, vectors=vectors, kept_note=kept,
                            true_flows=vectors.total().astype(float),
                            utility=utility_rows(vectors, rel, self.params, rng))
        return rel
