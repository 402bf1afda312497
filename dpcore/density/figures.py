"""PNG figures of a density release and of its comparison with the truth (Acs & Castelluccia §6,
Figs. 3, 9a, 10, 11).

matplotlib is optional: every function returns ``None`` when it is not
installed. Figures are drawn on a bare ``Figure`` with the Agg canvas (no
pyplot state), which is safe inside QGIS.
"""
from __future__ import annotations

import io
from typing import Optional, Sequence

import numpy as np

from ..reporting.plots import agg_canvas, available, new_figure  # noqa: F401 (available: sections')


def _png(fig) -> bytes:
    agg_canvas(fig)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90, bbox_inches="tight")
    return buf.getvalue()


def series(true, private, labels: Sequence[str]) -> Optional[bytes]:
    """Original vs private series of a few cells (rows of ``true`` / ``private``)."""
    rows = len(labels)
    fig = new_figure(figsize=(9, 2.2 * rows))
    if fig is None:
        return None
    for i, label in enumerate(labels):
        ax = fig.add_subplot(rows, 1, i + 1)
        ax.plot(true[i], label="original", color="0.3")
        ax.plot(private[i], label="private", color="tab:red", alpha=0.8)
        ax.set_title(f"cell {label}", fontsize=9)
        ax.set_ylabel("count")
        if i == 0:
            ax.legend(fontsize=8)
    fig.axes[-1].set_xlabel("slot")
    return _png(fig)


def error_by_slot(errors) -> Optional[bytes]:
    """Mean relative error over cells per slot (Fig. 9a)."""
    fig = new_figure(figsize=(9, 2.5))
    if fig is None:
        return None
    ax = fig.add_subplot(1, 1, 1)
    ax.plot(np.asarray(errors), color="tab:blue")
    ax.set_xlabel("slot")
    ax.set_ylabel("mean relative error")
    return _png(fig)


def boxplots(mre, pc) -> Optional[bytes]:
    """Box plots of the per-cell MRE and Pearson correlation (Fig. 10)."""
    fig = new_figure(figsize=(6, 3))
    if fig is None:
        return None
    for i, (values, name) in enumerate(((mre, "MRE"), (pc, "Pearson correlation"))):
        ax = fig.add_subplot(1, 2, i + 1)
        v = np.asarray(values, dtype=float)
        ax.boxplot(v[~np.isnan(v)])
        ax.set_title(name, fontsize=9)
        ax.set_xticks([])
    return _png(fig)


def cell_map(polygons, values, title: str) -> Optional[bytes]:
    """Census polygons (shapely, metres) coloured by a per-cell value (Fig. 11)."""
    fig = new_figure(figsize=(6, 5))
    if fig is None:
        return None
    from matplotlib.collections import PatchCollection
    from matplotlib.patches import Polygon as MplPolygon
    ax = fig.add_subplot(1, 1, 1)
    patches, colours = [], []
    for poly, value in zip(polygons, np.asarray(values, dtype=float)):
        for part in getattr(poly, "geoms", [poly]):
            patches.append(MplPolygon(np.asarray(part.exterior.coords)[:, :2], closed=True))
            colours.append(value)
    coll = PatchCollection(patches, cmap="viridis", edgecolor="0.6", linewidth=0.1)
    coll.set_array(np.ma.masked_invalid(np.asarray(colours)))
    ax.add_collection(coll)
    ax.autoscale_view()
    ax.set_aspect("equal")
    ax.set_axis_off()
    ax.set_title(title, fontsize=9)
    fig.colorbar(coll, ax=ax, shrink=0.8)
    return _png(fig)


def total_by_slot(values, slot_labels: Sequence[str]) -> Optional[bytes]:
    """Total released count over all cells, slot by slot (the release's own curve)."""
    totals = np.asarray(values, dtype=float).sum(axis=0)
    fig = new_figure(figsize=(9, 2.5))
    if fig is None:
        return None
    ax = fig.add_subplot(1, 1, 1)
    ax.plot(totals, color="tab:red")
    ticks = np.unique(np.linspace(0, len(totals) - 1, min(len(totals), 8)).round().astype(int))
    ax.set_xticks(ticks)
    ax.set_xticklabels([slot_labels[t] for t in ticks], fontsize=7, rotation=20)
    ax.set_ylabel("people (all cells)")
    return _png(fig)
