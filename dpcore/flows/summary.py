"""What the flow release's report says: readable public rows, internal facts, utility.

The report's publishable part shows the parameters and :attr:`Release.public`
(facts about the noisy output only) with readable names and rounded
numbers; what is computed from the raw data — generalisation statistics,
the number of vehicles, the share of moves the bounding kept, correlation
with the true flows — goes to :func:`internal_rows` and
:func:`utility_rows`, for the data owner only.
"""
from __future__ import annotations

import math

import numpy as np

from ..reporting import report as dpreport
from ..reporting.messages import Message
from .compare import fit
from .coordinator import flow_guarantee, release_flows
from .figures import comparison_png
from .measures import flow_per_zone

METHOD_NAMES = {
    "universal": "UniversalNoise: noise on every count (thesis Alg. 3)",
    "bounded": "BoundedNoise: noise within ±count (thesis Alg. 4; NOT differentially private)",
    "balanced": "BalancedNoise: noise within ±b, b independent of the data (thesis Alg. 5)",
    "central": "Central: a trusted curator bounds each vehicle and adds noise once"}
SENSITIVITY_NAMES = {
    "move": "move-based (Δ = 1)",
    "trajectory": "trajectory-based, thesis Eq. 4.1 (NOT differentially private)"}
NOISE_NAMES = {"discrete": "discrete Laplace", "continuous": "Laplace (continuous)"}
BOUNDING_NAMES = {
    "trips": "≤ m move occurrences per vehicle, uniformly sampled, repetitions counted",
    "distinct": "≤ m distinct moves per vehicle, each counted ≤ k times (vehicles per link)"}
SKETCH_NAMES = {"countmin": "Count-Min", "count": "Count Sketch", "agms": "AGMS"}
AGGREGATION_NAMES = {"estimates": "sum of per-node estimates (thesis §4.3)",
                     "sketches": "estimate from the sum of the sketches"}
VALUE_NAMES = {"method": METHOD_NAMES, "sensitivity": SENSITIVITY_NAMES, "noise": NOISE_NAMES,
               "bounding": BOUNDING_NAMES, "sketch": SKETCH_NAMES,
               "aggregation": AGGREGATION_NAMES}

#: Readable names of the public facts, in the order the report shows them.
PUBLIC_NAMES = {
    "method": "method", "sensitivity": "sensitivity", "noise": "noise",
    "bounding": "bounding", "max_moves": "moves kept per vehicle (m)",
    "max_count": "times a move counts per vehicle (k)",
    "l1_sensitivity": "L1 sensitivity of the global vector (Δ)",
    "bound": "noise bound b", "delta_achieved": "δ achieved",
    "sketch": "sketch", "sketch_width": "sketch width", "sketch_depth": "sketch depth",
    "sketch_seed": "sketch hash seed", "sketch_counters": "counters per sketch",
    "compression": "possible moves per counter", "aggregation": "coordinator",
    "clipped_values": "noisy values the vehicles clipped to 0 (Count-Min)",
    "clipped_mass": "flow those clippings added",
    "differentially_private": "differentially private",
    "negative_entries": "released flows below 0", "negative_mean": "their mean"}

INTERNAL_NAMES = {
    "points": "GPS points", "points_outside_cells": "points outside every cell (dropped)",
    "vehicles": "vehicles", "trajectories": "trajectories",
    "trajectories_outside_cells": "trajectories entirely outside the cells",
    "single_cell_trajectories": "trajectories that never leave one cell (dropped)",
    "gaps_bridged": "GPS gaps bridged through the cells the segment crosses",
    "gaps_unbridged": "GPS gaps not bridged (no move)",
    "moves_outside_interval": "moves outside the time interval τ",
    "moves": "moves in τ", "kept_fraction": "share of the moves the bounding kept"}


def fmt(value) -> str:
    """A value for a report cell: yes/no, integers with separators, 3 significant digits."""
    if isinstance(value, (bool, np.bool_)):
        return "yes" if value else "no"
    if isinstance(value, (int, np.integer)):
        return f"{int(value):,}"
    if isinstance(value, (float, np.floating)):
        if math.isinf(value):
            return "∞" if value > 0 else "−∞"
        if float(value).is_integer() and abs(value) < 1e15:
            return f"{int(value):,}"
        return f"{value:.3g}"
    return str(value)


def _rows(facts: dict, names: dict) -> list:
    return [(label, fmt(VALUE_NAMES.get(key, {}).get(facts[key], facts[key])))
            for key, label in names.items() if facts.get(key) is not None]


def public_rows(info: dict) -> list:
    """(name, value) rows of a release's public info, readable and rounded."""
    return _rows(info, PUBLIC_NAMES)


def internal_rows(stats: dict, internal: dict) -> list:
    """(name, value) rows of the generalisation statistics and the release's internal facts."""
    facts = dict(stats, **{k: v for k, v in internal.items() if k != "kept_fraction"})
    rows = _rows(facts, INTERNAL_NAMES)
    if "kept_fraction" in internal:
        rows.append((INTERNAL_NAMES["kept_fraction"], f"{internal['kept_fraction']:.1%}"))
    return rows


#: Share of the moves kept by central mode's bounding below which the run warns.
LOW_KEPT_SHARE = 0.5


def kept_share(internal: dict) -> tuple:
    """(sentence, low) on the share of the moves central mode's bounding kept (a raw-data
    fact: the run's log and the internal report), ``("", False)`` for the other methods;
    ``low`` when under :data:`LOW_KEPT_SHARE`, i.e. the flows count fewer than half of the
    moves."""
    share = internal.get("kept_fraction")
    if share is None:
        return "", False
    low = share < LOW_KEPT_SHARE
    if low:
        return Message("Central mode kept {share:.1%} of the moves in τ (at most m per vehicle): "
                       "the flows count these moves only; a larger m keeps more, at more noise "
                       "per vehicle.", share=share), low
    return Message("Central mode kept {share:.1%} of the moves in τ (at most m per vehicle): the "
                   "flows count these moves only.", share=share), low


def _fit_rows(label, truth, values, index) -> list:
    rows = []
    for name, a, b in (("flow per link", truth, values),
                       ("flow per zone", flow_per_zone(index, truth),
                        flow_per_zone(index, values))):
        f = fit(a, b)
        rows.append((label, name, fmt(f["pcc"]), fmt(f["slope"]), fmt(f["bias"])))
    return rows


def utility_rows(vectors, release, params: dict, rng) -> list:
    """Correlation of the release, and of the other DP modes at the same ε, with the truth.

    ``params`` are the keyword arguments the release was made with. The
    alternatives are simulated for the data owner only, never released.
    Rows: (release, measure, PCC, slope, mean bias).
    """
    truth = vectors.total().astype(float)
    rows = _fit_rows("this release", truth, release.values, vectors.index)
    if not release.public.get("differentially_private"):
        return rows
    eps, noise, m = params["epsilon"], params.get("noise", "discrete"), params.get("max_moves")
    method = params.get("method", "universal")
    alternatives = []
    if method != "universal" or params.get("sketch") is not None:
        alternatives.append(("UniversalNoise, move-based", {}))
    if method != "central" and m:
        alternatives.append((f"central, ≤ {m} moves per vehicle",
                             {"method": "central", "max_moves": m}))
    for label, kw in alternatives:
        try:   # an alternative whose parameters its mechanism refuses is not simulated
            flow_guarantee(epsilon=eps, noise=noise, **kw)
        except ValueError as exc:
            rows.append((label, "not simulated", str(exc), "", ""))
            continue
        alt = release_flows(vectors, epsilon=eps, noise=noise, rng=rng, **kw)
        rows += _fit_rows(label, truth, alt.values, vectors.index)
    return rows


def internal_sections(stats: dict, vectors, release, params: dict, rng, utility=None) -> list:
    """(heading, HTML) sections of the internal report: raw-data facts, utility and its plots
    (``utility``: the rows of :func:`utility_rows` when already simulated, else simulated on
    ``rng``)."""
    truth = vectors.total().astype(float)
    png = comparison_png({"flow per link": truth,
                          "flow per zone": flow_per_zone(vectors.index, truth)},
                         {"flow per link": release.values,
                          "flow per zone": flow_per_zone(vectors.index, release.values)})
    return [("Generalisation of the trajectories",
             dpreport.table(internal_rows(stats, release.internal), ("quantity", "value"))),
            ("Utility against the true flows",
             "<p>Alternatives at the same ε are simulated here for comparison only; they are "
             "not released.</p>" + dpreport.table(
                 utility if utility is not None else utility_rows(vectors, release, params, rng),
                 ("release", "measure", "Pearson correlation", "fitted slope", "mean bias"))
             + (dpreport.png_img(png, "private against true flows") if png else ""))]


def flows_report(plan, release, *, trajectories: str, frame: str) -> dict:
    """The report of a flows release (:func:`.plan.plan_aggregate_flows`): keyword arguments
    of the glue's report writer. ``trajectories`` names the input layer, ``frame`` the metric
    frame the tessellation gave. The release's public warnings (a noisy total that may be off
    by 2×) reach the log and the publishable report through the charge; central mode's share
    of the moves kept, when under half, is a warning of the internal report."""
    info, internal = release.public, release.internal
    kept, low = internal["kept_note"]   # raw: the internal report's warning, never the public
    rows = [("trajectories", trajectories), ("cells", info["n_cells"]),
            ("possible moves (ordered adjacent pairs)", info["possible_moves"]),
            ("holes between cells (accepted)", info["cell_holes"]),
            ("metric frame (from the tessellation)", frame)]
    return dict(unit_of_privacy=plan.unit, parameter_rows=rows,
                sections=[("Noise and aggregation", dpreport.table(public_rows(info),
                                                                   ("quantity", "value")))],
                internal_sections=internal_sections(internal["stats"], internal["vectors"],
                                                    release, plan.params, None,
                                                    internal["utility"]),
                warnings=[plan.leaks] if plan.leaks else [],
                internal_warnings=[kept] if low else [])
