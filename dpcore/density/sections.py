"""HTML sections of the density reports (Acs & Castelluccia, KDD 2014, §3.3 and §6).

Publishable sections use only public values: the release's own ``info``
(noise parameters, the cover, the clusters and k chosen from noisy totals),
the released counts and the public geography. Internal sections
(:func:`facts_section`, :func:`comparison_section`) use raw data and belong
in the internal report only.
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from ..geometry.geography import zone_centroids
from ..reporting import metrics
from ..reporting import report as dpreport
from . import figures

#: Slots on which the comparison computes the EMD by default (each is a transport problem).
EMD_SLOTS = 24


def _figure(title: str, png) -> str:
    return "" if png is None else f"<h3>{dpreport.esc(title)}</h3>" + dpreport.png_img(png, title)


#: Heading of the pipeline facts chosen from noisy values (they vary from run to run).
NOISY_HEADING = "Chosen from the noisy totals (post-processing)"


def _pooling_text(info: dict) -> str:
    if info["columns"] == info["n_slots"]:
        return "none: every slot is its own column"
    days = ("every weekday together and every weekend day together" if info["day_types"]
            else "every day together")
    if info["block_slots"] == 1:
        return f"{info['columns']} columns: the same slot of the day, {days}"
    return (f"{info['columns']} columns: blocks of {info['block_slots']} slots of the day, "
            f"{days}, spread over their slots by a noisy city-wide profile")


def pipeline_section(info: dict, n_tower_cells: int, n_census: int) -> str:
    """Public: the steps of the release, their noise parameters and what the noise chose.

    The first table depends on public inputs only (geography, ε, δ, ℓ); the
    second, under :data:`NOISY_HEADING`, on the noisy totals.
    """
    rows = [("tower cells", n_tower_cells), ("census cells", n_census)]
    if "cover_towers" in info:
        rows.append(("minimum cover", f"{len(info['cover_towers'])} tower cells + "
                                      f"{len(info['cover_cells'])} census cells"))
    noisy = []
    if "n_clusters" in info:
        k = np.asarray(info["k"])
        rows.append(("L2 sensitivity of the cluster series", f"{info['l2_sensitivity']:.4g}"))
        if "sigma" in info:
            rows.append(("Gaussian σ per coefficient", f"{info['sigma']:.6g}"))
        noisy = [("τ (minimum noisy cluster total, §6 rule)", f"{info['tau']:.6g}"),
                 ("clusters", info["n_clusters"]),
                 ("retained DCT coefficients k (min / mean / max)",
                  f"{k.min()} / {k.mean():.1f} / {k.max()}"),
                 ("bound on Σ over clusters of one user's L2 change",
                  f"{info['l2_sum_sensitivity']:.4g}")]
        if info.get("k_hat") is not None:
            noisy.append(("noisy number of visits K̂", f"{info['k_hat']:.6g}"))
    if "scale" in info and info.get("method") != "visits":
        rows.append(("Laplace scale per count", f"{info['scale']:.6g}"))
    if info.get("method") == "visits":
        rows += [("counted", "distinct people per tower and slot (a person seen at two towers "
                             "counts at both); every person's weight 1 is spread evenly over "
                             "their distinct visits"),
                 ("slots pooled per noise draw", _pooling_text(info)),
                 ("L1 sensitivity of the pooled shares", f"{info['l1_sensitivity']:.4g}"),
                 ("Laplace scale per pooled count", f"{info['scale']:.6g}"),
                 ("visit bound B of the capped total (its L1 sensitivity)", info["total_bound"]),
                 ("margins of error", "none published: the low-rank shrinkage and the pooling "
                                      "are biased towards the common daily rhythms")]
        noisy = [("rank kept by the singular-value shrinkage", info["rank"]),
                 ("noisy visits per person ρ (scale factor)", f"{info['cap_ratio']:.4f}")]
    html = dpreport.table(rows, ("step", "value"))
    if noisy:
        html += (f"\n<h3>{dpreport.esc(NOISY_HEADING)}</h3>\n"
                 + dpreport.table(noisy, ("step", "value")))
    return html


def release_section(values, census_cells: Sequence, slot_labels: Sequence[str]) -> str:
    """Public: plots of the released density itself (total per slot, mean per cell)."""
    v = np.asarray(values, dtype=float)
    body = [dpreport.table([("released total over cells and slots", f"{v.sum():.0f}"),
                            ("busiest slot (released total)",
                             slot_labels[int(v.sum(axis=0).argmax())])], ("fact", "value")),
            _figure("released total by slot", figures.total_by_slot(v, slot_labels)),
            _figure("released mean count per census cell and slot",
                    figures.cell_map(census_cells, v.mean(axis=1),
                                     "mean released count per slot"))]
    if not figures.available():
        body.append("<p>matplotlib is not installed: no figures.</p>")
    return "\n".join(b for b in body if b)


def facts_section(facts: Sequence) -> str:
    """Internal: (name, value) facts read from the raw data (events, users, visits)."""
    return dpreport.table(facts, ("fact", "value"))


def chosen_positions(ids: Sequence, chosen: Sequence[str]) -> dict:
    """{cell id as text: row} of all cells; refuses ``chosen`` ids not among them."""
    position = {str(c): i for i, c in enumerate(ids)}
    unknown = [c for c in chosen if c not in position]
    if unknown:
        raise ValueError(f"cell(s) {', '.join(unknown)} to plot are not in the layers")
    return position


def comparison_section(true, private, polygons: Sequence, ids: Sequence, *,
                       emd_slots: int = EMD_SLOTS, chosen: Sequence[str] = ()) -> tuple:
    """Internal: (html, :func:`dpcore.reporting.metrics.summary`) comparing two cells × slots arrays.

    MRE, Pearson correlation and EMD on ``emd_slots`` slots spread over the
    period (§3.3, §6); plots of the ``chosen`` cells' series (ids as text;
    default: the three busiest), of the error by slot, and per-cell maps.
    """
    n_slots = true.shape[1]
    slots = (np.arange(n_slots) if emd_slots >= n_slots
             else np.unique(np.linspace(0, n_slots - 1, max(emd_slots, 0)).round().astype(int)))
    s = metrics.summary(true, private, zone_centroids(polygons) if slots.size else None,
                        emd_slots=slots if slots.size else None)
    rows = [("mean MRE over cells (γ = 0.1 % of each cell's total)", f"{s['mean_mre']:.4f}"),
            ("median MRE", f"{np.nanmedian(s['mre']):.4f}"),
            ("mean Pearson correlation", f"{s['mean_pc']:.4f}"),
            ("cells without a defined MRE / PC", f"{s['undefined_mre']} / {s['undefined_pc']}")]
    if "mean_emd" in s:
        rows.append((f"mean EMD over {slots.size} slots (metres)", f"{s['mean_emd']:.1f}"))
    body = [dpreport.table(rows, ("metric", "value"))]
    position = chosen_positions(ids, chosen)
    order = ([position[c] for c in chosen] if chosen
             else np.argsort(-true.sum(axis=1))[:3].tolist())
    which = "the chosen cells" if chosen else "the three busiest cells"
    body += [_figure(f"original vs private series of {which}",
                     figures.series(true[order], private[order], [str(ids[i]) for i in order])),
             _figure("relative error by slot", figures.error_by_slot(s["relative_error_by_slot"])),
             _figure("per-cell MRE and Pearson correlation", figures.boxplots(s["mre"], s["pc"])),
             _figure("MRE per cell", figures.cell_map(polygons, s["mre"], "MRE per cell")),
             _figure("Pearson correlation per cell",
                     figures.cell_map(polygons, s["pc"], "Pearson correlation per cell"))]
    if not figures.available():
        body.append("<p>matplotlib is not installed: no figures.</p>")
    return "\n".join(b for b in body if b), s
