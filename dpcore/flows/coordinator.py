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

import numpy as np

from ..privacy import Release, report_progress
from . import sketches
from .noise import LocalNoise, release_central, release_local
from .vectors import FlowVectors

MODES = ("universal", "bounded", "balanced", "central")
AGGREGATIONS = ("sketches", "estimates")


def release_flows(vectors: FlowVectors, *, epsilon: float, delta: float = 0.0,
                  rng: np.random.Generator, progress=None, method: str = "universal",
                  sensitivity: str = "move", noise: str = "discrete",
                  sketch: sketches.SketchSpec = None, aggregation: str = "sketches",
                  max_moves: int = None, max_count: int = 1) -> Release:
    """The private global flow vector over M: one value per possible move.

    ``method``: ``universal`` / ``bounded`` / ``balanced`` (per vehicle,
    with ``sensitivity`` ``move`` or ``trajectory``) or ``central`` (a
    trusted curator, ``max_moves`` and ``max_count`` bound each vehicle).
    ``sketch``: optional per-node sketch (local modes only); Count-Min
    makes the nodes clip their negative values to 0 first; ``aggregation``
    says how the coordinator combines sketches (module docstring).
    """
    if method not in MODES:
        raise ValueError(f"unknown method {method!r}; choose one of {MODES}")
    if aggregation not in AGGREGATIONS:
        raise ValueError(f"unknown aggregation {aggregation!r}; choose one of {AGGREGATIONS}")
    report_progress(progress, 0.0)
    if method == "central":
        if sketch is not None:
            raise ValueError("sketches compress the nodes' messages; the central mode has none")
        if max_moves is None:
            raise ValueError("the central mode needs the maximum number of moves per vehicle")
        return release_central(vectors, epsilon=epsilon, rng=rng, max_moves=max_moves,
                               max_count=max_count, noise=noise, progress=progress)
    spec = LocalNoise(method, sensitivity, noise, epsilon, delta)
    step = None if progress is None else (lambda f: progress(0.9 * f))
    s = vectors.index.size
    per_node = sketch is not None and aggregation == "estimates" and sketch.kind != "agms"
    node_map = (lambda rows: sketches.estimate(sketches.sketch(rows, sketch), sketch, s)) \
        if per_node else None
    rel = release_local(vectors, spec, rng=rng, progress=step, node_map=node_map,
                        clip_negative=sketch is not None and sketch.kind == "countmin")
    if sketch is None:
        report_progress(progress, 1.0)
        return rel
    values = rel.values if per_node else \
        sketches.estimate(sketches.sketch(rel.values, sketch), sketch, s)
    info = dict(rel.info, sketch=sketch.kind, sketch_width=int(sketch.width),
                sketch_depth=int(sketch.depth), sketch_seed=int(sketch.seed),
                sketch_counters=sketch.size, compression=s / sketch.size,
                aggregation="estimates" if per_node else "sketches")
    report_progress(progress, 1.0)
    return Release(values, rel.cost, info=info)
