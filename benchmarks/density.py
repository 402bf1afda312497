"""Utility and speed of the density release on the synthetic Paris benchmark (issue 5).

Geography: the Paris sample (627 OpenCellID sites, 965 IRIS cells) in
Lambert-93; tower cells are their Voronoi cells clipped to the union of the
IRIS cells; Formula 1 weights and the minimum cover come from dpcore.geometry.cover.
Mobility: dpcore.demo_data (population + CDR) with the activity presets of
issue 4, one week from Monday 00:00. Truth: Formula 1 applied to the
ingest's true tower counts (distinct users per tower and hour, no ℓ).

Method ``visits`` (issue 29) spreads every user's weight of 1 over its
distinct (user, tower, hour) visits (dpcore.density.visits.visit_shares) from
the same events, pools hours by its public rule and denoises
(dpcore.density.visit_release); the others read the §5.1 pre-sampled counts. For every
(method, ε) the release is run ``--runs`` times with fresh seeds from the
same bounded counts; MRE (γ = 0.1 % of the cell's total) and Pearson correlation are averaged over census cells, then
over runs. EMD
(exact, HiGHS, ≈ 2 s per slot at 965 cells without POT) is computed on
``--emd-slots`` slots spread over the week (every 168/k-th hour: with the
default 24, every 7th hour, so each hour of the day once) for
``--emd-runs`` runs at the ε of ``--emd-eps`` (default 0.3, the paper's). Rows ``ε = ∞`` run the
pipeline with ε = 10⁹: the error left is that of pre-sampling, clustering,
scaling and smoothing alone (diagnostic).

    .venv/bin/python benchmarks/density.py [--users N] [--runs R] [--seed S] [--quick]

Prints markdown tables and writes PNG plots to out/bench_density/.
"""
import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

import numpy as np  # noqa: E402
from shapely.ops import unary_union  # noqa: E402

from dpcore.demo_data import DEFAULT_PRESET, PRESETS, generate_cdr, generate_population  # noqa
from dpcore.density import density_inputs, release_density  # noqa: E402
from dpcore.density.visit_release import VisitDensityInputs, release_visits  # noqa: E402
from dpcore.geometry.cover import minimum_vertex_cover, overlap_graph, reallocate  # noqa: E402
from dpcore.geometry.geography import zone_centroids  # noqa: E402
from dpcore.geometry.voronoi import voronoi_cells  # noqa: E402
from dpcore.ingest import bound_contributions  # noqa: E402
from dpcore.ingest.visits import bound_visits  # noqa: E402
from dpcore.random.rng import make_rng  # noqa: E402
from dpcore.reporting import metrics  # noqa: E402
from tests.support.geography import load_paris_sample  # noqa: E402

DELTA = 2e-6
METHODS = [("visits", {}),
           ("efpa_g", {}), ("efpa_g−", {"improvements": False}), ("efpa", {}), ("lpa", {}),
           ("lpa_direct", {})]
OUT = os.path.join(ROOT, "out", "bench_density")


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def geography():
    geo = load_paris_sample(os.path.join(ROOT, "sample_data"))
    tess = voronoi_cells(geo.towers, unary_union(geo.zones))
    graph = overlap_graph(tess.cells, geo.zones)
    cover = minimum_vertex_cover(graph.weights)
    return geo, tess, graph, cover


def events(geo, tess, n_users, preset, seed):
    rng = make_rng(seed)
    pop = generate_population(geo, n_users, rng=rng)
    cdr = generate_cdr(pop, rng=rng, activity=preset)
    return cdr, tess.point_cell[cdr.tower]


def visit_data(cdr, tower, n_towers, ell, weights):
    """The visits method's inputs: distinct (user, tower, hour) visits and their shares."""
    slot = np.floor((cdr.time - cdr.start) / 3600.0).astype(np.int64)
    return VisitDensityInputs(bound_visits(cdr.user, tower, slot, n_towers=n_towers,
                                           n_slots=168, ell=ell, rng=make_rng(3)), weights,
                              slot_seconds=3600.0, start=cdr.start)


def run_method(data, method, kw, eps, seed):
    """``data``: {"fourier": DensityInputs, "visits": VisitDensityInputs}."""
    name = method.rstrip("−")
    t = time.perf_counter()
    if name == "visits":
        ell = data["fourier"].ell
        rel = release_visits(data["visits"], epsilon=eps, delta=DELTA, ell=ell,
                             rng=make_rng(seed), **kw)
        return rel, time.perf_counter() - t
    rel = release_density(data["fourier"], method=name, epsilon=eps, delta=DELTA,
                          rng=make_rng(seed), **kw)
    return rel, time.perf_counter() - t


def evaluate(data, truth, centroids, eps_list, runs, emd_slots, emd_runs, methods=METHODS,
             emd_eps=(0.3,), seed=1):
    """{(method, eps): dict of mean MRE, PC, EMD, seconds, clusters}."""
    res = {}
    for method, kw in methods:
        for eps in eps_list:
            mres, pcs, emds, secs, clusters, by_slot = [], [], [], [], [], []
            n_runs = 1 if eps == np.inf else runs
            for r in range(n_runs):
                try:
                    rel, sec = run_method(data, method, kw, 1e9 if eps == np.inf else eps,
                                          1000 * r + 7 + 100_000 * (seed - 1))
                except ValueError as err:   # ε = 10⁹: the discrete samplers refuse it
                    if eps != np.inf:
                        raise
                    log(f"  {method:11s} ε=∞ refused: {str(err)[:90]}")
                    break
                s = metrics.summary(truth, rel.values)
                mres.append(s["mean_mre"])
                pcs.append(s["mean_pc"])
                by_slot.append(s["relative_error_by_slot"])
                secs.append(sec)
                clusters.append(rel.public.get("n_clusters", np.nan))
                if r < emd_runs and emd_slots is not None and eps in emd_eps:
                    emds.append(np.nanmean(metrics.emd(truth, rel.values, centroids,
                                                       slots=emd_slots)))
            if not mres:
                continue
            res[method, eps] = {"mre": np.mean(mres), "mre_sd": np.std(mres),
                                "mre_med": np.median(mres), "pc_med": np.median(pcs),
                                "pc": np.mean(pcs), "pc_sd": np.std(pcs),
                                "emd": np.mean(emds) if emds else np.nan,
                                "sec": np.mean(secs),
                                "clusters": np.mean(clusters) if method.startswith("efpa")
                                else np.nan,
                                "by_slot": np.mean(by_slot, axis=0)}
            log(f"  {method:11s} ε={eps:<5g} MRE {res[method, eps]['mre']:.3f} "
                f"PC {res[method, eps]['pc']:.3f} EMD {res[method, eps]['emd']:.0f} "
                f"({np.mean(secs):.2f} s/release, {n_runs} runs)")
    return res


def diagnostics(data, truth, eps=0.3):
    """Where the error of efpa_g at ``eps`` comes from: noise-free runs with its clusters."""
    data = data["fourier"]
    rel = release_density(data, method="efpa_g", epsilon=eps, delta=DELTA, rng=make_rng(7))
    tau = rel.public["tau"]
    rows = [("efpa_g, ε = %g (one run)" % eps, rel.values),
            ("efpa_g, ε = %g, no smoothing (same seed)" % eps,
             release_density(data, method="efpa_g", epsilon=eps, delta=DELTA, rng=make_rng(7),
                             windows=()).values)]
    for label, kw in (("no noise, τ of ε = %g (clustering + scaling + smoothing)" % eps,
                       {"tau": tau}),
                      ("no noise, τ of ε = %g, no improvements" % eps,
                       {"tau": tau, "improvements": False}),
                      ("no noise, τ of ε = %g, no smoothing" % eps,
                       {"tau": tau, "windows": ()}),
                      ("no noise, τ = 0 (one cluster per cover cell)", {"tau": 0.0})):
        try:
            rows.append((label, release_density(data, method="efpa_g", epsilon=1e9,
                                                delta=DELTA, rng=make_rng(7), **kw).values))
        except ValueError as err:   # the discrete samplers refuse ε = 10⁹
            log(f"diagnostics: {label}: refused ({str(err)[:80]})")
    lines = [f"Diagnostics (τ = {tau:,.0f}, {rel.public['n_clusters']} clusters, k per cluster "
             f"{np.round(np.mean(rel.public['k']), 1)} on average):\n",
             "| run | mean MRE | mean PC | median MRE |", "|---|---|---|---|"]
    for label, values in rows:
        s = metrics.summary(truth, values)
        lines.append(f"| {label} | {s['mean_mre']:.3f} | {s['mean_pc']:.3f} | "
                     f"{np.nanmedian(s['mre']):.3f} |")
    return "\n".join(lines) + "\n"


def fmt_eps(e):
    return "∞" if e == np.inf else f"{e:g}"


def table(res, eps_list, key, fmt, methods=METHODS):
    lines = ["| method | " + " | ".join(f"ε={fmt_eps(e)}" for e in eps_list) + " |",
             "|---|" + "---|" * len(eps_list)]
    def cell(r):
        text = fmt.format(r[key])
        if key + "_sd" in r and not np.isnan(r[key + "_sd"]) and r[key + "_sd"] > 0:
            text += " ± " + fmt.format(r[key + "_sd"])
        return text

    for method, _ in methods:
        cells = [cell(res[method, e]) if (method, e) in res else "–" for e in eps_list]
        lines.append(f"| {method} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def ratio_table(res, eps_list, methods=METHODS, ref="efpa_g"):
    """Median MRE and PC over runs, and each method's median MRE / the reference's."""
    lines = ["| method | " + " | ".join(f"ε={fmt_eps(e)}: MRE, PC, MRE ÷ {ref}"
                                      for e in eps_list) + " |",
             "|---|" + "---|" * len(eps_list)]
    for method, _ in methods:
        cells = []
        for e in eps_list:
            if (method, e) not in res:
                cells.append("–")
                continue
            r = res[method, e]
            ratio = (f"{r['mre_med'] / res[ref, e]['mre_med']:.2f}×" if (ref, e) in res
                     else "–")
            cells.append(f"{r['mre_med']:.3f}, {r['pc_med']:.3f}, {ratio}")
        lines.append(f"| {method} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def plots(main, eps_list, ell_res, ells):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        log("matplotlib not available: no plots")
        return
    os.makedirs(OUT, exist_ok=True)
    finite = [e for e in eps_list if e != np.inf]
    fig, axes = plt.subplots(1, 2, figsize=(10, 4))
    for method in dict.fromkeys(m for m, _ in main):
        for ax, key in zip(axes, ("mre", "pc")):
            ax.errorbar(finite, [main[method, e][key] for e in finite],
                        yerr=[main[method, e][key + "_sd"] for e in finite], label=method,
                        marker="o", capsize=3)
    axes[0].set_ylabel("mean MRE over census cells")
    axes[1].set_ylabel("mean Pearson correlation")
    for ax in axes:
        ax.set_xlabel("ε")
    axes[0].legend()
    fig.tight_layout()
    fig.savefig(os.path.join(OUT, "methods_by_epsilon.png"), dpi=100)
    if ell_res:
        fig, axes = plt.subplots(1, 2, figsize=(10, 4))
        for ell in ells:
            for method in ("efpa_g", "lpa"):
                if (method, finite[0]) not in ell_res[ell]:
                    continue
                for ax, key in zip(axes, ("mre", "pc")):
                    ax.plot(finite, [ell_res[ell][method, e][key] for e in finite], marker="o",
                            label=f"{method}, ℓ={ell}")
        axes[0].set_ylabel("mean MRE")
        axes[1].set_ylabel("mean PC")
        axes[0].legend()
        fig.tight_layout()
        fig.savefig(os.path.join(OUT, "ell_curves.png"), dpi=100)
    fig, ax = plt.subplots(figsize=(10, 3))
    for method in ("efpa_g", "efpa_g−"):
        e = 0.3 if (method, 0.3) in main else finite[0]
        if (method, e) not in main:
            continue
        ax.plot(main[method, e]["by_slot"], label=f"{method} (ε={e:g})")
    ax.set_xlabel("hour of the week")
    ax.set_ylabel("mean relative error")
    ax.legend()
    fig.tight_layout()
    fig.savefig(os.path.join(OUT, "error_by_hour.png"), dpi=100)
    log(f"plots in {OUT}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--users", type=int, default=2_000_000)
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--eps", default="0.1,0.3,0.5,1,2")
    ap.add_argument("--ells", default="10,30,168")
    ap.add_argument("--presets", default=",".join(PRESETS))
    ap.add_argument("--emd-slots", type=int, default=24)
    ap.add_argument("--emd-eps", default="0.3")
    ap.add_argument("--emd-runs", type=int, default=1)
    ap.add_argument("--methods", default=",".join(m for m, _ in METHODS),
                    help="subset of the main table's methods")
    ap.add_argument("--seed", type=int, default=1,
                    help="population and CDR seed (the runs' noise seeds move with it): 1 is "
                         "the week the methods were tuned on, others are held out")
    ap.add_argument("--quick", action="store_true", help="100k users, 3 runs, ε ∈ {0.3, 1}")
    a = ap.parse_args()
    if a.quick:
        a.users, a.runs, a.eps, a.ells, a.emd_slots = 100_000, 2, "0.3,1", "30", 3
    eps_list = [float(e) for e in a.eps.split(",")] + [np.inf]
    ells = [int(x) for x in a.ells.split(",")]
    presets = a.presets.split(",")
    emd_slots = np.arange(0, 168, 168 // a.emd_slots)[:a.emd_slots] if a.emd_slots else None

    t = time.perf_counter()
    geo, tess, graph, cover = geography()
    centroids = zone_centroids(geo.zones)
    log(f"geography: {len(tess.cells)} tower cells, {len(geo.zones)} IRIS, "
        f"|C| = {cover[0].sum() + cover[1].sum()} ({time.perf_counter() - t:.1f} s)")
    print(f"# Density benchmark: synthetic Paris, {a.users:,} users, one week, δ = {DELTA:g}, "
          f"seed {a.seed}\n")
    print(f"Tower cells {len(tess.cells)}, IRIS cells {len(geo.zones)}, minimum cover "
          f"|C| = {cover[0].sum()} towers + {cover[1].sum()} IRIS = "
          f"{cover[0].sum() + cover[1].sum()}. Runs per (method, ε): {a.runs}; EMD on "
          f"{0 if emd_slots is None else len(emd_slots)} slots × {a.emd_runs} run(s) at ε ∈ "
          f"{{{a.emd_eps}}}.\n")

    main_res, ell_res = None, {}
    for preset in presets:
        t = time.perf_counter()
        cdr, tower = events(geo, tess, a.users, preset, seed=a.seed)
        t_gen = time.perf_counter() - t
        log(f"[{preset}] {len(cdr):,} events generated in {t_gen:.0f} s")
        for ell in (ells if preset == DEFAULT_PRESET else [30]):
            t = time.perf_counter()
            bounded = bound_contributions(cdr.user, tower, cdr.time, n_towers=len(tess.cells),
                                          ell=ell, rng=make_rng(3), start=cdr.start,
                                          n_slots=168)
            t_bound = time.perf_counter() - t
            data = {"fourier": density_inputs(bounded, graph.weights, tess.cells, geo.zones,
                                              cover=cover),
                    "visits": visit_data(cdr, tower, len(tess.cells), ell, graph.weights)}
            truth = reallocate(bounded.true_counts, graph.weights)
            log(f"[{preset}, ℓ={ell}] bounded in {t_bound:.0f} s; mean IRIS count "
                f"{truth.mean():.1f}; kept {bounded.kept_visits / bounded.slot_visits:.1%} of "
                f"the one-per-slot visits; slot_visits/K = "
                f"{bounded.slot_visits / bounded.total_visits:.4f}")
            full = preset == DEFAULT_PRESET and ell == 30
            chosen = a.methods.split(",")
            methods = [m for m in METHODS if m[0] in chosen and (full or m[0] in ("efpa_g",
                                                                                  "lpa", "visits"))]
            eps_here = eps_list if (full or preset == DEFAULT_PRESET) else [0.3, np.inf]
            res = evaluate(data, truth, centroids, eps_here, a.runs,
                           emd_slots if full else None, a.emd_runs, methods,
                           [float(e) for e in a.emd_eps.split(",")], seed=a.seed)
            if preset == DEFAULT_PRESET:
                ell_res[ell] = res
            print(f"## preset `{preset}`, ℓ = {ell}\n")
            print(f"{len(cdr):,} events, {bounded.n_users:,} users, K = {bounded.total_visits:,}"
                  f" (K/N = {bounded.total_visits / bounded.n_users:.1f}), mean IRIS count "
                  f"{truth.mean():.1f} per hour; pre-sampling keeps "
                  f"{bounded.kept_visits / bounded.slot_visits:.1%} of the one-per-slot visits. "
                  f"Generation {t_gen:.0f} s, bounding {t_bound:.0f} s.\n")
            print("Mean MRE over census cells (± sd over runs):\n")
            print(table(res, eps_here, "mre", "{:.3f}", methods) + "\n")
            print("Mean Pearson correlation (± sd over runs):\n")
            print(table(res, eps_here, "pc", "{:.3f}", methods) + "\n")
            print("Medians over runs, and median MRE ÷ efpa_g's:\n")
            print(ratio_table(res, eps_here, methods) + "\n")
            if full:
                main_res = res
                if "efpa_g" in chosen:
                    print(diagnostics(data, truth))
                print("Mean EMD (metres):\n")
                print(table(res, eps_here, "emd", "{:.0f}", methods) + "\n")
                print("Clusters (efpa_g) and seconds per release (DP part, from bounded "
                      "counts):\n")
                print(table(res, eps_here, "clusters", "{:.0f}", methods) + "\n")
                print(table(res, eps_here, "sec", "{:.2f}", methods) + "\n")
        del cdr, tower

    if main_res is not None:
        r = main_res
        print("## Targets (preset mean_iris_count_91, ℓ = 30)\n")
        if (("efpa_g", 0.3)) in r:
            e = r["efpa_g", 0.3]
            print(f"- efpa_g at ε = 0.3: mean MRE {e['mre']:.3f} (target ≤ 0.20, paper 0.17), "
                  f"mean PC {e['pc']:.3f} (target ≥ 0.95)")
            if ("lpa", 0.3) in r and not np.isnan(e["emd"]):
                ratio = e["emd"] / r["lpa", 0.3]["emd"]
                print(f"- EMD efpa_g / lpa at ε = 0.3: {e['emd']:.0f} m / "
                      f"{r['lpa', 0.3]['emd']:.0f} m = {ratio:.2f} (target ≤ 0.6; paper "
                      f"188/341 = 0.55)")
        finite = [e for e in eps_list if e != np.inf]
        goals = {0.1: 0.8, 0.3: 0.7, 1.0: 0.8}
        for e in finite:
            if ("visits", e) in r and ("efpa_g", e) in r and e in goals:
                ratio = r["visits", e]["mre_med"] / r["efpa_g", e]["mre_med"]
                print(f"- visits / efpa_g median MRE at ε = {e:g}: {ratio:.2f}× (target ≤ "
                      f"{goals[e]}×: {'met' if ratio <= goals[e] else 'NOT met'}); visits "
                      f"median PC {r['visits', e]['pc_med']:.3f}"
                      + (" (target ≥ 0.95)" if e == 0.3 else ""))
        if all((m, e) in r for m in ("efpa_g", "efpa", "lpa") for e in finite):
            order = all(r["efpa_g", e]["mre"] <= r["efpa", e]["mre"] < r["lpa", e]["mre"]
                        for e in finite)
            print(f"- MRE ordering efpa_g ≤ efpa < lpa at every ε: {order} ("
                  + ", ".join(f"ε={e:g}: {r['efpa_g', e]['mre']:.3f} / "
                              f"{r['efpa', e]['mre']:.3f} / {r['lpa', e]['mre']:.3f}"
                              for e in finite) + ")")
        if all(("efpa_g", e) in r for e in finite):
            print(f"- seconds per efpa_g release: "
                  f"{np.mean([r['efpa_g', e]['sec'] for e in finite]):.2f} (target < 30)\n")
        plots(main_res, eps_list, ell_res, list(ell_res))


if __name__ == "__main__":
    main()
