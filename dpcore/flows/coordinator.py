"""The coordinator's global flow vector (Pratesi 2012 §4.3, Alg. 1) and the release function.

Nodes perturb their frequency vectors (:mod:`.noise`), optionally sketch
them (:mod:`.sketches`), and the coordinator combines what it receives in
one of two ways:

* ``aggregation="sketches"``: sum the nodes' sketches, then estimate every
  move of M from the summed counters. Sketches are linear, so the summed
  sketches equal the sketch of the summed (clipped) vectors; it is computed
  that way, with the same counters, in O(s·size) instead of O(K·s·size).
* ``aggregation="estimates"`` (the thesis, §4.3): estimate each node's
  vector from its own sketch, then sum the estimates. Count-Min and Count
  Sketch estimates are not linear, so this differs: a node's sparse vector
  rarely collides in its own sketch. AGMS's estimator is linear: both ways
  give the same result, so AGMS always uses the first.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..accounting.checks import check_delta, check_epsilon
from ..accounting.contract import Release
from ..accounting.costs import CostPart, PrivacyCost
from ..mechanisms.limits import check_representable
from ..reporting.progress import report_progress
from . import sketches
from .central_noise import bounding_note, central_sensitivity, release_central
from .local_noise import LocalNoise, release_local
from .noise import BOUNDINGS, NOISES, UNIT_MOVE, UNIT_NAMES, UNIT_TRAJECTORY, UNIT_VEHICLE, balanced_bound
from .vectors import FlowVectors

MODES = ("universal", "bounded", "balanced", "central")
AGGREGATIONS = ("sketches", "estimates")


@dataclass(frozen=True)
class FlowGuarantee:
    """What a flow release will cost and protect (and, for the modes that are not differentially
    private, what they leak), decided from its parameters alone, before any noise.

    ``epsilon`` is ∞ for the modes that are not differentially private;
    ``delta`` is the δ actually achieved (BalancedNoise rounds its bound).
    ``unit`` is the unit of privacy the cost protects.
    """

    epsilon: float
    delta: float
    sensitivity: float
    unit: str
    differentially_private: bool
    leaks: str
    note: str

    @property
    def cost(self) -> PrivacyCost:
        return PrivacyCost((CostPart("planned flow release", self.epsilon, self.delta,
                                     self.sensitivity, self.unit, self.note,
                                     unit_of_privacy=self.unit_of_privacy),))

    @property
    def unit_of_privacy(self) -> str:
        """Short name of the unit of privacy ("move", "vehicle", "trajectory")."""
        return UNIT_NAMES[self.unit]


def flow_guarantee(*, epsilon: float, delta: float = 0.0, method: str = "universal",
                   sensitivity: str = "move", noise: str = "discrete",
                   sketch: sketches.SketchSpec = None, aggregation: str = "sketches",
                   max_moves: int = None, max_count: int = 1,
                   bounding: str = "trips") -> FlowGuarantee:
    """Validate the parameters of :func:`release_flows` and what it will cost and protect (no data, no noise)."""
    if method not in MODES:
        raise ValueError(f"unknown method {method!r}; choose one of {MODES}")
    if aggregation not in AGGREGATIONS:
        raise ValueError(f"unknown aggregation {aggregation!r}; choose one of {AGGREGATIONS}")
    if method == "central":
        epsilon = check_epsilon(epsilon)
        if noise not in NOISES:
            raise ValueError(f"unknown noise {noise!r}; choose one of {NOISES}")
        if sketch is not None:
            raise ValueError("sketches compress the nodes' messages; the central mode has none")
        if max_moves is None:
            raise ValueError("the central mode needs the maximum number of moves per vehicle")
        if bounding not in BOUNDINGS:
            raise ValueError(f"unknown bounding {bounding!r}; choose one of {BOUNDINGS}")
        if (int(max_moves) != max_moves or max_moves < 1 or int(max_count) != max_count
                or max_count < 1):
            raise ValueError("the maximum moves per vehicle and count per move must be "
                             "integers ≥ 1")
        if noise == "discrete":
            check_representable(epsilon, central_sensitivity(max_moves, max_count, bounding),
                                "discrete Laplace noise")
        return FlowGuarantee(epsilon, 0.0, central_sensitivity(max_moves, max_count, bounding),
                        UNIT_VEHICLE, True, "", bounding_note(max_moves, max_count, bounding))
    spec = LocalNoise(method, sensitivity, noise, epsilon, check_delta(delta))
    if not spec.is_dp:
        unit = UNIT_TRAJECTORY if sensitivity == "trajectory" else UNIT_MOVE
        return FlowGuarantee(math.inf, 0.0, None, unit, False, spec.leaks(),
                        "not differentially private")
    achieved = (balanced_bound(1.0, spec.epsilon, spec.delta, noise)[1]
        if method == "balanced" else 0.0)
    return FlowGuarantee(spec.epsilon, achieved, 1.0, UNIT_MOVE, True, "",
                    "per-vehicle noise, parallel composition over vehicles")


def release_flows(vectors: FlowVectors, *, epsilon: float, delta: float = 0.0,
                  rng: np.random.Generator, progress=None, method: str = "universal",
                  sensitivity: str = "move", noise: str = "discrete",
                  sketch: sketches.SketchSpec = None, aggregation: str = "sketches",
                  max_moves: int = None, max_count: int = 1, bounding: str = "trips") -> Release:
    """The private global flow vector over M: one value per possible move.

    ``method``: ``universal`` / ``bounded`` / ``balanced`` (per vehicle,
    with ``sensitivity`` ``move`` or ``trajectory``) or ``central`` (a
    trusted curator; ``bounding`` ``trips`` keeps ≤ ``max_moves`` move
    occurrences per vehicle, ``distinct`` ≤ ``max_moves`` distinct moves
    counted ≤ ``max_count`` times). ``sketch``: optional per-node sketch
    (local modes only); Count-Min makes the nodes clip their negative
    values to 0 first; ``aggregation`` says how the coordinator combines
    sketches (module docstring). The cost is planned by :func:`flow_guarantee`
    before any noise is drawn; the release contract checks the spent cost
    against it (:func:`dpcore.accounting.contract.check_spent`).
    """
    flow_guarantee(epsilon=epsilon, delta=delta, method=method, sensitivity=sensitivity,
                   noise=noise, sketch=sketch, aggregation=aggregation, max_moves=max_moves,
               max_count=max_count, bounding=bounding)     # every parameter-only refusal
    return _release(vectors, epsilon=epsilon, delta=delta, rng=rng, progress=progress,
                    method=method, sensitivity=sensitivity, noise=noise, sketch=sketch,
                    aggregation=aggregation, max_moves=max_moves, max_count=max_count,
                    bounding=bounding)


def _release(vectors, *, epsilon, delta, rng, progress, method, sensitivity, noise,
             sketch, aggregation, max_moves, max_count, bounding) -> Release:
    report_progress(progress, 0.0)
    if method == "central":
        return release_central(vectors, epsilon=epsilon, rng=rng, max_moves=max_moves,
                               max_count=max_count, noise=noise, bounding=bounding,
                               progress=progress)
    spec = LocalNoise(method, sensitivity, noise, epsilon, delta)
    step = None if progress is None else (lambda f: progress(0.9 * f))
    s = vectors.index.size
    per_node = sketch is not None and aggregation == "estimates" and sketch.kind != "agms"
    node_map = ((lambda rows: sketches.estimate(sketches.sketch(rows, sketch), sketch, s))
        if per_node else None)
    rel = release_local(vectors, spec, rng=rng, progress=step, node_map=node_map,
                        clip_negative=sketch is not None and sketch.kind == "countmin")
    if sketch is None:
        report_progress(progress, 1.0)
        return rel
    values = (rel.values if per_node else
        sketches.estimate(sketches.sketch(rel.values, sketch), sketch, s))
    info = dict(rel.public, sketch=sketch.kind, sketch_width=int(sketch.width),
                sketch_depth=int(sketch.depth), sketch_seed=int(sketch.seed),
                sketch_counters=sketch.size, compression=s / sketch.size,
                aggregation="estimates" if per_node else "sketches")
    report_progress(progress, 1.0)
    return Release(values, rel.cost, public=info, internal=rel.internal)
