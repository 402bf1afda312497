"""Flow aggregation with noise at the scale of Pratesi (2012) §5: utility and speed.

The thesis's data (Octo Telematics GPS around Pisa, 25 May 2011) is not
public. Two synthetic days at its scale (≈ 4,200 vehicles, ≈ 15,700 trips,
2,661 cells as in §5.2, ≈ 15,900 possible moves):

``--data synth`` (default): the project's generator,
``dpcore.demo_data.gps_and_checkins.generate_trajectories`` on ``grid_city(n_side=60,
cell_m=1000)`` (a 60 km square), cells = Voronoi cells of its 2,661 towers.
Its trips are longer in cells than the thesis's: ≈ 25 moves per trip and
≈ 360,000 non-zero vehicle-move counts, against ≈ 9 and 124,772 (§5.1).

``--data calibrated``: this script's own generator, calibrated to the
thesis's per-vehicle sparsity (≈ 140,000 non-zero counts, mean 1.12,
median 1; thesis 1.13 and 1):

* a territory of 60 km × 60 km with a city, five towns and a rural
  background (a Gaussian mixture); 2,661 Voronoi cells (the thesis's §5.2 count) seeded from the same
  density (small cells where it is dense, as the thesis's data-driven
  tessellation, §5.2);
* per vehicle a home and a usual destination drawn from the density
  (destination by a gravity model, scale 3 km), a tour of 1 + Poisson(2.74)
  trips: to the usual place, then to places near it, back
  home (the detours by gravity, 1.2 km); 30 % of the vehicles shuttle between home and the usual place
  instead (this gives the repeated moves behind the thesis's mean 1.13);
* each trip follows an L-shaped route (first along x or along y, as on a
  street grid; each driver keeps one habit) at 8–15 m/s, one GPS fix every
  30–180 s per vehicle with 10 m jitter.

``--data week``: the same generator, 1,000 vehicles over 5 days, so vehicles
repeat their commutes (for the bounding rules below).

Run: .venv/bin/python benchmarks/flows.py [--data synth|calibrated|week] [--only bounding]
(about 5 minutes each on 2 cores; run nothing else meanwhile). ``--only
bounding`` prints only the central mode's bounding rules side by side (issue
15 item 2: ≤ m move occurrences per vehicle, repetitions counted, against ≤ m
distinct moves).
"""
from __future__ import annotations

import argparse
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from shapely.geometry import box  # noqa: E402

from dpcore import mechanisms  # noqa: E402
from dpcore.demo_data.gps_and_checkins import generate_trajectories  # noqa: E402
from dpcore.flows.cells import prepare_cells  # noqa: E402
from dpcore.flows.central_noise import bound_contributions  # noqa: E402
from dpcore.flows.compare import border_precision_recall, compare_measures, fit  # noqa: E402
from dpcore.flows.coordinator import release_flows  # noqa: E402
from dpcore.flows.generalise import generalise  # noqa: E402
from dpcore.flows.measures import flow_per_zone, mobility_borders, network_measures  # noqa: E402
from dpcore.flows.sketches import SketchSpec  # noqa: E402
from dpcore.flows.vectors import MoveIndex, frequency_vectors  # noqa: E402
from dpcore.geometry.voronoi import voronoi_cells  # noqa: E402
from dpcore.random.rng import make_rng  # noqa: E402
from tests.support.geography import grid_city  # noqa: E402

HALF = 30_000.0  # territory: [-30 km, 30 km]²
N_VEHICLES = 4200
N_CELLS = 2661  # the thesis's tessellation (§5.2); Voronoi then gives ≈ 15,900 moves
TOWNS = np.array([[0, 0, 3500, 0.40], [14000, 6000, 1500, 0.07], [-12000, 11000, 1500, 0.07],
                  [-9000, -15000, 1500, 0.07], [17000, -12000, 1500, 0.07],
                  [3000, 20000, 1500, 0.07]])  # x, y, σ, weight; the rest (0.25) is rural
RURAL = 0.25
SHUTTLE = 0.3  # share of vehicles going back and forth between home and their usual place


def density_sample(rng, n, spread=1.0):
    """n points of the settlement density (σ of the towns scaled by ``spread``)."""
    weights = np.r_[TOWNS[:, 3], RURAL]
    comp = rng.choice(weights.size, size=n, p=weights / weights.sum())
    xy = rng.uniform(-HALF, HALF, size=(n, 2))
    town = comp < len(TOWNS)
    xy[town] = TOWNS[comp[town], :2] + rng.normal(size=(town.sum(), 2)) * \
        (spread * TOWNS[comp[town], 2])[:, None]
    return np.clip(xy, -HALF + 1, HALF - 1)


def make_cells(rng):
    seeds = density_sample(rng, N_CELLS, spread=1.6)
    tess = voronoi_cells(seeds, box(-HALF, -HALF, HALF, HALF))
    return prepare_cells(tess.cells)


def gravity_pick(rng, origin, scale, candidates=40):
    """For each origin, one of ``candidates`` density points, chosen ∝ exp(−d/scale)."""
    n = len(origin)
    cand = density_sample(rng, n * candidates).reshape(n, candidates, 2)
    d = np.hypot(*(cand - origin[:, None, :]).transpose(2, 0, 1))
    w = np.exp(-d / scale)
    u = rng.random(n)[:, None] * w.sum(axis=1, keepdims=True)
    pick = (np.cumsum(w, axis=1) < u).sum(axis=1)
    return cand[np.arange(n), np.minimum(pick, candidates - 1)]


def make_trips(rng):
    """Trip origins/destinations/vehicle/departure for one day."""
    home = density_sample(rng, N_VEHICLES)
    usual = gravity_pick(rng, home, 3000.0)
    n_trips = 1 + rng.poisson(2.74, N_VEHICLES)
    shuttle = rng.random(N_VEHICLES) < SHUTTLE
    veh = np.repeat(np.arange(N_VEHICLES), n_trips)
    k = np.arange(veh.size) - np.repeat(np.cumsum(n_trips) - n_trips, n_trips)
    last = k == n_trips[veh] - 1
    # stops: 0 = home, 1 = usual place, then places near the previous stop; the tour ends home
    stops = np.empty((veh.size + N_VEHICLES, 2))
    first_row = np.cumsum(n_trips + 1) - (n_trips + 1)
    row = first_row[veh] + k
    stops[first_row] = home
    near = gravity_pick(rng, np.repeat(usual, n_trips, axis=0), 1200.0)
    dest = np.where((k == 0)[:, None], usual[veh], near)
    back = shuttle[veh] & (k % 2 == 1)  # shuttles alternate home and the usual place
    dest[back] = home[veh[back]]
    fwd = shuttle[veh] & (k % 2 == 0)
    dest[fwd] = usual[veh[fwd]]
    dest[last & (k > 0)] = home[veh[last & (k > 0)]]
    stops[row + 1] = dest
    origin = stops[row]
    depart = 6 * 3600 + k * 3 * 3600 + rng.uniform(0, 2 * 3600, veh.size)
    return veh, origin, stops[row + 1], depart


def gps_points(rng, veh, origin, dest, depart):
    """GPS fixes along L-shaped routes, one every 30–180 s (fixed per vehicle)."""
    n = len(veh)
    dt = rng.uniform(30, 180, N_VEHICLES)[veh]
    speed = rng.uniform(8, 15, n)
    x_first = (rng.random(N_VEHICLES) < 0.5)[veh]  # each driver keeps its habitual route shape
    corner = np.where(x_first[:, None], np.c_[dest[:, 0], origin[:, 1]],
                      np.c_[origin[:, 0], dest[:, 1]])
    l1 = np.hypot(*(corner - origin).T)
    length = l1 + np.hypot(*(dest - corner).T)
    count = np.ceil(length / (speed * dt)).astype(int) + 1
    trip = np.repeat(np.arange(n), count)
    step = np.arange(trip.size) - np.repeat(np.cumsum(count) - count, count)
    s = np.minimum(step * (speed * dt)[trip], length[trip])
    first_leg = s <= l1[trip]
    with np.errstate(invalid="ignore", divide="ignore"):
        f1 = np.where(l1[trip] > 0, s / l1[trip], 0)
        l2 = (length - l1)[trip]
        f2 = np.where(l2 > 0, (s - l1[trip]) / l2, 0)
    xy = np.where(first_leg[:, None],
                  origin[trip] + f1[:, None] * (corner - origin)[trip],
                  corner[trip] + f2[:, None] * (dest - corner)[trip])
    xy += rng.normal(0, 10, xy.shape)
    t = depart[trip] + s / speed[trip]
    return veh[trip], trip, t, xy[:, 0], xy[:, 1]


def million_points(pts):
    """At least 10⁶ points: copies of the day as other vehicles, moved by 5 m jitter."""
    veh, trip, t, x, y = (np.asarray(a) for a in pts)
    copies = int(np.ceil(1e6 / len(x)))
    rng = np.random.default_rng(0)
    off = np.repeat(np.arange(copies), len(x))
    return (np.tile(veh, copies) + off * (veh.max() + 1), np.tile(trip, copies) + off *
            (trip.max() + 1), np.tile(t, copies), np.tile(x, copies) + rng.normal(0, 5, off.size),
            np.tile(y, copies) + rng.normal(0, 5, off.size))


def load(kind):
    """(cells, (vehicle, trip, t, x, y), description) of one synthetic day."""
    if kind in ("synth", "week"):
        geo = grid_city(n_side=60, cell_m=1000.0, n_towers=N_CELLS, seed=1)
        tr = generate_trajectories(geo, rng=make_rng(5)) if kind == "synth" else \
            generate_trajectories(geo, rng=make_rng(5), n_vehicles=1000, days=5)
        cells = prepare_cells(voronoi_cells(geo.towers, box(0, 0, 60000, 60000)).cells)
        days = "one day" if kind == "synth" else "1,000 vehicles over 5 days (repeated commutes)"
        return cells, (tr.vehicle_id, tr.trip_id, tr.t, tr.x, tr.y), \
            (f"dpcore.demo_data.gps_and_checkins.generate_trajectories on grid_city(60, 1000 m), {days}, "
             "Voronoi cells of its towers")
    rng = np.random.default_rng(2012)
    cells = make_cells(rng)
    veh, origin, dest, depart = make_trips(rng)
    return cells, gps_points(rng, veh, origin, dest, depart), \
        "this script's generator calibrated to the thesis's §5.1 statistics"


def table(header, rows):
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for r in rows:
        print("| " + " | ".join(f"{v:.3f}" if isinstance(v, float) else str(v) for v in r) + " |")
    print()


def bounding_table(fv, pcc):
    """Central mode: ≤ m move occurrences per vehicle (trips) against ≤ m distinct moves."""
    per_vehicle = np.asarray(fv.counts.sum(axis=1)).ravel()
    distinct = np.diff(fv.counts.indptr)
    print(f"### Central mode: bounding rules (issue 15 item 2), discrete Laplace, mean ± sd over "
          f"10 seeds\n\nMove occurrences per vehicle: median {np.median(per_vehicle):.0f}, "
          f"90th percentile {np.percentile(per_vehicle, 90):.0f}; distinct moves per vehicle: "
          f"median {np.median(distinct):.0f}, 90th percentile {np.percentile(distinct, 90):.0f}."
          "\n")
    rows = []
    for m in (10, 40, 160, 640):
        for eps in (0.5, 1.0, 2.0):
            for bounding, label in (("distinct", "before: ≤ m distinct moves, k = 1"),
                                    ("trips", "after: ≤ m moves, repetitions counted")):
                runs = []
                for seed in range(10):
                    rel = release_flows(fv, epsilon=eps, rng=make_rng(seed), method="central",
                                        max_moves=m, bounding=bounding)
                    kept = bound_contributions(fv, m, 1, make_rng(seed), bounding)
                    runs.append((rel.internal["kept_fraction"], *pcc(rel.values),
                                 *pcc(np.asarray(kept.sum(axis=0)).ravel())))
                runs = np.array(runs)
                rows.append((m, eps, label, f"{runs[:, 0].mean():.1%}",
                             f"{runs[:, 3].mean():.3f} / {runs[:, 4].mean():.3f}",
                             f"{runs[:, 1].mean():.3f} ± {runs[:, 1].std():.3f}",
                             f"{runs[:, 2].mean():.3f} ± {runs[:, 2].std():.3f}"))
    table(["m", "ε", "bounding", "moves kept", "PCC link / zone before noise",
           "PCC flow/link", "PCC flow/zone"], rows)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", choices=("synth", "calibrated", "week"), default="synth")
    parser.add_argument("--only", choices=("bounding",), default=None)
    args = parser.parse_args()
    kind = args.data
    t0 = time.perf_counter()
    cells, pts, description = load(kind)
    t_data = time.perf_counter() - t0
    index = MoveIndex.from_cells(cells)
    t0 = time.perf_counter()
    moves = generalise(cells, *pts)  # each dataset is one day: τ = the whole day
    t_gen = time.perf_counter() - t0
    fv = frequency_vectors(moves, index)
    truth = fv.total().astype(float)
    nz = fv.counts.data

    print("## Flow aggregation with noise — synthetic day at the thesis's scale\n")
    print(f"Data: {description}. Continuous Laplace (the thesis's noise) unless stated; "
          "one seeded run per row unless stated.\n")
    table(["quantity", "this benchmark", "thesis (§5.1, Table 5.1)"], [
        ("vehicles", fv.n_vehicles, "≈ 4,200"),
        ("trips (trajectories)", moves.stats["trajectories"], "≈ 15,700"),
        ("cells", cells.n, "≈ 2,400 (2,661 in §5.2)"),
        ("possible moves (size of M)", index.size, "≈ 15,900"),
        ("GPS points", moves.stats["points"], "n/a"),
        ("moves after generalisation", moves.stats["moves"], "n/a"),
        ("gaps bridged / unbridged", f"{moves.stats['gaps_bridged']} / "
                                     f"{moves.stats['gaps_unbridged']}", "n/a"),
        ("single-cell trips dropped", moves.stats["single_cell_trajectories"], "discarded"),
        ("non-zero vehicle-move counts", int(nz.size), "124,772 (Table 5.1)"),
        ("mean / median non-zero count", f"{nz.mean():.2f} / {np.median(nz):.0f}", "1.13 / 1"),
        ("moves with zero global flow", f"{np.mean(truth == 0):.1%}", "n/a"),
        ("max global flow of a move", int(truth.max()), "n/a"),
    ])

    # -- flow per link / per zone PCC of the local modes ---------------------------------
    zone_truth = flow_per_zone(index, truth)

    def pcc(values):
        return fit(truth, values)["pcc"], fit(zone_truth, flow_per_zone(index, values))["pcc"]

    bounding_table(fv, pcc)
    if args.only == "bounding":
        return

    rows = []
    configs = [
        ("UniversalNoise, move-based (DP, unit: one move)", "universal", "move", 0.9, 0),
        ("UniversalNoise, move-based (DP, unit: one move)", "universal", "move", 0.3, 0),
        ("UniversalNoise, trajectory-based (not DP)", "universal", "trajectory", 0.9, 0),
        ("UniversalNoise, trajectory-based (not DP)", "universal", "trajectory", 0.5, 0),
        ("UniversalNoise, trajectory-based (not DP)", "universal", "trajectory", 0.3, 0),
        ("UniversalNoise, trajectory-based (not DP)", "universal", "trajectory", 0.2, 0),
        ("UniversalNoise, trajectory-based (not DP)", "universal", "trajectory", 0.1, 0),
        ("BalancedNoise, trajectory-based (not DP)", "balanced", "trajectory", 0.2, 0.05),
        ("BalancedNoise, trajectory-based (not DP)", "balanced", "trajectory", 0.2, 0.1),
        ("BalancedNoise, trajectory-based (not DP)", "balanced", "trajectory", 0.2, 0.2),
        ("BalancedNoise, move-based (DP, unit: one move)", "balanced", "move", 0.2, 0.2),
        ("BalancedNoise, move-based (DP, unit: one move)", "balanced", "move", 0.9, 0.2),
        ("BoundedNoise, trajectory-based (not DP)", "bounded", "trajectory", 0.01, 0),
        ("BoundedNoise, move-based (not DP)", "bounded", "move", 0.01, 0),
    ]
    t_noise = {}
    for label, method, sens, eps, delta in configs:
        runs = []
        for seed in range(3):
            t0 = time.perf_counter()
            rel = release_flows(fv, epsilon=eps, delta=delta, rng=make_rng(seed), method=method,
                                sensitivity=sens, noise="continuous")
            t_noise[(method, sens)] = time.perf_counter() - t0
            runs.append(pcc(rel.values))
        runs = np.array(runs)
        rows.append((label, eps, delta if delta else "–", rel.cost.epsilon,
                     f"{runs[:, 0].mean():.3f} ± {runs[:, 0].std():.3f}",
                     f"{runs[:, 1].mean():.3f} ± {runs[:, 1].std():.3f}"))
    print("### Flow per link and per zone: Pearson correlation with the original "
          "(mean ± sd over 3 seeds)\n")
    table(["mode", "ε", "δ", "cost ε recorded", "PCC flow/link", "PCC flow/zone"], rows)
    # why the PCC is what it is: corr(F, F + N) = sd(F)/√(Var F + mean Var N), with per-link
    # noise variance Σ_vehicles 2Δ²/ε² (continuous Laplace, trajectory-based Δ of Eq. 4.1)
    delta_sq = np.asarray(fv.trajectory_max.multiply(fv.trajectory_max).sum(axis=0)).ravel()
    ratio = truth.var() / delta_sq.mean()
    diag = [(eps, float(np.sqrt(ratio / (ratio + 2 / eps ** 2)))) for eps in (0.9, 0.5, 0.3, 0.2)]
    need = 2 * 0.77 ** 2 / (0.3 ** 2 * (1 - 0.77 ** 2))
    print("Diagnostic (trajectory-based UniversalNoise): PCC ≈ √(R/(R + 2/ε²)) with "
          f"R = Var(flow per link)/mean(Σ_vehicles Δ²) = {ratio:.1f} here (Var = {truth.var():.1f},"
          f" mean ΣΔ² = {delta_sq.mean():.2f}); predicted PCC "
          + ", ".join(f"{p:.3f} at ε = {e}" for e, p in diag)
          + f". The thesis's PCC 0.77 at ε = 0.3 needs R ≥ {need:.1f}: its link flows must be "
          "that much more uneven (e.g. traffic concentrated on main roads).\n")
    print("Thesis: move-based UniversalNoise has no correlation even at ε = 0.9 (Fig. 5.4a,c); "
          "trajectory-based keeps it; flow-per-link PCC ≥ 0.77 needs ε ≥ 0.3, and BalancedNoise "
          "ε = 0.2, δ = 0.2 reaches about the same (Fig. 5.18a); flow per zone is more robust "
          "(Fig. 5.20); BoundedNoise is very good even at ε = 0.01 (Fig. 5.9–5.10).\n")

    # -- negative noise in the global vector (Table 5.2) ------------------------------------
    neg_rows = []
    for method, delta in [("universal", 0), ("balanced", 0.05), ("balanced", 0.1),
                          ("balanced", 0.2), ("balanced", 0.3), ("balanced", 0.5)]:
        rel = release_flows(fv, epsilon=0.5, delta=delta, rng=make_rng(7), method=method,
                            sensitivity="trajectory", noise="continuous")
        noise = rel.values - truth
        neg_rows.append((method if not delta else f"balanced δ={delta}",
                         int((noise < 0).sum()), float(noise[noise < 0].mean()),
                         rel.public["negative_entries"], rel.public["negative_mean"]))
    print("### Negative noise in the global vector, ε = 0.5, trajectory-based "
          "(thesis Table 5.2: 1,407 / −3.18 for UniversalNoise down to 743 / −1.10 at δ = 0.5)\n")
    table(["mode", "negative noise values", "their mean", "negative released flows",
           "their mean"], neg_rows)

    # -- central mode against the local modes at the same ε ---------------------------------
    central_rows = []
    for eps in (0.3, 0.9):
        for m, k in [(10, 1), (20, 2), (40, 2)]:
            rel = release_flows(fv, epsilon=eps, rng=make_rng(1), method="central",
                                max_moves=m, max_count=k, bounding="distinct")
            p = pcc(rel.values)
            central_rows.append((f"central distinct, m={m}, k={k} (unit: one vehicle)", eps,
                                 f"{rel.internal['kept_fraction']:.1%}", p[0], p[1]))
        rel = mechanisms.discrete_laplace(truth.astype(np.int64), sensitivity=1, epsilon=eps,
                                          rng=make_rng(1))
        p = pcc(rel.values)
        central_rows.append(("central, Δ=1 on the global vector (unit: one move)", eps, "100%",
                             p[0], p[1]))
    print("### Central mode (curator, discrete Laplace once on the global vector)\n")
    table(["mode", "ε", "moves kept", "PCC flow/link", "PCC flow/zone"], central_rows)

    # -- sketches (§5.4.4) on UniversalNoise trajectory-based, ε = 0.5 ------------------------
    sk_rows = []
    base = release_flows(fv, epsilon=0.5, rng=make_rng(3), sensitivity="trajectory",
                         noise="continuous")
    b = fit(truth, base.values)
    sk_rows.append(("no sketch", "sum", index.size, b["pcc"], b["slope"], b["bias"],
                    pcc(base.values)[1]))
    for spec in [SketchSpec("countmin", 1000, 3, 11), SketchSpec("countmin", 2500, 4, 11),
                 SketchSpec("count", 1000, 3, 11), SketchSpec("count", 1000, 10, 11),
                 SketchSpec("agms", 3000, 1, 11), SketchSpec("agms", 10000, 1, 11)]:
        for aggregation in (("sketches",) if spec.kind == "agms" else ("estimates", "sketches")):
            rel = release_flows(fv, epsilon=0.5, rng=make_rng(3), sensitivity="trajectory",
                                noise="continuous", sketch=spec, aggregation=aggregation)
            f = fit(truth, rel.values)
            sk_rows.append((f"{spec.kind} {spec.width}×{spec.depth}", aggregation, spec.size,
                            f["pcc"], f["slope"], f["bias"], pcc(rel.values)[1]))
    print("### Sketches after UniversalNoise (trajectory-based, ε = 0.5); coordinator sums "
          "per-node estimates (thesis §4.3) or sums sketches then estimates\n")
    table(["sketch", "coordinator", "counters", "PCC flow/link", "slope", "mean bias",
           "PCC flow/zone"], sk_rows)
    print("Thesis (§5.4.4, Fig. 5.26–5.27): AGMS worst; Count-Min high PCC but overestimates "
          "(nodes clip negatives); Count sketch preserves flow per link and per zone.\n")

    # -- all network measures and borders for a few configurations ---------------------------
    t0 = time.perf_counter()
    orig = network_measures(index, truth, samples=200, seed=5)
    t_measures = time.perf_counter() - t0
    orig_borders = mobility_borders(index, truth, seed=5)
    m_rows = []
    for label, kw in [
        ("Universal move ε=0.9", dict(epsilon=0.9, sensitivity="move")),
        ("Universal traj ε=0.3", dict(epsilon=0.3, sensitivity="trajectory")),
        ("Universal traj ε=0.2", dict(epsilon=0.2, sensitivity="trajectory")),
        ("Balanced traj ε=0.2 δ=0.2", dict(epsilon=0.2, delta=0.2, method="balanced",
                                           sensitivity="trajectory")),
        ("Balanced move ε=0.9 δ=0.2", dict(epsilon=0.9, delta=0.2, method="balanced")),
        ("central m=20 k=2 (distinct) ε=0.9", dict(epsilon=0.9, method="central",
                                                   max_moves=20, max_count=2,
                                                   bounding="distinct")),
        ("central m=40 (trips) ε=0.9", dict(epsilon=0.9, method="central", max_moves=40)),
    ]:
        noise = {} if kw.get("method") == "central" else {"noise": "continuous"}
        rel = release_flows(fv, rng=make_rng(4), **kw, **noise)
        cmp = compare_measures(orig, network_measures(index, rel.values, samples=200, seed=5))
        p, r = border_precision_recall(orig_borders, mobility_borders(index, rel.values, seed=5))
        m_rows.append((label, *(cmp[k]["pcc"] for k in orig), p, r))
    p, r = border_precision_recall(orig_borders, mobility_borders(index, truth, seed=6))
    m_rows.append(("original flows, other Louvain seed (baseline)", *(1.0 for _ in orig), p, r))
    print("### PCC of every network measure, and mobility-border precision / recall "
          "(betweenness from 200 pivots)\n")
    table(["mode", *orig, "border precision", "border recall"], m_rows)
    print(f"Original graph: {len(set(orig_borders))} mobility-border communities.\n")

    # -- speed ------------------------------------------------------------------------------
    big = million_points(pts)
    t0 = time.perf_counter()
    big_moves = generalise(cells, *big)
    t_big = time.perf_counter() - t0
    speed = [("data: trajectories + Voronoi cells + partition check + adjacency",
              f"{t_data:.1f} s", ""),
             (f"generalise the day ({moves.stats['points']:,} points)", f"{t_gen:.1f} s", ""),
             (f"generalise {big_moves.stats['points']:,} points onto {cells.n} cells",
              f"{t_big:.1f} s", "< 20 s")]
    for method, sens in [("universal", "move"), ("universal", "trajectory")]:
        speed.append((f"noise, all {fv.n_vehicles} vectors: {method}/{sens} (continuous)",
                      f"{t_noise[(method, sens)]:.1f} s", "< 10 s"))
    for spec in [SketchSpec("countmin", 1000, 3, 1), SketchSpec("count", 1000, 3, 1),
                 SketchSpec("agms", 3000, 1, 1)]:
        for aggregation in (("sketches",) if spec.kind == "agms" else ("estimates", "sketches")):
            t0 = time.perf_counter()
            release_flows(fv, epsilon=0.5, rng=make_rng(0), sketch=spec, aggregation=aggregation)
            speed.append((f"noise + {spec.kind} sketch ({aggregation}), all vectors: "
                          "universal/move (discrete)", f"{time.perf_counter() - t0:.1f} s",
                          "< 10 s"))
    speed.append(("network measures of one graph (200 pivots)", f"{t_measures:.1f} s", ""))
    print("### Speed (this machine, shapely " + __import__("shapely").__version__ + ")\n")
    table(["step", "time", "target"], speed)


if __name__ == "__main__":
    main()
